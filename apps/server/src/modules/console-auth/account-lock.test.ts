import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { setClock } from '../booking-changes/manage-test-support.ts';
import { ACCOUNT_FAILURES_ALLOWED, ACCOUNT_LOCK_WINDOW_MS, ACCOUNT_LOCKED_MESSAGE } from './auth.ts';
import { CONSOLE_ORIGIN, signIn as signInByLink, signedInMember } from './console-test-support.ts';

const START = '2027-03-01T14:00:00.000Z';
const PASSWORD = 'correct horse battery';

describeOnEachDatabase('an account under guessing', (factory) => {
  let harness: TestApp;
  let attempt = 0;
  beforeAll(async () => {
    harness = await startTestApp(factory);
  });
  afterAll(async () => harness.close());

  /** A sign-in from a new client address each time: Better Auth's per-address limit never bites. */
  const signIn = (email: string, password: string) =>
    harness.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: `10.0.${Math.floor(++attempt / 250)}.${attempt % 250}`,
      headers: { origin: CONSOLE_ORIGIN },
      payload: { email, password },
    });

  async function withPassword(email: string) {
    const person = await signedInMember(harness, email, 'owner');
    const chosen = await harness.app.inject({
      method: 'POST',
      url: '/api/console/me/password',
      headers: person.headers,
      payload: { new_password: PASSWORD },
    });
    expect(chosen.statusCode).toBe(204);
    return person;
  }

  const fail = async (email: string, times: number) => {
    for (let failure = 1; failure <= times; failure++)
      expect((await signIn(email, `wrong-${failure}-password`)).statusCode).toBe(401);
  };

  it(`takes no sign-in after ${ACCOUNT_FAILURES_ALLOWED} failures in the window, from any address, until the window has passed`, async () => {
    setClock(harness, START);
    const owner = await withPassword('guarded@example.com');
    await fail('guarded@example.com', ACCOUNT_FAILURES_ALLOWED - 1);
    // One below the bound: the right password still works, and a sign-in starts the count afresh.
    expect((await signIn('guarded@example.com', PASSWORD)).statusCode).toBe(200);
    await fail('guarded@example.com', ACCOUNT_FAILURES_ALLOWED - 1);
    expect((await signIn('GUARDED@example.com', 'wrong-last-password')).statusCode).toBe(401);
    // At the bound: refused, the right password included, with words that say what to do.
    const locked = await signIn('guarded@example.com', PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(ACCOUNT_LOCKED_MESSAGE);
    // Another account is not concerned.
    await withPassword('neighbour@example.com');
    expect((await signIn('neighbour@example.com', PASSWORD)).statusCode).toBe(200);
    const events = await harness.database.db
      .select({ type: t.authAuditEvents.type })
      .from(t.authAuditEvents)
      .where(and(eq(t.authAuditEvents.userId, owner.userId), eq(t.authAuditEvents.type, 'sign_in_failed')));
    expect(events).toHaveLength(2 * ACCOUNT_FAILURES_ALLOWED - 1);
    // All the failures happened at one instant: exactly a window later they still count, a moment after they do not.
    harness.clock.advance(ACCOUNT_LOCK_WINDOW_MS);
    expect((await signIn('guarded@example.com', PASSWORD)).statusCode).toBe(429);
    harness.clock.advance(1);
    expect((await signIn('guarded@example.com', PASSWORD)).statusCode).toBe(200);
  });

  it('answers an address no account has exactly as a locked account: 401 until the bound, then the same 429 (issue 39)', async () => {
    setClock(harness, START);
    await fail('nobody-here@example.com', ACCOUNT_FAILURES_ALLOWED);
    const locked = await signIn('nobody-here@example.com', PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(ACCOUNT_LOCKED_MESSAGE);
    // No e-mail address is written into the audit trail, only its keyed hash.
    const rows = await harness.database.db.select({ data: t.authAuditEvents.data }).from(t.authAuditEvents);
    expect(JSON.stringify(rows)).not.toContain('nobody-here');
  });

  it('lifts the lock once the account signs in by an e-mailed link, as its message says', async () => {
    setClock(harness, START);
    const person = await withPassword('linked@example.com');
    await fail('linked@example.com', ACCOUNT_FAILURES_ALLOWED);
    expect((await signIn('linked@example.com', PASSWORD)).statusCode).toBe(429);
    await signInByLink(harness, 'linked@example.com', person.userId);
    expect((await signIn('linked@example.com', PASSWORD)).statusCode).toBe(200);
  });

  it('lifts the lock once the account chooses a new password through the reset link', async () => {
    setClock(harness, START);
    await withPassword('reset@example.com');
    await fail('reset@example.com', ACCOUNT_FAILURES_ALLOWED);
    expect((await signIn('reset@example.com', PASSWORD)).statusCode).toBe(429);
    const asked = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: CONSOLE_ORIGIN },
      payload: { email: 'reset@example.com', redirectTo: '/console/reset-password' },
    });
    expect(asked.statusCode).toBe(200);
    const [job] = (await harness.database.db.select().from(t.jobs).where(eq(t.jobs.kind, 'account_email'))).filter(
      (row) => row.payload.to === 'reset@example.com' && row.payload.type === 'password_reset',
    );
    const reset = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: CONSOLE_ORIGIN },
      payload: { newPassword: 'a brand new passphrase', token: job!.payload.account_token },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await signIn('reset@example.com', 'a brand new passphrase')).statusCode).toBe(200);
  });
});
