import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import * as t from '../../db/schema.ts';
import { demoDocument, startDemoSession, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { dayFromNow, wizardCalls } from '../../test-support/wizard-calls.ts';
import { DEMO_OFFICE_UUID } from '../company-document/demo-company.ts';
import { rangeOf } from '../scheduling/scheduling.repository.ts';
import { hashToken } from '../sessions/tokens.ts';
import type { AuthenticatedSession } from '../sessions/sessions.service.ts';
import type { SchedulingStore } from '../scheduling/scheduling.store.ts';
import { importCompanyDocument } from '../company-document/companies.service.ts';
import { bundledPostalCodes } from '../scheduling/postal-codes.ts';
import { geocode as geocodeAddress, setAddress } from './address.service.ts';
import { GeocodingService } from './geocoding.service.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';

const NORTH_OFFICE = 'c0000000-0000-4000-8000-00000000a0d5';

/** Another company, in Canada: the demo's document under another key, country and office. */
function northCompanyDocument(): Record<string, unknown> {
  const north = demoDocument() as Record<string, any>;
  north.key = 'north';
  north.country = 'CA';
  north.offices[0].uuid = NORTH_OFFICE;
  for (const inspector of north.inspectors) inspector.office = NORTH_OFFICE;
  return north;
}

/** The demo company's id for Ohio. */
const OHIO = 36;
const DUBLIN = {
  address1: '6000 Sawmill Rd',
  city: 'Dublin',
  state: OHIO,
  postal_code: '43017',
  latitude: 40.1093,
  longitude: -83.1146,
};
/** Newark, Ohio, left unverified (0,0): its postal code's centroid places it. */
const NEWARK = {
  address1: '40 W Main St',
  city: 'Newark',
  state: OHIO,
  postal_code: '43055',
  latitude: 0,
  longitude: 0,
};
const CINCINNATI = {
  address1: '801 Plum St',
  city: 'Cincinnati',
  state: OHIO,
  postal_code: '45202',
  latitude: 39.1052,
  longitude: -84.5196,
};
const WESTERVILLE = {
  address1: '64 E Broadway Ave',
  city: 'Westerville',
  state: OHIO,
  postal_code: '43081',
  latitude: 40.1262,
  longitude: -82.9291,
};

describeOnEachDatabase('the address step', (factory) => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await startTestApp(factory, { config: { SESSION_RATE_LIMIT: '1000', SEARCH_RATE_LIMIT: '1000' } });
    await importCompanyDocument(harness.database.db, northCompanyDocument());
  });
  afterAll(async () => harness.close());

  const { get, post } = wizardCalls(() => harness.app);
  const geocode = (token: string, address: string) => get(token, `/geocode?address=${encodeURIComponent(address)}`);

  /** Holds the first time one inspector can do in the three weeks from `day` days ahead (vacations included). */
  async function holdFirstSlot(token: string, day: number, inspector: number): Promise<AppointmentSlot> {
    const response = await get(
      token,
      `/availability?from=${dayFromNow(day)}&to=${dayFromNow(day + 20)}&inspectors=[${inspector}]`,
    );
    const slot = response.json<AppointmentSlot[]>()[0];
    if (!slot) throw new Error(`inspector ${inspector} has no time in the three weeks from day ${day}`);
    const held = await post(token, '/set_datetime', {
      datetime: new Date(slot.timestamp * 1000).toISOString(),
      inspectors: [inspector],
    });
    expect(held.statusCode).toBe(200);
    return slot;
  }

  /** The session, as the server reads it for a request. */
  async function sessionOf(token: string): Promise<AuthenticatedSession> {
    const [session] = await harness.database.db
      .select()
      .from(t.sessions)
      .where(eq(t.sessions.tokenHash, hashToken(token)));
    const [company] = await harness.database.db
      .select()
      .from(t.companies)
      .where(eq(t.companies.id, session!.companyId));
    return {
      sessionId: session!.id,
      companyId: session!.companyId,
      companyKey: company!.key,
      officeId: session!.officeId,
      orderId: session!.orderId,
      orderConfirmed: false,
    };
  }

  /** The session's order row, as stored. */
  async function orderOf(token: string) {
    const [order] = await harness.database.db
      .select()
      .from(t.orders)
      .where(eq(t.orders.id, (await sessionOf(token)).orderId));
    return order!;
  }

  /** A 409 with `code` and alternatives, none of which is the held time. */
  async function refusedWithAlternatives(token: string, address: object, code: string, held: AppointmentSlot) {
    const response = await post(token, '/set_address', address);
    expect(response.statusCode).toBe(409);
    const body = response.json<{ status: string; message: string; appointments: AppointmentSlot[] }>();
    expect(body.status).toBe(code);
    expect(body.appointments.length).toBeGreaterThan(0);
    expect(
      body.appointments.some((slot) => slot.timestamp === held.timestamp && slot.users.join() === held.users.join()),
    ).toBe(false);
    return body;
  }

  const distanceAt = async (token: string, held: AppointmentSlot) =>
    (
      await get(
        token,
        `/distance_on_datetime?datetime=${encodeURIComponent(new Date(held.timestamp * 1000).toISOString())}`,
      )
    ).json();

  describe('geocoding (offline)', () => {
    it('suggests the USPS form of a typed address, placed at its postal code, with the state id and county', async () => {
      const token = await startDemoSession(harness.app);
      const response = await geocode(token, '6000 sawmill road apt 4b, dublin, oh 43017-4410');
      expect(response.statusCode).toBe(200);
      const suggestion = response.json();
      expect(suggestion).toMatchObject({
        no_results: false,
        address1: '6000 Sawmill Rd',
        address2: 'Apt 4B',
        city: 'Dublin',
        state: 'OH',
        state_id: OHIO,
        postal_code: '43017-4410',
        county: 'Franklin',
        conflicts: [],
        refusal: null,
      });
      expect(suggestion.latitude).toBeCloseTo(40.11, 1);
      expect(suggestion.longitude).toBeCloseTo(-83.11, 1);
    });

    it('fills a missing state from the postal code, and names a city the postal code contradicts', async () => {
      const token = await startDemoSession(harness.app);
      expect((await geocode(token, '6000 Sawmill Rd, Dublin 43017')).json()).toMatchObject({
        state: 'OH',
        state_id: OHIO,
        city: 'Dublin',
        conflicts: [],
      });
      const contradicted = (await geocode(token, '6000 Sawmill Rd, Columbus, KY 43017')).json();
      expect(contradicted).toMatchObject({ no_results: false, city: 'Dublin', state: 'OH', state_id: OHIO });
      expect(contradicted.conflicts.map((c: { field: string; expected: string }) => [c.field, c.expected])).toEqual([
        ['state', 'OH'],
        ['city', 'Dublin'],
      ]);
    });

    it("places an address without a postal code by its city, in the office's state when none is typed", async () => {
      const token = await startDemoSession(harness.app);
      const suggestion = (await geocode(token, '6000 Sawmill Rd, Dublin')).json();
      // Dublin, Ohio has two postal codes: none is suggested, the place is between them.
      expect(suggestion).toMatchObject({
        no_results: false,
        city: 'Dublin',
        state: 'OH',
        postal_code: '',
        county: 'Franklin',
      });
      expect(suggestion.latitude).toBeCloseTo(40.1, 1);
    });

    it('answers no_results for a place it does not know, and refuses a PO box with a clear message', async () => {
      const token = await startDemoSession(harness.app);
      expect((await geocode(token, '1 Nowhere Ln, Atlantis 00000')).json()).toMatchObject({
        no_results: true,
        address1: '',
        latitude: 0,
        longitude: 0,
        refusal: null,
      });
      const box = (await geocode(token, 'PO Box 123, Columbus, OH 43215')).json();
      expect(box).toMatchObject({ no_results: true, refusal: { code: 'po_box', field: 'address1' } });
      expect(box.refusal.message).toMatch(/PO box cannot be inspected/);
    });

    it('refuses a missing or overlong address with 400 naming the field, and asks for a session', async () => {
      const token = await startDemoSession(harness.app);
      for (const query of ['', '?address=', `?address=${'a'.repeat(301)}`, '?address=x&zip=1']) {
        const response = await get(token, `/geocode${query}`);
        expect(response.statusCode).toBe(400);
        expect(response.json().error.field).toBeDefined();
      }
      expect(
        (await harness.app.inject({ method: 'GET', url: '/demo/json/online_scheduler/geocode?address=43017' }))
          .statusCode,
      ).toBe(401);
    });

    it("counts against the session's search rate limit", async () => {
      const limited = await startTestApp(factory, { config: { SEARCH_RATE_LIMIT: '2' } });
      try {
        const token = await startDemoSession(limited.app);
        const calls = wizardCalls(() => limited.app);
        const statuses = [];
        for (let i = 0; i < 3; i++) statuses.push((await calls.get(token, '/geocode?address=43017')).statusCode);
        expect(statuses).toEqual([200, 200, 429]);
        // Another visitor has a bucket of their own.
        expect((await calls.get(await startDemoSession(limited.app), '/geocode?address=43017')).statusCode).toBe(200);
      } finally {
        await limited.close();
      }
    });
  });

  describe('saving the address', () => {
    it('stores it with the state id, the county from the postal code and the coordinates, and writes the audit event', async () => {
      const token = await startDemoSession(harness.app);
      await holdFirstSlot(token, 1, 101);
      const saved = await post(token, '/set_address', { ...DUBLIN, address2: 'Apt 4B', postal_code: '43017-4410' });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({ status: 'ok' });
      const order = await orderOf(token);
      expect(order).toMatchObject({
        address1: '6000 Sawmill Rd',
        address2: 'Apt 4B',
        city: 'Dublin',
        stateId: OHIO,
        postalCode: '43017',
        county: 'Franklin',
        latitude: 40.1093,
        longitude: -83.1146,
      });
      const read = await harness.app.inject({
        method: 'GET',
        url: '/demo/online-scheduler/order',
        headers: { 'x-auth-token': token },
      });
      expect(read.json()).toMatchObject({ state: OHIO, county: 'Franklin', postal_code: '43017' });
      const events = await harness.database.db
        .select()
        .from(t.orderEvents)
        .where(and(eq(t.orderEvents.orderId, order.id), eq(t.orderEvents.type, 'step_saved')));
      expect(events.map((e) => e.data)).toContainEqual({ step: 'address', verified: true });
    });

    it('keeps an unverified address at 0,0 and fills its state from the postal code', async () => {
      const token = await startDemoSession(harness.app);
      expect(
        (
          await post(token, '/set_address', { address1: '6000 Sawmill Rd', city: 'Dublin', postal_code: '43017' })
        ).json(),
      ).toEqual({ status: 'ok' });
      expect(await orderOf(token)).toMatchObject({ stateId: OHIO, latitude: 0, longitude: 0, county: 'Franklin' });
    });

    it('fills the state from the postal code when only the state is left empty', async () => {
      const token = await startDemoSession(harness.app);
      expect((await post(token, '/set_address', { ...DUBLIN, state: null, county: 'Franklin' })).json()).toEqual({
        status: 'ok',
      });
      expect(await orderOf(token)).toMatchObject({ stateId: OHIO, county: 'Franklin' });
    });

    it.each([
      ['at 0,0 is unverified', { latitude: 0, longitude: 0 }, false],
      ['on the equator is verified', { latitude: 0, longitude: -83.1146 }, true],
      ['on the prime meridian is verified', { latitude: 40.1093, longitude: 0 }, true],
    ])('records whether the address was verified: one %s', async (_where, coordinates, verified) => {
      const token = await startDemoSession(harness.app);
      await post(token, '/set_address', { ...DUBLIN, ...coordinates });
      const order = await orderOf(token);
      const events = await harness.database.db
        .select()
        .from(t.orderEvents)
        .where(and(eq(t.orderEvents.orderId, order.id), eq(t.orderEvents.type, 'step_saved')));
      expect(events.map((e) => e.data)).toEqual([{ step: 'address', verified }]);
    });

    it('saves an address whose postal code the bundled places do not know, with no state or county to fill in', async () => {
      const token = await startDemoSession(harness.app);
      expect((await post(token, '/set_address', { ...DUBLIN, state: null, postal_code: '43098' })).json()).toEqual({
        status: 'ok',
      });
      expect(await orderOf(token)).toMatchObject({ postalCode: '43098', stateId: null, county: '' });
    });

    it('says which state it does not know', async () => {
      const token = await startDemoSession(harness.app);
      expect((await post(token, '/set_address', { ...DUBLIN, state: 9999 })).json().error.message).toBe(
        "State 9999 is not one of the office's states.",
      );
    });

    it("takes a company's own postal codes outside the United States as typed, in capitals", async () => {
      const token = await startDemoSession(harness.app, NORTH_OFFICE, 'north');
      const response = await wizardCalls(() => harness.app, 'north').post(token, '/set_address', {
        ...DUBLIN,
        postal_code: 'k1a 0b1',
      });
      expect(response.json()).toEqual({ status: 'ok' });
      expect((await orderOf(token)).postalCode).toBe('K1A 0B1');
    });

    it("never reads another company's office for a session", async () => {
      const token = await startDemoSession(harness.app);
      const session = await sessionOf(token);
      // The demo company's session, pointed at the other company's office.
      const crossed = { ...session, officeId: NORTH_OFFICE };
      const deps = {
        scheduling: { db: harness.database.db } as unknown as SchedulingStore,
        geocoding: new GeocodingService(bundledPostalCodes, null),
      };
      await expect(
        geocodeAddress(deps, crossed, '6000 Sawmill Rd, Dublin, OH 43017', harness.app.log),
      ).rejects.toMatchObject({ statusCode: 404, message: 'The office was not found.' });
      await expect(
        setAddress(deps, crossed, { ...DUBLIN, address2: '', county: '' }, new Date()),
      ).rejects.toMatchObject({ statusCode: 404, message: 'The office was not found.' });
    });

    it.each([
      ['address1', { address1: '' }, 'invalid_request'],
      ['address1', { address1: '   ' }, 'invalid_request'],
      ['address1', { address1: 'x'.repeat(121) }, 'invalid_request'],
      ['address1', { address1: 'PO Box 12' }, 'po_box'],
      ['address2', { address2: 'P.O. Box 12' }, 'po_box'],
      ['city', { city: undefined }, 'invalid_request'],
      ['city', { city: 7 }, 'invalid_request'],
      ['state', { state: 9999 }, 'unknown_state'],
      ['state', { state: 'OH' }, 'invalid_request'],
      ['postal_code', { postal_code: '' }, 'invalid_request'],
      ['postal_code', { postal_code: '4301' }, 'invalid_postal_code'],
      ['postal_code', { postal_code: '43017;drop' }, 'invalid_request'],
      ['latitude', { latitude: 91 }, 'invalid_request'],
      ['longitude', { longitude: 'west' }, 'invalid_request'],
      ['county', { county: 'c'.repeat(81) }, 'invalid_request'],
      ['zip', { zip: '43017' }, 'invalid_request'],
    ])('refuses a bad %s with 400 naming it', async (field, change, code) => {
      const token = await startDemoSession(harness.app);
      const response = await post(token, '/set_address', { ...DUBLIN, ...change });
      expect(response.statusCode).toBe(400);
      const { error } = response.json();
      expect(error.code).toBe(code);
      // An unknown property is named by the schema as the body itself.
      expect(error.field).toBe(field === 'zip' ? 'body' : field);
      expect((await orderOf(token)).address1).toBe('');
    });
  });

  describe('a location the held time cannot serve: 409 with the reason and real alternatives', () => {
    it('ERROR_NO_INSPECTORS_FOR_ZIP: nobody drives to Cincinnati', async () => {
      const token = await startDemoSession(harness.app);
      await holdFirstSlot(token, 4, 101);
      const response = await post(token, '/set_address', CINCINNATI);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        status: 'ERROR_NO_INSPECTORS_FOR_ZIP',
        message:
          "Sorry! We don't service that postal code. If you'd like further assistance, please call our office at (614) 555-0142.",
        // The engine, asked for this place, finds nobody: there is no alternative to offer.
        appointments: [],
      });
      // Issue 20: nobody serves it, so the order keeps no such address (the sidebar would show it);
      // the browser's form keeps what was typed, for the visitor to correct.
      expect((await orderOf(token)).postalCode).toBe('');
    });

    it('puts back the address the order had when a new one is not served at all', async () => {
      const token = await startDemoSession(harness.app);
      expect((await post(token, '/set_address', DUBLIN)).json()).toEqual({ status: 'ok' });
      const before = await orderOf(token);
      expect((await post(token, '/set_address', CINCINNATI)).statusCode).toBe(409);
      expect(await orderOf(token)).toMatchObject({
        address1: before.address1,
        city: before.city,
        postalCode: before.postalCode,
        stateId: before.stateId,
        county: before.county,
      });
    });

    it('ERROR_EXCEEDS_RADIUS: Newark is beyond Mike’s radius from Dublin, within others’', async () => {
      const token = await startDemoSession(harness.app);
      const held = await holdFirstSlot(token, 7, 101);
      const body = await refusedWithAlternatives(token, NEWARK, 'ERROR_EXCEEDS_RADIUS', held);
      expect(body.message).toMatch(
        /^The appointment you have selected at \d{1,2}\/\d{1,2}\/\d{4} at \d{1,2}:\d{2}(AM|PM) is out of driving range\.$/,
      );
      // Sarah (102), Karen (104) and Tom (105) reach Newark; Mike does not.
      for (const slot of body.appointments) expect([102, 104, 105]).toEqual(expect.arrayContaining(slot.users));
      const distance = await distanceAt(token, held);
      expect(distance).toMatchObject({
        status: 'out_of_range',
        code: 'ERROR_EXCEEDS_RADIUS',
        inspector_id: 101,
        max_miles: 35,
      });
      expect(distance.miles).toBeGreaterThan(35);
    });

    it('ERROR_INSPECTOR_DOES_NOT_SERVICE_ZIP: with postal codes restricted, Westerville is Sarah’s, not Mike’s', async () => {
      const [company] = await harness.database.db.select().from(t.companies).where(eq(t.companies.key, 'demo'));
      const settings = company!.settings;
      await harness.database.db
        .update(t.companies)
        .set({ settings: [...settings, { key: 'ONLINE_SCHEDULER_V3_RESTRICT_INSPECTOR_ZIP', value: 'Y' }] })
        .where(eq(t.companies.id, company!.id));
      await harness.database.changes.flush();
      try {
        const token = await startDemoSession(harness.app);
        const held = await holdFirstSlot(token, 10, 101);
        const body = await refusedWithAlternatives(token, WESTERVILLE, 'ERROR_INSPECTOR_DOES_NOT_SERVICE_ZIP', held);
        expect(body.message).toMatch(
          /^The postal code initially entered may have changed\. Because of this, the appointment you have selected at .+ cannot be serviced by the assigned inspectors\.$/,
        );
        for (const slot of body.appointments) expect(slot.users).toEqual([102]);
      } finally {
        await harness.database.db.update(t.companies).set({ settings }).where(eq(t.companies.id, company!.id));
        await harness.database.changes.flush();
      }
    });

    it('ERROR_EXCEEDS_NEXT_APT_RADIUS: Sarah’s next appointment that day is in Grove City, 50 miles from Newark', async () => {
      const token = await startDemoSession(harness.app);
      const held = await holdFirstSlot(token, 13, 102);
      const heldEnd =
        Date.parse(`${held.end_datetime.replace(' ', 'T')}Z`) -
        Date.parse(`${held.start_datetime.replace(' ', 'T')}Z`) +
        held.timestamp * 1000;
      const [company] = await harness.database.db.select().from(t.companies).where(eq(t.companies.key, 'demo'));
      // Another customer's inspection, known only by its postal code, an hour after the held time ends.
      const [elsewhere] = await harness.database.db
        .insert(t.orders)
        .values({ companyId: company!.id, officeId: DEMO_OFFICE_UUID, postalCode: '43123' })
        .returning();
      await harness.database.db.insert(t.appointments).values({
        companyId: company!.id,
        officeId: DEMO_OFFICE_UUID,
        orderId: elsewhere!.id,
        inspectorId: 102,
        kind: 'appointment',
        during: rangeOf(heldEnd + 60 * 60_000, heldEnd + 180 * 60_000),
      });
      await harness.database.changes.flush();

      // From Westerville, Grove City is 45 minutes away: that fits.
      expect((await post(token, '/set_address', WESTERVILLE)).json()).toEqual({ status: 'ok' });
      const body = await refusedWithAlternatives(token, NEWARK, 'ERROR_EXCEEDS_NEXT_APT_RADIUS', held);
      expect(body.message).toMatch(/is out of driving range\.$/);
      const distance = await distanceAt(token, held);
      expect(distance).toMatchObject({
        status: 'out_of_range',
        code: 'ERROR_EXCEEDS_NEXT_APT_RADIUS',
        inspector_id: 102,
        max_miles: 40,
      });
      expect(distance.miles).toBeGreaterThan(40);
    });

    it('without a held time, an unserved place is out of the service area; a served one is fine', async () => {
      const token = await startDemoSession(harness.app);
      expect((await post(token, '/set_address', NEWARK)).json()).toEqual({ status: 'ok' });
      const response = await post(token, '/set_address', CINCINNATI);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ status: 'ERROR_NO_INSPECTORS_FOR_ZIP', appointments: [] });
    });
  });
});
