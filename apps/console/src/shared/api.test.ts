import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '@scheduler/ui/api-error';
import { answerOf, callApi, companyApi, errorOf, failureText, isForbidden, isUnauthenticated } from './api.ts';

/**
 * The console's one way to call its API: what it sends, which answers it takes, and how a
 * refusal reaches the person. Every page leans on these, so each rule is held here once.
 */

interface Sent {
  path: string;
  init: RequestInit;
}

/** fetch answering `status` and `body` (JSON, or raw text when a string), the request recorded. */
function answer(status: number, body: unknown, statusText = '') {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      sent.push({ path, init });
      if (status === 204) return new Response(null, { status });
      return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        statusText,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const thing = z.object({ id: z.number(), name: z.string() });

describe('callApi', () => {
  it('asks with the same-origin cookies and JSON, and answers the parsed body', async () => {
    const sent = answer(200, { id: 1, name: 'Columbus', extra: 'dropped' });
    await expect(callApi('/api/console/me', thing)).resolves.toEqual({ id: 1, name: 'Columbus' });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe('/api/console/me');
    expect(sent[0]!.init).toMatchObject({
      method: 'GET',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    expect(sent[0]!.init.body).toBeUndefined();
  });

  it('sends a body as JSON with its content type, by the method asked', async () => {
    const sent = answer(200, { id: 2, name: 'Dayton' });
    await callApi('/api/console/companies/demo/offices', thing, { method: 'PUT', body: { name: 'Dayton' } });
    expect(sent[0]!.init.method).toBe('PUT');
    expect(sent[0]!.init.headers).toEqual({ accept: 'application/json', 'content-type': 'application/json' });
    expect(sent[0]!.init.body).toBe('{"name":"Dayton"}');
  });

  it('passes the signal on, so a page that goes away stops waiting', async () => {
    const sent = answer(200, { id: 1, name: 'Columbus' });
    const controller = new AbortController();
    await callApi('/x', thing, { signal: controller.signal });
    expect(sent[0]!.init.signal).toBe(controller.signal);
  });

  it('throws the envelope of a refusal as an ApiError: status, code, message and field', async () => {
    answer(400, {
      error: { code: 'invalid_document', message: 'Invalid company document field "name": Too big', field: 'name' },
    });
    const error = await callApi('/x', thing).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'invalid_document',
      message: 'Invalid company document field "name": Too big',
      field: 'name',
    });
  });

  it('says http_error with the status text when a refusal carries no envelope', async () => {
    answer(502, '<html>Bad gateway</html>', 'Bad Gateway');
    await expect(callApi('/x', thing)).rejects.toMatchObject({
      status: 502,
      code: 'http_error',
      message: 'Bad Gateway',
    });
  });

  it('takes another status as the answer when asked to, and reads a 204 as null', async () => {
    answer(409, { id: 3, name: 'Alternatives' });
    await expect(callApi('/x', thing, { answers: [200, 409] })).resolves.toEqual({ id: 3, name: 'Alternatives' });
    answer(204, null);
    await expect(callApi('/x', z.null(), { method: 'DELETE', answers: [204] })).resolves.toBeNull();
  });

  it('still refuses when an accepted status carries an error envelope', async () => {
    answer(409, { error: { code: 'change_refused', message: 'That time was just taken.' } });
    await expect(callApi('/x', thing, { answers: [200, 409] })).rejects.toMatchObject({
      status: 409,
      code: 'change_refused',
      message: 'That time was just taken.',
    });
  });

  it('refuses an answer its contract does not describe, in words the person can act on', async () => {
    answer(200, { id: 'not a number' });
    await expect(callApi('/x', thing)).rejects.toMatchObject({
      status: 200,
      code: 'invalid_response',
      message: 'The server sent an answer the console does not understand. Please reload the page.',
    });
  });
});

describe('errorOf and answerOf', () => {
  it('reads a response without a body as http_error, saying the status when there is no status text', async () => {
    const error = await errorOf(new Response('', { status: 500 }));
    expect(error).toMatchObject({ status: 500, code: 'http_error', message: 'The server answered 500.' });
    expect(error.field).toBeUndefined();
  });

  it('answers what the schema parsed', () => {
    expect(answerOf(200, z.array(z.number()), [1, 2])).toEqual([1, 2]);
    expect(() => answerOf(201, z.array(z.number()), ['a'])).toThrow(ApiError);
  });
});

describe('companyApi', () => {
  it("writes a company's API path, its key encoded", () => {
    expect(companyApi('demo')).toBe('/api/console/companies/demo');
    expect(companyApi('demo', '/orders?page=2')).toBe('/api/console/companies/demo/orders?page=2');
    expect(companyApi('a b/c')).toBe('/api/console/companies/a%20b%2Fc');
  });
});

describe('what a failure says', () => {
  it('tells a 401 and a 403 apart from other failures', () => {
    expect(isUnauthenticated(new ApiError(401, 'unauthorized', 'Sign in.'))).toBe(true);
    expect(isUnauthenticated(new ApiError(403, 'forbidden', 'No.'))).toBe(false);
    expect(isUnauthenticated(new Error('offline'))).toBe(false);
    expect(isForbidden(new ApiError(403, 'forbidden', 'No.'))).toBe(true);
    expect(isForbidden(new ApiError(401, 'unauthorized', 'Sign in.'))).toBe(false);
    expect(isForbidden('403')).toBe(false);
  });

  it.each([
    [new ApiError(403, 'forbidden', "Your role doesn't allow this."), "You don't have access to this."],
    [
      new ApiError(404, 'not_found', 'Not Found.'),
      'We could not find that. It may have been removed, or the link is wrong.',
    ],
    [
      new ApiError(500, 'internal_error', 'Internal Server Error'),
      'Something went wrong on our side. Please try again in a moment.',
    ],
    [new ApiError(503, 'unavailable', 'Down'), 'Something went wrong on our side. Please try again in a moment.'],
    [new ApiError(400, 'http_error', 'Bad Request'), 'Something went wrong on our side. Please try again in a moment.'],
    [new ApiError(400, 'invalid_request', 'Choose a date within 92 days.'), 'Choose a date within 92 days.'],
    [new ApiError(409, 'version_conflict', 'Someone else saved.'), 'Someone else saved.'],
    [new TypeError('Failed to fetch'), 'We could not reach the server. Check your connection and try again.'],
    [undefined, 'We could not reach the server. Check your connection and try again.'],
  ])('says %s as "%s"', (error, text) => {
    expect(failureText(error)).toBe(text);
  });
});
