import { describe, expect, it } from 'vitest';
import { UnauthorizedError } from '../shared/api-client.ts';
import { ApiError } from '@scheduler/ui/api-error';
import { failureText, isInvalidLink, manageFailure, needsFreshView } from './manage-errors.ts';

describe("the manage page's reading of a refusal", () => {
  it('reads the codes of the manage API, and the kind of any other failure by its status', () => {
    expect(manageFailure(null)).toBeNull();
    expect(manageFailure(new ApiError(404, 'manage_link_invalid', 'gone'))).toEqual({ kind: 'invalid-link' });
    expect(
      manageFailure(
        new ApiError(409, 'change_refused', 'Changes within 24 hours of the inspection: please call (614) 555-0142'),
      ),
    ).toEqual({
      kind: 'refused',
      message: 'Changes within 24 hours of the inspection: please call (614) 555-0142',
    });
    expect(manageFailure(new ApiError(409, 'order_changed', 'moved'))).toEqual({
      kind: 'order-changed',
      message: 'moved',
    });
    expect(manageFailure(new ApiError(409, 'fee_changed', 'fee'))).toEqual({ kind: 'fee-changed', message: 'fee' });
    expect(manageFailure(new ApiError(409, 'same_time', "That is already your inspection's time.", 'start'))).toEqual({
      kind: 'same-time',
      message: "That is already your inspection's time.",
    });
    expect(manageFailure(new ApiError(400, 'invalid_request', 'too long', 'reason'))).toEqual({
      kind: 'field',
      field: 'reason',
      message: 'too long',
    });
    expect(manageFailure(new ApiError(400, 'invalid_request', 'bad'))).toEqual({ kind: 'other' });
    expect(manageFailure(new ApiError(429, 'rate_limited', 'slow down'))).toEqual({ kind: 'busy' });
    expect(manageFailure(new ApiError(503, 'unavailable', 'away'))).toEqual({ kind: 'unavailable' });
    expect(manageFailure(new ApiError(404, 'not_found', 'Not Found.'))).toEqual({ kind: 'other' });
    expect(manageFailure(new TypeError('Failed to fetch'))).toEqual({ kind: 'other' });
    expect(manageFailure(new UnauthorizedError())).toEqual({ kind: 'other' });
  });

  it('reads the booking again only when what the page showed is out of date', () => {
    expect(needsFreshView(new ApiError(404, 'manage_link_invalid', ''))).toBe(true);
    expect(needsFreshView(new ApiError(409, 'change_refused', ''))).toBe(true);
    expect(needsFreshView(new ApiError(409, 'order_changed', ''))).toBe(true);
    expect(needsFreshView(new ApiError(409, 'fee_changed', ''))).toBe(true);
    expect(needsFreshView(new ApiError(409, 'same_time', '', 'start'))).toBe(false);
    expect(needsFreshView(new ApiError(503, 'unavailable', ''))).toBe(false);
    expect(needsFreshView(new ApiError(400, 'invalid_request', '', 'reason'))).toBe(false);
    expect(isInvalidLink(new ApiError(404, 'manage_link_invalid', ''))).toBe(true);
    expect(isInvalidLink(new ApiError(404, 'not_found', ''))).toBe(false);
  });

  it("says the policy's refusals in the server's words and the rest in its own, the office's phone as every screen writes it", () => {
    expect(
      failureText(
        { kind: 'refused', message: 'Cancellations within 24 hours of the inspection: please call (614) 555-0142' },
        '6145550142',
      ),
    ).toBe('Cancellations within 24 hours of the inspection: please call (614) 555-0142');
    expect(failureText({ kind: 'same-time', message: "That is already your inspection's time." }, '6145550142')).toBe(
      "That is already your inspection's time.",
    );
    expect(failureText({ kind: 'busy' }, '6145550142')).toBe(
      'Too many tries in a short time. Please wait a minute and try again, or call the office at (614)\u00a0555-0142.',
    );
    expect(failureText({ kind: 'unavailable' }, '6145550142')).toBe(
      'The booking service is briefly unavailable. Please try again in a moment, or call the office at (614)\u00a0555-0142.',
    );
    expect(failureText({ kind: 'other' }, '')).toBe('Something went wrong. Please try again.');
  });
});
