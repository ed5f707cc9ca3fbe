import { describe, expect, it } from 'vitest';
import { ApiError } from '@scheduler/ui/api-error';
import { refusedField } from './document-refusal.ts';

describe('refusedField', () => {
  it("answers the field a 400 names, and the server's words after the machine's prefix, capitalised", () => {
    const error = new ApiError(
      400,
      'invalid_document',
      'Invalid company document field "offices.1.time_zone": an IANA time zone such as America/New_York',
      'offices.1.time_zone',
    );
    expect(refusedField(error)).toEqual({
      path: 'offices.1.time_zone',
      message: 'An IANA time zone such as America/New_York',
    });
  });

  it('keeps a message without the prefix as it is, capitalised', () => {
    expect(
      refusedField(
        new ApiError(400, 'invalid_request', 'a Stripe webhook signing secret (whsec_...)', 'webhook_secret'),
      ),
    ).toEqual({ path: 'webhook_secret', message: 'A Stripe webhook signing secret (whsec_...)' });
  });

  it('names nothing for a refusal without a field, another status, or another error', () => {
    expect(refusedField(new ApiError(400, 'invalid_document', 'Invalid document'))).toBeNull();
    expect(refusedField(new ApiError(409, 'version_conflict', 'Someone else saved', 'base_version'))).toBeNull();
    expect(refusedField(new ApiError(500, 'http_error', 'Oops', 'name'))).toBeNull();
    expect(refusedField(new Error('Invalid company document field "name": too long'))).toBeNull();
    expect(refusedField(null)).toBeNull();
  });
});
