import { eq } from 'drizzle-orm';
import { DEFAULT_AGREEMENT_SETTINGS, type AgreementSettings } from '@scheduler/contracts/agreements';
import type { ConsoleOrderDetail, ConsoleOrdersResponse, ConsoleSchedule } from '@scheduler/contracts/console';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { addDays } from '@scheduler/domain/availability/zoned-calendar';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { demoOrdinaryWeekday } from '../../test-support/demo-days.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { ManagedBooking, setClock, startWithOtherCompany } from '../booking-changes/manage-test-support.ts';
import { signedInMember, type ConsolePerson } from '../console-auth/console-test-support.ts';

/** A Monday, 9 AM in Columbus (EST). */
const MONDAY = '2027-03-01T14:00:00.000Z';
const OTHER = { key: 'flags-other', officeUuid: 'c0000000-0000-4000-8000-0000000000f1' };
const DEMO = '/api/console/companies/demo';
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
const ZONE = 'America/New_York';

const soloFor = (inspectorId: number) => (slots: AppointmentSlot[]) =>
  slots
    .flatMap((slot) => [slot, ...(slot.group ?? [])])
    .find((slot) => slot.users.length === 1 && slot.users[0] === inspectorId);
const localDate = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(iso),
  );

describeOnEachDatabase('unsigned agreements flagged to the office', (factory) => {
  let harness: TestApp;
  let office: ConsolePerson;
  let mike: ConsolePerson;
  /** One pending agreement beside a signed one: it needs a signature. */
  let pending: ManagedBooking;
  /** Its only agreement signed. */
  let signed: ManagedBooking;
  /** Its only agreement voided. */
  let voided: ManagedBooking;
  /** The other company's order, its agreement pending. */
  let otherPending: ManagedBooking;
  const db = () => harness.database.db;
  const day = (days: number) => demoOrdinaryWeekday(addDays(MONDAY.slice(0, 10), days));

  const get = (url: string, person: ConsolePerson = office) =>
    harness.app.inject({ method: 'GET', url, headers: person.headers });
  async function json<T>(url: string, person: ConsolePerson = office): Promise<T> {
    const response = await get(url, person);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  }
  const companyIdOf = async (key: string) =>
    (await db().select({ id: t.companies.id }).from(t.companies).where(eq(t.companies.key, key)))[0]!.id;

  /** A template of the company (inactive: it is sent for no booking), for the agreements written below. */
  async function templateOf(companyId: string) {
    const [row] = await db()
      .insert(t.agreementTemplates)
      .values({
        companyId,
        appliesTo: { all: true, service_ids: [], package_ids: [] },
        currentVersion: 1,
        active: false,
      })
      .returning({ id: t.agreementTemplates.id });
    await db().insert(t.agreementTemplateVersions).values({
      companyId,
      templateId: row!.id,
      version: 1,
      name: 'Agreement',
      bodyHtml: '<p>Agreement</p>',
      createdByName: 'Owner',
    });
    return row!.id;
  }
  /** An agreement of an order, written as booking writes one, in the status given. */
  async function agreement(
    companyId: string,
    templateId: string,
    orderId: string,
    status: 'pending' | 'signed' | 'voided',
  ) {
    await db()
      .insert(t.orderAgreements)
      .values({
        companyId,
        orderId,
        templateId,
        templateVersion: 1,
        title: 'Agreement',
        bodyHtml: '<p>Agreement</p>',
        documentSha256: 'a'.repeat(64),
        signersRequired: 'all',
        status,
      });
  }
  async function settings(companyId: string, warn: AgreementSettings['warn_hours_before']) {
    const value: AgreementSettings = {
      signers: 'all',
      licence_number: '',
      signing: 'after_booking',
      warn_hours_before: warn,
    };
    await db().update(t.companies).set({ agreementSettings: value }).where(eq(t.companies.id, companyId));
  }

  /** The pending order's flag as the schedule (office, and mike's own view) and the order page say it. */
  async function flags(booking: ManagedBooking) {
    const date = localDate(booking.start);
    const bookingIn = (schedule: ConsoleSchedule) =>
      schedule.inspectors.flatMap((inspector) => inspector.bookings).find((item) => item.order_id === booking.orderId);
    const [forOffice, forMike, page] = await Promise.all([
      json<ConsoleSchedule>(`${DEMO}/schedule?from=${date}`),
      json<ConsoleSchedule>(`${DEMO}/schedule?from=${date}`, mike),
      json<ConsoleOrderDetail>(`${DEMO}/orders/${booking.orderId}`),
    ]);
    return {
      office: bookingIn(forOffice)?.agreement_unsigned,
      inspector: bookingIn(forMike)?.agreement_unsigned,
      page: page.agreement_unsigned,
    };
  }
  const all = (value: boolean) => ({ office: value, inspector: value, page: value });

  beforeAll(async () => {
    harness = await startWithOtherCompany(factory, MONDAY, OTHER);
    office = await signedInMember(harness, 'office@flags.example', 'office');
    mike = await signedInMember(harness, 'mike@flags.example', 'inspector', 'demo', 101);
    pending = await ManagedBooking.book(harness, day(3), { pick: soloFor(101) });
    signed = await ManagedBooking.book(harness, day(3), { pick: soloFor(101) });
    voided = await ManagedBooking.book(harness, day(3), { pick: soloFor(101) });
    otherPending = await ManagedBooking.book(harness, day(3), { company: OTHER });
    const demoId = await companyIdOf('demo');
    const otherId = await companyIdOf(OTHER.key);
    const demoTemplate = await templateOf(demoId);
    const otherTemplate = await templateOf(otherId);
    await agreement(demoId, demoTemplate, pending.orderId, 'pending');
    await agreement(demoId, demoTemplate, pending.orderId, 'signed');
    await agreement(demoId, demoTemplate, signed.orderId, 'signed');
    await agreement(demoId, demoTemplate, voided.orderId, 'voided');
    await agreement(otherId, otherTemplate, otherPending.orderId, 'pending');
    // The other company flags always: its settings never reach the demo's orders.
    await settings(otherId, null);
  });
  beforeEach(async () => {
    setClock(harness, MONDAY);
    await settings(await companyIdOf('demo'), 48);
  });
  afterAll(async () => harness.close());

  it('flags an unsigned agreement from exactly warn_hours_before hours ahead until the inspection starts', async () => {
    const start = Date.parse(pending.start);
    setClock(harness, new Date(start - 48 * HOUR_MS - MINUTE_MS).toISOString());
    expect(await flags(pending)).toEqual(all(false));
    setClock(harness, new Date(start - 48 * HOUR_MS).toISOString());
    expect(await flags(pending)).toEqual(all(true));
    setClock(harness, new Date(start - MINUTE_MS).toISOString());
    expect(await flags(pending)).toEqual(all(true));
    // Started: nothing is asked of the office any more.
    setClock(harness, pending.start);
    expect(await flags(pending)).toEqual(all(false));
  });

  it('flags an unsigned agreement whenever it is unsigned when the company sets no hours', async () => {
    await settings(await companyIdOf('demo'), null);
    const start = Date.parse(pending.start);
    setClock(harness, new Date(start - 30 * 24 * HOUR_MS).toISOString());
    expect(await flags(pending)).toEqual(all(true));
    setClock(harness, new Date(start - MINUTE_MS).toISOString());
    expect(await flags(pending)).toEqual(all(true));
  });

  it("reads settings saved before the hours existed as the default's hours", async () => {
    await db()
      .update(t.companies)
      .set({ agreementSettings: { signers: 'one', licence_number: 'OH-1' } })
      .where(eq(t.companies.key, 'demo'));
    const hours = DEFAULT_AGREEMENT_SETTINGS.warn_hours_before!;
    const start = Date.parse(pending.start);
    setClock(harness, new Date(start - hours * HOUR_MS - MINUTE_MS).toISOString());
    expect(await flags(pending)).toEqual(all(false));
    setClock(harness, new Date(start - hours * HOUR_MS).toISOString());
    expect(await flags(pending)).toEqual(all(true));
  });

  it('never flags an order whose agreements are signed or voided, whatever the hour', async () => {
    await settings(await companyIdOf('demo'), null);
    const earliest = Math.min(...[pending, signed, voided].map((booking) => Date.parse(booking.start)));
    setClock(harness, new Date(earliest - HOUR_MS).toISOString());
    expect(await flags(signed)).toEqual(all(false));
    expect(await flags(voided)).toEqual(all(false));
    expect(await flags(pending)).toEqual(all(true));
  });

  it("lists only the company's orders with a pending agreement under the filter, and marks each row that needs a signature", async () => {
    const filtered = await json<ConsoleOrdersResponse>(`${DEMO}/orders?agreement=unsigned&status=all`);
    expect(filtered.orders.map((order) => order.id)).toEqual([pending.orderId]);
    expect(filtered.total).toBe(1);
    expect(filtered.orders[0]!.agreement_pending).toBe(true);

    const listed = await json<ConsoleOrdersResponse>(`${DEMO}/orders?status=all&per_page=200`);
    const pendingOf = new Map(listed.orders.map((order) => [order.id, order.agreement_pending]));
    expect(pendingOf.get(pending.orderId)).toBe(true);
    expect(pendingOf.get(signed.orderId)).toBe(false);
    expect(pendingOf.get(voided.orderId)).toBe(false);
    expect(pendingOf.has(otherPending.orderId)).toBe(false);
    expect([...pendingOf.values()].filter(Boolean)).toHaveLength(1);

    // The inspector's list is their own orders, the filter too.
    const own = await json<ConsoleOrdersResponse>(`${DEMO}/orders?agreement=unsigned`, mike);
    expect(own.orders.map((order) => order.id)).toEqual([pending.orderId]);
  });

  it('exports only the filtered orders as CSV, and refuses an unknown filter naming it', async () => {
    const csv = await get(`${DEMO}/orders.csv?agreement=unsigned&status=all`);
    expect(csv.statusCode, csv.body).toBe(200);
    const ids = [...csv.body.matchAll(/^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}),/gm)].map(
      (match) => match[1],
    );
    expect(ids).toEqual([pending.orderId]);
    const bad = await get(`${DEMO}/orders?agreement=signed`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('agreement');
  });
});
