import { eq } from 'drizzle-orm';
import {
  AGREEMENT_BODY_MAX,
  AGREEMENT_NAME_MAX,
  AGREEMENT_PLACEHOLDERS,
  DEFAULT_AGREEMENT_SETTINGS,
  type AgreementSettings,
  type AgreementTemplate,
  type AgreementTemplateInput,
  type AgreementTemplates,
} from '@scheduler/contracts/agreements';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { setClock, startWithOtherCompany } from '../booking-changes/manage-test-support.ts';
import { signedInMember, type ConsolePerson } from '../console-auth/console-test-support.ts';

const MONDAY = '2027-03-01T14:00:00.000Z';
const DEMO = '/api/console/companies/demo/agreements';
const OTHER_KEY = 'agreements-other';
const OTHER = `/api/console/companies/${OTHER_KEY}/agreements`;
const OTHER_OFFICE = 'c0000000-0000-4000-8000-0000000000a3';

const WORDING = '<p>{company_name} (licence {licence_number}) inspects {address} for {client_name}.</p>';

describeOnEachDatabase("the console's agreement templates", (factory) => {
  let harness: TestApp;
  let owner: ConsolePerson;
  let admin: ConsolePerson;
  let office: ConsolePerson;
  let otherOwner: ConsolePerson;
  let serviceId: string;
  let packageId: number;

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    person: ConsolePerson,
    payload?: Record<string, unknown>,
  ) => harness.app.inject({ method, url, headers: person.headers, ...(payload ? { payload } : {}) });
  const input = (overrides: Partial<AgreementTemplateInput> = {}): AgreementTemplateInput => ({
    name: 'Pre-inspection agreement',
    body_html: WORDING,
    applies_to: { all: true, service_ids: [], package_ids: [] },
    active: true,
    ...overrides,
  });
  const create = async (body: AgreementTemplateInput, person = owner, url = DEMO) => {
    const response = await call('POST', url, person, body as unknown as Record<string, unknown>);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<AgreementTemplate>();
  };
  const list = async (person = owner, url = DEMO) => {
    const response = await call('GET', url, person);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AgreementTemplates>();
  };
  const put = (id: string, body: AgreementTemplateInput, person = owner) =>
    call('PUT', `${DEMO}/${id}`, person, body as unknown as Record<string, unknown>);

  beforeAll(async () => {
    harness = await startWithOtherCompany(factory, MONDAY, { key: OTHER_KEY, officeUuid: OTHER_OFFICE });
    owner = await signedInMember(harness, 'owner@agreements.example', 'owner');
    admin = await signedInMember(harness, 'ada@agreements.example', 'admin');
    office = await signedInMember(harness, 'office@agreements.example', 'office');
    otherOwner = await signedInMember(harness, 'owner@agreements-other.example', 'owner', OTHER_KEY);
    const db = harness.database.db;
    const [demo] = await db.select({ id: t.companies.id }).from(t.companies).where(eq(t.companies.key, 'demo'));
    const [service] = await db
      .select({ id: t.services.id })
      .from(t.services)
      .where(eq(t.services.companyId, demo!.id))
      .limit(1);
    const [pack] = await db
      .select({ id: t.packages.id })
      .from(t.packages)
      .where(eq(t.packages.companyId, demo!.id))
      .limit(1);
    serviceId = service!.id;
    packageId = pack!.id;
  });
  afterAll(async () => harness.close());

  it('creates a template as version 1 by the member, and lists it with the settings and the placeholders', async () => {
    const made = await create(
      input({
        name: 'Radon agreement',
        applies_to: { all: false, service_ids: [serviceId], package_ids: [packageId] },
      }),
    );
    expect(made).toMatchObject({
      name: 'Radon agreement',
      body_html: WORDING,
      applies_to: { all: false, service_ids: [serviceId], package_ids: [packageId] },
      active: true,
      version: 1,
      versions: [{ version: 1, created_at: MONDAY, created_by: 'owner' }],
      updated_at: MONDAY,
    });
    const listed = await list();
    expect(listed.templates.find((template) => template.id === made.id)).toEqual(made);
    expect(listed.settings).toEqual(DEFAULT_AGREEMENT_SETTINGS);
    expect(listed.placeholders.map((placeholder) => placeholder.name)).toEqual(
      AGREEMENT_PLACEHOLDERS.map((placeholder) => placeholder.name),
    );
    // Another company sees none of it.
    expect((await list(otherOwner, OTHER)).templates.map((template) => template.id)).not.toContain(made.id);
  });

  it('saves new wording as version 2, newest first, and keeps version 1 readable as it was', async () => {
    const made = await create(input({ name: 'Wording test' }));
    setClock(harness, '2027-03-02T15:00:00.000Z');
    const saved = await put(made.id, input({ name: 'Wording test, revised', body_html: '<p>New words.</p>' }), admin);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<AgreementTemplate>()).toMatchObject({
      name: 'Wording test, revised',
      body_html: '<p>New words.</p>',
      version: 2,
      versions: [
        { version: 2, created_at: '2027-03-02T15:00:00.000Z', created_by: 'ada' },
        { version: 1, created_at: MONDAY, created_by: 'owner' },
      ],
      updated_at: '2027-03-02T15:00:00.000Z',
    });
    const first = await call('GET', `${DEMO}/${made.id}/versions/1`, owner);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      version: 1,
      name: 'Wording test',
      body_html: WORDING,
      created_at: MONDAY,
      created_by: 'owner',
    });
    expect((await call('GET', `${DEMO}/${made.id}/versions/3`, owner)).statusCode).toBe(404);
    const [row] = await harness.database.db
      .select({ userId: t.agreementTemplateVersions.createdByUserId })
      .from(t.agreementTemplateVersions)
      .where(eq(t.agreementTemplateVersions.templateId, made.id))
      .orderBy(t.agreementTemplateVersions.version);
    expect(row!.userId).toBe(owner.userId);
    setClock(harness, MONDAY);
  });

  it('changes which orders and active in place, without a new version', async () => {
    const made = await create(input({ name: 'Switches test' }));
    const saved = await put(
      made.id,
      input({
        name: 'Switches test',
        applies_to: { all: false, service_ids: [serviceId], package_ids: [] },
        active: false,
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<AgreementTemplate>()).toMatchObject({
      version: 1,
      active: false,
      applies_to: { all: false, service_ids: [serviceId], package_ids: [] },
    });
    expect(saved.json<AgreementTemplate>().versions).toHaveLength(1);
  });

  it('stores the body sanitised: no script, no event handler; a body with nothing readable left is refused', async () => {
    const made = await create(
      input({ body_html: '<p onclick="steal()">Hello <b>{client_name}</b></p><script>alert(1)</script>' }),
    );
    expect(made.body_html).toBe('<p>Hello <b>{client_name}</b></p>');
    const empty = await call('POST', DEMO, owner, input({ body_html: '<script>alert(1)</script><p> </p>' }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.field).toBe('body_html');
  });

  it('takes a name and a body at their longest and refuses one character more, naming the field', async () => {
    const longest = await create(
      input({ name: 'N'.repeat(AGREEMENT_NAME_MAX), body_html: 'B'.repeat(AGREEMENT_BODY_MAX) }),
    );
    expect(longest.name).toHaveLength(AGREEMENT_NAME_MAX);
    expect(longest.body_html).toHaveLength(AGREEMENT_BODY_MAX);
    const longName = await call('POST', DEMO, owner, input({ name: 'N'.repeat(AGREEMENT_NAME_MAX + 1) }));
    expect(longName.statusCode).toBe(400);
    expect(longName.json().error.field).toBe('name');
    const longBody = await call('POST', DEMO, owner, input({ body_html: 'B'.repeat(AGREEMENT_BODY_MAX + 1) }));
    expect(longBody.statusCode).toBe(400);
    expect(longBody.json().error.field).toBe('body_html');
  });

  it("refuses packages and services that are not the company's, naming the field", async () => {
    const service = await call(
      'POST',
      DEMO,
      owner,
      input({ applies_to: { all: false, service_ids: ['0f0f0f0f-0000-4000-8000-00000000beef'], package_ids: [] } }),
    );
    expect(service.statusCode).toBe(400);
    expect(service.json().error.field).toBe('applies_to.service_ids');
    const made = await create(input({ name: 'Foreign ids test' }));
    const pack = await put(made.id, input({ applies_to: { all: false, service_ids: [], package_ids: [987654] } }));
    expect(pack.statusCode).toBe(400);
    expect(pack.json().error.field).toBe('applies_to.package_ids');
    const none = await call(
      'POST',
      DEMO,
      owner,
      input({ applies_to: { all: false, service_ids: [], package_ids: [] } }),
    );
    expect(none.statusCode).toBe(400);
    expect(none.json().error.field).toBe('applies_to.all');
  });

  it("refuses an office member (403), and answers 404 for another company's template", async () => {
    expect((await call('GET', DEMO, office)).statusCode).toBe(403);
    expect((await call('POST', DEMO, office, input())).statusCode).toBe(403);
    const theirs = await create(input({ name: 'Theirs' }), otherOwner, OTHER);
    const refused = await put(theirs.id, input({ name: 'Taken over' }));
    expect(refused.statusCode).toBe(404);
    expect((await call('GET', `${DEMO}/${theirs.id}/versions/1`, owner)).statusCode).toBe(404);
    expect((await list(otherOwner, OTHER)).templates.find((template) => template.id === theirs.id)).toMatchObject({
      name: 'Theirs',
      version: 1,
    });
  });

  it('numbers two saves at once 2 and 3, never the same version twice', async () => {
    const made = await create(input({ name: 'Race test' }));
    const [one, two] = await Promise.all([
      put(made.id, input({ name: 'Race test', body_html: '<p>First</p>' })),
      put(made.id, input({ name: 'Race test', body_html: '<p>Second</p>' })),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect([one.json<AgreementTemplate>().version, two.json<AgreementTemplate>().version].sort()).toEqual([2, 3]);
    const listed = (await list()).templates.find((template) => template.id === made.id)!;
    expect(listed.versions.map((version) => version.version)).toEqual([3, 2, 1]);
  });

  it('saves the settings and reads them back', async () => {
    const settings: AgreementSettings = {
      signers: 'one',
      licence_number: 'OH-HI-1234',
      signing: 'at_booking',
      warn_hours_before: 720,
    };
    const saved = await call('PUT', `${DEMO}/settings`, owner, settings);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(settings);
    expect((await list()).settings).toEqual(settings);
    const bad = await call('PUT', `${DEMO}/settings`, owner, { signers: 'some', licence_number: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('signers');
    // The warning's hours at their bound: 720 is taken above, 721 and 0 are not.
    for (const hours of [721, 0]) {
      const refused = await call('PUT', `${DEMO}/settings`, owner, { ...settings, warn_hours_before: hours });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.field).toBe('warn_hours_before');
    }
  });

  it('previews a body filled with a sample order under the company’s own name and licence, sanitised and escaped', async () => {
    await call('PUT', `${DEMO}/settings`, owner, {
      signers: 'all',
      licence_number: 'L<1>&2',
      signing: 'after_booking',
      warn_hours_before: null,
    });
    const response = await call('POST', `${DEMO}/preview`, owner, {
      body_html: '<p onclick="x()">{company_name}, {licence_number}: {client_name} {unknown}</p><script>x()</script>',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      html: '<p>Scioto Valley Home Inspections, L&lt;1&gt;&amp;2: Alex Sample and Jordan Sample {unknown}</p>',
    });
  });
});
