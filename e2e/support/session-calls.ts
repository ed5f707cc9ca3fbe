import type { Page } from 'playwright-core';

/** One of the wizard's JSON calls, made from inside the page with the visitor's own session. */
export type SessionCall = <T>(path: string, body?: unknown) => Promise<T>;

/**
 * Calls of the demo company's API (`/demo/{path}`; another fixture company's with `companyKey`) as the page's visitor makes them: a GET without
 * a body, a JSON POST with one. Tests use it to arrange a cart or read the order the way the
 * wizard would, through the same session and guards.
 */
export function sessionCalls(page: Page, token: string, companyKey = 'demo'): SessionCall {
  return async <T>(path: string, body?: unknown): Promise<T> =>
    page.evaluate(
      async ([path, token, body, companyKey]) => {
        const response = await fetch(`/${companyKey}/${path}`, {
          method: body === undefined ? 'GET' : 'POST',
          headers: { 'x-auth-token': token!, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return response.json();
      },
      [path, token, body, companyKey] as const,
    ) as Promise<T>;
}
