import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderConsoleHook, stubServer, type Answer } from '../../../test-support/render-page.tsx';
import {
  KEYS_PATH,
  KEYS_SET,
  NO_KEYS,
  SECRET,
  SIGNING,
} from '../../../test-support/configuration-documents/payments-test-document.ts';
import { stripeKeysQueryOptions, useSaveStripeKeys } from './stripe-keys.ts';

/**
 * The company's Stripe keys are written, never read: the console asks only whether they are set,
 * sends them once, and from the answer knows they are, without reading again.
 */

function serve(put: Answer = { status: 200, body: KEYS_SET }) {
  return stubServer((request) => {
    if (request.path !== KEYS_PATH) return undefined;
    return request.method === 'GET' ? { status: 200, body: NO_KEYS } : put;
  });
}

describe("the company's Stripe keys", () => {
  it('reads whether they are set, and when: never the keys', async () => {
    serve();
    const { client } = renderConsoleHook(() => null);
    expect(await client.fetchQuery(stripeKeysQueryOptions('demo'))).toEqual(NO_KEYS);
  });

  it('sends both keys once and takes the answer as what is set now, without reading again', async () => {
    const requests = serve();
    const { result, client } = renderConsoleHook(() => useSaveStripeKeys('demo'));
    await client.fetchQuery(stripeKeysQueryOptions('demo'));
    await act(async () => {
      await result.current.mutateAsync({ secret_key: SECRET, webhook_secret: SIGNING });
    });
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([
      { method: 'PUT', path: KEYS_PATH, body: { secret_key: SECRET, webhook_secret: SIGNING } },
    ]);
    expect(client.getQueryData(stripeKeysQueryOptions('demo').queryKey)).toEqual(KEYS_SET);
    expect(requests.filter((r) => r.method === 'GET')).toHaveLength(1);
  });

  it('throws a refusal naming the key, and keeps what was known', async () => {
    serve({
      status: 400,
      body: { error: { code: 'invalid_request', message: 'Not a Stripe key.', field: 'secret_key' } },
    });
    const { result, client } = renderConsoleHook(() => useSaveStripeKeys('demo'));
    await client.fetchQuery(stripeKeysQueryOptions('demo'));
    let error: unknown;
    await act(async () => {
      error = await result.current
        .mutateAsync({ secret_key: 'sk_nope', webhook_secret: SIGNING })
        .catch((e: unknown) => e);
    });
    expect(error).toMatchObject({ status: 400, code: 'invalid_request', field: 'secret_key' });
    expect(client.getQueryData(stripeKeysQueryOptions('demo').queryKey)).toEqual(NO_KEYS);
  });

  it('throws an answer of another shape as one it does not understand', async () => {
    serve({ status: 200, body: { ok: true } });
    const { result } = renderConsoleHook(() => useSaveStripeKeys('demo'));
    await expect(result.current.mutateAsync({ secret_key: SECRET, webhook_secret: SIGNING })).rejects.toThrow(
      /does not understand/,
    );
  });
});
