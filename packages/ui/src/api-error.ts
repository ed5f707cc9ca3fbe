/**
 * A refused or failed call of either front end, with the server's stable error envelope when it
 * sent one. `code` is one of the server's error codes, `http_error` when the answer carried no
 * envelope, or `invalid_response` when an answer's shape was not the contract's.
 */
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

/**
 * The error envelope's contents as read here (packages/contracts `errors.ts` has the closed list
 * of codes; a code the list lacks still reaches the page as the server's words).
 */
export interface ErrorEnvelope {
  code: string;
  message: string;
  field?: string;
}

/**
 * The error envelope an answer carries, or null. Read by its shape rather than by the contract's
 * zod schema: the wizard reads refusals on its first step, where zod's full build would not fit
 * its weight budget; the console checks the code against the closed list as well (its api.ts).
 */
export function errorEnvelopeOf(body: unknown): ErrorEnvelope | null {
  // Written small: it is on the wizard's first step, whose every byte counts against its budget.
  const error = (body as { error?: { code?: unknown; message?: unknown; field?: unknown } } | null)?.error;
  if (
    typeof error?.code !== 'string' ||
    typeof error.message !== 'string' ||
    (error.field !== undefined && typeof error.field !== 'string')
  )
    return null;
  return error as ErrorEnvelope;
}

/** The ApiError a refused answer stands for: its envelope's code, message and field, or `http_error`. */
export function apiErrorOf(status: number, statusText: string, body: unknown): ApiError {
  const envelope = errorEnvelopeOf(body);
  if (!envelope) return new ApiError(status, 'http_error', statusText);
  return new ApiError(status, envelope.code, envelope.message, envelope.field);
}

/**
 * A contract's schema, as an answer is read by it (house rule 3: answers are parsed, not cast). A
 * zod schema is one; the interface keeps zod itself out of this module, so that a wizard step that
 * casts nothing pays nothing for it.
 */
export interface AnswerSchema<T> {
  safeParse(body: unknown): { success: true; data: T } | { success: false };
}

/**
 * An answer read by its contract's schema. A shape the contract does not describe is the server's
 * bug, not the person's: the ApiError (`invalid_response`) says so in `refusal`, the app's words.
 */
export function parsedAnswer<T>(status: number, schema: AnswerSchema<T>, body: unknown, refusal: string): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError(status, 'invalid_response', refusal);
  return parsed.data;
}
