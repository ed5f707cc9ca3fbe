import { formatPhone } from '@scheduler/domain/formatting';
import { ApiError } from '@scheduler/ui/api-error';
import { manageTexts as t } from './manage-texts.ts';

/**
 * How the manage page reads a refused call (issue 24). The link's own refusals come first: an
 * invalid link ends the page; the policy's refusal, a booking moved meanwhile and a changed fee
 * each bring the server's sentence and a fresh read of the booking; a move to the booking's own
 * time brings the server's sentence alone (the page was right). Anything else is said plainly
 * and leaves everything the visitor chose or typed in place.
 */
export type ManageFailure =
  | { kind: 'invalid-link' }
  | { kind: 'refused'; message: string }
  | { kind: 'order-changed'; message: string }
  | { kind: 'fee-changed'; message: string }
  /** The time asked for is the booking's own: nothing to move (issue 42). */
  | { kind: 'same-time'; message: string }
  | { kind: 'field'; field: string; message: string }
  | { kind: 'busy' }
  | { kind: 'unavailable' }
  | { kind: 'other' };

export function manageFailure(error: unknown): ManageFailure | null {
  if (error === null || error === undefined) return null;
  if (!(error instanceof ApiError)) return { kind: 'other' };
  if (error.code === 'manage_link_invalid') return { kind: 'invalid-link' };
  if (error.code === 'change_refused') return { kind: 'refused', message: error.message };
  if (error.code === 'order_changed') return { kind: 'order-changed', message: error.message };
  if (error.code === 'fee_changed') return { kind: 'fee-changed', message: error.message };
  if (error.code === 'same_time') return { kind: 'same-time', message: error.message };
  if (error.status === 400 && error.field) return { kind: 'field', field: error.field, message: error.message };
  if (error.status === 429) return { kind: 'busy' };
  if (error.status === 503) return { kind: 'unavailable' };
  return { kind: 'other' };
}

/** Whether the booking must be read again after this refusal: what the page showed is out of date. */
export function needsFreshView(error: unknown): boolean {
  const kind = manageFailure(error)?.kind;
  return kind === 'invalid-link' || kind === 'refused' || kind === 'order-changed' || kind === 'fee-changed';
}

export function isInvalidLink(error: unknown): boolean {
  return manageFailure(error)?.kind === 'invalid-link';
}

/**
 * The sentence for a failure, in the page's own words but for the policy's refusals, which are the
 * server's. The office's phone is written as everywhere else ("(614) 555-0142"), so that it becomes a link.
 */
export function failureText(failure: ManageFailure, officePhone: string): string {
  const phone = formatPhone(officePhone) || officePhone.trim();
  switch (failure.kind) {
    case 'refused':
    case 'order-changed':
    case 'fee-changed':
    case 'same-time':
      return failure.message;
    case 'busy':
      return t.failure.busy(phone);
    case 'unavailable':
      return t.failure.unavailable(phone);
    default:
      return t.failure.other(phone);
  }
}
