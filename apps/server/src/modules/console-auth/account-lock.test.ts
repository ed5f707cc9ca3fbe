import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { setClock } from '../manage/manage-test-support.ts';
import { ACCOUNT_FAILURES_ALLOWED, ACCOUNT_LOCK_WINDOW_MS, ACCOUNT_LOCKED_MESSAGE } from './auth.ts';
import { CONSOLE_ORIGIN, signedInMember } from './console-test-support.ts';

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
    harness.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: `10.0.${Math.floor(++attempt / 250)}.${attempt % 250}`, headers: { origin: CONSOLE_ORIGIN }, payload: { email, password } });

  it(`takes no sign-in after ${ACCOUNT_FAILURES_ALLOWED} failures in the window, from any address, until the window has passed`, async () => {
    setClock(harness, START);
    const owner = await signedInMember(harness, 'guarded@example.com', 'owner');
    const chosen = await harness.app.inject({ method: 'POST', url: '/api/console/me/password', headers: owner.headers, payload: { new_password: PASSWORD } });
    expect(chosen.statusCode).toBe(204);
    for (let failure = 1; failure < ACCOUNT_FAILURES_ALLOWED; failure++) expect((await signIn('guarded@example.com', `wrong-${failure}-password`)).statusCode).toBe(401);
    // One below the bound: the right password still works.
    expect((await signIn('guarded@example.com', PASSWORD)).statusCode).toBe(200);
    expect((await signIn('GUARDED@example.com', 'wrong-last-password')).statusCode).toBe(401);
    // At the bound: refused, the right password included, with words that say what to do.
    const locked = await signIn('guarded@example.com', PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(ACCOUNT_LOCKED_MESSAGE);
    // Another account is not concerned.
    await signedInMember(harness, 'neighbour@example.com', 'office');
    const events = await harness.database.db.select({ type: t.authAuditEvents.type }).from(t.authAuditEvents).where(and(eq(t.authAuditEvents.userId, owner.userId), eq(t.authAuditEvents.type, 'sign_in_failed')));
    expect(events).toHaveLength(ACCOUNT_FAILURES_ALLOWED);
    // All the failures happened at one instant: exactly a window later they still count, a moment after they do not.
    harness.clock.advance(ACCOUNT_LOCK_WINDOW_MS);
    expect((await signIn('guarded@example.com', PASSWORD)).statusCode).toBe(429);
    harness.clock.advance(1);
    expect((await signIn('guarded@example.com', PASSWORD)).statusCode).toBe(200);
  });
});
