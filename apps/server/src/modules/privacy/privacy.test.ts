import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  ERASED_MARKER,
  type PrivacyEraseResult,
  type PrivacyExport,
  type PrivacyLookup,
} from '@scheduler/contracts/privacy';
import type { ConsoleOrderDetail } from '@scheduler/contracts/console';
import { addDays } from '@scheduler/domain/availability/zoned-calendar';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { demoOrdinaryWeekday } from '../../test-support/demo-days.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { startDemoSession } from '../../test-support/test-app.ts';
import { ManagedBooking, setClock, slotsOn, startWithOtherCompany } from '../booking-changes/manage-test-support.ts';
import { DemoOrder } from '../confirm/confirm-test-support.ts';
import { signedInMember, type ConsolePerson } from '../console-auth/console-test-support.ts';
import { testWorker } from '../notifications/worker-test-support.ts';
import { pruneTasks } from '../retention/prune-tasks.ts';

/** A Monday, 9 AM in Columbus (EST). */
const MONDAY = '2027-03-01T14:00:00.000Z';
const DEMO = '/api/console/companies/demo/privacy';
const OTHER_KEY = 'privacy-other';
const OTHER_OFFICE = 'c0000000-0000-4000-8000-0000000000f7';
/** The person asking: the demo bookings' client (DemoOrder.fillIn), Dana Whitaker. */
const DANA = 'dana@example.com';
/** What only Dana's data holds, as entered: none of it may remain on an erased order. */
const DANAS_WORDS = ['Whitaker', DANA, '614-555-0142', '1450 Morse'];

describeOnEachDatabase("a person's request about their data", (factory) => {
  let harness: TestApp;
  let owner: ConsolePerson;
  let office: ConsolePerson;
  let past: ManagedBooking;
  let upcoming: ManagedBooking;
  let limit: ManagedBooking;
  let other: ManagedBooking;
  /** A past order whose client is someone else, with Dana's address on its buyer's agent. */
  let asAgent: DemoOrder;

  const day = (days: number) => demoOrdinaryWeekday(addDays(MONDAY.slice(0, 10), days));
  const db = () => harness.database.db;
  const call = (method: 'GET' | 'POST', url: string, person: ConsolePerson, payload?: Record<string, unknown>) =>
    harness.app.inject({ method, url, headers: person.headers, ...(payload ? { payload } : {}) });
  const lookUp = async (email: string) => {
    const response = await call('GET', `${DEMO}/orders?email=${encodeURIComponent(email)}`, owner);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PrivacyLookup>();
  };
  /** Everything of an order a person could be read from, as one text. */
  const everythingOf = async (orderId: string) => {
    const of = (table: PgTable, column: AnyPgColumn) => db().select().from(table).where(eq(column, orderId));
    return JSON.stringify(
      await Promise.all([
        of(t.orders, t.orders.id),
        of(t.orderParties, t.orderParties.orderId),
        of(t.orderEvents, t.orderEvents.orderId),
        of(t.orderMessages, t.orderMessages.orderId),
        of(t.orderNotes, t.orderNotes.orderId),
        of(t.orderLedger, t.orderLedger.orderId),
        of(t.jobs, t.jobs.orderId),
        of(t.confirmRequests, t.confirmRequests.orderId),
      ]),
    );
  };

  /**
   * A signed agreement on the order, sealed as a PDF: Dana (the client, by her party) and Lee (a
   * co-signer who is not erased) sign it; its text quotes Dana's name and the inspected address.
   */
  const signedAgreement = async (orderId: string) => {
    const [order] = await db().select().from(t.orders).where(eq(t.orders.id, orderId));
    const companyId = order!.companyId;
    const [client] = await db()
      .select()
      .from(t.orderParties)
      .where(and(eq(t.orderParties.orderId, orderId), eq(t.orderParties.role, 'client')));
    const [template] = await db()
      .insert(t.agreementTemplates)
      .values({ companyId, appliesTo: { all: true, service_ids: [], package_ids: [] }, currentVersion: 1 })
      .returning();
    const [pdf] = await db()
      .insert(t.documents)
      .values({
        companyId,
        kind: 'agreement_pdf',
        fileName: 'agreement.pdf',
        contentType: 'application/pdf',
        sha256: `sha-of-${orderId}`,
        sizeBytes: 8,
        content: Buffer.from('%PDF Dana Whitaker'),
      })
      .returning();
    const [agreement] = await db()
      .insert(t.orderAgreements)
      .values({
        companyId,
        orderId,
        templateId: template!.id,
        templateVersion: 1,
        title: 'Pre-inspection agreement',
        bodyHtml: '<p>Client: Dana Whitaker, 1450 Morse Rd. Co-signer: Lee Park.</p>',
        documentSha256: 'html-sha',
        signersRequired: 'all',
        status: 'signed',
        signedAt: new Date(MONDAY),
        pdfDocumentId: pdf!.id,
      })
      .returning();
    const signed = { signedAt: new Date(MONDAY), consentText: 'I agree', signatureMethod: 'typed' as const };
    await db()
      .insert(t.agreementSigners)
      .values([
        {
          companyId,
          agreementId: agreement!.id,
          partyId: client!.id,
          name: 'Dana Whitaker',
          email: DANA,
          tokenHash: `dana-${orderId}`,
          openedIp: '203.0.113.9',
          signedIp: '203.0.113.9',
          signedUserAgent: 'Chromium',
          typedName: 'Dana Whitaker',
          signaturePng: 'data:image/png;base64,AAAA',
          ...signed,
        },
        {
          companyId,
          agreementId: agreement!.id,
          partyId: null,
          name: 'Lee Park',
          email: 'lee@example.com',
          tokenHash: `lee-${orderId}`,
          typedName: 'Lee Park',
          position: 1,
          ...signed,
        },
      ]);
    return agreement!.id;
  };
  let limitAgreement: string;
  let otherAgreement: string;

  beforeAll(async () => {
    harness = await startWithOtherCompany(factory, MONDAY, { key: OTHER_KEY, officeUuid: OTHER_OFFICE });
    owner = await signedInMember(harness, 'owner@privacy.example', 'owner');
    office = await signedInMember(harness, 'office@privacy.example', 'office');
    past = await ManagedBooking.book(harness, day(7));
    upcoming = await ManagedBooking.book(harness, day(28));
    limit = await ManagedBooking.book(harness, day(7));
    other = await ManagedBooking.book(harness, day(7), { company: { key: OTHER_KEY, officeUuid: OTHER_OFFICE } });
    asAgent = await DemoOrder.start(harness.app, db(), await startDemoSession(harness.app));
    await asAgent.fillIn({ clientEmail: 'zed@example.com', agentEmail: 'Dana@Example.com' });
    expect((await asAgent.hold((await slotsOn(harness.app, asAgent.token, day(7)))[0]!)).statusCode).toBe(200);
    expect((await asAgent.confirm()).statusCode).toBe(200);
    const note = await harness.app.inject({
      method: 'POST',
      url: `/api/console/companies/demo/orders/${past.orderId}/notes`,
      headers: owner.headers,
      payload: { body: 'Called Dana Whitaker on 614-555-0142: gate code 4417' },
    });
    expect(note.statusCode, note.body).toBe(201);
    const paid = await harness.app.inject({
      method: 'POST',
      url: `/api/console/companies/demo/orders/${past.orderId}/payments`,
      headers: owner.headers,
      payload: { amount_cents: 100, method: 'check', reference: 'Whitaker check 1001', received_on: day(7) },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    limitAgreement = await signedAgreement(limit.orderId);
    otherAgreement = await signedAgreement(other.orderId);
    // The confirmations go out, so the orders have messages (and finished jobs) to Dana.
    const outbox = mkdtempSync(join(tmpdir(), 'privacy-outbox-'));
    try {
      await testWorker(db(), outbox, { now: () => harness.clock.now() }).runDue();
    } finally {
      rmSync(outbox, { recursive: true, force: true });
    }
    // Two weeks on: the first bookings' inspections are over, the later one is still to come.
    setClock(harness, `${day(14)}T14:00:00.000Z`);
  });
  afterAll(async () => harness.close());

  it("lists the company's orders the person is on, whatever the e-mail's case, with their roles, and which an erasure keeps; none of another company's", async () => {
    const found = await lookUp('  DANA@example.COM ');
    const byId = new Map(found.orders.map((order) => [order.id, order]));
    expect([...byId.keys()].sort()).toEqual([past.orderId, upcoming.orderId, limit.orderId, asAgent.orderId].sort());
    expect(byId.get(past.orderId)).toMatchObject({
      roles: ['client'],
      status: 'confirmed',
      kept: null,
      erased_at: null,
    });
    expect(byId.get(upcoming.orderId)).toMatchObject({ roles: ['client'], kept: 'upcoming' });
    expect(byId.get(asAgent.orderId)).toMatchObject({ roles: ['buyers_agent'], kept: null });
    expect(byId.get(past.orderId)!.time_zone).toBe('America/New_York');
    // Newest inspection first.
    expect(found.orders[0]!.id).toBe(upcoming.orderId);
    expect((await lookUp('nobody@example.com')).orders).toEqual([]);
  });

  it('hands over what the company holds of the person: the client orders with their address, notes and payments; an agent entry without them', async () => {
    const response = await call('GET', `${DEMO}/export?email=${DANA}`, owner);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="personal-data-dana@example.com.json"');
    const file = response.json<PrivacyExport>();
    expect(file.company).toEqual({ key: 'demo', name: expect.any(String) });
    const pastOrder = file.orders.find((order) => order.id === past.orderId)!;
    expect(pastOrder.address).toMatchObject({ address1: '1450 Morse Rd', city: 'Columbus', postal_code: '43229' });
    expect(pastOrder.people).toEqual([
      { role: 'client', person: expect.objectContaining({ last: 'Whitaker', email: DANA }) },
    ]);
    expect(pastOrder.notes.map((note) => note.body)).toEqual(['Called Dana Whitaker on 614-555-0142: gate code 4417']);
    expect(pastOrder.payments).toEqual([
      expect.objectContaining({ kind: 'payment', amount_cents: 100, method: 'check' }),
    ]);
    expect(pastOrder.messages.length).toBeGreaterThan(0);
    expect(pastOrder.messages.every((message) => message.recipient === DANA)).toBe(true);
    const agentOrder = file.orders.find((order) => order.id === asAgent.orderId)!;
    expect(agentOrder).toMatchObject({ address: null, notes: [], payments: [], special_note: '' });
    expect(agentOrder.people).toEqual([
      { role: 'buyers_agent', person: expect.objectContaining({ last: 'Ortiz', email: 'Dana@Example.com' }) },
    ]);
    expect(JSON.stringify(file)).not.toContain('zed@example.com');
    expect(file.orders.map((order) => order.id)).not.toContain(other.orderId);
  });

  it('refuses the office role and names the field of a malformed e-mail', async () => {
    expect((await call('GET', `${DEMO}/orders?email=${DANA}`, office)).statusCode).toBe(403);
    expect((await call('POST', `${DEMO}/erase`, office, { email: DANA })).statusCode).toBe(403);
    const malformed = await call('POST', `${DEMO}/erase`, owner, { email: 'dana at example' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: { field: 'email' } });
    const tooLong = await call('GET', `${DEMO}/orders?email=${'a'.repeat(250)}@example.com`, owner);
    expect(tooLong.statusCode).toBe(400);
  });

  it('erases the person from every order of theirs that is over, and from nothing else; the audit trail records who, never what', async () => {
    const response = await call('POST', `${DEMO}/erase`, owner, { email: 'Dana@example.com' });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<PrivacyEraseResult>();
    expect(result.erased.map((order) => order.id).sort()).toEqual(
      [past.orderId, limit.orderId, asAgent.orderId].sort(),
    );
    expect(result.kept.map((order) => [order.id, order.kept])).toEqual([[upcoming.orderId, 'upcoming']]);

    const erased = await everythingOf(past.orderId);
    for (const words of DANAS_WORDS)
      expect(erased.slice(Math.max(0, erased.indexOf(words) - 300), erased.indexOf(words) + 100), words).not.toContain(
        words,
      );
    expect(erased).toContain('gate code 4417');
    const [order] = await db().select().from(t.orders).where(eq(t.orders.id, past.orderId));
    expect(order).toMatchObject({ address1: ERASED_MARKER, city: '', postalCode: '', status: 'confirmed' });
    expect(order!.personalDataErasedAt?.toISOString()).toBe(new Date(harness.clock.now()).toISOString());
    expect(order!.pricingSnapshot).not.toBeNull();
    const [client] = await db().select().from(t.orderParties).where(eq(t.orderParties.orderId, past.orderId));
    expect(client!.person).toMatchObject({ first: ERASED_MARKER, last: '', email: '', mobile_phone: '' });
    const [note] = await db().select().from(t.orderNotes).where(eq(t.orderNotes.orderId, past.orderId));
    expect(note!.body).toBe(`Called ${ERASED_MARKER} on ${ERASED_MARKER}: gate code 4417`);
    expect(await db().select().from(t.orderManageLinks).where(eq(t.orderManageLinks.orderId, past.orderId))).toEqual(
      [],
    );
    expect(await db().select().from(t.sessions).where(eq(t.sessions.orderId, past.orderId))).toEqual([]);
    expect(await db().select().from(t.jobs).where(eq(t.jobs.orderId, past.orderId))).toEqual([]);
    expect(
      (await db().select().from(t.orderMessages).where(eq(t.orderMessages.orderId, past.orderId))).length,
    ).toBeGreaterThan(0);
    const [audit] = await db()
      .select()
      .from(t.orderEvents)
      .where(and(eq(t.orderEvents.orderId, past.orderId), eq(t.orderEvents.type, 'personal_data_erased')));
    expect(audit!.data).toEqual({ by: { kind: 'office', user_id: owner.userId, name: 'owner' }, roles: ['client'] });

    // The order page lists the messages that went, to nobody now, and none may go again.
    const page = await call('GET', `/api/console/companies/demo/orders/${past.orderId}`, owner);
    expect(page.statusCode, page.body).toBe(200);
    const messages = page.json<ConsoleOrderDetail>().messages;
    expect(messages.filter((message) => message.to === ERASED_MARKER).length).toBeGreaterThan(0);
    expect(messages.filter((message) => message.resendable)).toEqual([]);

    // On the order where Dana was the agent, the agent alone: the client and the address stay.
    const agentOrder = await everythingOf(asAgent.orderId);
    expect(agentOrder).not.toMatch(/Ortiz|dana@example\.com|614-555-0177/i);
    expect(agentOrder).toContain('zed@example.com');
    expect(agentOrder).toContain('1450 Morse Rd');
    const [agentOrderRow] = await db().select().from(t.orders).where(eq(t.orders.id, asAgent.orderId));
    expect(agentOrderRow!.personalDataErasedAt).toBeNull();

    // The upcoming inspection and the other company's order are as they were.
    for (const kept of [upcoming.orderId, other.orderId]) expect(await everythingOf(kept)).toContain('Whitaker');
    expect((await lookUp(DANA)).orders.map((found) => found.id)).toEqual([upcoming.orderId]);
  });

  it("takes the erased person out of the order's agreements: signer, text and sealed PDF; the co-signer, the signing's record and another company's agreement stay", async () => {
    // The erasure above took Dana out of the limit order (over) but not out of the other company's.
    const signersOf = (agreementId: string) =>
      db().select().from(t.agreementSigners).where(eq(t.agreementSigners.agreementId, agreementId));
    const [dana, lee] = (await signersOf(limitAgreement)).sort((a, b) => a.position - b.position);
    expect(dana).toMatchObject({
      name: ERASED_MARKER,
      email: '',
      typedName: ERASED_MARKER,
      signaturePng: null,
      openedIp: null,
      signedIp: null,
      signedUserAgent: null,
      consentText: 'I agree',
      signatureMethod: 'typed',
    });
    expect(dana!.signedAt?.toISOString()).toBe(new Date(MONDAY).toISOString());
    expect(dana!.tokenHash).toBe(`erased:${dana!.id}`);
    expect(lee).toMatchObject({ name: 'Lee Park', email: 'lee@example.com', typedName: 'Lee Park' });
    const [agreement] = await db().select().from(t.orderAgreements).where(eq(t.orderAgreements.id, limitAgreement));
    expect(agreement).toMatchObject({ status: 'signed', pdfDocumentId: null });
    expect(agreement!.bodyHtml).toBe(`<p>Client: ${ERASED_MARKER}, ${ERASED_MARKER}. Co-signer: Lee Park.</p>`);
    expect(
      await db()
        .select()
        .from(t.documents)
        .where(eq(t.documents.sha256, `sha-of-${limit.orderId}`)),
    ).toEqual([]);
    const [audit] = await db()
      .select()
      .from(t.orderEvents)
      .where(and(eq(t.orderEvents.orderId, limit.orderId), eq(t.orderEvents.type, 'personal_data_erased')));
    expect(audit!.data).toMatchObject({
      agreement_pdfs_deleted: [{ agreement_id: limitAgreement, sha256: `sha-of-${limit.orderId}` }],
    });

    const [othersDana] = (await signersOf(otherAgreement)).filter((signer) => signer.position === 0);
    expect(othersDana).toMatchObject({
      name: 'Dana Whitaker',
      email: DANA,
      signaturePng: 'data:image/png;base64,AAAA',
    });
    const [othersAgreement] = await db()
      .select()
      .from(t.orderAgreements)
      .where(eq(t.orderAgreements.id, otherAgreement));
    expect(othersAgreement!.pdfDocumentId).not.toBeNull();
    expect(othersAgreement!.bodyHtml).toContain('Dana Whitaker');
  });

  it("erases everyone on the company's orders whose inspection is further back than its years, from the pruning job: one second past the limit, not on it", async () => {
    const now = new Date(harness.clock.now());
    const yearBefore = new Date(now);
    yearBefore.setUTCFullYear(now.getUTCFullYear() - 1);
    const at = (order: string, datetime: Date) => db().update(t.orders).set({ datetime }).where(eq(t.orders.id, order));
    await at(upcoming.orderId, new Date(yearBefore.getTime() - 1000));
    await at(asAgent.orderId, yearBefore);
    await at(other.orderId, new Date(yearBefore.getTime() - 5 * 365 * 86_400_000));
    const task = pruneTasks({ days: 30 }).find((entry) => entry.name === 'client_data')!;
    // Off (the default): nothing is erased however old.
    expect(await task.pruneBatch(db(), now, 500)).toBe(0);

    await db()
      .update(t.companies)
      .set({ privacySettings: { client_data_years: 1 } })
      .where(eq(t.companies.key, 'demo'));
    expect(await task.pruneBatch(db(), now, 500)).toBe(1);
    expect(await task.pruneBatch(db(), now, 500)).toBe(0);
    const erased = await everythingOf(upcoming.orderId);
    for (const words of DANAS_WORDS) expect(erased, words).not.toContain(words);
    const [audit] = await db()
      .select()
      .from(t.orderEvents)
      .where(and(eq(t.orderEvents.orderId, upcoming.orderId), eq(t.orderEvents.type, 'personal_data_erased')));
    expect(audit!.data).toEqual({ by: { kind: 'retention', years: 1 }, roles: ['client'] });
    // On the limit: kept. The other company keeps its data (no years set).
    expect(await everythingOf(asAgent.orderId)).toContain('zed@example.com');
    expect(await everythingOf(other.orderId)).toContain('Whitaker');
  });
});
