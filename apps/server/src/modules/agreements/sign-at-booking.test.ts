import { and, eq } from 'drizzle-orm';
import type { ReviewAgreements } from '@scheduler/contracts/agreements';
import { addDays } from '@scheduler/domain/availability/zoned-calendar';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { demoOrdinaryWeekday } from '../../test-support/demo-days.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { startDemoSession, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { setClock, slotsOn } from '../booking-changes/manage-test-support.ts';
import { DemoOrder } from '../confirm/confirm-test-support.ts';
import { insertAgreementTemplate } from './agreements-test-support.ts';

/** A Monday, 9 AM in Columbus (EST). */
const MONDAY = '2027-03-01T14:00:00.000Z';

describeOnEachDatabase('agreements signed on the review, at booking', (factory) => {
  let harness: TestApp;
  let companyId: string;
  const db = () => harness.database.db;
  const day = (days: number) => demoOrdinaryWeekday(addDays(MONDAY.slice(0, 10), days));

  async function settings(signing: 'at_booking' | 'after_booking', signers: 'one' | 'all' = 'all') {
    await db()
      .update(t.companies)
      .set({ agreementSettings: { signers, licence_number: '', signing, warn_hours_before: 48 } })
      .where(eq(t.companies.id, companyId));
  }

  /** A demo draft with its time held, as the review sees it; `userType` is who books it. */
  async function draft(days: number, options: { userType?: string; coClient?: boolean } = {}) {
    const order = await DemoOrder.start(harness.app, db(), await startDemoSession(harness.app));
    // An agent books with themselves on the order as the buyer's agent.
    await order.fillIn(options.userType === 'BUYERS_AGENT' ? { agentEmail: 'ray@example.com' } : {});
    if (options.userType)
      await db()
        .update(t.orders)
        .set({ userType: { type: options.userType, text: options.userType, other: '' } })
        .where(eq(t.orders.id, order.orderId));
    if (options.coClient)
      await db()
        .insert(t.orderParties)
        .values({
          companyId,
          orderId: order.orderId,
          role: 'client',
          position: 1,
          person: { first: 'Sam', last: 'Park', email: 'sam@example.com', mobile_phone: '614-555-0188' },
        });
    expect((await order.hold((await slotsOn(harness.app, order.token, day(days)))[0]!)).statusCode).toBe(200);
    return order;
  }

  const review = async (order: DemoOrder) => {
    const response = await harness.app.inject({
      method: 'GET',
      url: '/demo/json/online_scheduler/review_agreements',
      headers: { 'x-auth-token': order.token },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ReviewAgreements>();
  };
  const confirm = (order: DemoOrder, signature?: Record<string, unknown>) =>
    harness.app.inject({
      method: 'POST',
      url: '/demo/json/online_scheduler/confirm',
      headers: { 'x-auth-token': order.token, 'user-agent': 'ReviewBrowser/2.0' },
      remoteAddress: '198.51.100.9',
      payload: { special_note: '', ...(signature ? { agreement_signature: signature } : {}) },
    });
  const typedFor = (shown: ReviewAgreements, documents = shown.agreements) => ({
    consent: true,
    typed_name: 'Dana Whitaker',
    method: 'typed',
    signature_png: null,
    documents: documents.map((agreement) => ({
      template_id: agreement.template_id,
      document_sha256: agreement.document_sha256,
    })),
  });
  const agreementsOf = (orderId: string) =>
    db().select().from(t.orderAgreements).where(eq(t.orderAgreements.orderId, orderId));
  const signersOf = (agreementId: string) =>
    db()
      .select()
      .from(t.agreementSigners)
      .where(eq(t.agreementSigners.agreementId, agreementId))
      .orderBy(t.agreementSigners.position);
  const statusOf = async (orderId: string) =>
    (await db().select({ status: t.orders.status }).from(t.orders).where(eq(t.orders.id, orderId)))[0]!.status;

  beforeAll(async () => {
    harness = await startTestApp(factory, {
      config: { SESSION_RATE_LIMIT: '1000', SEARCH_RATE_LIMIT: '1000', WRITE_RATE_LIMIT: '1000' },
    });
    setClock(harness, MONDAY);
    const [demo] = await db().select({ id: t.companies.id }).from(t.companies).where(eq(t.companies.key, 'demo'));
    companyId = demo!.id;
    await insertAgreementTemplate(db(), 'demo', {
      name: 'Pre-inspection agreement',
      bodyHtml: '<p>{client_name} engage us for {address} on {datetime}.</p><p>{price_lines}</p><p>{today}</p>',
    });
  });
  afterAll(async () => harness.close());

  it('shows a client the agreement filled as the confirm will freeze it, books nothing unsigned, and seals what the client signs with the confirm', async () => {
    await settings('at_booking');
    const order = await draft(7);
    const shown = await review(order);
    expect(shown).toMatchObject({ sign_now: true, signer_name: 'Dana Whitaker' });
    expect(shown.agreements).toHaveLength(1);
    expect(shown.agreements[0]!.html).toContain('Dana Whitaker engage us for 1450 Morse Rd');
    expect(shown.agreements[0]!.html).toMatch(/Total:? \$\d/);

    const unsigned = await confirm(order);
    expect(unsigned.statusCode, unsigned.body).toBe(400);
    expect(unsigned.json().error.field).toBe('agreement_signature');
    const other = await confirm(order, typedFor(shown, [{ ...shown.agreements[0]!, document_sha256: 'f'.repeat(64) }]));
    expect(other.statusCode, other.body).toBe(409);
    expect(other.json().error.code).toBe('agreement_changed');
    const noConsent = await confirm(order, { ...typedFor(shown), consent: false });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.body).toContain('consent');
    expect(await statusOf(order.orderId)).toBe('draft');
    expect(await agreementsOf(order.orderId)).toEqual([]);

    const booked = await confirm(order, typedFor(shown));
    expect(booked.statusCode, booked.body).toBe(200);
    const [agreement] = await agreementsOf(order.orderId);
    // What was frozen is, byte for byte, what the review showed.
    expect(agreement!.bodyHtml).toBe(shown.agreements[0]!.html);
    expect(agreement!.status).toBe('signed');
    expect(agreement!.pdfDocumentId).not.toBeNull();
    const [signer] = await signersOf(agreement!.id);
    expect(signer).toMatchObject({
      typedName: 'Dana Whitaker',
      signatureMethod: 'typed',
      signedIp: '198.51.100.9',
      signedUserAgent: 'ReviewBrowser/2.0',
    });
    const events = await db()
      .select()
      .from(t.orderEvents)
      .where(and(eq(t.orderEvents.orderId, order.orderId), eq(t.orderEvents.type, 'agreement_signed')));
    expect(events.map((event) => event.data.at_booking)).toEqual([true]);
  });

  it("leaves a second client's signature to their e-mail when every client signs", async () => {
    await settings('at_booking', 'all');
    const order = await draft(8, { coClient: true });
    const shown = await review(order);
    expect((await confirm(order, typedFor(shown))).statusCode).toBe(200);
    const [agreement] = await agreementsOf(order.orderId);
    expect(agreement!.status).toBe('pending');
    const signers = await signersOf(agreement!.id);
    expect(signers.map((signer) => [signer.email, signer.signedAt !== null])).toEqual([
      ['dana@example.com', true],
      ['sam@example.com', false],
    ]);
  });

  it("asks no signature of a buyer's agent booking, nor where the company signs after booking: the e-mail takes it", async () => {
    await settings('at_booking');
    const agent = await draft(9, { userType: 'BUYERS_AGENT' });
    expect(await review(agent)).toMatchObject({ sign_now: false, agreements: [] });
    const agentBooked = await confirm(agent);
    expect(agentBooked.statusCode, agentBooked.body).toBe(200);
    expect((await agreementsOf(agent.orderId))[0]!.status).toBe('pending');

    await settings('after_booking');
    const client = await draft(10);
    expect(await review(client)).toMatchObject({ sign_now: false, agreements: [] });
    // A signature sent anyway (the setting changed after the review) is left to the e-mail.
    expect((await confirm(client)).statusCode).toBe(200);
    const [agreement] = await agreementsOf(client.orderId);
    expect((await signersOf(agreement!.id))[0]!.signedAt).toBeNull();
  });
});
