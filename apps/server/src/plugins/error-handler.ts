import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorCode, ErrorResponse } from '@scheduler/contracts/errors';
import { AppError } from '../errors.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { RETRY_AFTER_SECONDS, UNAVAILABLE_STATUS } from '../http/unavailable.ts';

/** "/offices/0/uuid" → "offices.0.uuid". */
function fieldFromPath(instancePath: string): string | undefined {
  const field = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return field === '' ? undefined : field;
}

function body(code: ErrorCode, message: string, field?: string): ErrorResponse {
  return { error: field ? { code, message, field } : { code, message } };
}

/** How one error is answered. */
export interface ErrorAnswer {
  status: number;
  code: ErrorCode;
  message: string;
  field?: string;
  headers?: Record<string, string>;
  /** Unexpected failures are logged; a visitor's mistake is not. */
  log?: string;
  /** How loud the log line is: an error unless the answer says it is ordinary. */
  logLevel?: 'info' | 'error';
}

/** Reads an error; answers when it knows the kind, else null so the next one is asked. */
export type ErrorTranslator = (error: FastifyError) => ErrorAnswer | null;

const INTERNAL: ErrorAnswer = {
  status: 500,
  code: 'internal_error',
  message: 'Something went wrong.',
  log: 'request failed',
};

/** Fastify's own codes, renamed to the stable codes of the contract. */
const FRAMEWORK_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
  FST_ERR_BAD_URL: 'invalid_url',
  FST_ERR_MAX_PARAM_LENGTH: 'uri_too_long',
  FST_ERR_VALIDATION: 'invalid_request',
};

/** Any other 4xx by its status. */
const STATUS_CODES_TO_ERROR: Record<number, ErrorCode> = {
  401: 'unauthorized',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  431: 'headers_too_large',
};

/** Messages the client can act on; Fastify's own name internals (its codes, parser names). */
const FRAMEWORK_MESSAGES: Partial<Record<ErrorCode, string>> = {
  payload_too_large: 'The request body is too large.',
  invalid_json: 'The request body is not valid JSON.',
  unsupported_media_type: 'The request body must be JSON (Content-Type: application/json).',
  invalid_url: 'The URL is not valid.',
  uri_too_long: 'The URL is too long.',
  headers_too_large: 'The request headers are too large.',
};

const schemaFailure: ErrorTranslator = (error) => {
  if (!hasZodFastifySchemaValidationErrors(error)) return null;
  const first = error.validation[0];
  const field = fieldFromPath(first?.instancePath ?? '');
  const where = error.validationContext ?? 'request';
  const message = `Invalid ${where}${field ? ` field "${field}"` : ''}: ${first?.message ?? 'does not match its schema'}`;
  return { status: 400, code: 'invalid_request', message, field: field ?? where };
};

const typedError: ErrorTranslator = (error) => {
  if (!(error instanceof AppError)) return null;
  return {
    status: error.statusCode,
    code: error.code,
    message: error.message,
    ...(error.field ? { field: error.field } : {}),
  };
};

const responseMismatch: ErrorTranslator = (error) =>
  isResponseSerializationError(error) ? { ...INTERNAL, log: 'response did not match its schema' } : null;

/**
 * The client hung up before its request's body had arrived (Node's "aborted", a reset with no
 * system call behind it, unlike a database socket's). Nobody is left to answer; it is worth a
 * line at info, and is neither a bug nor a database outage.
 */
const clientHungUp: ErrorTranslator = (error) =>
  error.code === 'ECONNRESET' && error.message === 'aborted' && !('syscall' in error)
    ? {
        status: 400,
        code: 'bad_request',
        message: 'The request was aborted by the client.',
        log: 'client closed the request before it was read',
        logLevel: 'info',
      }
    : null;

/** The database refused, stalled or timed out: a quick 503 the client can retry, not a 500. */
const databaseUnavailable: ErrorTranslator = (error) =>
  isDatabaseUnavailable(error)
    ? {
        status: UNAVAILABLE_STATUS,
        code: 'unavailable',
        message: 'The service is briefly unavailable. Please try again in a moment.',
        log: 'database unavailable',
        headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
      }
    : null;

/** A client's mistake that Fastify or a plugin found: its status, a stable code, no internals. */
const clientMistake: ErrorTranslator = (error) => {
  const status = error.statusCode ?? 500;
  if (status < 400 || status >= 500) return null;
  const code =
    FRAMEWORK_CODES[error.code] ??
    (error instanceof SyntaxError ? 'invalid_json' : (STATUS_CODES_TO_ERROR[status] ?? 'bad_request'));
  return {
    status,
    code,
    message: FRAMEWORK_MESSAGES[code] ?? (STATUS_CODES[status] ? `${STATUS_CODES[status]}.` : 'Bad request.'),
  };
};

/**
 * The translators, in order; the first that recognises an error answers it, and anything none
 * recognises is a 500 `internal_error`. A new kind of failure (an unreachable database, say)
 * is one more translator placed before `clientMistake`.
 */
export const errorTranslators: ErrorTranslator[] = [
  schemaFailure,
  typedError,
  responseMismatch,
  clientHungUp,
  databaseUnavailable,
  clientMistake,
];

export function answerFor(
  error: FastifyError,
  translators: readonly ErrorTranslator[] = errorTranslators,
): ErrorAnswer {
  for (const translate of translators) {
    const answer = translate(error);
    if (answer) return answer;
  }
  return INTERNAL;
}

function send(request: FastifyRequest, reply: FastifyReply, error: FastifyError, answer: ErrorAnswer): FastifyReply {
  if (answer.log && answer.logLevel === 'info') request.log.info({ errorCode: error.code }, answer.log);
  else if (answer.log) request.log.error({ err: error }, answer.log);
  if (answer.headers) reply.headers(answer.headers);
  // Sent as text: the route's response schema for this status (set_datetime's 409 with
  // alternatives, say) describes its answers, not the error envelope.
  // Said here as well as by the API headers hook, which the router's own errors do not pass.
  return reply
    .status(answer.status)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(body(answer.code, answer.message, answer.field)));
}

/**
 * Errors the router meets before a route is chosen (a malformed percent-encoding, an over-long
 * path parameter) get the same envelope as every other error.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (error, request, reply) => {
  send(request, reply, error, answerFor(error));
};

/**
 * Errors of the HTTP parser itself (headers too large, a bad Content-Length, a malformed request
 * line) never reach Fastify's routing: the socket gets the envelope written by hand and closes,
 * as Node does by default.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message]: [number, ErrorCode, string] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'headers_too_large', FRAMEWORK_MESSAGES.headers_too_large!]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'bad_request', 'The request took too long to arrive.']
        : [400, 'bad_request', 'The request is not valid HTTP.'];
  const payload = JSON.stringify(body(code, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n` +
        `Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${payload}`,
    );
  }
  socket.destroy(error);
}

/**
 * The one place errors become HTTP answers: typed errors and schema failures become 4xx with
 * `{error: {code, message, field?}}`; anything unexpected is logged and becomes a 500 that shows
 * no internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => send(request, reply, error, answerFor(error)));

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(body('not_found', `No route for ${request.method} ${request.url.split('?')[0]}.`)));
  });
}
