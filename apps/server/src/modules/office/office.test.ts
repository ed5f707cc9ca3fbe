import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { SETTING } from '@scheduler/contracts/setting-keys';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import {
  demoDocument,
  demoDocumentWith,
  startDemoSession,
  startTestApp,
  type TestApp,
} from '../../test-support/test-app.ts';
import { importCompanyDocument } from '../company-document/companies.service.ts';
import { DEMO_OFFICE_UUID } from '../company-document/demo-company.ts';

/**
 * What the office call tells the wizard, with each company setting it reads off and on (issue 22:
 * a setting ignored, inverted or read as always on must fail a test).
 */
type Doc = Record<string, any>;

describeOnEachDatabase('the office the wizard loads', (factory) => {
  let harness: TestApp;

  /** The demo company with these settings changed (null removes one), imported again. */
  async function demoWith(settings: Record<string, string | null>, change?: (document: Doc) => void) {
    await importCompanyDocument(harness.database.db, demoDocumentWith(settings, change));
  }

  async function office() {
    const token = await startDemoSession(harness.app);
    const response = await harness.app.inject({
      method: 'GET',
      url: '/demo/online-scheduler/office',
      headers: { 'x-auth-token': token },
    });
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  async function officeContact() {
    const response = await harness.app.inject({
      method: 'GET',
      url: `/demo/json/online_scheduler/office_contact/${DEMO_OFFICE_UUID}`,
    });
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  beforeAll(async () => {
    harness = await startTestApp(factory, { config: { SESSION_RATE_LIMIT: '1000' } });
  });
  beforeEach(async () => demoWith({}));
  afterAll(async () => harness?.close());

  it('offers pay-at-close while PAC_HIDE_ON_ONLINE_SCHEDULER is off, and not while it is on', async () => {
    const shown = await office();
    expect(shown.pac_enabled).toBe(true);
    expect(shown.pac_service_uuid).not.toBeNull();
    await demoWith({ [SETTING.PAC_HIDE_ON_ONLINE_SCHEDULER]: 'Y' });
    expect((await office()).pac_enabled).toBe(false);
    await demoWith({ [SETTING.PAC_HIDE_ON_ONLINE_SCHEDULER]: 'N' });
    expect((await office()).pac_enabled).toBe(true);
  });

  it('offers no pay-at-close to a company without that service, whatever the setting', async () => {
    await demoWith({ [SETTING.PAC_HIDE_ON_ONLINE_SCHEDULER]: 'N' }, (document) => {
      document.services = document.services.filter((s: { is_pac?: boolean }) => !s.is_pac);
      for (const inspector of document.inspectors)
        inspector.services = inspector.services.filter((id: string) =>
          document.services.some((s: { uuid: string }) => s.uuid === id),
        );
    });
    expect(await office()).toMatchObject({ pac_enabled: false, pac_service_uuid: null });
  });

  it('counts the services a visitor can order: neither pay-at-close nor a heading', async () => {
    const document = demoDocument() as Doc;
    const orderable = document.services.filter(
      (s: { is_pac?: boolean; label?: boolean }) => !s.is_pac && !s.label,
    ).length;
    expect(orderable).toBeLessThan(document.services.length - 1);
    expect((await office()).services_count).toBe(orderable);
  });

  it("lists the contact types CONTACT_TYPES names (in the company's order), and all of them when it names none", async () => {
    await demoWith({ ONLINE_SCHEDULER_V3_CONTACT_TYPES: '3,1' });
    expect((await office()).contact_types.map((c: { id: number }) => c.id)).toEqual([1, 3]);
    await demoWith({ ONLINE_SCHEDULER_V3_CONTACT_TYPES: null });
    expect((await office()).contact_types.map((c: { id: number }) => c.id)).toEqual([1, 2, 3]);
    await demoWith({ ONLINE_SCHEDULER_V3_CONTACT_TYPES: '2' });
    expect((await office()).contact_types.map((c: { id: number }) => c.id)).toEqual([2]);
  });

  it('shows the logo on the status pages while HIDE_LOGO is off, and hides it while it is on', async () => {
    expect((await officeContact()).hide_logo).toBe(false);
    await demoWith({ [SETTING.HIDE_LOGO]: 'Y' });
    expect((await officeContact()).hide_logo).toBe(true);
  });

  it("says on the status pages whether the company's scheduler is enabled", async () => {
    expect((await officeContact()).enabled).toBe(true);
    await demoWith({}, (document) => {
      document.scheduler_enabled = false;
    });
    expect((await officeContact()).enabled).toBe(false);
  });
});
