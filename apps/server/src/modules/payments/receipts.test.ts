import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { OrderLedger } from '@scheduler/contracts/ledger';
import { formatMoney } from '@scheduler/domain/money-format';
import { orderReference } from '@scheduler/domain/order-reference';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { extract } from '../../pdf/pdf-text-test-support.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { signedInMember, type ConsolePerson } from '../console-auth/console-test-support.ts';
import { testWorker } from '../notifications/worker-test-support.ts';
import { receiptPdf } from './receipt.service.ts';
import { DEMO_SECRETS, PUBLIC_URL, StripeHarness, type ConfirmedStripeOrder } from './stripe-test-support.ts';
import { FakeStripe } from './test-stripe-server.ts';

const DEMO = '/api/console/companies/demo';
let requests = 0;
const requestId = () => `00000000-0000-4000-8000-${String(++requests).padStart(12, '1')}`;

/** "$425.00" → 42500; "- $40.00" → -4000. */
const centsOf = (text: string) => {
  const value = Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
  return text.trim().startsWith('-') ? -value : value;
};

describeOnEachDatabase('PDF receipts of payments and refunds (decision 0082)', (factory) => {
  let payments: StripeHarness;
  let harness: TestApp;
  let owner: ConsolePerson;
  let office: ConsolePerson;
  let outsider: ConsolePerson;
  let outbox: string;

  beforeAll(async () => {
    payments = await StripeHarness.start(factory);
    harness = payments.harness;
    owner = await signedInMember(harness, 'owner@receipts.example', 'owner');
    office = await signedInMember(harness, 'office@receipts.example', 'office');
    outsider = await signedInMember(harness, 'owner@other-receipts.example', 'owner', 'other');
    outbox = mkdtempSync(join(tmpdir(), 'receipts-outbox-'));
  }, 180_000);
  afterAll(async () => {
    await payments?.close();
    rmSync(outbox, { recursive: true, force: true });
  });

  const call = (url: string, person: ConsolePerson, payload?: Record<string, unknown>) =>
    harness.app.inject({
      method: payload ? 'POST' : 'GET',
      url,
      headers: { ...person.headers, origin: PUBLIC_URL },
      ...(payload ? { payload } : {}),
    });
  const ledgerOf = async (orderId: string) =>
    (await call(`${DEMO}/orders/${orderId}/payments`, owner)).json<OrderLedger>();
  const paidOnline = async (confirmed: ConfirmedStripeOrder) => {
    const session = await payments.paidSession(confirmed.payUrl);
    const answer = await payments.deliver('demo', FakeStripe.signedEvent(session, DEMO_SECRETS.webhook_secret));
    expect(answer.json()).toMatchObject({ outcome: 'paid' });
    return session;
  };
  const receiptOf = (orderId: string, entryId: string, person = office, company = 'demo') =>
    call(`/api/console/companies/${company}/orders/${orderId}/payments/${entryId}/receipt`, person);
  const textOf = async (bytes: Buffer) => (await extract(new Uint8Array(bytes))).pages.flatMap((page) => page.lines);
  const runMail = () =>
    testWorker(harness.database.db, outbox, {
      now: () => harness.clock.now(),
      receiptAttachment: (companyId, orderId, entry) => receiptPdf(harness.database.db, { companyId, orderId }, entry),
    }).runDue();

  it('attaches the PDF to the online payment receipt, and the office downloads the same: lines and taxes that add up, the amount, the balance after', async () => {
    const confirmed = await payments.confirmedOrder();
    const orderId = confirmed.order.orderId;
    const session = await paidOnline(confirmed);
    const payment = (await ledgerOf(orderId)).entries[0]!;

    const download = await receiptOf(orderId, payment.id);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="receipt-R-[0-9A-F]{8}-[0-9A-F]{8}\.pdf"$/,
    );
    const lines = await textOf(download.rawPayload);
    const text = lines.join('\n');
    expect(text).toContain(orderReference(orderId));
    expect(text).toContain(session.payment_intent!);
    expect(text).toMatch(/Inspection\s*\d+\/\d+\/\d{4} at \d+:\d{2}(AM|PM) E[SD]T/);
    expect(text).toMatch(/Recorded\s*\d+\/\d+\/\d{4} at \d+:\d{2}(AM|PM) E[SD]T/);
    // The price lines, taxes included, add up to the total printed, which is the order's total.
    const start = lines.findIndex((line) => /^Inspection/.test(line)) + 1;
    const end = lines.findIndex((line) => /^Total/.test(line));
    const priced = lines.slice(start, end).filter((line) => /\$[\d,]+\.\d{2}$/.test(line));
    expect(priced.length).toBeGreaterThan(0);
    expect(priced.some((line) => /\(tax\)/.test(line))).toBe(true);
    const amounts = priced.map((line) => centsOf(line.slice(line.search(/-?\s*\$[\d,]+\.\d{2}$/))));
    expect(amounts.reduce((sum, each) => sum + each, 0)).toBe(confirmed.totalCents);
    expect(centsOf(lines[end]!)).toBe(confirmed.totalCents);
    const money = formatMoney(confirmed.totalCents, 'USD');
    expect(lines.some((line) => line.replace(/\s+/g, '') === `Received${money}`)).toBe(true);
    expect(lines.some((line) => line.replace(/\s+/g, '') === 'Balancedueafterthispayment$0.00')).toBe(true);

    await runMail();
    const mails = readdirSync(outbox).map((name) => readFileSync(join(outbox, name), 'utf8'));
    const receipts = mails.filter(
      (mail) => /Subject: Payment received/.test(mail) && mail.includes(orderReference(orderId)),
    );
    expect(receipts.length).toBeGreaterThan(0);
    for (const mail of receipts) {
      expect(mail).toContain('Content-Type: application/pdf');
      expect(mail).toMatch(/filename="?receipt-R-[0-9A-F]{8}-[0-9A-F]{8}\.pdf/);
    }
  });

  it("gives a refund its own receipt; another company's member, another order's entry and a voided entry get the same 404", async () => {
    const confirmed = await payments.confirmedOrder();
    const orderId = confirmed.order.orderId;
    await paidOnline(confirmed);
    const payment = (await ledgerOf(orderId)).entries[0]!;
    const refunded = await call(`${DEMO}/orders/${orderId}/payments/${payment.id}/refund`, owner, {
      amount_cents: 5_000,
      reason: 'Radon test not done',
      request_id: requestId(),
      send_receipt: true,
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    const refund = refunded.json<OrderLedger>().entries.find((entry) => entry.kind === 'refund')!;
    const lines = await textOf((await receiptOf(orderId, refund.id)).rawPayload);
    expect(lines).toContain('Refund receipt');
    expect(lines.some((line) => line.replace(/\s+/g, '') === 'Refunded$50.00')).toBe(true);
    expect(lines.some((line) => line.replace(/\s+/g, '') === 'Balancedueafterthisrefund$50.00')).toBe(true);
    expect(lines.join('\n')).toContain('Radon test not done');

    await runMail();
    const mails = readdirSync(outbox).map((name) => readFileSync(join(outbox, name), 'utf8'));
    const refundMail = mails.find((mail) => mail.includes(orderReference(orderId)) && /Subject: Refund/i.test(mail));
    expect(refundMail, 'the refund receipt e-mail').toBeDefined();
    expect(refundMail).toContain('Content-Type: application/pdf');

    // Walls: the other company's owner through their company, an entry of another order, a made-up id.
    expect((await receiptOf(orderId, payment.id, outsider, 'other')).statusCode).toBe(404);
    const other = await payments.confirmedOrder();
    expect((await receiptOf(other.order.orderId, payment.id)).statusCode).toBe(404);
    expect((await receiptOf(orderId, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await receiptOf(orderId, 'not-a-uuid')).statusCode).toBe(400);

    // A check the office voided: it counts for nothing and receipts nothing.
    const { today } = await ledgerOf(other.order.orderId);
    const recorded = await call(`${DEMO}/orders/${other.order.orderId}/payments`, office, {
      amount_cents: 10_000,
      method: 'check',
      reference: '1042',
      received_on: today,
    });
    const check = recorded.json<OrderLedger>().entries[0]!;
    const checkLines = await textOf((await receiptOf(other.order.orderId, check.id)).rawPayload);
    expect(checkLines.some((line) => line.replace(/\s+/g, '') === 'MethodCheck1042')).toBe(true);
    const voided = await call(`${DEMO}/orders/${other.order.orderId}/payments/${check.id}/void`, owner, {
      reason: 'Bounced',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect((await receiptOf(other.order.orderId, check.id)).statusCode).toBe(404);
  });

  it("hands the client their receipts from the manage link, and an agent's link none", async () => {
    const confirmed = await payments.confirmedOrder();
    const orderId = confirmed.order.orderId;
    await paidOnline(confirmed);
    const payment = (await ledgerOf(orderId)).entries[0]!;
    const jobs = await harness.database.db
      .select()
      .from(t.jobs)
      .where(and(eq(t.jobs.kind, 'confirmation_email'), eq(t.jobs.orderId, orderId)));
    const tokenOf = (audience: string) =>
      jobs.map((job) => job.payload).find((payload) => payload.audience === audience && payload.manage_token)
        ?.manage_token as string | undefined;
    const client = tokenOf('client')!;
    const view = await harness.app.inject({ method: 'GET', url: `/demo/json/manage/${client}` });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().receipts).toEqual([
      {
        id: payment.id,
        text: expect.stringMatching(/^Receipt: payment of \$[\d,]+\.\d{2} on [A-Z][a-z]+ \d{1,2}, \d{4}$/),
      },
    ]);
    const pdf = await harness.app.inject({
      method: 'GET',
      url: `/demo/json/manage/${client}/receipts/${payment.id}/pdf`,
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // Another order's entry under this link: the same 404 as no entry.
    const other = await payments.confirmedOrder();
    await paidOnline(other);
    const otherPayment = (await ledgerOf(other.order.orderId)).entries[0]!;
    const crossed = await harness.app.inject({
      method: 'GET',
      url: `/demo/json/manage/${client}/receipts/${otherPayment.id}/pdf`,
    });
    expect(crossed.statusCode).toBe(404);
    const agent = tokenOf('buyers_agent');
    if (agent) {
      const agentView = await harness.app.inject({ method: 'GET', url: `/demo/json/manage/${agent}` });
      expect(agentView.json().receipts).toEqual([]);
      const agentPdf = await harness.app.inject({
        method: 'GET',
        url: `/demo/json/manage/${agent}/receipts/${payment.id}/pdf`,
      });
      expect(agentPdf.statusCode).toBe(404);
    }
  });
});
