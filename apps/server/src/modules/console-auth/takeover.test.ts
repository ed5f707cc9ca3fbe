import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { importDemoCopy, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { fetchHeadersOf } from './console-access.ts';
import { organizationOfCompanyKey } from './console-auth.repository.ts';
import {
  confirmedStranger,
  CONSOLE_ORIGIN,
  foundCompany,
  freshClientAddress,
  newCompanyBody,
  signedInMember,
  type ConsolePerson,
} from './console-test-support.ts';

/**
 * Issue 39's three takeover chains, each as the probe ran it, and each ending with nothing of the
 * victim read or written. Membership once followed an organization's slug, which its owner could
 * rename to another company's key; it now follows the company's immutable id. So besides the
 * refusals of Better Auth's organization routes, each chain is also run with the slug changed in
 * the database, as if a way around those refusals were found: the wall must hold without them.
 */
describeOnEachDatabase('taking over another company (issue 39)', (factory) => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await startTestApp(factory);
  });
  afterAll(async () => harness.close());

  const db = () => harness.database.db;
  const authPost = (person: ConsolePerson, path: string, payload: Record<string, unknown>) =>
    harness.app.inject({
      method: 'POST',
      url: `/api/auth${path}`,
      remoteAddress: freshClientAddress(),
      headers: person.headers,
      payload,
    });
  const read = (person: ConsolePerson, key: string, what = 'orders') =>
    harness.app.inject({ method: 'GET', url: `/api/console/companies/${key}/${what}`, headers: person.headers });
  const setStripeKeys = (person: ConsolePerson, key: string) =>
    harness.app.inject({
      method: 'PUT',
      url: `/api/console/companies/${key}/payments/stripe`,
      headers: person.headers,
      payload: { secret_key: 'sk_test_attackerattacker', webhook_secret: 'whsec_attackerattacker' },
    });

  /** A company made by the admin API, as an import makes it (the first chain's victim had no organization then). */
  async function importCompany(key: string, officeUuid: string): Promise<void> {
    await importDemoCopy(harness, key, officeUuid, (document) => {
      document.name = `Victim ${key}`;
    });
  }

  /** Moves an organization's slug in the database, around every route: what the old code trusted. */
  async function renameSlugBehindTheRoutes(organizationId: string, slug: string): Promise<void> {
    await db().update(t.authOrganizations).set({ slug }).where(eq(t.authOrganizations.id, organizationId));
  }

  async function expectWalledOff(attacker: ConsolePerson, victimKey: string): Promise<void> {
    for (const what of ['orders', 'configuration', 'inspectors', 'members']) {
      const answer = await read(attacker, victimKey, what);
      expect(answer.statusCode, `${what}: ${answer.body}`).toBe(403);
      expect(answer.body).not.toContain('Victim');
    }
    const keys = await setStripeKeys(attacker, victimKey);
    expect(keys.statusCode, keys.body).toBe(403);
    expect(await db().select().from(t.companyPaymentSecrets)).toEqual([]);
    const me = (await harness.app.inject({ method: 'GET', url: '/api/console/me', headers: attacker.headers })).json();
    expect(me.memberships.map((membership: { company_key: string }) => membership.company_key)).not.toContain(
      victimKey,
    );
  }

  it('import, then rename: an imported company has its organization from the start, and renaming another to its key opens nothing', async () => {
    await importCompany('imported-victim', 'c0000000-0000-4000-8000-0000000000a1');
    expect(await organizationOfCompanyKey(db(), 'imported-victim')).not.toBeNull();
    const attacker = await confirmedStranger(harness, 'renamer@example.com');
    await foundCompany(harness, attacker, 'renamer-co');
    const own = (await organizationOfCompanyKey(db(), 'renamer-co'))!;
    const update = await authPost(attacker, '/organization/update', {
      organizationId: own,
      data: { slug: 'imported-victim' },
    });
    expect(update.statusCode).toBe(404);
    await expectWalledOff(attacker, 'imported-victim');
    await renameSlugBehindTheRoutes(own, 'imported-victim-taken');
    await expectWalledOff(attacker, 'imported-victim');
    // Their own company is still theirs: membership never followed the slug.
    expect((await read(attacker, 'renamer-co')).statusCode).toBe(200);
  });

  it('reserve, then found: a key reserved by renaming is not adopted, and its founder is alone in the new company', async () => {
    const attacker = await confirmedStranger(harness, 'reserver@example.com');
    await foundCompany(harness, attacker, 'reserver-co');
    const own = (await organizationOfCompanyKey(db(), 'reserver-co'))!;
    expect(
      (await authPost(attacker, '/organization/update', { organizationId: own, data: { slug: 'future-victim' } }))
        .statusCode,
    ).toBe(404);
    await renameSlugBehindTheRoutes(own, 'future-victim');
    const founder = await confirmedStranger(harness, 'founder@example.com');
    await foundCompany(harness, founder, 'future-victim');
    const victimOrganization = (await organizationOfCompanyKey(db(), 'future-victim'))!;
    expect(victimOrganization).not.toBe(own);
    const members = await db()
      .select({ userId: t.authMembers.userId, role: t.authMembers.role })
      .from(t.authMembers)
      .where(eq(t.authMembers.organizationId, victimOrganization));
    expect(members).toEqual([{ userId: founder.userId, role: 'owner' }]);
    await expectWalledOff(attacker, 'future-victim');
    expect((await read(founder, 'future-victim')).statusCode).toBe(200);
  });

  it('admin renames away: the owner keeps the company, no stranger can claim it, and only an owner makes an owner', async () => {
    const owner = await confirmedStranger(harness, 'rightful@example.com');
    await foundCompany(harness, owner, 'renamed-away');
    const organizationId = (await organizationOfCompanyKey(db(), 'renamed-away'))!;
    const admin = await signedInMember(harness, 'rogue-admin@example.com', 'admin', 'renamed-away');
    expect(
      (await authPost(admin, '/organization/update', { organizationId, data: { slug: 'elsewhere' } })).statusCode,
    ).toBe(404);
    expect((await authPost(admin, '/organization/delete', { organizationId })).statusCode).toBe(404);
    expect(
      (await authPost(admin, '/organization/create', { name: 'Renamed Away', slug: 'renamed-away' })).statusCode,
    ).toBe(404);
    await renameSlugBehindTheRoutes(organizationId, 'elsewhere');
    // A stranger founding a company cannot take the key, nor adopt the organization.
    const stranger = await confirmedStranger(harness, 'claimer@example.com');
    const claim = await harness.app.inject({
      method: 'POST',
      url: '/api/console/companies',
      headers: stranger.headers,
      payload: newCompanyBody('renamed-away'),
    });
    expect(claim.statusCode).toBe(409);
    await expectWalledOff(stranger, 'renamed-away');
    expect((await read(owner, 'renamed-away')).statusCode).toBe(200);
    // The admin cannot make themselves (or anyone) an owner, nor remove the owner.
    const [adminRow] = await db()
      .select({ id: t.authMembers.id })
      .from(t.authMembers)
      .where(eq(t.authMembers.userId, admin.userId));
    const [ownerRow] = await db()
      .select({ id: t.authMembers.id })
      .from(t.authMembers)
      .where(eq(t.authMembers.userId, owner.userId));
    expect(
      (
        await authPost(admin, '/organization/update-member-role', {
          organizationId,
          memberId: adminRow!.id,
          role: 'owner',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await authPost(admin, '/organization/invite-member', {
          organizationId,
          email: 'accomplice@example.com',
          role: 'owner',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await authPost(admin, '/organization/remove-member', { organizationId, memberIdOrEmail: ownerRow!.id }))
        .statusCode,
    ).toBeGreaterThanOrEqual(400);
    const roles = await db()
      .select({ userId: t.authMembers.userId, role: t.authMembers.role })
      .from(t.authMembers)
      .where(eq(t.authMembers.organizationId, organizationId));
    expect(roles).toEqual(
      expect.arrayContaining([
        { userId: owner.userId, role: 'owner' },
        { userId: admin.userId, role: 'admin' },
      ]),
    );
    // The owner can hand ownership on.
    expect(
      (
        await authPost(owner, '/organization/update-member-role', {
          organizationId,
          memberId: adminRow!.id,
          role: 'owner',
        })
      ).statusCode,
    ).toBe(200);
  });

  it("refuses Better Auth's organization writes even when called inside the server (its hooks), not only by the routes", async () => {
    const owner = await confirmedStranger(harness, 'hooked@example.com');
    await foundCompany(harness, owner, 'hooked-co');
    const organizationId = (await organizationOfCompanyKey(db(), 'hooked-co'))!;
    const { auth } = harness.app.consoleAuth();
    const headers = fetchHeadersOf({
      headers: { cookie: owner.cookie, origin: CONSOLE_ORIGIN },
      ip: '127.0.0.1',
    } as never);
    await expect(
      auth.api.updateOrganization({ body: { organizationId, data: { slug: 'somewhere-else' } }, headers }),
    ).rejects.toThrow();
    await expect(auth.api.deleteOrganization({ body: { organizationId }, headers })).rejects.toThrow();
    await expect(
      auth.api.createOrganization({ body: { name: 'Made by Better Auth', slug: 'made-by-better-auth' }, headers }),
    ).rejects.toThrow();
    const [row] = await db().select().from(t.authOrganizations).where(eq(t.authOrganizations.id, organizationId));
    expect(row!.slug).not.toBe('somewhere-else');
    expect(
      await db().select().from(t.authOrganizations).where(eq(t.authOrganizations.slug, 'made-by-better-auth')),
    ).toEqual([]);
  });
});
