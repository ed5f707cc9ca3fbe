import { ApiError, apiErrorOf, errorEnvelopeOf } from '@scheduler/ui/api-error';

/** Any 401: the session is over or was never valid (spec 4.1). */
export class UnauthorizedError extends Error {
  constructor(
    /** The session token the refused call carried, if any. */
    readonly token: string | null = null,
  ) {
    super('unauthorized');
    this.name = 'UnauthorizedError';
  }
}

export interface SessionCredentials {
  token: string;
  officeUuid: string;
  /**
   * The page tries a disabled scheduler (`try=1`): its calls carry the console's sign-in cookie,
   * by which the server knows the company's own staff (issue 39). A visitor's calls carry none.
   */
  trying?: boolean;
}

export interface CallOptions<T> {
  session?: SessionCredentials;
  method?: 'GET' | 'POST';
  body?: unknown;
  /**
   * The statuses whose body is the call's answer. A write may answer with more than 200: a 409
   * from set_datetime carries the alternatives. Anything else is read as an error envelope.
   */
  answers?: readonly number[];
  /** Cancels the call (TanStack Query passes one to every query function). */
  signal?: AbortSignal;
  /** Extra request headers (the confirm's Idempotency-Key). */
  headers?: Readonly<Record<string, string>>;
  /**
   * Cookies stay home by default: a visitor's call never needs one. The office's hold sends the
   * console's sign-in cookie with the session (issue 25), and so does every call of a page trying
   * a disabled scheduler (`SessionCredentials.trying`).
   */
  credentials?: RequestCredentials;
  /**
   * Reads the answer by its contract's schema (house rule 3: answers are parsed, never cast), and
   * rejects a shape the contract does not describe as an ApiError `invalid_response`, which the
   * page shows as any other failed call. `answerBy` (answer-by.ts) where the caller's chunk holds
   * zod's full build already; `answerLater` (answer-later.ts) on the first steps' path, whose
   * budget zod does not fit: it loads the parser beside the call (decision 0056).
   */
  parse: (status: number, body: unknown) => T | Promise<T>;
}

/** The error a refused answer stands for, read from that same response (never by asking again). */
async function errorOf(response: Response, session: SessionCredentials | undefined): Promise<Error> {
  if (response.status === 401) {
    // Read to the end: an unread body keeps its connection busy (API answers are never cached,
    // so nothing else drains it), and the browser allows only a few connections per server.
    await response.text().catch(() => '');
    return new UnauthorizedError(session?.token ?? null);
  }
  return apiErrorOf(response.status, response.statusText, await response.json().catch(() => null));
}

/**
 * Calls the product's server. Session calls carry the token in the X-Auth-Token header, never in
 * the URL, and name the office the visitor's link addressed so the server can refuse a mismatch.
 */
export async function callApi<T>(path: string, options: CallOptions<T>): Promise<T> {
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
  if (options.session) {
    headers['x-auth-token'] = options.session.token;
    headers['x-office-uuid'] = options.session.officeUuid;
  }
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(path, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: options.credentials ?? (options.session?.trying ? 'same-origin' : 'omit'),
    signal: options.signal,
  });
  const answers = options.answers ?? [200];
  if (!answers.includes(response.status)) throw await errorOf(response, options.session);
  const body: unknown = await response.json();
  // A status that may carry an answer (confirm's 409 with alternatives) may also carry a refusal
  // (confirm's 409 coupon_used_up): the error envelope says which.
  const refusal = response.status === 200 ? null : errorEnvelopeOf(body);
  if (refusal) throw new ApiError(response.status, refusal.code, refusal.message, refusal.field);
  return options.parse(response.status, body);
}

/** A failure the visitor should be told about: a 401 is not one, it leads to its own page. */
export function isFailure(error: unknown): boolean {
  return error !== null && error !== undefined && !(error instanceof UnauthorizedError);
}
