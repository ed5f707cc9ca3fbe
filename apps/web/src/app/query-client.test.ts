import { describe, expect, it } from 'vitest';
import { UnauthorizedError } from '../shared/api-client.ts';
import { ApiError } from '@scheduler/ui/api-error';
import { createQueryClient, UnauthorizedSessions } from './query-client.ts';

describe('the one 401 path', () => {
  it('ends the session of a 401 from a query', async () => {
    const unauthorized = new UnauthorizedSessions();
    const client = createQueryClient(unauthorized);
    await client
      .fetchQuery({ queryKey: ['q'], queryFn: () => Promise.reject(new UnauthorizedError('a')), retry: false })
      .catch(() => undefined);
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

describe('a write refused because the order is confirmed (another tab confirmed it)', () => {
  async function refuseWrite(client: ReturnType<typeof createQueryClient>, error: Error) {
    const mutation = client.getMutationCache().build(client, { mutationFn: () => Promise.reject(error) });
    await mutation.execute(undefined).catch(() => undefined);
  }

  it("reloads the session's order, so that the page shows the thank-you, and nothing else", async () => {
    const client = createQueryClient(new UnauthorizedSessions());
    const order = ['session', 'demo', 'token', 'order'];
    const pricing = ['session', 'demo', 'token', 'pricing'];
    client.setQueryData(order, { confirmed: false });
    client.setQueryData(pricing, { total: 1 });
    await refuseWrite(
      client,
      new ApiError(409, 'order_confirmed', 'This order is confirmed and can no longer be changed online.'),
    );
    expect(client.getQueryState(order)?.isInvalidated).toBe(true);
    expect(client.getQueryState(pricing)?.isInvalidated).toBe(false);
  });

  it('leaves the order alone for any other refusal', async () => {
    const client = createQueryClient(new UnauthorizedSessions());
    const order = ['session', 'demo', 'token', 'order'];
    client.setQueryData(order, { confirmed: false });
    await refuseWrite(client, new ApiError(409, 'conflict', 'x'));
    expect(client.getQueryState(order)?.isInvalidated).toBe(false);
  });
});

describe('a write refused because the scheduler is disabled (issue 39)', () => {
  it("reloads the office's contact, whose enabled and may_try decide the disabled page, and nothing else", async () => {
    const client = createQueryClient(new UnauthorizedSessions());
    const contact = ['office-contact', 'demo', '5b0c3a8e-7f1d-4c2a-9e61-3d4f8a2b9c10'];
    const order = ['session', 'demo', 'token', 'order'];
    client.setQueryData(contact, { enabled: true, may_try: false });
    client.setQueryData(order, { confirmed: false });
    const refuse = async (error: Error) => {
      const mutation = client.getMutationCache().build(client, { mutationFn: () => Promise.reject(error) });
      await mutation.execute(undefined).catch(() => undefined);
    };
    await refuse(new ApiError(403, 'forbidden', 'x'));
    expect(client.getQueryState(contact)?.isInvalidated).toBe(false);
    await refuse(new ApiError(403, 'scheduler_disabled', 'Sorry! Our Online Scheduling System is currently disabled.'));
    expect(client.getQueryState(contact)?.isInvalidated).toBe(true);
    expect(client.getQueryState(order)?.isInvalidated).toBe(false);
  });
});
