import { act } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@scheduler/ui/api-error';
import { MOVED, NINE, ORDER_PATH, VIEW } from '../../../test-support/order-detail.ts';
import { ORDER_ID } from '../../../test-support/fixtures.ts';
import { refusal, renderConsoleHook, stubServer, type Answer } from '../../../test-support/render-page.tsx';
import { consoleKeys } from '../../../shared/queries.ts';
import { useReschedule } from '../../../shared/order-changes.ts';
import { useCancelOrder } from './order-api.ts';

/**
 * The order page's two changes: what each sends, which answers are answers (a reschedule's times
 * taken meanwhile) and which are refusals, and that the order, the schedule and the lists are
 * read again after either, whatever its outcome.
 */

const MOVE = { start: '2026-12-08T14:00:00.000Z', from_start: VIEW.order.start, override: false };
const CANCEL = { reason: 'Buyer withdrew', override: false, waive_fee: true };
const POLICY_REFUSES = refusal(409, 'change_refused', 'Changes within 24 hours: please call.');

/** The server answering every change with `answer`; the hook's client holding the order, the schedule and the list. */
function change<T>(hook: () => T, answer: Answer) {
  const requests = stubServer((request) => (request.method === 'POST' ? answer : undefined));
  const view = renderConsoleHook(hook);
  for (const key of [consoleKeys.order('demo', ORDER_ID), consoleKeys.schedule('demo'), consoleKeys.orders('demo')])
    view.client.setQueryData(key, { read: true });
  return { ...view, requests };
}

const readAgain = (client: QueryClient) =>
  [consoleKeys.order('demo', ORDER_ID), consoleKeys.schedule('demo'), consoleKeys.orders('demo')].map(
    (key) => client.getQueryState(key)?.isInvalidated,
  );

describe('rescheduling an order', () => {
  it('sends the time picked and the start the page showed, answers the moved order, and reads all again', async () => {
    const { result, requests, client } = change(() => useReschedule('demo', ORDER_ID), {
      status: 200,
      body: { status: 'ok', view: MOVED },
    });
    let answer: unknown;
    await act(async () => {
      answer = await result.current.mutateAsync(MOVE);
    });
    expect(answer).toEqual({ status: 'ok', view: MOVED });
    expect(requests).toEqual([{ method: 'POST', path: `${ORDER_PATH}/reschedule`, body: MOVE }]);
    expect(readAgain(client)).toEqual([true, true, true]);
  });

  it('answers a time taken meanwhile with the nearest free ones (409), not as a failure', async () => {
    const { result } = change(() => useReschedule('demo', ORDER_ID), {
      status: 409,
      body: { status: 'unavailable', appointments: [NINE] },
    });
    let answer: unknown;
    await act(async () => {
      answer = await result.current.mutateAsync(MOVE);
    });
    expect(answer).toEqual({ status: 'unavailable', appointments: [NINE] });
  });

  it("throws the policy's refusal (409 change_refused) as a refusal, and still reads all again", async () => {
    const { result, client } = change(() => useReschedule('demo', ORDER_ID), POLICY_REFUSES);
    let error: unknown;
    await act(async () => {
      error = await result.current.mutateAsync(MOVE).catch((e: unknown) => e);
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'change_refused' });
    expect(readAgain(client)).toEqual([true, true, true]);
  });

  it("leaves another company's reads alone", async () => {
    const { result, client } = change(() => useReschedule('demo', ORDER_ID), {
      status: 200,
      body: { status: 'ok', view: MOVED },
    });
    client.setQueryData(consoleKeys.schedule('other'), { read: true });
    await act(async () => {
      await result.current.mutateAsync(MOVE);
    });
    expect(client.getQueryState(consoleKeys.schedule('other'))?.isInvalidated).toBe(false);
  });
});

describe('cancelling an order', () => {
  it('sends the reason, the override and the waiver, answers the cancelled order, and reads all again', async () => {
    const cancelled = { ...VIEW, order: { ...VIEW.order, state: 'cancelled' as const } };
    const { result, requests, client } = change(() => useCancelOrder('demo', ORDER_ID), {
      status: 200,
      body: { status: 'ok', view: cancelled },
    });
    let answer: unknown;
    await act(async () => {
      answer = await result.current.mutateAsync(CANCEL);
    });
    expect(answer).toEqual({ status: 'ok', view: cancelled });
    expect(requests).toEqual([{ method: 'POST', path: `${ORDER_PATH}/cancel`, body: CANCEL }]);
    expect(readAgain(client)).toEqual([true, true, true]);
  });

  it('throws any 409 as a refusal: a cancel has no answer but the cancelled order', async () => {
    const { result, client } = change(() => useCancelOrder('demo', ORDER_ID), POLICY_REFUSES);
    let error: unknown;
    await act(async () => {
      error = await result.current.mutateAsync(CANCEL).catch((e: unknown) => e);
    });
    expect(error).toMatchObject({
      status: 409,
      code: 'change_refused',
      message: 'Changes within 24 hours: please call.',
    });
    expect(readAgain(client)).toEqual([true, true, true]);
  });

  it('throws a refusal naming the reason with its field', async () => {
    const { result } = change(() => useCancelOrder('demo', ORDER_ID), {
      status: 400,
      body: { error: { code: 'invalid_request', message: 'The reason is too long.', field: 'reason' } },
    });
    await expect(result.current.mutateAsync(CANCEL)).rejects.toMatchObject({ status: 400, field: 'reason' });
  });
});
