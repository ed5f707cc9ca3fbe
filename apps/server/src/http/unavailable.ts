import type { ErrorResponse } from '@scheduler/contracts/errors';

/**
 * The answer when the server cannot serve a request for a while (the database is away, or the
 * process is shutting down): 503 with `Retry-After`, so that clients and load balancers try
 * again rather than report a failure.
 */
export const UNAVAILABLE_STATUS = 503;
export const RETRY_AFTER_SECONDS = 5;

export function unavailableBody(message: string): ErrorResponse {
  return { error: { code: 'unavailable', message } };
}
