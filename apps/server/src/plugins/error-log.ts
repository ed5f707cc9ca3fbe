/**
 * What an error may say in a log line. Database errors carry the statement and its parameters
 * (the query builder puts both in its message) and often the offending values in their message
 * and detail ("Key (email)=(...) already exists", "invalid input syntax: ..."): a visitor's postal
 * code, an agent's e-mail, a session's token hash. Of a database error only its SQLSTATE code,
 * constraint, table and column are logged.
 */

/** The fields of a database error that name the failure without quoting any value. */
export interface DatabaseErrorSummary {
  type: 'DatabaseError';
  code: string;
  constraint?: string;
  table?: string;
  column?: string;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
const CAUSE_DEPTH = 6;

function isDatabaseError(
  error: object,
): error is { code: string; constraint?: unknown; table?: unknown; column?: unknown } {
  const code = (error as { code?: unknown }).code;
  // node-postgres and PGlite both put the server's severity on the errors they raise.
  return typeof code === 'string' && SQLSTATE.test(code) && 'severity' in error;
}

function optionalName(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The database error in an error's cause chain, summarised; null when there is none. */
export function databaseErrorSummary(error: unknown): DatabaseErrorSummary | null {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < CAUSE_DEPTH; depth++) {
    if (isDatabaseError(current)) {
      const summary: DatabaseErrorSummary = { type: 'DatabaseError', code: current.code };
      const constraint = optionalName(current.constraint);
      const table = optionalName(current.table);
      const column = optionalName(current.column);
      if (constraint) summary.constraint = constraint;
      if (table) summary.table = table;
      if (column) summary.column = column;
      return summary;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** True when the error, or one it wraps, came from the query builder with the statement in its message. */
function wrapsQuery(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < CAUSE_DEPTH; depth++) {
    if ('query' in current || 'params' in current) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The call frames of a stack, without its first lines, which repeat the message. */
function framesOf(error: unknown): string {
  const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack : '';
  return stack
    .split('\n')
    .filter((line) => line.startsWith('    at '))
    .join('\n');
}

/** What the logger writes for an error. */
export interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/**
 * The logger's `err` serializer. A database error becomes its summary and the call frames; a
 * query-builder error without one says only that a query failed; anything else keeps its type,
 * message and stack, which our own code writes.
 */
export function serializeError(error: unknown): SerializedError {
  const summary = databaseErrorSummary(error);
  if (summary) return { ...summary, message: `database error ${summary.code}`, stack: framesOf(error) };
  if (wrapsQuery(error))
    return { type: 'DatabaseError', code: 'unknown', message: 'database error', stack: framesOf(error) };
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return {
      type: error.name,
      message: error.message,
      ...(typeof code === 'string' ? { code } : {}),
      stack: error.stack ?? '',
    };
  }
  return { type: typeof error, message: '', stack: '' };
}
