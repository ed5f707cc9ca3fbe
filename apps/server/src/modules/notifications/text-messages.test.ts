import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { startDemoSession, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { wizardCalls } from '../../test-support/wizard-calls.ts';
import { DemoOrder } from '../confirm/confirm-test-support.ts';
import { SMS_JOB } from './confirmation-jobs.ts';
import type { NotificationWorker } from './notification-worker.ts';
import { twilioTransport } from './sms-transport.ts';
import { testWorker } from './worker-test-support.ts';

/** A number Twilio answers "not a valid phone number" for (error 21211), and one it fails for now (503). */
const REFUSED = '+16145550100';
const UNAVAILABLE = '+16145550101';

/** A local server standing in for Twilio's Messages API: records what it is sent, answers as Twilio does. */
function twilioStandIn() {
  const received: Array<{ path: string; to: string; from: string; body: string; auth: string }> = [];
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const form = new URLSearchParams(raw);
      const message = {
        path: request.url ?? '',
        to: form.get('To') ?? '',
        from: form.get('From') ?? '',
        body: form.get('Body') ?? '',
        auth: request.headers.authorization ?? '',
      };
      received.push(message);
      response.setHeader('content-type', 'application/json');
      if (message.to === REFUSED) {
        response.statusCode = 400;
        response.end(
          JSON.stringify({ code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 }),
        );
      } else if (message.to === UNAVAILABLE) {
        response.statusCode = 503;
        response.end(JSON.stringify({ code: 20500, message: 'Service unavailable', status: 503 }));
      } else {
        response.statusCode = 201;
        response.end(
          JSON.stringify({
            sid: `SM${String(received.length).padStart(32, '0')}`,
            status: 'queued',
            to: message.to,
            body: message.body,
          }),
        );
      }
    });
  });
  return { server, received };
}

describeOnEachDatabase('text messages', (factory) => {
  let harness: TestApp;
  let outbox: string;
  const twilio = twilioStandIn();
  const warnings: Array<Record<string, unknown>> = [];
  let worker: NotificationWorker;
  const demo = wizardCalls(() => harness.app);

  beforeAll(async () => {
    harness = await startTestApp(factory, {
      config: { SESSION_RATE_LIMIT: '1000', SEARCH_RATE_LIMIT: '1000', WRITE_RATE_LIMIT: '1000' },
    });
    outbox = mkdtempSync(join(tmpdir(), 'sms-outbox-'));
    await new Promise<void>((resolve) => twilio.server.listen(0, '127.0.0.1', resolve));
    const { port } = twilio.server.address() as AddressInfo;
    worker = testWorker(harness.database.db, outbox, {
      sms: twilioTransport({
        accountSid: 'AC00000000000000000000000000000001',
        authToken: 'secret-token',
        from: '+16145550199',
        apiBaseUrl: `http://127.0.0.1:${port}`,
      }),
      log: { info: () => {}, warn: (data) => warnings.push(data) },
      now: () => harness.clock.now(),
    });
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => twilio.server.close(() => resolve()));
    await harness.close();
    rmSync(outbox, { recursive: true, force: true });
  });

  const dana = { first: 'Dana', last: 'Whitaker', email: 'dana@example.com', mobile_phone: '(614) 555-0142' };

  /** An order whose clients are saved through the contacts step, as the visitor saves them. */
  async function orderWithClients(clients: Array<typeof dana & { send_sms?: boolean }>) {
    const order = await DemoOrder.start(harness.app, harness.database.db, await startDemoSession(harness.app));
    await order.fillIn();
    await harness.database.db.delete(t.orderParties).where(eq(t.orderParties.orderId, order.orderId));
    const saved = await demo.post(order.token, '/set_clients', { clients });
    expect(saved.statusCode).toBe(200);
    return order;
  }

  async function confirm(order: DemoOrder) {
    expect((await order.hold((await order.slots())[2]!)).statusCode).toBe(200);
    expect((await order.confirm()).json()).toMatchObject({ status: 'ok' });
  }

  const smsJobsOf = async (orderId: string) =>
    (await harness.database.db.select().from(t.jobs).where(eq(t.jobs.kind, SMS_JOB))).filter(
      (job) => job.payload.order_id === orderId,
    );

  it('texts only the client who asked, keeps the consent with its time, and sends through the provider once', async () => {
    const order = await orderWithClients([
      { ...dana, send_sms: true },
      { ...dana, first: 'Sam', email: 'sam@example.com', mobile_phone: '(614) 555-0143', send_sms: false },
    ]);
    const [consent] = await harness.database.db
      .select()
      .from(t.orderEvents)
      .where(and(eq(t.orderEvents.orderId, order.orderId), eq(t.orderEvents.type, 'sms_consent')));
    expect(consent?.data).toEqual({ role: 'client', given: ['+16145550142'], withdrawn: [] });
    expect(consent?.createdAt).toBeInstanceOf(Date);

    await confirm(order);
    expect(
      (await smsJobsOf(order.orderId))
        .filter((job) => job.payload.message === 'confirmation')
        .map((job) => job.payload.to),
    ).toEqual(['+16145550142']);
    const before = twilio.received.length;
    await worker.runDue();
    const sent = twilio.received.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      path: '/2010-04-01/Accounts/AC00000000000000000000000000000001/Messages.json',
      to: '+16145550142',
      from: '+16145550199',
    });
    expect(sent[0]!.auth).toBe(
      `Basic ${Buffer.from('AC00000000000000000000000000000001:secret-token').toString('base64')}`,
    );
    expect(sent[0]!.body).toMatch(
      /^Scioto Valley Home Inspections: your inspection is booked for (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2}\/\d{1,2} at \d{1,2}:\d\d [AP]M E[SD]T at 1450 Morse Rd, Columbus\. Questions: .+\. Reply STOP to stop texts\. Manage: https:\/\/book\.example\.com\/demo\/manage\/[A-Za-z0-9_-]{43}$/,
    );
    // Once: nothing more to send.
    await worker.runDue();
    expect(twilio.received).toHaveLength(before + 1);
  });

  it('sends nothing to a client who withdrew consent before the message went, and records the withdrawal', async () => {
    const order = await orderWithClients([{ ...dana, send_sms: true }]);
    await confirm(order);
    // The office (or a later change) takes the choice back before the worker runs.
    await harness.database.db
      .update(t.orderParties)
      .set({ person: { ...dana, send_sms: false } })
      .where(and(eq(t.orderParties.orderId, order.orderId), eq(t.orderParties.role, 'client')));
    const before = twilio.received.length;
    await worker.runDue();
    expect(twilio.received).toHaveLength(before);
    const [job] = (await smsJobsOf(order.orderId)).filter((j) => j.payload.message === 'confirmation');
    expect(job).toMatchObject({ lastError: 'NO_CONSENT' });
    expect(job!.doneAt).not.toBeNull();
  });

  it('records a number the provider refuses and never retries it; retries one the provider fails for now', async () => {
    const refused = await orderWithClients([{ ...dana, mobile_phone: '(614) 555-0100', send_sms: true }]);
    await confirm(refused);
    const unavailable = await orderWithClients([{ ...dana, mobile_phone: '(614) 555-0101', send_sms: true }]);
    await confirm(unavailable);
    await worker.runDue();
    const [refusedJob] = (await smsJobsOf(refused.orderId)).filter((j) => j.payload.message === 'confirmation');
    expect(refusedJob).toMatchObject({ lastError: 'SMS_REFUSED 21211', attempts: 1 });
    expect(refusedJob!.doneAt).not.toBeNull();
    const [retried] = (await smsJobsOf(unavailable.orderId)).filter((j) => j.payload.message === 'confirmation');
    expect(retried!.doneAt).toBeNull();
    expect(retried!.runAt.getTime()).toBe(harness.clock.now() + 10);
    // Later: the refused number is not tried again; the other is.
    harness.clock.advance(1_000);
    const tries = () => twilio.received.filter((m) => m.to === REFUSED).length;
    const refusedTries = tries();
    await worker.runDue();
    expect(tries()).toBe(refusedTries);
    expect(twilio.received.filter((m) => m.to === UNAVAILABLE).length).toBe(2);
    // The log names codes, never the number or the message.
    expect(warnings.some((w) => w.code === 'SMS_REFUSED 21211')).toBe(true);
    expect(JSON.stringify(warnings)).not.toMatch(/555|Whitaker|\+1614/);
  });
});
