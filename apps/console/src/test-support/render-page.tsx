import { QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, parsePath, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '../app/Providers.tsx';
import { createQueryClient } from '../app/query-client.ts';

export interface RecordedRequest {
  method: string;
  /** The path and query, as the page asked for it. */
  path: string;
  body: unknown;
}

export interface Answer {
  status: number;
  body: unknown;
}

export const refusal = (status: number, code: string, message: string): Answer => ({
  status,
  body: { error: { code, message } },
});

/**
 * The server at the network edge: every fetch of the page (the console API's and Better Auth's)
 * goes to `handle`, and is recorded. An unknown call answers 404, so a page asking for something
 * the test did not expect fails visibly.
 */
export function stubServer(handle: (request: RecordedRequest) => Answer | undefined) {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost:3000');
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      const raw = init?.body ?? (input instanceof Request ? await input.clone().text() : undefined);
      const request = {
        method,
        path: url.pathname + url.search,
        body: typeof raw === 'string' && raw ? JSON.parse(raw) : undefined,
      };
      requests.push(request);
      const answer = handle(request) ?? refusal(404, 'not_found', 'Not Found.');
      // A 204 (a DELETE's answer) carries no body at all.
      if (answer.status === 204) return new Response(null, { status: 204 });
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return requests;
}

/** Where the router is now: tests read the URL a page wrote. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** A page at `path` (inside /console), its route `pattern`, with the console's providers and a fresh query client. */
export function renderPage(
  element: ReactElement,
  {
    path,
    pattern,
    extraRoutes = [],
    state,
  }: {
    path: string;
    pattern: string;
    extraRoutes?: Array<{ path: string; element: ReactElement }>;
    /** The history entry's state, as a page left by navigate(…, { state }) finds it again. */
    state?: unknown;
  },
) {
  const client = createQueryClient();
  const view = render(
    <Providers client={client}>
      <MemoryRouter initialEntries={[state === undefined ? path : { ...parsePath(path), state }]}>
        <Routes>
          <Route path={pattern} element={element} />
          {extraRoutes.map((route) => (
            <Route key={route.path} path={route.path} element={route.element} />
          ))}
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </Providers>,
  );
  return { ...view, client };
}

/** A hook of the console's, with a fresh query client of the console's own (no page, no theme), and that client. */
export function renderConsoleHook<T>(hook: () => T) {
  const client = createQueryClient();
  const view = renderHook(hook, {
    wrapper: ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    ),
  });
  return { ...view, client };
}
