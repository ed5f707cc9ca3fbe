import { describe, expect, it } from 'vitest';
import { ApiError, UnauthorizedError } from '../shared/api-client.ts';
import { createQueryClient, UnauthorizedSessions } from './query-client.ts';

describe('the one 401 path', () => {
  it('ends the session of a 401 from a query', async () => {
    const unauthorized = new UnauthorizedSessions();
    const client = createQueryClient(unauthorized);
    await client.fetchQuery({ queryKey: ['q'], queryFn: () => Promise.reject(new UnauthorizedError('a')), retry: false }).catch(() => undefined);
    expect(unauthorized.has('a')).toBe(true);
    expect(unauthorized.has('b')).toBe(false);
  });

  it('ends the session of a 401 from a mutation, sending the write once', async () => {
    const unauthorized = new UnauthorizedSessions();
    const client = createQueryClient(unauthorized);
    let calls = 0;
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => {
        calls++;
        return Promise.reject(new UnauthorizedError('a'));
      },
    });
    await mutation.execute(undefined).catch(() => undefined);
    expect(unauthorized.has('a')).toBe(true);
    expect(calls).toBe(1);
  });

  it('tells its listeners once per ended session, and ignores other errors', () => {
    const unauthorized = new UnauthorizedSessions();
    let told = 0;
    unauthorized.subscribe(() => told++);
    unauthorized.report(new ApiError(500, 'internal_error', 'x'));
    unauthorized.report(new UnauthorizedError('a'));
    unauthorized.report(new UnauthorizedError('a'));
    expect(told).toBe(1);
    expect(unauthorized.snapshot()).toBe(1);
  });

  it('does not retry a failed write', async () => {
    const client = createQueryClient(new UnauthorizedSessions());
    let calls = 0;
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => {
        calls++;
        return Promise.reject(new ApiError(500, 'internal_error', 'x'));
      },
    });
    await mutation.execute(undefined).catch(() => undefined);
    expect(calls).toBe(1);
  });
});
