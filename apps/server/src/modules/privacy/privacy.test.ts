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
        of(t.webhookDeliveries, t.webhookDeliveries.orderId),
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
  /** Dana's unsigned agreement on the limit order (she signs it by her address, in another case). */
  let pendingAgreement: string;
  /** On the order where Dana is the agent: one only its client signs, one Dana signs too. */
  let clientOnlyAgreement: string;
  let agentSignsAgreement: string;

  /** An agreement on the order and its signers, each as given (the rest of a signer left empty). */
  const agreementWith = async (
    orderId: string,
    agreement: Partial<typeof t.orderAgreements.$inferInsert>,
    signers: Array<Partial<typeof t.agreementSigners.$inferInsert> & { name: string; email: string }>,
  ) => {
    const [order] = await db().select().from(t.orders).where(eq(t.orders.id, orderId));
    const companyId = order!.companyId;
    const [template] = await db()
      .insert(t.agreementTemplates)
      .values({ companyId, appliesTo: { all: true, service_ids: [], package_ids: [] }, currentVersion: 2 })
      .returning();
    const [row] = await db()
      .insert(t.orderAgreements)
      .values({
        companyId,
        orderId,
        templateId: template!.id,
        templateVersion: 2,
        title: 'Radon addendum',
        bodyHtml: '<p>Signers: see below.</p>',
        documentSha256: 'html-sha',
        signersRequired: 'all',
        ...agreement,
      })
      .returning();
    await db()
      .insert(t.agreementSigners)
      .values(
        signers.map((signer, position) => ({
          companyId,
          agreementId: row!.id,
          tokenHash: `${row!.id}-${position}`,
          position,
          ...signer,
        })),
      );
    return row!.id;
  };
  const partyOf = async (orderId: string, role: 'client' | 'buyers_agent') => {
    const [party] = await db()
      .select()
      .from(t.orderParties)
      .where(and(eq(t.orderParties.orderId, orderId), eq(t.orderParties.role, role)));
    return party!.id;
  };

  /** Each company's webhook endpoint (off: the tests write its log themselves) and its log's rows by name. */
  const hooks: Record<string, number> = {};
  const companyOf = async (orderId: string) =>
    (await db().select().from(t.orders).where(eq(t.orders.id, orderId)))[0]!.companyId;
  const endpointOf = async (companyId: string) => {
    const [endpoint] = await db()
      .insert(t.webhookEndpoints)
      .values({ companyId, url: 'https://hooks.example.com/in', events: [], enabled: false, secretEncrypted: 'x' })
      .returning();
    return endpoint!.id;
  };
  const orderBody = (orderId: string, people: Array<{ role: string; person: Record<string, string> }>) =>
    JSON.stringify({ id: 'evt_1', type: 'order.updated', data: { order: { id: orderId, people }, change: {} } });
  const personBody = (person: Record<string, string | number>) =>
    JSON.stringify({ id: 'evt_2', type: 'person.created', data: { person } });
  const delivered = {
    state: 'delivered',
    attempts: 1,
    requestHeaders: { 'webhook-id': 'evt_1' },
    responseStatus: 200,
    responseBody: 'ok',
    lastAttemptAt: new Date(MONDAY),
  };
  const hookRow = async (name: string) => {
    const [row] = await db().select().from(t.webhookDeliveries).where(eq(t.webhookDeliveries.id, hooks[name]!));
    return row!;
  };
  const DANAS_CONTACT = 9901;

  /** The log's rows, each carrying Dana (or not) in the way its name says. */
  const writeWebhookLog = async () => {
    const demo = await companyOf(past.orderId);
    const otherCompany = await companyOf(other.orderId);
    const [demoEndpoint, otherEndpoint] = [await endpointOf(demo), await endpointOf(otherCompany)];
    await db()
      .insert(t.directoryContacts)
      .values({ companyId: demo, id: DANAS_CONTACT, first: 'Dana', last: 'Whitaker', email: DANA, contactTypeId: 1 });
    const dana = { first: 'Dana', last: 'Whitaker', email: DANA, mobile_phone: '614-555-0142' };
    const zed = { first: 'Zed', last: 'Quill', email: 'zed@example.com' };
    const rows: Record<string, Partial<typeof t.webhookDeliveries.$inferInsert>> = {
      pastSent: {
        orderId: past.orderId,
        body: orderBody(past.orderId, [{ role: 'client', person: dana }]),
        ...delivered,
      },
      // Dana only as the agent's address, deep in the order's people, in another case: the bound.
      agentNested: {
        orderId: asAgent.orderId,
        body: orderBody(asAgent.orderId, [
          { role: 'client', person: zed },
          { role: 'buyers_agent', person: { email: 'DANA@example.com' } },
        ]),
        ...delivered,
      },
      // The same order before Dana was on it: another person's copy, kept.
      agentBefore: {
        orderId: asAgent.orderId,
        body: orderBody(asAgent.orderId, [{ role: 'client', person: zed }]),
        ...delivered,
      },
      // Retried: the receiver's answer echoed Dana's address.
      limitPending: {
        orderId: limit.orderId,
        body: orderBody(limit.orderId, [{ role: 'client', person: dana }]),
        state: 'pending',
        attempts: 1,
        responseStatus: 503,
        responseBody: `unknown contact ${DANA}`,
        nextAttemptAt: new Date(MONDAY),
      },
      upcomingSent: {
        orderId: upcoming.orderId,
        body: orderBody(upcoming.orderId, [{ role: 'client', person: dana }]),
        ...delivered,
      },
      personSent: {
        eventType: 'person.created',
        personKind: 'contact',
        personId: DANAS_CONTACT,
        body: personBody({ kind: 'contact', id: DANAS_CONTACT, first: 'Dana', email: 'DANA@example.com' }),
        ...delivered,
      },
      personPending: { eventType: 'person.created', personKind: 'contact', personId: DANAS_CONTACT },
      // Another person whose address contains Dana's.
      otherPersonSent: {
        eventType: 'person.created',
        personKind: 'contact',
        personId: 9902,
        body: personBody({ kind: 'contact', id: 9902, first: 'Adana', email: `a${DANA}` }),
        ...delivered,
      },
    };
    const otherRows: Record<string, Partial<typeof t.webhookDeliveries.$inferInsert>> = {
      otherCompanySent: {
        orderId: other.orderId,
        body: orderBody(other.orderId, [{ role: 'client', person: dana }]),
        ...delivered,
      },
      otherCompanyPerson: {
        eventType: 'person.created',
        personKind: 'contact',
        personId: DANAS_CONTACT,
        body: personBody({ kind: 'contact', id: DANAS_CONTACT, email: DANA }),
        ...delivered,
      },
    };
    const insert = async (companyId: string, endpointId: string, named: typeof rows) => {
      for (const [name, row] of Object.entries(named)) {
        const [inserted] = await db()
          .insert(t.webhookDeliveries)
          .values({
            companyId,
            endpointId,
            eventId: `evt_${name}`,
            eventType: 'order.updated',
            occurredAt: new Date(MONDAY),
            ...row,
          })
          .returning();
        hooks[name] = inserted!.id;
      }
    };
    await insert(demo, demoEndpoint, rows);
    await insert(otherCompany, otherEndpoint, otherRows);
  };

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
    pendingAgreement = await agreementWith(limit.orderId, { status: 'pending' }, [
      { name: 'Dana Whitaker', email: 'DANA@Example.com', sentAt: new Date(MONDAY), openedAt: new Date(MONDAY) },
      { name: 'Lee Park', email: 'lee@example.com', sentAt: new Date(MONDAY) },
    ]);
    clientOnlyAgreement = await agreementWith(asAgent.orderId, {}, [
      { name: 'Dana Whitaker', email: 'zed@example.com', partyId: await partyOf(asAgent.orderId, 'client') },
    ]);
    agentSignsAgreement = await agreementWith(asAgent.orderId, { title: 'Agent acknowledgement' }, [
      { name: 'Dana Whitaker', email: 'zed@example.com', partyId: await partyOf(asAgent.orderId, 'client') },
      {
        name: 'Ray Ortiz',
        email: 'ray@agency.example',
        partyId: await partyOf(asAgent.orderId, 'buyers_agent'),
        signedAt: new Date(MONDAY),
        typedName: 'Ray Ortiz',
        signatureMethod: 'typed',
      },
    ]);
    await writeWebhookLog();
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

  const exportOf = async (email: string) => {
    const response = await call('GET', `${DEMO}/export?email=${encodeURIComponent(email)}`, owner);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PrivacyExport>();
  };

  it("lists the agreements of the person's orders with their own signing as stored: a client's every agreement, an agent's those they sign; never a co-signer's, never another company's", async () => {
    const file = await exportOf(DANA);
    const limitOrder = file.orders.find((order) => order.id === limit.orderId)!;
    const byId = new Map(limitOrder.agreements.map((agreement) => [agreement.id, agreement]));
    expect([...byId.keys()].sort()).toEqual([limitAgreement, pendingAgreement].sort());
    expect(byId.get(limitAgreement)).toEqual({
      id: limitAgreement,
      title: 'Pre-inspection agreement',
      template_version: 1,
      status: 'signed',
      created_at: expect.any(String),
      signed_at: MONDAY,
      voided_at: null,
      signings: [
        {
          name: 'Dana Whitaker',
          email: DANA,
          sent_at: null,
          opened_at: null,
          opened_ip: '203.0.113.9',
          signed_at: MONDAY,
          signed_ip: '203.0.113.9',
          signed_user_agent: 'Chromium',
          consent_text: 'I agree',
          typed_name: 'Dana Whitaker',
          signature_method: 'typed',
          signature_png: 'data:image/png;base64,AAAA',
        },
      ],
    });
    // Signed by her address (in another case), not yet signed: when it was sent and opened.
    expect(byId.get(pendingAgreement)).toMatchObject({
      status: 'pending',
      template_version: 2,
      signed_at: null,
      signings: [
        expect.objectContaining({ email: 'DANA@Example.com', sent_at: MONDAY, opened_at: MONDAY, signed_at: null }),
      ],
    });
    // On the order where she is the agent: the agreement she signs (by her entry), with her signing only.
    const agentOrder = file.orders.find((order) => order.id === asAgent.orderId)!;
    expect(agentOrder.agreements.map((agreement) => agreement.id)).toEqual([agentSignsAgreement]);
    expect(agentOrder.agreements[0]!.signings).toEqual([
      expect.objectContaining({ name: 'Ray Ortiz', typed_name: 'Ray Ortiz', signed_at: MONDAY }),
    ]);
    const text = JSON.stringify(file);
    for (const foreign of ['Lee Park', 'lee@example.com', 'zed@example.com', clientOnlyAgreement, otherAgreement])
      expect(text, foreign).not.toContain(foreign);
    // Nor the frozen text, which names the co-signers.
    expect(text).not.toContain('Co-signer');
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
    expect(audit!.data).toEqual({
      by: { kind: 'office', user_id: owner.userId, name: 'owner' },
      roles: ['client'],
      webhook_bodies_scrubbed: 1,
    });

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

  it("scrubs the company's webhook log of the erased person: an ended copy marked (its state, times and code kept), a pending order delivery written anew, a pending person.created cancelled; counts in the audit events", async () => {
    // Ended: the body marked, the rest as it was (an answer that did not quote her too).
    const pastSent = await hookRow('pastSent');
    expect(pastSent).toMatchObject({
      body: ERASED_MARKER,
      state: 'delivered',
      attempts: 1,
      responseStatus: 200,
      responseBody: 'ok',
      requestHeaders: { 'webhook-id': 'evt_1' },
    });
    expect(pastSent.lastAttemptAt?.toISOString()).toBe(MONDAY);
    // Dana only deep in the order's people, in another case: scrubbed; the copy from before she was on it: kept.
    expect((await hookRow('agentNested')).body).toBe(ERASED_MARKER);
    expect((await hookRow('agentBefore')).body).toContain('zed@example.com');
    // Pending: still to be sent, its body written from the erased order then; the answer that echoed her, marked.
    expect(await hookRow('limitPending')).toMatchObject({
      state: 'pending',
      body: null,
      responseStatus: 503,
      responseBody: ERASED_MARKER,
    });
    // The directory's event: the sent copy marked, the pending one cancelled, another person's kept.
    expect(await hookRow('personSent')).toMatchObject({ body: ERASED_MARKER, state: 'delivered' });
    expect(await hookRow('personPending')).toMatchObject({
      state: 'failed',
      outcome: 'personal_data_erased',
      body: null,
      nextAttemptAt: null,
    });
    expect((await hookRow('otherPersonSent')).body).toContain(`a${DANA}`);
    // The upcoming order (kept) and the other company's log: as they were.
    for (const kept of ['upcomingSent', 'otherCompanySent', 'otherCompanyPerson'])
      expect((await hookRow(kept)).body, kept).toContain(DANA);

    const audits = await db()
      .select({ orderId: t.orderEvents.orderId, data: t.orderEvents.data })
      .from(t.orderEvents)
      .where(eq(t.orderEvents.type, 'personal_data_erased'));
    const scrubbedOf = new Map(audits.map((audit) => [audit.orderId, audit.data.webhook_bodies_scrubbed]));
    expect(scrubbedOf.get(asAgent.orderId)).toBe(1);
    expect(scrubbedOf.get(limit.orderId)).toBe(1);
    const directory = await db()
      .select()
      .from(t.authAuditEvents)
      .where(eq(t.authAuditEvents.type, 'personal_data_erased'));
    expect(directory.map((event) => [event.userId, event.data])).toEqual([
      [owner.userId, { webhook_bodies_scrubbed: 1, webhook_deliveries_cancelled: 1 }],
    ]);
  });

  it('after the erasure, the file holds none of the erased agreements: nothing links them to the address any longer', async () => {
    const file = await exportOf(DANA);
    expect(file.orders.map((order) => order.id)).toEqual([upcoming.orderId]);
    const text = JSON.stringify(file);
    for (const gone of [limitAgreement, pendingAgreement, agentSignsAgreement, '203.0.113.9', 'Chromium', 'Ray Ortiz'])
      expect(text, gone).not.toContain(gone);
    // What the company still holds of the erased signing is the marker, found by nobody's address.
    const [erasedSigning] = await db()
      .select()
      .from(t.agreementSigners)
      .where(and(eq(t.agreementSigners.agreementId, pendingAgreement), eq(t.agreementSigners.position, 0)));
    expect(erasedSigning).toMatchObject({ name: ERASED_MARKER, email: '', openedIp: null });
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
    expect(audit!.data).toEqual({ by: { kind: 'retention', years: 1 }, roles: ['client'], webhook_bodies_scrubbed: 1 });
    expect((await hookRow('upcomingSent')).body).toBe(ERASED_MARKER);
    // On the limit: kept. The other company keeps its data (no years set).
    expect(await everythingOf(asAgent.orderId)).toContain('zed@example.com');
    expect(await everythingOf(other.orderId)).toContain('Whitaker');
  });
});
