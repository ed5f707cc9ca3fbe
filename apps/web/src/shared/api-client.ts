import type { ErrorResponse } from '@scheduler/contracts/errors';

/** Any 401: the session is over or was never valid (spec 4.1). */
export class UnauthorizedError extends Error {
  constructor() {
    super('unauthorized');
    this.name = 'UnauthorizedError';
  }
}

/** Any other failed call, with the server's stable error shape when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface SessionCredentials {
  token: string;
  officeUuid: string;
}

/**
 * Calls the product's server. Session calls carry the token in the X-Auth-Token header, never in
 * the URL, and name the office the visitor's link addressed so the server can refuse a mismatch.
 */
export async function callApi<T>(path: string, options: { session?: SessionCredentials; method?: string; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.session) {
    headers['x-auth-token'] = options.session.token;
    headers['x-office-uuid'] = options.session.officeUuid;
  }
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(path, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: 'omit',
  });
  if (response.status === 401) {
    // Read to the end: an unread body keeps its connection busy (API answers are never cached,
    // so nothing else drains it), and the browser allows only a few connections per server.
    await response.text().catch(() => '');
    throw new UnauthorizedError();
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as ErrorResponse | null;
    throw new ApiError(response.status, body?.error.code ?? 'http_error', body?.error.message ?? response.statusText, body?.error.field);
  }
  return (await response.json()) as T;
}
