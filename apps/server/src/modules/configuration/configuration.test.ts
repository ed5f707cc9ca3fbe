import type {
  ConfigurationResponse,
  VersionConflict,
  VersionDetail,
  VersionsResponse,
} from '@scheduler/contracts/configuration';
import { VERSIONS_PER_PAGE } from '@scheduler/contracts/configuration';
import type { ConsoleMe, ConsoleOrdersResponse, ConsoleSchedule } from '@scheduler/contracts/console';
import { SETTING } from '@scheduler/contracts/setting-keys';
import { addDays } from '@scheduler/domain/availability/zoned-calendar';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { demoOrdinaryWeekday } from '../../test-support/demo-days.ts';
import {
  demoDocument,
  startDemoSession,
  startTestApp,
  TEST_ADMIN_TOKEN,
  type TestApp,
} from '../../test-support/test-app.ts';
import { CONSOLE_ORIGIN, signedInMember, type ConsolePerson } from '../console-auth/console-test-support.ts';
import { ManagedBooking, setClock } from '../booking-changes/manage-test-support.ts';

/** A Monday, 9 AM in Columbus: every test runs on this clock, whatever the real date. */
const MONDAY = '2027-03-01T14:00:00.000Z';
const admin = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const BASE = '/api/console/companies/demo/configuration';

type Document = Record<string, any>;

describeOnEachDatabase('console configuration (issue 26)', (factory) => {
  let harness: TestApp;
  let owner: ConsolePerson;
  let adminMember: ConsolePerson;
  let office: ConsolePerson;
  let mike: ConsolePerson;

  beforeAll(async () => {
    harness = await startTestApp(factory, {
      config: { SESSION_RATE_LIMIT: '1000', SEARCH_RATE_LIMIT: '1000', WRITE_RATE_LIMIT: '1000' },
    });
    setClock(harness, MONDAY);
    owner = await signedInMember(harness, 'owner@example.com', 'owner');
    adminMember = await signedInMember(harness, 'ada@example.com', 'admin');
    office = await signedInMember(harness, 'office@example.com', 'office');
    mike = await signedInMember(harness, 'mike@example.com', 'inspector', 'demo', 101);
  });
  beforeEach(() => setClock(harness, MONDAY));
  afterAll(async () => harness.close());

  const read = async (person: ConsolePerson = owner) => {
    const response = await harness.app.inject({ method: 'GET', url: BASE, headers: person.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ConfigurationResponse>();
  };
  const save = (person: ConsolePerson, baseVersion: number, document: Document) =>
    harness.app.inject({
      method: 'PUT',
      url: BASE,
      headers: person.headers,
      payload: { base_version: baseVersion, document },
    });
  const restore = (person: ConsolePerson, version: number, baseVersion: number) =>
    harness.app.inject({
      method: 'POST',
      url: `${BASE}/versions/${version}/restore`,
      headers: person.headers,
      payload: { base_version: baseVersion },
    });
  /** The document with one setting's value changed in its place, or added at the end. */
  const withSetting = (document: Document, key: string, value: unknown): Document => {
    const settings = document.settings as Array<{ key: string; value: unknown }>;
    return {
      ...document,
      settings: settings.some((setting) => setting.key === key)
        ? settings.map((setting) => (setting.key === key ? { key, value } : setting))
        : [...settings, { key, value }],
    };
  };
  /** The setting as the wizard's office call delivers it to a fresh visitor. */
  async function visitorSetting(key: string): Promise<unknown> {
    const token = await startDemoSession(harness.app);
    const office = await harness.app.inject({
      method: 'GET',
      url: '/demo/online-scheduler/office',
      headers: { 'x-auth-token': token },
    });
    return (office.json().settings_data as Array<{ key: string; value: unknown }>).find(
      (setting) => setting.key === key,
    )?.value;
  }

  describe('who may', () => {
    it('lets owner and admin read it; refuses office and inspector members with 403, and everyone signed out with 401', async () => {
      expect((await read(owner)).document.key).toBe('demo');
      expect((await read(adminMember)).document.key).toBe('demo');
      const current = await read();
      for (const person of [office, mike]) {
        for (const request of [
          { method: 'GET' as const, url: BASE },
          {
            method: 'PUT' as const,
            url: BASE,
            payload: { base_version: current.version.version, document: current.document },
          },
          { method: 'GET' as const, url: `${BASE}/versions` },
          { method: 'GET' as const, url: `${BASE}/versions/1` },
          {
            method: 'POST' as const,
            url: `${BASE}/versions/1/restore`,
            payload: { base_version: current.version.version },
          },
        ]) {
          const response = await harness.app.inject({ ...request, headers: person.headers });
          expect(response.statusCode, `${person.email} ${request.method} ${request.url}`).toBe(403);
          expect(response.json()).toMatchObject({
            error: { code: 'forbidden', message: "Your role doesn't allow this." },
          });
        }
      }
      expect(
        (await harness.app.inject({ method: 'GET', url: BASE, headers: { origin: CONSOLE_ORIGIN } })).statusCode,
      ).toBe(401);
      // Nothing an office member sent was saved.
      expect((await read()).version.version).toBe(current.version.version);
    });

    it('refuses a save from another site (no console Origin) with 403', async () => {
      const current = await read();
      const response = await harness.app.inject({
        method: 'PUT',
        url: BASE,
        headers: { cookie: owner.cookie, origin: 'https://evil.example' },
        payload: { base_version: current.version.version, document: current.document },
      });
      expect(response.statusCode).toBe(403);
    });
  });

  describe('saving', () => {
    it("says the largest inspector id the company ever used, a removed inspector's included, so a new one is numbered past it", async () => {
      const current = await read();
      const ids = (current.document.inspectors as Array<{ id: number }>).map((inspector) => inspector.id);
      const largest = Math.max(...ids);
      expect(current.highest_inspector_id).toBe(largest);
      const fewer = {
        ...current.document,
        inspectors: (current.document.inspectors as Array<{ id: number }>).filter(
          (inspector) => inspector.id !== largest,
        ),
      };
      const saved = await save(adminMember, current.version.version, fewer);
      expect(saved.statusCode, saved.body).toBe(200);
      const after = await read();
      expect((after.document.inspectors as Array<{ id: number }>).map((inspector) => inspector.id)).not.toContain(
        largest,
      );
      expect(after.highest_inspector_id).toBe(largest);
      // Put back as it was, for the tests after this one.
      expect((await save(adminMember, after.version.version, current.document)).statusCode).toBe(200);
    });

    it("saves a setting as a new version that the wizard's visitors get at once, recorded with who saved it and what changed", async () => {
      const current = await read();
      expect(await visitorSetting(SETTING.ALLOW_TODAY)).toBe('N');
      const saved = await save(
        adminMember,
        current.version.version,
        withSetting(current.document, SETTING.ALLOW_TODAY, 'Y'),
      );
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().version).toMatchObject({
        version: current.version.version + 1,
        source: 'console',
        restored_from: null,
        saved_by: 'ada',
        saved_at: MONDAY,
        change_count: 1,
        changed_paths: [`settings[${SETTING.ALLOW_TODAY}].value`],
      });
      expect(await visitorSetting(SETTING.ALLOW_TODAY)).toBe('Y');
      const after = await read();
      expect(after.version.version).toBe(current.version.version + 1);
      expect(
        (after.document.settings as Array<{ key: string; value: unknown }>).find(
          (setting) => setting.key === SETTING.ALLOW_TODAY,
        )?.value,
      ).toBe('Y');
    });

    it('refuses a bad document with 400 naming the field, and saves nothing', async () => {
      const current = await read();
      const badInspector = structuredClone(current.document) as Document;
      badInspector.inspectors[0].max_inspections_per_day = -1;
      const refused = await save(owner, current.version.version, badInspector);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        error: { code: 'invalid_document', field: 'inspectors.0.max_inspections_per_day' },
      });
      const otherKey = await save(owner, current.version.version, { ...current.document, key: 'someone-else' });
      expect(otherKey.statusCode).toBe(400);
      expect(otherKey.json()).toMatchObject({ error: { code: 'key_mismatch', field: 'key' } });
      const noBase = await harness.app.inject({
        method: 'PUT',
        url: BASE,
        headers: owner.headers,
        payload: { document: current.document },
      });
      expect(noBase.statusCode).toBe(400);
      expect(noBase.json().error.message).toContain('base_version');
      expect((await read()).version.version).toBe(current.version.version);
    });

    it("refuses the second of two admins' saves from one version with 409, saying who saved and what they changed; the first one's change stays", async () => {
      const opened = await read();
      const first = await save(owner, opened.version.version, {
        ...opened.document,
        name: 'Scioto Valley Inspections',
      });
      expect(first.statusCode).toBe(200);
      const second = await save(
        adminMember,
        opened.version.version,
        withSetting(opened.document, SETTING.HIDE_LOGO, 'Y'),
      );
      expect(second.statusCode).toBe(409);
      const conflict = second.json<VersionConflict>();
      expect(conflict.error).toMatchObject({ code: 'version_conflict', field: 'base_version' });
      expect(conflict.error.message).toContain(`owner saved version ${opened.version.version + 1}`);
      expect(conflict.current).toMatchObject({ version: opened.version.version + 1, saved_by: 'owner' });
      expect(conflict.changes).toEqual([
        {
          path: 'name',
          kind: 'changed',
          before: opened.document.name,
          after: 'Scioto Valley Inspections',
          text: `Company name: "${String(opened.document.name)}" → "Scioto Valley Inspections"`,
        },
      ]);
      const now = await read();
      expect(now.document.name).toBe('Scioto Valley Inspections');
      expect(
        (now.document.settings as Array<{ key: string }>).some((setting) => setting.key === SETTING.HIDE_LOGO),
      ).toBe(false);
      // Made again on the new version, it is taken.
      expect(
        (await save(adminMember, now.version.version, withSetting(now.document, SETTING.HIDE_LOGO, 'N'))).statusCode,
      ).toBe(200);
    });

    it('takes exactly one of two saves sent at the same moment from one version', async () => {
      const opened = await read();
      const answers = await Promise.all([
        save(owner, opened.version.version, { ...opened.document, state_label: 'Province' }),
        save(adminMember, opened.version.version, { ...opened.document, state_label: 'Region' }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const winner = answers.find((answer) => answer.statusCode === 200)!;
      const now = await read();
      expect(now.version.version).toBe(opened.version.version + 1);
      expect(now.document.state_label).toBe(winner === answers[0] ? 'Province' : 'Region');
    });

    it('records an admin API import as a version by "Admin API", which a console save must then start from', async () => {
      const opened = await read();
      const imported = await harness.app.inject({
        method: 'PUT',
        url: '/api/admin/companies/demo',
        headers: admin,
        payload: { ...opened.document, max_clients: 3 },
      });
      expect(imported.statusCode).toBe(200);
      const now = await read();
      expect(now.version).toMatchObject({
        version: opened.version.version + 1,
        source: 'import',
        saved_by: 'Admin API',
        changed_paths: ['max_clients'],
      });
      expect((await save(owner, opened.version.version, opened.document)).statusCode).toBe(409);
    });
  });

  describe('history, diff and undo', () => {
    it('lists versions newest first, shows what a version changed, and undoes to an earlier one as a new version', async () => {
      const start = await read();
      const v1 = start.version.version;
      const banner = '<b>Closed Friday</b>';
      const changed = withSetting({ ...start.document, state_label: 'County' }, SETTING.INFO_BANNER, banner);
      expect((await save(owner, v1, changed)).statusCode).toBe(200);
      const v2 = v1 + 1;

      const history = (
        await harness.app.inject({ method: 'GET', url: `${BASE}/versions`, headers: owner.headers })
      ).json<VersionsResponse>();
      expect(history.versions[0]).toMatchObject({ version: v2, source: 'console', saved_by: 'owner', change_count: 2 });
      expect(history.versions[0]!.changed_paths.sort()).toEqual([
        `settings[${SETTING.INFO_BANNER}].value`,
        'state_label',
      ]);
      expect(history.versions.map((version) => version.version)).toEqual(
        [...history.versions.map((version) => version.version)].sort((a, b) => b - a),
      );
      expect(history.total).toBe(v2);
      expect(history.versions.at(-1)!.version).toBe(Math.max(1, v2 - VERSIONS_PER_PAGE + 1));

      const detail = (
        await harness.app.inject({ method: 'GET', url: `${BASE}/versions/${v2}`, headers: owner.headers })
      ).json<VersionDetail>();
      expect(detail.against).toBe(v1);
      expect(detail.changes).toContainEqual({
        path: 'state_label',
        kind: 'changed',
        before: start.document.state_label,
        after: 'County',
        text: `State label: "${String(start.document.state_label)}" → "County"`,
      });
      const bannerBefore = (start.document.settings as Array<{ key: string; value: unknown }>).find(
        (setting) => setting.key === SETTING.INFO_BANNER,
      )!.value;
      expect(detail.changes).toContainEqual({
        path: `settings[${SETTING.INFO_BANNER}].value`,
        kind: 'changed',
        before: bannerBefore,
        after: banner,
        text: expect.stringMatching(/^Info banner: .* → "Closed Friday"$/),
      });
      expect(detail.changes).toHaveLength(2);
      // Compared the other way round, the same change reads backwards.
      const backwards = (
        await harness.app.inject({ method: 'GET', url: `${BASE}/versions/${v1}?against=${v2}`, headers: owner.headers })
      ).json<VersionDetail>();
      expect(backwards.changes).toContainEqual(
        expect.objectContaining({
          path: 'state_label',
          kind: 'changed',
          before: 'County',
          after: start.document.state_label,
        }),
      );

      const undone = await restore(owner, v1, v2);
      expect(undone.statusCode, undone.body).toBe(200);
      expect(undone.json().version).toMatchObject({
        version: v2 + 1,
        source: 'restore',
        restored_from: v1,
        saved_by: 'owner',
        change_count: 2,
      });
      const now = await read();
      expect(now.document).toEqual(start.document);
      // An undo from a version that is no longer the newest is refused like any save.
      expect((await restore(owner, v2, v2)).statusCode).toBe(409);

      // A service's price, in words and money: never its path or its cents (issue 41).
      const priced = await read();
      const services = priced.document.services as Array<{ name: string; price_cents: number }>;
      const repriced = {
        ...priced.document,
        services: services.map((service, index) =>
          index === 0 ? { ...service, price_cents: service.price_cents + 2000 } : service,
        ),
      };
      expect((await save(owner, priced.version.version, repriced)).statusCode).toBe(200);
      const priceDetail = (
        await harness.app.inject({
          method: 'GET',
          url: `${BASE}/versions/${priced.version.version + 1}`,
          headers: owner.headers,
        })
      ).json<VersionDetail>();
      const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
      expect(priceDetail.changes.map((change) => change.text)).toEqual([
        `${services[0]!.name} price: ${dollars(services[0]!.price_cents)} → ${dollars(services[0]!.price_cents + 2000)}`,
      ]);
    });

    it('answers 404 for a version the company does not have, and 400 for a version out of bounds or compared with itself', async () => {
      const { version } = await read();
      const next = version.version + 1;
      expect(
        (await harness.app.inject({ method: 'GET', url: `${BASE}/versions/${next}`, headers: owner.headers }))
          .statusCode,
      ).toBe(404);
      expect(
        (await harness.app.inject({ method: 'GET', url: `${BASE}/versions/1?against=${next}`, headers: owner.headers }))
          .statusCode,
      ).toBe(404);
      expect((await restore(owner, next, version.version)).statusCode).toBe(404);
      for (const url of [
        `${BASE}/versions/0`,
        `${BASE}/versions/2147483648`,
        `${BASE}/versions/1?against=1`,
        `${BASE}/versions?page=0`,
        `${BASE}/versions?page=100001`,
      ]) {
        const response = await harness.app.inject({ method: 'GET', url, headers: owner.headers });
        expect(response.statusCode, url).toBe(400);
      }
      expect(
        (await harness.app.inject({ method: 'GET', url: `${BASE}/versions/2147483647`, headers: owner.headers }))
          .statusCode,
      ).toBe(404);
      expect(
        (
          await harness.app.inject({ method: 'GET', url: `${BASE}/versions?page=100000`, headers: owner.headers })
        ).json(),
      ).toMatchObject({ versions: [], page: 100000 });
    });

    it('starts the history of a company configured before it began with its document as version 1, "Before history"', async () => {
      const other = demoDocument() as Document;
      other.key = 'older';
      other.offices[0].uuid = '0f5e9a4c-1b2d-4e3f-8a9b-0c1d2e3f4a5b';
      for (const inspector of other.inspectors) inspector.office = other.offices[0].uuid;
      expect(
        (await harness.app.inject({ method: 'PUT', url: '/api/admin/companies/older', headers: admin, payload: other }))
          .statusCode,
      ).toBe(200);
      const [company] = await harness.database.db
        .select({ id: t.companies.id })
        .from(t.companies)
        .where(eq(t.companies.key, 'older'));
      await harness.database.db
        .delete(t.companyDocumentVersions)
        .where(eq(t.companyDocumentVersions.companyId, company!.id));
      const olderOwner = await signedInMember(harness, 'owner@older.example', 'owner', 'older');
      const response = await harness.app.inject({
        method: 'GET',
        url: '/api/console/companies/older/configuration',
        headers: olderOwner.headers,
      });
      expect(response.json<ConfigurationResponse>().version).toMatchObject({
        version: 1,
        source: 'baseline',
        saved_by: 'Before history',
        change_count: 0,
      });
      // The demo's owner reads none of it.
      expect(
        (
          await harness.app.inject({
            method: 'GET',
            url: '/api/console/companies/older/configuration',
            headers: owner.headers,
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await harness.app.inject({
            method: 'GET',
            url: '/api/console/companies/older/configuration/versions/1',
            headers: owner.headers,
          })
        ).statusCode,
      ).toBe(403);
    });
  });

  describe("the console's own setting: inspectors see every inspector's orders", () => {
    it("keeps an inspector to their own orders, schedule column and time off until an admin turns it on; then they read everyone else's too", async () => {
      const day = demoOrdinaryWeekday(addDays(MONDAY.slice(0, 10), 7));
      const mikes = await ManagedBooking.book(harness, day, {
        pick: (slots) => slots.find((slot) => slot.users.length === 1 && slot.users[0] === 101),
      });
      const sarahs = await ManagedBooking.book(harness, day, {
        pick: (slots) => slots.find((slot) => slot.users.length === 1 && slot.users[0] === 102),
      });
      const ordersOf = async () =>
        (
          await harness.app.inject({
            method: 'GET',
            url: '/api/console/companies/demo/orders?status=all',
            headers: mike.headers,
          })
        )
          .json<ConsoleOrdersResponse>()
          .orders.map((order) => order.id);
      const sarahsPage = () =>
        harness.app.inject({
          method: 'GET',
          url: `/api/console/companies/demo/orders/${sarahs.orderId}`,
          headers: mike.headers,
        });
      const columns = async () =>
        (
          await harness.app.inject({
            method: 'GET',
            url: `/api/console/companies/demo/schedule?from=${day}`,
            headers: mike.headers,
          })
        )
          .json<ConsoleSchedule>()
          .inspectors.map((inspector) => inspector.id);
      const seesAll = async () =>
        (await harness.app.inject({ method: 'GET', url: '/api/console/me', headers: mike.headers })).json<ConsoleMe>()
          .memberships[0]!.sees_all_orders;

      expect(await ordersOf()).toContain(mikes.orderId);
      expect(await ordersOf()).not.toContain(sarahs.orderId);
      expect((await sarahsPage()).statusCode).toBe(404);
      expect(await columns()).toEqual([101]);
      expect(await seesAll()).toBe(false);

      const current = await read();
      expect(current.document.console).toEqual({
        inspectors_see_all_orders: false,
        office_sees_payments: true,
        calendar_events_show_prices: false,
      });
      expect(
        (
          await save(owner, current.version.version, {
            ...current.document,
            console: { inspectors_see_all_orders: true },
          })
        ).statusCode,
      ).toBe(200);

      expect(await ordersOf()).toEqual(expect.arrayContaining([mikes.orderId, sarahs.orderId]));
      expect((await sarahsPage()).statusCode).toBe(200);
      expect(await columns()).toEqual(expect.arrayContaining([101, 102]));
      expect(await seesAll()).toBe(true);
      // Reading is all it opens: another inspector's time off stays theirs, and changes stay the office's.
      const block = await harness.app.inject({
        method: 'POST',
        url: '/api/console/companies/demo/time-off',
        headers: mike.headers,
        payload: { inspector_id: 102, from_date: day, to_date: day, accept_conflicts: true },
      });
      expect(block.statusCode).toBe(403);
      expect(await sarahsPage().then((page) => page.json().can_change)).toBe(false);

      const on = await read();
      expect(
        (await save(owner, on.version.version, { ...on.document, console: { inspectors_see_all_orders: false } }))
          .statusCode,
      ).toBe(200);
      expect(await ordersOf()).not.toContain(sarahs.orderId);
      expect((await sarahsPage()).statusCode).toBe(404);
    });
  });
});
