import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { companyDocumentSchema } from '@scheduler/contracts/company-document';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import * as t from '../../db/schema.ts';
import { demoDocument, startTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../../test-support/test-app.ts';
import { exportCompanyDocument, importCompanyDocument } from './companies.service.ts';

const admin = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

describeOnEachDatabase('company documents', (factory) => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await startTestApp(factory);
  });
  afterAll(async () => harness.close());

  it('exports exactly the document it imported (round trip of the demo company)', async () => {
    const exported = await exportCompanyDocument(harness.database.db, 'demo');
    expect(exported).toEqual(companyDocumentSchema.parse(demoDocument()));
  });

  it('is idempotent: importing the same document again changes nothing', async () => {
    const countRows = async () =>
      Promise.all(
        [
          t.services,
          t.packages,
          t.packageServices,
          t.fees,
          t.taxes,
          t.coupons,
          t.propertyControls,
          t.agents,
          t.contactTypes,
          t.states,
          t.inspectors,
          t.offices,
        ].map(async (table) => (await harness.database.db.select().from(table)).length),
      );
    const before = await countRows();
    const result = await importCompanyDocument(harness.database.db, demoDocument());
    expect(result).toMatchObject({ key: 'demo', created: false });
    // A new version of the history, with nothing in it changed.
    expect(result.version).toMatchObject({
      source: 'import',
      saved_by: 'Admin API',
      change_count: 0,
      changed_paths: [],
    });
    expect(result.version.version).toBeGreaterThan(1);
    expect(await countRows()).toEqual(before);
    expect(await exportCompanyDocument(harness.database.db, 'demo')).toEqual(
      companyDocumentSchema.parse(demoDocument()),
    );
  });

  it('keeps an inspector who left the document for the appointments that name them, but stops exporting them', async () => {
    const doc = demoDocument();
    const inspectors = doc.inspectors as Array<{ id: number }>;
    await importCompanyDocument(harness.database.db, { ...doc, inspectors: inspectors.filter((i) => i.id !== 105) });
    const removed = await harness.database.db
      .select()
      .from(t.inspectors)
      .where(and(eq(t.inspectors.id, 105), isNotNull(t.inspectors.removedAt)));
    expect(removed).toHaveLength(1);
    const exported = await exportCompanyDocument(harness.database.db, 'demo');
    expect(exported.inspectors.map((i) => i.id)).not.toContain(105);
    await importCompanyDocument(harness.database.db, demoDocument());
    expect((await exportCompanyDocument(harness.database.db, 'demo')).inspectors.map((i) => i.id)).toContain(105);
  });

  it('sanitises company HTML on import', async () => {
    const doc = demoDocument();
    const settings = doc.settings as Array<{ key: string; value: string }>;
    const services = doc.services as Array<Record<string, unknown>>;
    await importCompanyDocument(harness.database.db, {
      ...doc,
      key: 'sanitised',
      offices: (doc.offices as Array<Record<string, unknown>>).map((o) => ({
        ...o,
        uuid: '3c9d2e1f-0a4b-4c5d-8e6f-7a8b9c0d1e2f',
      })),
      inspectors: [],
      settings: settings.map((s) =>
        s.key === 'ONLINE_SCHEDULER_V3_INFO_BANNER'
          ? { ...s, value: '<b onclick="steal()">Hi</b><script>alert(1)</script><a href="javascript:alert(1)">x</a>' }
          : s,
      ),
      services: services.map((s, i) =>
        i === 0 ? { ...s, name: '<img src=x onerror=alert(1)>Home <em>Inspection</em>' } : s,
      ),
    });
    const exported = await exportCompanyDocument(harness.database.db, 'sanitised');
    const banner = exported.settings.find((s) => s.key === 'ONLINE_SCHEDULER_V3_INFO_BANNER')!.value as string;
    expect(banner).toBe('<b>Hi</b><a rel="noopener noreferrer">x</a>');
    expect(exported.services[0]!.name).toBe('Home <em>Inspection</em>');
  });

  describe('the admin API', () => {
    it('refuses requests without a valid bearer token', async () => {
      for (const headers of [{}, { authorization: 'Bearer wrong-token-value' }, { authorization: TEST_ADMIN_TOKEN }]) {
        const response = await harness.app.inject({ method: 'GET', url: '/api/admin/companies/demo', headers });
        expect(response.statusCode).toBe(401);
      }
      const put = await harness.app.inject({
        method: 'PUT',
        url: '/api/admin/companies/demo',
        payload: demoDocument(),
      });
      expect(put.statusCode).toBe(401);
    });

    it('exports and re-imports through HTTP', async () => {
      const exported = await harness.app.inject({ method: 'GET', url: '/api/admin/companies/demo', headers: admin });
      expect(exported.statusCode).toBe(200);
      const put = await harness.app.inject({
        method: 'PUT',
        url: '/api/admin/companies/demo',
        headers: admin,
        payload: exported.json(),
      });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toEqual({ key: 'demo', created: false });
    });

    it('creates a new company with PUT', async () => {
      const doc = demoDocument();
      const put = await harness.app.inject({
        method: 'PUT',
        url: '/api/admin/companies/new-co',
        headers: admin,
        payload: {
          ...doc,
          key: 'new-co',
          offices: (doc.offices as Array<Record<string, unknown>>).map((o) => ({
            ...o,
            uuid: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
          })),
          inspectors: [],
        },
      });
      expect(put.json()).toEqual({ key: 'new-co', created: true });
      expect(
        (await harness.app.inject({ method: 'GET', url: '/api/admin/companies/new-co', headers: admin })).statusCode,
      ).toBe(200);
    });

    it('answers 404 for an unknown company', async () => {
      expect(
        (await harness.app.inject({ method: 'GET', url: '/api/admin/companies/nobody', headers: admin })).statusCode,
      ).toBe(404);
    });

    it('names the field of an invalid document', async () => {
      const doc = demoDocument();
      const offices = doc.offices as Array<Record<string, unknown>>;
      const response = await harness.app.inject({
        method: 'PUT',
        url: '/api/admin/companies/demo',
        headers: admin,
        payload: { ...doc, offices: [{ ...offices[0], time_zone: 'Mars/Olympus' }] },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'invalid_document', field: 'offices.0.time_zone' } });
    });

    it('refuses a document whose key is not the path key', async () => {
      const response = await harness.app.inject({
        method: 'PUT',
        url: '/api/admin/companies/other',
        headers: admin,
        payload: demoDocument(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'key_mismatch', field: 'key' } });
    });

    it("refuses to take over another company's office", async () => {
      const doc = demoDocument();
      const response = await harness.app.inject({
        method: 'PUT',
        url: '/api/admin/companies/thief',
        headers: admin,
        payload: { ...doc, key: 'thief', inspectors: [] },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ error: { code: 'office_taken', field: 'offices.0.uuid' } });
    });

    it('refuses references to unknown services', async () => {
      const doc = demoDocument();
      const packages = doc.packages as Array<Record<string, unknown>>;
      const response = await harness.app.inject({
        method: 'PUT',
        url: '/api/admin/companies/demo',
        headers: admin,
        payload: { ...doc, packages: [{ ...packages[0], services: ['00000000-0000-4000-8000-00000000dead'] }] },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { field: 'packages.0.services.0' } });
    });
  });
});
