/**
 * Recognises the errors that mean "the database cannot be reached or did not answer in time",
 * as opposed to errors in what was asked of it. The error handler answers the former 503, so
 * that clients and load balancers retry instead of reporting a bug.
 */

/** Node's socket errors: the server refused, reset or could not be found. */
const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's SQLSTATEs: connection exceptions (class 08), a server shutting down or starting
 * (57P01-57P03), too many connections (53300), and a query cancelled by statement_timeout (57014).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300|57014)$/;

/** node-postgres and its pool say these in words only: a connection that could not be used or a query that got no answer. */
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Query read timeout',
  'is not queryable',
  'timeout expired',
];

function isUnavailableItself(error: object): boolean {
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  if (code && (NETWORK_ERROR_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
  const message = error instanceof Error ? error.message : '';
  return UNAVAILABLE_MESSAGES.some((words) => message.includes(words));
}

/**
 * True when the error, or an error it wraps (the ORM wraps driver errors in `cause`; a failed
 * connection to several addresses is an AggregateError), says the database is unavailable.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    if (isUnavailableItself(current)) return true;
    if ('cause' in current) pending.push(current.cause);
    if (current instanceof AggregateError) pending.push(...(current.errors as unknown[]));
  }
  return false;
}
