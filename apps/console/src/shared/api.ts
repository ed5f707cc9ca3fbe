import { ApiError, parsedAnswer, type AnswerSchema } from '@scheduler/ui/api-error';
import { answerSchemas } from './later-schema.ts';

/**
 * The console's one way to call its API (/api/console/*): same-origin cookies (Better Auth's
 * session), JSON both ways, and every answer parsed by its contract's schema, so that a page
 * never renders a shape the server did not promise.
 */

/** Not signed in (401 `unauthenticated`): the console sends the person to sign in and back. */
export const isUnauthenticated = (error: unknown): boolean => error instanceof ApiError && error.status === 401;
/** Signed in, but not a member of the company or not in a role that may do this (403). */
export const isForbidden = (error: unknown): boolean => error instanceof ApiError && error.status === 403;

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /**
   * Statuses whose body is the call's answer. A reschedule may answer 409 with alternatives;
   * a 409 that carries an error envelope is still a refusal.
   */
  answers?: readonly number[];
  signal?: AbortSignal;
  /** Headers of the call's own (the wizard's session token, for the phone-booking form). */
  headers?: Record<string, string>;
}

/**
 * What a call's answer is read by: its contract's schema, or a loader of it (`later`, for the
 * modules of the console's first chunk, which carries no zod).
 */
export type Answer<T> = AnswerSchema<T> | (() => Promise<AnswerSchema<T>>);

/** The refusal a response carries, as an ApiError (the envelope's code, message and field). */
export async function errorOf(response: Response): Promise<ApiError> {
  const [body, { errorResponseSchema }] = await Promise.all([response.json().catch(() => null), answerSchemas()]);
  const parsed = errorResponseSchema.safeParse(body);
  if (!parsed.success)
    return new ApiError(
      response.status,
      'http_error',
      response.statusText || `The server answered ${response.status}.`,
    );
  const { code, message, field } = parsed.data.error;
  return new ApiError(response.status, code, message, field);
}

export async function callApi<T>(path: string, answer: Answer<T>, options: CallOptions = {}): Promise<T> {
  // A schema in a chunk of its own downloads beside the request, not after it.
  const schema = typeof answer === 'function' ? answer() : answer;
  if (schema instanceof Promise) schema.catch(() => undefined);
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(path, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: 'same-origin',
    signal: options.signal,
  });
  const answers = options.answers ?? [200];
  if (!answers.includes(response.status)) throw await errorOf(response);
  // 204 No Content (a DELETE's answer) has no body: the schema reads it as null.
  const body: unknown = response.status === 204 ? null : await response.json();
  if (response.status !== 200 && body !== null) {
    const { errorResponseSchema } = await answerSchemas();
    const refusal = errorResponseSchema.safeParse(body);
    if (refusal.success)
      throw new ApiError(
        response.status,
        refusal.data.error.code,
        refusal.data.error.message,
        refusal.data.error.field,
      );
  }
  return answerOf(response.status, await schema, body);
}

/** An answer read by its contract's schema. A shape the contract does not describe is the server's bug, not the person's: say so plainly. */
export function answerOf<T>(status: number, schema: AnswerSchema<T>, body: unknown): T {
  return parsedAnswer<T>(
    status,
    schema,
    body,
    'The server sent an answer the console does not understand. Please reload the page.',
  );
}

/** The path of a company's console API. */
export function companyApi(companyKey: string, rest = ''): string {
  return `/api/console/companies/${encodeURIComponent(companyKey)}${rest}`;
}

/** What to tell a person about a failed call, in words. */
export function failureText(error: unknown): string {
  if (isForbidden(error)) return "You don't have access to this.";
  if (error instanceof ApiError) {
    if (error.status === 404) return 'We could not find that. It may have been removed, or the link is wrong.';
    if (error.status >= 500 || error.code === 'http_error')
      return 'Something went wrong on our side. Please try again in a moment.';
    return error.message;
  }
  return 'We could not reach the server. Check your connection and try again.';
}
