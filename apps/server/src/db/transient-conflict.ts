/**
 * A transaction PostgreSQL chose to abort because of another one: a deadlock it broke (40P01) or a
 * serialization failure (40001). Nothing of it was kept, so running it again is safe and is what
 * the database asks for. Without this a racing confirm could answer 500 for what is no fault.
 */
const TRANSIENT_SQLSTATE = new Set(['40P01', '40001']);

/** The same transaction runs at most this often. */
export const TRANSIENT_ATTEMPTS = 3;

export function isTransientConflict(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && TRANSIENT_SQLSTATE.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Runs `transaction` (a whole database transaction whose only effects are in the database) again
 * when PostgreSQL aborted it for a conflict with another, up to TRANSIENT_ATTEMPTS times.
 */
export async function retryTransientConflicts<T>(transaction: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= TRANSIENT_ATTEMPTS || !isTransientConflict(error)) throw error;
    }
  }
}
