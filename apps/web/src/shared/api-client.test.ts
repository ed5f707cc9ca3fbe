import { afterEach, describe, expect, it, vi } from 'vitest';
import { callApi, isFailure, UnauthorizedError } from './api-client.ts';
import { ApiError } from '@scheduler/ui/api-error';
import { confirmResponseSchema } from '@scheduler/contracts/confirm';
import { answerBy } from './answer-by.ts';
import { answerLater, answersLoaded } from './answer-later.ts';

function serverAnswering(status: number, body: unknown) {
  const fetch = vi.fn(
    async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const session = { token: 'tok', officeUuid: '5b0c3a8e-7f1d-4c2a-9e61-3d4f8a2b9c10' };

/** The body as it came, for the tests of the client's transport rather than of any answer's shape. */
const asSent = (_status: number, body: unknown) => body;

afterEach(() => vi.unstubAllGlobals());

describe('the API client', () => {
  it('returns the body of a status the call counts as an answer', async () => {
    serverAnswering(409, { status: 'unavailable', appointments: [] });
    await expect(
      callApi('/demo/json/online_scheduler/set_datetime', {
        session,
        method: 'POST',
        body: {},
        answers: [200, 409],
        parse: asSent,
      }),
    ).resolves.toEqual({ status: 'unavailable', appointments: [] });
  });

  it("reads any other status as the server's error, from that one response", async () => {
    const fetch = serverAnswering(500, { error: { code: 'internal_error', message: 'Internal error' } });
    const call = callApi('/demo/json/online_scheduler/set_datetime', {
      session,
      method: 'POST',
      body: {},
      answers: [200, 409],
      parse: asSent,
    });
    await expect(call).rejects.toEqual(new ApiError(500, 'internal_error', 'Internal error'));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('keeps the field a refusal names, and copes with a body that is no envelope', async () => {
    serverAnswering(400, { error: { code: 'invalid_postal_code', message: 'Enter a ZIP code', field: 'postal_code' } });
    await expect(callApi('/x', { session, method: 'POST', body: {}, parse: asSent })).rejects.toMatchObject({
      status: 400,
      field: 'postal_code',
    });
    serverAnswering(502, 'Bad gateway');
    await expect(callApi('/x', { parse: asSent })).rejects.toMatchObject({ status: 502, code: 'http_error' });
  });

  it("parses an answer by its contract's schema when the call names one, and calls a shape the contract lacks the server's fault", async () => {
    serverAnswering(200, { status: 'ok', pay_url: null });
    await expect(
      callApi('/demo/json/online_scheduler/confirm', {
        session,
        method: 'POST',
        body: {},
        parse: answerBy(confirmResponseSchema),
      }),
    ).resolves.toEqual({ status: 'ok', pay_url: null });
    serverAnswering(200, { status: 'ok' });
    await expect(
      callApi('/demo/json/online_scheduler/confirm', {
        session,
        method: 'POST',
        body: {},
        parse: answerBy(confirmResponseSchema),
      }),
    ).rejects.toMatchObject({ status: 200, code: 'invalid_response' });
  });

  it("reads a first step's answer by its contract with the parser that loads beside the call", async () => {
    const held = { status: 'ok', hold_expires_at: '2026-12-01T14:10:00Z' };
    serverAnswering(200, held);
    const call = (answers: number[] = [200]) =>
      callApi('/demo/json/online_scheduler/set_datetime', {
        session,
        method: 'POST',
        body: {},
        answers,
        parse: answerLater('setDatetime'),
      });
    await expect(call()).resolves.toEqual(held);
    await expect(answersLoaded).resolves.toHaveProperty('readAnswer');
    // A 409 that is an answer is read by the same contract.
    serverAnswering(409, { status: 'unavailable', appointments: [] });
    await expect(call([200, 409])).resolves.toEqual({ status: 'unavailable', appointments: [] });
    // A shape the contract lacks is the server's fault, said in the page's words, with its status.
    serverAnswering(200, { status: 'ok' });
    await expect(call()).rejects.toEqual(
      new ApiError(
        200,
        'invalid_response',
        'The server sent an answer this page does not understand. Please reload the page.',
      ),
    );
    serverAnswering(409, { status: 'unavailable', appointments: [{ id: 'x' }] });
    await expect(call([200, 409])).rejects.toMatchObject({ status: 409, code: 'invalid_response' });
    // A refusal is the server's error still, never read as an answer.
    serverAnswering(409, { error: { code: 'hold_conflict', message: 'Taken' } });
    await expect(call([200, 409])).rejects.toEqual(new ApiError(409, 'hold_conflict', 'Taken'));
  });

  it('turns a 401 into UnauthorizedError carrying the refused token, which is no failure to show', async () => {
    serverAnswering(401, { error: { code: 'unauthorized', message: 'Expired' } });
    const error = await callApi('/demo/online-scheduler/order', { session, parse: asSent }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect((error as UnauthorizedError).token).toBe('tok');
    expect(isFailure(error)).toBe(false);
    expect(isFailure(new ApiError(500, 'internal_error', 'x'))).toBe(true);
    expect(isFailure(null)).toBe(false);
  });

  it('sends the session in headers, never in the URL', async () => {
    const fetch = serverAnswering(200, {});
    await callApi('/demo/online-scheduler/order', { session, parse: asSent });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/demo/online-scheduler/order');
    expect(init.headers).toMatchObject({ 'x-auth-token': 'tok', 'x-office-uuid': session.officeUuid });
  });

  it("keeps cookies home on a visitor's call, and sends the console's sign-in only from a page trying a disabled scheduler", async () => {
    const fetch = serverAnswering(200, {});
    await callApi('/demo/json/online_scheduler/set_postal_code', { session, method: 'POST', body: {}, parse: asSent });
    await callApi('/demo/json/online_scheduler/set_postal_code', {
      session: { ...session, trying: false },
      method: 'POST',
      body: {},
      parse: asSent,
    });
    await callApi('/demo/json/online_scheduler/set_postal_code', {
      session: { ...session, trying: true },
      method: 'POST',
      body: {},
      parse: asSent,
    });
    const sent = (fetch.mock.calls as unknown as Array<[string, RequestInit]>).map(([, init]) => init.credentials);
    expect(sent).toEqual(['omit', 'omit', 'same-origin']);
  });
});
