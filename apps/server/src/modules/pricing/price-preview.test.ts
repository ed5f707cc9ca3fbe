import type { PricePreviewResponse } from '@scheduler/contracts/price-preview';
import type { Pricing } from '@scheduler/contracts/pricing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import {
  demoDocument,
  demoDocumentWith,
  startDemoSession,
  startTestApp,
  TEST_ADMIN_TOKEN,
  type TestApp,
} from '../../test-support/test-app.ts';
import { importCompanyDocument } from '../company-document/companies.service.ts';
import { CONSOLE_ORIGIN, signedInMember, type ConsolePerson } from '../console-auth/console-test-support.ts';
import { setClock } from '../booking-changes/manage-test-support.ts';

/** A Monday, 9 AM in Columbus: the demo's coupons and property ages count from this date. */
const MONDAY = '2027-03-01T14:00:00.000Z';
const PREVIEW = '/api/console/companies/demo/price-preview';
const WIZARD = '/demo/json/online_scheduler';
const RIVAL = 'rival';

/** Demo services (examples/demo-company.json). */
const S = {
  singleFamily: 'a1c0ffee-0000-4000-8000-000000000001',
  radon: 'a1c0ffee-0000-4000-8000-000000000006',
  wellWater: 'a1c0ffee-0000-4000-8000-000000000011',
} as const;
/** The demo's required property answers besides square feet and year built. */
const REQUIRED_CONTROLS = [
  { id: 5, value: '1', checked: false },
  { id: 6, value: null, checked: true },
];

type Document = Record<string, any>;
const sample = (rest: Record<string, unknown> = {}) => ({
  package_id: null,
  services: [S.singleFamily],
  square_feet: null,
  year_built: null,
  ...rest,
});

describeOnEachDatabase('the console sample price (issue 26)', (factory) => {
  let harness: TestApp;
  let owner: ConsolePerson;
  let adminMember: ConsolePerson;
  let office: ConsolePerson;
  let rivalOwner: ConsolePerson;

  beforeAll(async () => {
    harness = await startTestApp(factory, {
      config: { SESSION_RATE_LIMIT: '1000', SEARCH_RATE_LIMIT: '1000', WRITE_RATE_LIMIT: '1000' },
    });
    setClock(harness, MONDAY);
    const rival = demoDocumentWith({}, (document) => {
      document.key = RIVAL;
      document.offices[0].uuid = 'c0000000-0000-4000-8000-0000000000a7';
      for (const person of document.inspectors) person.office = document.offices[0].uuid;
    });
    await importCompanyDocument(harness.database.db, rival);
    owner = await signedInMember(harness, 'owner@example.com', 'owner');
    adminMember = await signedInMember(harness, 'ada@example.com', 'admin');
    office = await signedInMember(harness, 'office@example.com', 'office');
    rivalOwner = await signedInMember(harness, 'owner@rival.example', 'owner', RIVAL);
  });
  beforeEach(() => setClock(harness, MONDAY));
  afterAll(async () => harness.close());

  const preview = (person: ConsolePerson, payload: unknown, url = PREVIEW) =>
    harness.app.inject({ method: 'POST', url, headers: person.headers, payload: payload as object });
  const priced = async (payload: unknown) => {
    const response = await preview(owner, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PricePreviewResponse>();
  };

  describe('who may', () => {
    it('prices for owners and admins; refuses office members, another company, and anyone signed out', async () => {
      const body = { document: demoDocument(), sample: sample() };
      expect((await preview(owner, body)).statusCode).toBe(200);
      expect((await preview(adminMember, body)).statusCode).toBe(200);
      const ofOffice = await preview(office, body);
      expect(ofOffice.statusCode).toBe(403);
      expect(ofOffice.json()).toMatchObject({ error: { code: 'forbidden', message: "Your role doesn't allow this." } });
      const ofRival = await preview(rivalOwner, body);
      expect(ofRival.statusCode).toBe(403);
      expect(ofRival.json()).toMatchObject({
        error: { code: 'forbidden', message: "You don't have access to this company." },
      });
      // Their own company is theirs to preview.
      expect(
        (
          await preview(
            rivalOwner,
            { document: { ...demoDocument(), key: RIVAL }, sample: sample() },
            `/api/console/companies/${RIVAL}/price-preview`,
          )
        ).statusCode,
      ).toBe(200);
      const signedOut = await harness.app.inject({
        method: 'POST',
        url: PREVIEW,
        headers: { origin: CONSOLE_ORIGIN },
        payload: body,
      });
      expect(signedOut.statusCode).toBe(401);
    });
  });

  describe('what it refuses', () => {
    it.each([
      ['a square footage of 0', { sample: sample({ square_feet: 0 }) }, 'sample.square_feet'],
      ['a year before 1200', { sample: sample({ year_built: 1199 }) }, 'sample.year_built'],
      ['a service that is no uuid', { sample: sample({ services: ['radon'] }) }, 'sample.services.0'],
      ['an unknown field', { sample: { ...sample(), coupon: 'X' } }, 'sample'],
    ])('refuses %s, naming the field', async (_name, change, field) => {
      const response = await preview(owner, { document: demoDocument(), ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'invalid_request', field });
    });

    it('reads a form-encoded body as fields, which its schema refuses (400, not 415)', async () => {
      const response = await harness.app.inject({
        method: 'POST',
        url: PREVIEW,
        headers: { ...owner.headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'document=x&sample=y',
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'invalid_request' });
    });

    it("refuses a document the save would refuse, at the save's path", async () => {
      const document: Document = demoDocument();
      document.services[2].price_cents = 100_000_001;
      const response = await preview(owner, { document, sample: sample() });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'invalid_document', field: 'services.2.price_cents' });
    });

    it('refuses a sample naming a package or service the draft does not have', async () => {
      const noPackage = await preview(owner, { document: demoDocument(), sample: sample({ package_id: 99 }) });
      expect(noPackage.json().error).toMatchObject({ code: 'invalid_request', field: 'sample.package_id' });
      const noService = await preview(owner, {
        document: demoDocument(),
        sample: sample({ services: [S.singleFamily, 'a1c0ffee-0000-4000-8000-0000000000ff'] }),
      });
      expect(noService.statusCode).toBe(400);
      expect(noService.json().error).toMatchObject({ code: 'invalid_request', field: 'sample.services.1' });
    });
  });

  describe('the price', () => {
    it('prices the draft, not the saved document: a changed price is the new price', async () => {
      const document: Document = demoDocument();
      const before = await priced({ document, sample: sample() });
      // 42500 and Franklin County's 7.5%.
      expect(before.pricing.totals).toMatchObject({ subtotal: 42500, taxes: 3188, grand_total: 45688 });
      expect(before.office).toEqual({ uuid: document.offices[0].uuid, name: document.offices[0].name });
      document.services[0].price_cents = 45000;
      const after = await priced({ document, sample: sample() });
      expect(after.pricing.totals).toMatchObject({ subtotal: 45000, taxes: 3375, grand_total: 48375 });
      expect(after.duration).toBe(180);
    });

    it('charges what the wizard charges for the same cart, property and document', async () => {
      const document: Document = demoDocument();
      document.rer_rush_amount_cents = 12_345;
      document.packages[1].price_cents = 81_000;
      const imported = await harness.app.inject({
        method: 'PUT',
        url: '/api/admin/companies/demo',
        headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
        payload: document,
      });
      expect(imported.statusCode, imported.body).toBe(200);
      await harness.database.changes.flush();

      const token = await startDemoSession(harness.app);
      const post = (path: string, payload: unknown) =>
        harness.app.inject({
          method: 'POST',
          url: `${WIZARD}${path}`,
          headers: { 'x-auth-token': token, 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
      expect((await post('/set_packages', [2])).statusCode).toBe(200);
      expect((await post('/add_service', S.wellWater)).statusCode).toBe(200);
      expect((await post('/rush_rer', { value: 1 })).statusCode).toBe(200);
      expect(
        (
          await post('/set_property_info', {
            sqft: 3000,
            yb: 1940,
            sales_price: '',
            foundation_type: '',
            refer_reason: '',
            refer_reason_other: '',
            controls: REQUIRED_CONTROLS,
          })
        ).statusCode,
      ).toBe(200);
      const wizard = (
        await harness.app.inject({ method: 'GET', url: `${WIZARD}/pricing`, headers: { 'x-auth-token': token } })
      ).json<Pricing>();

      const sampled = await priced({
        document,
        sample: { package_id: 2, services: [S.wellWater], square_feet: 3000, year_built: 1940, rush_rer: true },
      });
      expect(sampled.pricing).toEqual(wizard);
      // The rush and the package's new price are in it: the comparison is not of two empty carts.
      expect(sampled.pricing.additional.fees.map((fee) => [fee.code, fee.value])).toContainEqual(['rer-rush', 12_345]);
      expect(sampled.pricing.package).toMatchObject({ id: 2, base: 81_000 });
      expect(sampled.pricing.services.map((s) => s.id)).toEqual([S.wellWater]);
    });
  });
});
