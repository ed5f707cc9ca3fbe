import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataEncryption } from '../../crypto/data-encryption.ts';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { demoDocumentWith, startTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../../test-support/test-app.ts';
import {
  authEvents,
  CONSOLE_ORIGIN,
  signedInMember,
  type ConsolePerson,
} from '../console-auth/console-test-support.ts';

/** The console's Stripe keys routes (issue 26): the admin route's service and bounds, for a company's owners and admins. */

const ADMIN = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const PATH = '/api/console/companies/demo/payments/stripe';
const OTHER_PATH = '/api/console/companies/other/payments/stripe';
const SECRETS = { secret_key: 'sk_test_consoleCONSOLE01', webhook_secret: 'whsec_consoleCONSOLEsign01' };
const OTHER_OFFICE = 'c0000000-0000-4000-8000-0000000000b3';

describeOnEachDatabase('Stripe keys from the console', (factory) => {
  let harness: TestApp;
  let owner: ConsolePerson;
  let adminMember: ConsolePerson;
  let office: ConsolePerson;
  let inspector: ConsolePerson;
  let otherOwner: ConsolePerson;

  beforeAll(async () => {
    harness = await startTestApp(factory, { config: { DATA_ENCRYPTION_KEY: DataEncryption.newKeyEntry('k1') } });
    const other = demoDocumentWith({}, (doc) => {
      doc.key = 'other';
      doc.offices[0].uuid = OTHER_OFFICE;
      for (const each of doc.inspectors) each.office = OTHER_OFFICE;
    });
    expect(
      (await harness.app.inject({ method: 'PUT', url: '/api/admin/companies/other', headers: ADMIN, payload: other }))
        .statusCode,
    ).toBe(200);
    owner = await signedInMember(harness, 'owner@example.com', 'owner');
    adminMember = await signedInMember(harness, 'ada@example.com', 'admin');
    office = await signedInMember(harness, 'office@example.com', 'office');
    inspector = await signedInMember(harness, 'mike@example.com', 'inspector', 'demo', 101);
    otherOwner = await signedInMember(harness, 'olga@other.example', 'owner', 'other');
  });
  afterAll(async () => harness.close());

  const put = (person: ConsolePerson, payload: unknown, url = PATH) =>
    harness.app.inject({ method: 'PUT', url, headers: person.headers, payload: payload as Record<string, unknown> });
  const get = (person: ConsolePerson, url = PATH) =>
    harness.app.inject({ method: 'GET', url, headers: person.headers });

  it('says no keys are set yet, then lets the owner set them: the answer, and every read after, says only that they are set and when', async () => {
    const before = await get(owner);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({ provider: 'stripe', configured: false, key_id: null, updated_at: null });

    const saved = await put(owner, SECRETS);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      provider: 'stripe',
      configured: true,
      key_id: 'k1',
      updated_at: expect.any(String),
    });

    for (const person of [owner, adminMember]) {
      const read = await get(person);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(saved.json());
      for (const secret of Object.values(SECRETS)) expect(read.body).not.toContain(secret);
    }
    for (const secret of Object.values(SECRETS)) expect(saved.body).not.toContain(secret);
    // Stored encrypted for the demo company, as the admin route stores them.
    const rows = await harness.database.db.select().from(t.companyPaymentSecrets);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(SECRETS.secret_key);
    // The admin API reads the same keys.
    expect(
      (
        await harness.app.inject({ method: 'GET', url: '/api/admin/companies/demo/payments/stripe', headers: ADMIN })
      ).json(),
    ).toMatchObject({ configured: true, key_id: 'k1' });
  });

  it('lets an admin member replace them, recording who did (never the keys)', async () => {
    const saved = await put(adminMember, {
      secret_key: 'rk_live_adminADMIN0002',
      webhook_secret: 'whsec_adminADMINsign0002',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ configured: true });
    const events = await authEvents(harness, adminMember.userId, 'payment_keys_set');
    expect(events).toHaveLength(1);
    expect(events[0]!.organizationId).toEqual(expect.any(String));
    expect(JSON.stringify(events)).not.toContain('rk_live_adminADMIN0002');
  });

  it('refuses office and inspector members with 403, and anyone signed out with 401', async () => {
    for (const person of [office, inspector]) {
      for (const answer of [await get(person), await put(person, SECRETS)]) {
        expect(answer.statusCode, person.email).toBe(403);
        expect(answer.json()).toMatchObject({ error: { code: 'forbidden', message: "Your role doesn't allow this." } });
      }
    }
    expect(
      (await harness.app.inject({ method: 'GET', url: PATH, headers: { origin: CONSOLE_ORIGIN } })).statusCode,
    ).toBe(401);
  });

  it("refuses another company's key, whatever the person's role in their own", async () => {
    const before = await harness.database.db.select().from(t.companyPaymentSecrets);
    for (const answer of [
      await get(owner, OTHER_PATH),
      await put(owner, SECRETS, OTHER_PATH),
      await get(otherOwner),
      await put(otherOwner, SECRETS),
    ]) {
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({
        error: { code: 'forbidden', message: "You don't have access to this company." },
      });
    }
    expect(await harness.database.db.select().from(t.companyPaymentSecrets)).toEqual(before);
    // Their own company's keys are theirs to set.
    expect((await put(otherOwner, SECRETS, OTHER_PATH)).statusCode).toBe(200);
  });

  it('refuses a save from another site (no console Origin)', async () => {
    const answer = await harness.app.inject({
      method: 'PUT',
      url: PATH,
      headers: { cookie: owner.cookie, origin: 'https://evil.example' },
      payload: SECRETS,
    });
    expect(answer.statusCode).toBe(403);
  });

  describe('the body, as the admin route bounds it', () => {
    it.each([
      ['secret_key', { ...SECRETS, secret_key: 'pk_test_publishable0001' }],
      ['secret_key', { ...SECRETS, secret_key: 'sk_test_short' }],
      ['secret_key', { ...SECRETS, secret_key: `sk_test_${'a'.repeat(255 - 8 + 1)}` }],
      ['webhook_secret', { ...SECRETS, webhook_secret: 'whsec_' }],
      ['webhook_secret', { ...SECRETS, webhook_secret: `whsec_${'a'.repeat(255 - 6 + 1)}` }],
      ['webhook_secret', { secret_key: SECRETS.secret_key }],
    ])('refuses a bad %s with 400 naming it', async (field, payload) => {
      const answer = await put(owner, payload);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().error.field).toBe(field);
    });

    it('takes each key at its longest (255 characters), and refuses an unknown field', async () => {
      const longest = { secret_key: `sk_test_${'a'.repeat(255 - 8)}`, webhook_secret: `whsec_${'a'.repeat(255 - 6)}` };
      expect((await put(owner, longest)).statusCode).toBe(200);
      const extra = await put(owner, { ...SECRETS, publishable_key: 'pk_test_x' });
      expect(extra.statusCode).toBe(400);
    });
  });
});

describeOnEachDatabase('Stripe keys from the console, on a server without DATA_ENCRYPTION_KEY', (factory) => {
  let harness: TestApp;
  let owner: ConsolePerson;
  beforeAll(async () => {
    harness = await startTestApp(factory);
    owner = await signedInMember(harness, 'owner@example.com', 'owner');
  });
  afterAll(async () => harness.close());

  it('answers 409 payments_not_configured with why, and stores nothing', async () => {
    const answer = await harness.app.inject({ method: 'PUT', url: PATH, headers: owner.headers, payload: SECRETS });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({
      error: {
        code: 'payments_not_configured',
        message: 'Online payment is not set up on this server (DATA_ENCRYPTION_KEY is not set).',
      },
    });
    expect(await harness.database.db.select().from(t.companyPaymentSecrets)).toEqual([]);
  });
});
