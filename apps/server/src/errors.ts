import type { ErrorCode } from '@scheduler/contracts/errors';

/**
 * Typed errors that services throw. The error handler maps each to its HTTP status and the
 * stable JSON shape `{error: {code, message, field?}}`.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Your session expired or you are not authorized to schedule this online order.') {
    super(401, 'unauthorized', message);
  }
}

export class NotFoundError extends AppError {
  constructor(what: string) {
    super(404, 'not_found', `${what} was not found.`);
  }
}

export class ConflictError extends AppError {
  constructor(code: ErrorCode, message: string, field?: string) {
    super(409, code, message, field);
  }
}

/** A confirmed order is read-only to the visitor; changing it is the office's business. */
export class OrderConfirmedError extends ConflictError {
  constructor() {
    super(
      'order_confirmed',
      'This order is confirmed and can no longer be changed online. Please contact the office to change it.',
    );
  }
}

/**
 * A disabled scheduler takes no visitor's session or write (issue 39); a signed-in member of the
 * company who books for it may still try it. The message is the one its disabled page shows (spec 2.13).
 */
export class SchedulerDisabledError extends AppError {
  constructor() {
    super(403, 'scheduler_disabled', 'Sorry! Our Online Scheduling System is currently disabled.');
  }
}
