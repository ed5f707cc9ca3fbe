import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { CONSOLE_ORIGIN, signedInMember } from './console-test-support.ts';

describeOnEachDatabase('console sign-in', (factory) => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await startTestApp(factory);
  });
  afterAll(async () => harness.close());

  it('signs an owner in through a one-time link, and /me names their company and role', async () => {
    const owner = await signedInMember(harness, 'owner@example.com', 'owner');
    const me = await harness.app.inject({ method: 'GET', url: '/api/console/me', headers: owner.headers });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ user: { email: 'owner@example.com' }, memberships: [{ company_key: 'demo', role: 'owner', inspector_id: null }] });
  });

  it('answers 401 without a session', async () => {
    const me = await harness.app.inject({ method: 'GET', url: '/api/console/me', headers: { origin: CONSOLE_ORIGIN } });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject({ error: { code: 'unauthenticated' } });
  });
});
