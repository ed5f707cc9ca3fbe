import { describe, expect, it } from 'vitest';
import { isTransientConflict, retryTransientConflicts, TRANSIENT_ATTEMPTS } from './transient-conflict.ts';

const sqlError = (code: string) => Object.assign(new Error(`sqlstate ${code}`), { code });

describe('retryTransientConflicts', () => {
  it('recognises a deadlock and a serialization failure, also wrapped by the ORM, and nothing else', () => {
    expect(isTransientConflict(sqlError('40P01'))).toBe(true);
    expect(isTransientConflict(sqlError('40001'))).toBe(true);
    expect(isTransientConflict(new Error('query failed', { cause: sqlError('40P01') }))).toBe(true);
    expect(isTransientConflict(sqlError('23P01'))).toBe(false);
    expect(isTransientConflict(sqlError('57014'))).toBe(false);
    expect(isTransientConflict(new Error('plain'))).toBe(false);
    expect(isTransientConflict(null)).toBe(false);
  });

  it('runs the transaction again after a deadlock, and answers what the next run answers', async () => {
    let runs = 0;
    const answer = await retryTransientConflicts(async () => {
      runs++;
      if (runs === 1) throw sqlError('40P01');
      return 'booked';
    });
    expect(answer).toBe('booked');
    expect(runs).toBe(2);
  });

  it(`gives up after ${TRANSIENT_ATTEMPTS} runs, with the last error`, async () => {
    let runs = 0;
    const failing = retryTransientConflicts(async () => {
      runs++;
      throw sqlError('40001');
    });
    await expect(failing).rejects.toMatchObject({ code: '40001' });
    expect(runs).toBe(TRANSIENT_ATTEMPTS);
    expect(TRANSIENT_ATTEMPTS).toBe(3);
  });

  it('never runs again for any other error', async () => {
    let runs = 0;
    await expect(
      retryTransientConflicts(async () => {
        runs++;
        throw sqlError('23P01');
      }),
    ).rejects.toMatchObject({ code: '23P01' });
    expect(runs).toBe(1);
  });
});
