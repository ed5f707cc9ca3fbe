import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorOf, errorEnvelopeOf } from './api-error.ts';

describe('the API error envelope', () => {
  it("reads the server's code, message and field", () => {
    expect(errorEnvelopeOf({ error: { code: 'conflict', message: 'Taken.', field: 'datetime' } })).toEqual({
      code: 'conflict',
      message: 'Taken.',
      field: 'datetime',
    });
    expect(errorEnvelopeOf({ error: { code: 'not_found', message: 'Gone.' } })).toEqual({
      code: 'not_found',
      message: 'Gone.',
    });
  });

  it.each([
    null,
    'text',
    [],
    {},
    { error: null },
    { error: 'x' },
    { error: { code: 1, message: 'm' } },
    { error: { code: 'c' } },
    { error: { code: 'c', message: 'm', field: 3 } },
  ])('finds none in %j', (body) => {
    expect(errorEnvelopeOf(body)).toBeNull();
  });

  it('makes an ApiError of a refusal, and http_error of an answer without an envelope', () => {
    const refusal = apiErrorOf(409, 'Conflict', { error: { code: 'coupon_used_up', message: 'Used up.' } });
    expect(refusal).toBeInstanceOf(ApiError);
    expect([refusal.status, refusal.code, refusal.message, refusal.field]).toEqual([
      409,
      'coupon_used_up',
      'Used up.',
      undefined,
    ]);
    const bare = apiErrorOf(502, 'Bad Gateway', null);
    expect([bare.status, bare.code, bare.message]).toEqual([502, 'http_error', 'Bad Gateway']);
  });
});
