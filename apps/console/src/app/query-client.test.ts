import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@scheduler/ui/api-error';
import { consoleKeys } from '../shared/queries.ts';
import { createQueryClient } from './query-client.ts';

/**
 * The console's one query client: a refusal is not asked again but a failure may be, a write is
 * sent once, and any call refused as signed out reads "who am I" again (the gate then sends the
 * person to sign in), except "who am I" itself, which would loop.
 */

const refused = (status: number) => new ApiError(status, status === 401 ? 'unauthenticated' : 'forbidden', 'No.');
const retry = (failures: number, error: unknown) => {
  const policy = createQueryClient().getDefaultOptions().queries?.retry;
  if (typeof policy !== 'function') throw new Error('the retry policy is a function');
  return policy(failures, error as Error);
};

/** A client whose "who am I" has been read once, counting how often it is read and what the client invalidates. */
async function signedIn() {
  const client = createQueryClient();
  let reads = 0;
  await client.fetchQuery({ queryKey: consoleKeys.me, queryFn: async () => ++reads });
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  return { client, reads: () => reads, invalidate };
}
const READ_ME_AGAIN = { queryKey: consoleKeys.me, refetchType: 'all' };

describe("the console's query client", () => {
  it('does not ask again after a refusal (4xx): it would answer the same', () => {
    for (const status of [400, 401, 403, 404, 409, 429]) expect(retry(0, refused(status))).toBe(false);
  });

  it('asks twice more after a failure that may pass (5xx, no answer), then gives up', () => {
    expect(retry(0, new ApiError(503, 'unavailable', 'Down.'))).toBe(true);
    expect(retry(1, new ApiError(500, 'internal_error', 'Oops.'))).toBe(true);
    expect(retry(2, new ApiError(503, 'unavailable', 'Down.'))).toBe(false);
    expect(retry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(retry(2, new TypeError('Failed to fetch'))).toBe(false);
  });

  it('sends a write once, and reads again neither on focus nor within half a minute', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.mutations?.retry).toBe(false);
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.queries?.staleTime).toBe(30_000);
  });

  it('reads "who am I" again when a query is refused as signed out', async () => {
    const { client, reads, invalidate } = await signedIn();
    await client
      .fetchQuery({
        queryKey: ['console', 'company', 'demo', 'orders'],
        queryFn: () => Promise.reject(refused(401)),
        retry: false,
      })
      .catch(() => undefined);
    expect(invalidate).toHaveBeenCalledWith(READ_ME_AGAIN);
    await expect.poll(reads).toBe(2);
  });

  it('reads "who am I" again when a write is refused as signed out', async () => {
    const { client, invalidate } = await signedIn();
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(refused(401)) })
      .execute(undefined)
      .catch(() => undefined);
    expect(invalidate).toHaveBeenCalledWith(READ_ME_AGAIN);
  });

  it('leaves "who am I" alone after any other refusal', async () => {
    const { client, reads, invalidate } = await signedIn();
    await client
      .fetchQuery({
        queryKey: ['console', 'company', 'demo', 'team'],
        queryFn: () => Promise.reject(refused(403)),
        retry: false,
      })
      .catch(() => undefined);
    expect(invalidate).not.toHaveBeenCalled();
    expect(reads()).toBe(1);
  });

  it('does not read "who am I" again because "who am I" itself was refused', async () => {
    const client = createQueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    let reads = 0;
    await client
      .fetchQuery({
        queryKey: consoleKeys.me,
        queryFn: () => {
          reads += 1;
          return Promise.reject(refused(401));
        },
      })
      .catch(() => undefined);
    expect(reads).toBe(1);
    expect(invalidate).not.toHaveBeenCalled();
  });
});
