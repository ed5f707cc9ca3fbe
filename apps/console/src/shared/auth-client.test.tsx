import { describe, expect, it } from 'vitest';
import { AuthError, authCall, authFailureText, MIN_PASSWORD_LENGTH, TOO_MANY_ATTEMPTS } from './auth-client.ts';

/**
 * Better Auth's answers as the console reads them: its data, or its failure thrown, and said in
 * the console's words where the failure is a common one (its own terse words otherwise).
 */

const failure = (status: number, code?: string, message?: string) => new AuthError({ status, code, message });

describe('authCall', () => {
  it("gives back the call's data", async () => {
    await expect(authCall(Promise.resolve({ data: { id: 'u1' }, error: null }))).resolves.toEqual({ id: 'u1' });
  });

  it('throws its failure as an AuthError carrying the status, the code and the message', async () => {
    const error = await authCall(
      Promise.resolve({ data: null, error: { status: 401, code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid' } }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({
      name: 'AuthError',
      message: 'Invalid',
      failure: { status: 401, code: 'INVALID_EMAIL_OR_PASSWORD' },
    });
  });

  it('says the status when the failure has no message', () => {
    expect(failure(418).message).toBe('Sign-in service answered 418');
  });
});

describe('authFailureText', () => {
  it.each([
    ['INVALID_EMAIL_OR_PASSWORD', 'That e-mail address and password do not match. Check them and try again.'],
    ['INVALID_PASSWORD', 'That is not your current password.'],
    ['INVALID_TOKEN', 'This link has expired or was already used. Ask for a new one.'],
    ['PASSWORD_TOO_SHORT', `The password must be at least ${MIN_PASSWORD_LENGTH} characters.`],
    ['USER_ALREADY_EXISTS', 'There is already an account for this e-mail address: sign in instead.'],
    ['USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', 'There is already an account for this e-mail address: sign in instead.'],
    ['EMAIL_NOT_VERIFIED', 'Please confirm your e-mail address first: we have sent you a link.'],
  ])('says %s in the console’s words, whatever Better Auth’s own', (code, words) => {
    expect(authFailureText(failure(400, code, 'terse'))).toBe(words);
  });

  it('says too many attempts for a 429, whatever its code', () => {
    expect(authFailureText(failure(429, 'INVALID_PASSWORD', 'Slow down'))).toBe(TOO_MANY_ATTEMPTS);
  });

  it("keeps Better Auth's message for a refusal it has no words for, and asks to try again without one", () => {
    expect(authFailureText(failure(400, 'ORGANIZATION_NOT_FOUND', 'Organization not found'))).toBe(
      'Organization not found',
    );
    expect(authFailureText(failure(400))).toBe('That did not work. Please try again.');
  });

  it('never shows the words of a server failure', () => {
    expect(authFailureText(failure(500, 'INTERNAL', 'stack trace'))).toBe(
      'Something went wrong on our side. Please try again in a moment.',
    );
    expect(authFailureText(failure(503))).toBe('Something went wrong on our side. Please try again in a moment.');
  });

  it('says the server could not be reached for anything that is not its answer', () => {
    expect(authFailureText(new TypeError('Failed to fetch'))).toBe(
      'We could not reach the server. Check your connection and try again.',
    );
    expect(authFailureText(undefined)).toBe('We could not reach the server. Check your connection and try again.');
  });
});
