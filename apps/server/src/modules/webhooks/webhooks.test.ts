import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { ERASED_MARKER } from '@scheduler/contracts/privacy';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import {
  webhookPayloadSchemas,
  webhookTestPayloadSchema,
  WEBHOOK_EVENT_TYPES,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@scheduler/contracts/webhooks';
import { DataEncryption } from '../../crypto/data-encryption.ts';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { demoOrdinaryWeekday } from '../../test-support/demo-days.ts';
import { importDemoCopy, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { instantOf, ManagedBooking, setClock } from '../booking-changes/manage-test-support.ts';
import { signedInMember, type ConsolePerson } from '../console-auth/console-test-support.ts';
import { DEMO_SERVICE } from '../confirm/confirm-test-support.ts';
import type { NotificationWorker } from '../notifications/notification-worker.ts';
import { testWorker } from '../notifications/worker-test-support.ts';
import { webhookJobHandlers } from './delivery-job.ts';
import { reencryptWebhookSecrets, secretContext, subscribeHook } from './endpoints.service.ts';
import { insertAgreementTemplate, signByLink } from '../agreements/agreements-test-support.ts';
import { eraseOrder } from '../privacy/privacy.service.ts';
import { pruneTasks } from '../retention/prune-tasks.ts';
import { RETRY_WINDOW_MS } from './retry-policy.ts';
import type { Resolver } from './url-guard.ts';
import type { WebhookDeps } from './webhooks-deps.ts';
import { hang, Receiver, status, verify, type Received } from './webhook-receiver-test-support.ts';

const MONDAY = '2027-03-01T14:00:00.000Z';
const DEMO = '/api/console/companies/demo';
const OTHER_KEY = 'hooks-other';
const OTHER_OFFICE = 'c0000000-0000-4000-8000-0000000000f1';
const KEY = DataEncryption.newKeyEntry('t1');
/** The orders' events: a booking whose visitor adds a new agent also sends person.created, tested on its own (directory-writes.test.ts). */
type OrderEventType = Exclude<WebhookEventType, 'person.created'>;
const ORDER_EVENTS = WEBHOOK_EVENT_TYPES.filter((type): type is OrderEventType => type !== 'person.created');

describeOnEachDatabase('webhooks', (factory) => {
  let harness: TestApp;
  let owner: ConsolePerson;
  let office: ConsolePerson;
  let otherOwner: ConsolePerson;
  let worker: NotificationWorker;
  let outbox: string;
  const receiver = new Receiver();
  const otherReceiver = new Receiver();
  let resolve: Resolver | undefined;
  let deps: WebhookDeps;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, person: ConsolePerson, payload?: object) =>
    harness.app.inject({ method, url, headers: person.headers, ...(payload ? { payload } : {}) });
  const drain = () => worker.runDue();
  const dayAfter = (days: number) => {
    const date = new Date(Date.parse(MONDAY) + days * 86_400_000).toISOString().slice(0, 10);
    return demoOrdinaryWeekday(date);
  };

  async function addEndpoint(
    person: ConsolePerson,
    url: string,
    events: readonly WebhookEventType[] = ORDER_EVENTS,
    companyPath = DEMO,
  ): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const made = await call('POST', `${companyPath}/webhooks`, person, { url, events: [...events] });
    expect(made.statusCode, made.body).toBe(201);
    const endpoint = made.json<WebhookEndpoint>();
    const revealed = await call('POST', `${companyPath}/webhooks/${endpoint.id}/secret`, person);
    expect(revealed.statusCode, revealed.body).toBe(200);
    return { endpoint, secret: revealed.json<{ secret: string }>().secret };
  }

  async function deliveries(endpointId: string, person = owner, companyPath = DEMO): Promise<WebhookDelivery[]> {
    const response = await call('GET', `${companyPath}/webhooks/${endpointId}/deliveries?limit=100`, person);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ deliveries: WebhookDelivery[] }>().deliveries;
  }

  async function endpointRow(id: string) {
    const [row] = await harness.database.db.select().from(t.webhookEndpoints).where(eq(t.webhookEndpoints.id, id));
    return row!;
  }

  async function removeEndpoints(): Promise<void> {
    await harness.database.db.delete(t.webhookEndpoints);
  }

  beforeAll(async () => {
    await receiver.start();
    await otherReceiver.start();
    harness = await startTestApp(factory, {
      config: {
        SESSION_RATE_LIMIT: '1000',
        SEARCH_RATE_LIMIT: '1000',
        WRITE_RATE_LIMIT: '1000',
        DATA_ENCRYPTION_KEY: KEY,
        WEBHOOKS_ALLOW_PRIVATE_URLS: 'true',
      },
    });
    setClock(harness, MONDAY);
    await importDemoCopy(harness, OTHER_KEY, OTHER_OFFICE, (copy) => {
      copy.name = 'Other Inspections';
    });
    owner = await signedInMember(harness, 'owner@hooks.example', 'owner');
    office = await signedInMember(harness, 'office@hooks.example', 'office');
    otherOwner = await signedInMember(harness, 'owner@hooks-other.example', 'owner', OTHER_KEY);
    outbox = await mkdtemp(join(tmpdir(), 'webhooks-'));
    deps = {
      db: harness.database.db,
      encryption: DataEncryption.fromEnv(KEY),
      allowPrivate: true,
      publicBaseUrl: () => 'https://book.example.com',
      now: () => new Date(harness.clock.now()),
      random: () => 0,
      timeoutMs: 300,
      log: { info: () => {}, warn: () => {} },
    };
    Object.defineProperty(deps, 'resolve', { get: () => resolve, enumerable: true });
    worker = testWorker(harness.database.db, outbox, {
      jobHandlers: webhookJobHandlers(deps),
      now: harness.clock.now,
    });
  });
  beforeEach(async () => {
    setClock(harness, MONDAY);
    // Every test's jobs start from an empty queue, at the Monday.
    await drain();
    await harness.database.db.delete(t.jobs);
    await removeEndpoints();
    receiver.clear();
    otherReceiver.clear();
    resolve = undefined;
    deps.allowPrivate = true;
  });
  afterAll(async () => {
    await harness.close();
    await receiver.stop();
    await otherReceiver.stop();
    await rm(outbox, { recursive: true, force: true });
  });

  it('sends every catalogue event from its real write path, signed, with a payload its schema parses', async () => {
    const { endpoint, secret } = await addEndpoint(owner, receiver.url);
    // Another company's endpoint, subscribed to everything, hears nothing of the demo's orders.
    await addEndpoint(otherOwner, otherReceiver.url, WEBHOOK_EVENT_TYPES, `/api/console/companies/${OTHER_KEY}`);
    const day = dayAfter(7);
    const booking = await ManagedBooking.book(harness, day, { agentEmail: 'ray@example.com' });
    // The confirm dates its audit row by the database's clock: the app's Monday is later.
    await drain();
    expect(receiver.bodies().map((body) => body.type)).toEqual(['order.confirmed']);

    // The office moves it to another time with another inspector: two events from one move.
    const slots = (await booking.availability(day)).json<AppointmentSlot[]>();
    const other = slots.map(instantOf).find((start) => start !== booking.start)!;
    const [row] = await booking.rows();
    const otherInspector = row!.inspectorId === 101 ? 102 : 101;
    const moved = await call('POST', `${DEMO}/orders/${booking.orderId}/reschedule`, owner, {
      start: other,
      override: true,
      inspector_ids: [otherInspector],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // Money in and out, recorded by the office.
    for (const kind of ['payment', 'refund']) {
      const recorded = await call('POST', `${DEMO}/orders/${booking.orderId}/payments`, owner, {
        kind,
        amount_cents: 5000,
        method: 'check',
        received_on: '2027-03-01',
      });
      expect(recorded.statusCode, recorded.body).toBe(201);
    }
    // The office's edit of the order (its note).
    const state = (await call('GET', `${DEMO}/orders/${booking.orderId}/edit`, owner)).json<Record<string, unknown>>();
    const edited = await call('POST', `${DEMO}/orders/${booking.orderId}/edit`, owner, {
      version: state.version,
      package_id: state.package_id,
      service_ids: state.service_ids,
      special_note: 'Gate code 1234',
      discount_cents: state.discount_cents,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const cancelled = await call('POST', `${DEMO}/orders/${booking.orderId}/cancel`, owner, {
      reason: 'Sale fell through',
      override: true,
      waive_fee: true,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await drain();

    expect(receiver.bodies().map((body) => body.type)).toEqual([
      'order.confirmed',
      'order.rescheduled',
      'order.inspector_changed',
      'order.paid',
      'order.refunded',
      'order.updated',
      'order.cancelled',
    ]);
    // Each delivered once, each event its own id.
    expect(new Set(receiver.bodies().map((body) => body.id)).size).toBe(7);
    for (const received of receiver.received) {
      const parsed = JSON.parse(received.body) as { type: OrderEventType; created_at: string };
      const payload = webhookPayloadSchemas[parsed.type].parse(JSON.parse(received.body));
      // Signed as Standard Webhooks says, verified by its package at the instant it was sent.
      expect(verify(secret, received, Number(received.headers['webhook-timestamp']) * 1000)).toBeTruthy();
      expect(received.headers['webhook-id']).toBe(payload.id);
      const { order } = payload.data;
      expect(order.id).toBe(booking.orderId);
      expect(order.time_zone).toBe('America/New_York');
      expect(order.console_url).toBe(`https://book.example.com/console/demo/orders/${booking.orderId}`);
      expect(order.people.map((person) => person.role).sort()).toEqual(['buyers_agent', 'client']);
      // The price lines add up to the total, to the cent.
      const cents = (amount: string) => Math.round(Number(amount.replace(/[^0-9.-]/g, '')) * 100);
      const price = order.price!;
      expect(price.lines.reduce((sum, line) => sum + cents(line.amount), 0)).toBe(cents(price.total));
      // Never a visitor's session or manage token.
      expect(received.body).not.toMatch(/token/i);
      expect(received.body).not.toContain(booking.tokens.client);
    }
    const [confirmed, rescheduled] = receiver.bodies();
    expect(confirmed!.data).toMatchObject({ order: { status: 'confirmed' } });
    expect(rescheduled!.data).toMatchObject({ change: { to: { start: other } } });
    expect(otherReceiver.received).toEqual([]);
    const log = await deliveries(endpoint.id);
    expect(log.map((delivery) => delivery.state)).toEqual(Array(7).fill('delivered'));
    expect(log[0]).toMatchObject({ attempts: 1, response: { status: 200 }, request: { headers: {} } });
  });

  it('keeps its endpoints behind the wall: never listed to another company, never opened by the office', async () => {
    const { endpoint } = await addEndpoint(owner, receiver.url);
    const theirs = await call('GET', `/api/console/companies/${OTHER_KEY}/webhooks`, otherOwner);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json<{ endpoints: WebhookEndpoint[] }>().endpoints.map((e) => e.id)).not.toContain(endpoint.id);
    // Another company's owner naming the demo's endpoint under their own company: not found.
    for (const path of ['deliveries', 'test']) {
      const method = path === 'test' ? 'POST' : 'GET';
      const response = await call(
        method,
        `/api/console/companies/${OTHER_KEY}/webhooks/${endpoint.id}/${path}`,
        otherOwner,
      );
      expect(response.statusCode).toBe(404);
    }
    expect((await call('GET', `${DEMO}/webhooks`, otherOwner)).statusCode).toBe(403);
    expect((await call('GET', `${DEMO}/webhooks`, office)).statusCode).toBe(403);
    expect((await call('POST', `${DEMO}/webhooks/${endpoint.id}/secret`, office)).statusCode).toBe(403);
  });

  it('refuses a private address at save and at delivery (DNS rebinding), and http without the flag', async () => {
    deps.allowPrivate = false;
    resolve = async () => [{ address: '10.1.2.3', family: 4 }];
    const { createEndpoint } = await import('./endpoints.service.ts');
    const [company] = await harness.database.db.select().from(t.companies).where(eq(t.companies.key, 'demo'));
    const companyId = company!.id;
    const input = {
      url: 'https://hooks.example.com/in',
      description: '',
      events: ['order.paid' as const],
      enabled: true,
    };
    await expect(createEndpoint(deps, companyId, input)).rejects.toMatchObject({ code: 'invalid_url', field: 'url' });
    await expect(createEndpoint(deps, companyId, { ...input, url: 'https://127.0.0.1/in' })).rejects.toMatchObject({
      code: 'invalid_url',
    });
    await expect(
      createEndpoint(deps, companyId, { ...input, url: 'https://[::ffff:169.254.169.254]/' }),
    ).rejects.toMatchObject({
      code: 'invalid_url',
    });
    await expect(
      createEndpoint(deps, companyId, { ...input, url: 'http://hooks.example.com/in' }),
    ).rejects.toMatchObject({
      code: 'invalid_url',
    });
    // A public address at save; by delivery the name points at this machine: nothing is sent.
    resolve = async () => [{ address: '93.184.216.34', family: 4 }];
    const endpoint = await createEndpoint(deps, companyId, input);
    resolve = async () => [{ address: '127.0.0.1', family: 4 }];
    const sent = await call('POST', `${DEMO}/webhooks/${endpoint.id}/test`, owner);
    expect(sent.statusCode, sent.body).toBe(202);
    await drain();
    const [delivery] = await deliveries(endpoint.id);
    expect(delivery).toMatchObject({ state: 'pending', outcome: 'private_address', attempts: 1, response: null });
    expect(receiver.received).toEqual([]);
    // The console's own route: a 400 naming the field.
    const refused = await call('POST', `${DEMO}/webhooks`, owner, {
      url: 'https://no-such-host.invalid/x',
      events: ['order.paid'],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { code: 'invalid_url', field: 'url' } });
  });

  it('subscribes and unsubscribes a REST hook with an API key (Zapier): one event, signed, behind the wall', async () => {
    const keyOf = async (person: ConsolePerson, companyPath: string, scopes: string[]) => {
      const made = await call('POST', `${companyPath}/api-keys`, person, { name: 'Zapier', scopes });
      expect(made.statusCode, made.body).toBe(201);
      return { authorization: `Bearer ${made.json<{ secret: string }>().secret}` };
    };
    const ours = await keyOf(owner, DEMO, ['webhooks:write']);
    const theirs = await keyOf(otherOwner, `/api/console/companies/${OTHER_KEY}`, ['webhooks:write']);
    const subscribe = (headers: Record<string, string>, payload: object) =>
      harness.app.inject({ method: 'POST', url: '/api/v1/hooks', headers, payload });
    const refused = await subscribe(ours, { target_url: receiver.url, event: 'order.nonsense' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.field).toBe('event');
    const subscribed = await subscribe(ours, { target_url: receiver.url, event: 'order.confirmed' });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    const hook = subscribed.json<{ id: string; event: string; secret: string }>();
    expect(hook.event).toBe('order.confirmed');
    // The subscription is one of the company's endpoints, on the console's page, for that event only.
    const listed = (await call('GET', `${DEMO}/webhooks`, owner)).json<{ endpoints: WebhookEndpoint[] }>();
    expect(listed.endpoints.find((e) => e.id === hook.id)?.events).toEqual(['order.confirmed']);

    const booking = await ManagedBooking.book(harness, dayAfter(7));
    await drain();
    expect(receiver.bodies().map((body) => body.type)).toEqual(['order.confirmed']);
    const [delivered] = receiver.received;
    expect(verify(hook.secret, delivered!, Number(delivered!.headers['webhook-timestamp']) * 1000)).toBeTruthy();

    // Another company's key cannot unsubscribe it; the company's own key can, once.
    const unsubscribe = (headers: Record<string, string>) =>
      harness.app.inject({ method: 'DELETE', url: `/api/v1/hooks/${hook.id}`, headers });
    expect((await unsubscribe(theirs)).statusCode).toBe(404);
    expect((await unsubscribe(ours)).statusCode).toBe(204);
    expect((await unsubscribe(ours)).statusCode).toBe(404);
    const cancelled = await call('POST', `${DEMO}/orders/${booking.orderId}/cancel`, owner, { reason: 'Test' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await ManagedBooking.book(harness, dayAfter(8));
    await drain();
    expect(receiver.received).toHaveLength(1);
  });

  it('ties a REST hook to its key: only that key lists or deletes it, and revoking the key stops its deliveries, queued ones too', async () => {
    const keyOf = async (person: ConsolePerson, companyPath: string) => {
      const made = await call('POST', `${companyPath}/api-keys`, person, { name: 'Zap', scopes: ['webhooks:write'] });
      expect(made.statusCode, made.body).toBe(201);
      const created = made.json<{ key: { id: string }; secret: string }>();
      return { id: created.key.id, headers: { authorization: `Bearer ${created.secret}` } };
    };
    const hooks = (
      key: { headers: Record<string, string> },
      method: 'GET' | 'POST' | 'DELETE',
      path = '',
      payload?: object,
    ) =>
      harness.app.inject({
        method,
        url: `/api/v1/hooks${path}`,
        headers: key.headers,
        ...(payload ? { payload } : {}),
      });
    const subscribe = async (key: { headers: Record<string, string> }, to: string) => {
      const made = await hooks(key, 'POST', '', { target_url: to, event: 'order.confirmed' });
      expect(made.statusCode, made.body).toBe(201);
      return made.json<{ id: string }>().id;
    };
    const listed = async (key: { headers: Record<string, string> }) => {
      const response = await hooks(key, 'GET');
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ hooks: Array<{ id: string; events: string[] }> }>().hooks.map((hook) => hook.id);
    };
    const first = await keyOf(owner, DEMO);
    const second = await keyOf(owner, DEMO);
    const theirs = await keyOf(otherOwner, `/api/console/companies/${OTHER_KEY}`);
    const ofFirst = await subscribe(first, `${receiver.url}/first`);
    const ofSecond = await subscribe(second, `${receiver.url}/second`);
    const ofTheirs = await subscribe(theirs, `${otherReceiver.url}/theirs`);
    const { endpoint: consoles } = await addEndpoint(owner, `${receiver.url}/console`, ['order.confirmed']);
    expect((await endpointRow(ofFirst)).apiKeyId).toBe(first.id);
    expect((await endpointRow(consoles.id)).apiKeyId).toBeNull();
    // The console's page says which key made each hook; the console's own endpoint, none; another
    // company's hooks are not among them.
    const page = (await call('GET', `${DEMO}/webhooks`, owner)).json<{ endpoints: WebhookEndpoint[] }>().endpoints;
    const madeBy = new Map(page.map((endpoint) => [endpoint.id, endpoint.made_by_key]));
    expect(madeBy.get(ofFirst)).toEqual({ id: first.id, name: 'Zap' });
    expect(madeBy.get(ofSecond)).toEqual({ id: second.id, name: 'Zap' });
    expect(madeBy.get(consoles.id)).toBeNull();
    expect(madeBy.has(ofTheirs)).toBe(false);
    const renamed = await call('PUT', `${DEMO}/webhooks/${ofFirst}`, owner, {
      url: `${receiver.url}/first`,
      events: ['order.confirmed'],
      description: 'From Zapier',
    });
    expect(renamed.json<WebhookEndpoint>().made_by_key).toEqual({ id: first.id, name: 'Zap' });

    // Each key lists its own hooks only: not the other key's, nor the console's, nor another company's.
    expect(await listed(first)).toEqual([ofFirst]);
    expect(await listed(second)).toEqual([ofSecond]);
    expect(await listed(theirs)).toEqual([ofTheirs]);
    // Another key of the same company cannot delete it (404, as for an id that does not exist); nor the console's.
    expect((await hooks(second, 'DELETE', `/${ofFirst}`)).statusCode).toBe(404);
    expect((await hooks(second, 'DELETE', `/${consoles.id}`)).statusCode).toBe(404);
    expect((await hooks(theirs, 'DELETE', `/${ofSecond}`)).statusCode).toBe(404);
    expect(await listed(first)).toEqual([ofFirst]);
    // The console's owner sees all of the company's.
    const onConsole = (await call('GET', `${DEMO}/webhooks`, owner)).json<{ endpoints: WebhookEndpoint[] }>();
    expect(onConsole.endpoints.map((e) => e.id).sort()).toEqual([ofFirst, ofSecond, consoles.id].sort());

    // A booking queues a delivery to each; the first key is revoked before the queue runs.
    await ManagedBooking.book(harness, dayAfter(13));
    const queued = await harness.database.db.select().from(t.webhookDeliveries);
    expect(queued.map((delivery) => delivery.endpointId).sort()).toEqual([ofFirst, ofSecond, consoles.id].sort());
    const revoked = await call('POST', `${DEMO}/api-keys/${first.id}/revoke`, owner);
    expect(revoked.statusCode, revoked.body).toBe(200);
    await drain();
    expect(receiver.received.map((got) => got.path).sort()).toEqual(['/hooks/console', '/hooks/second']);
    expect(otherReceiver.received).toEqual([]);
    const endpoints = await harness.database.db.select().from(t.webhookEndpoints);
    expect(endpoints.map((row) => row.id).sort()).toEqual([ofSecond, ofTheirs, consoles.id].sort());
    expect((await hooks(first, 'GET')).statusCode).toBe(401);
    // The other key's and the other company's hooks keep working.
    expect(await listed(second)).toEqual([ofSecond]);
    expect(await listed(theirs)).toEqual([ofTheirs]);
    // A subscription racing the revocation (past the guard before it) makes nothing.
    const demoId = (await endpointRow(ofSecond)).companyId;
    await expect(
      subscribeHook(
        deps,
        { companyId: demoId, keyId: first.id },
        {
          target_url: receiver.url,
          event: 'order.confirmed',
        },
      ),
    ).rejects.toMatchObject({ statusCode: 401 });
    expect(await harness.database.db.select().from(t.webhookEndpoints)).toHaveLength(3);

    // The console's owner may delete another key's hook; the key then finds nothing.
    expect((await call('DELETE', `${DEMO}/webhooks/${ofSecond}`, owner)).statusCode).toBe(204);
    expect(await listed(second)).toEqual([]);
    expect((await hooks(second, 'DELETE', `/${ofSecond}`)).statusCode).toBe(404);
  });

  it('sends order.confirmed for a booking made through the API, as for any booking', async () => {
    const made = await call('POST', `${DEMO}/api-keys`, owner, {
      name: 'CRM',
      scopes: ['orders:read', 'orders:write'],
    });
    const bearer = { authorization: `Bearer ${made.json<{ secret: string }>().secret}` };
    await addEndpoint(owner, receiver.url, ['order.confirmed']);
    const day = dayAfter(9);
    const offered = await harness.app.inject({
      method: 'GET',
      url: `/api/v1/availability?from=${day}&to=${day}&services=${DEMO_SERVICE}&postal_code=43229`,
      headers: bearer,
    });
    const slot = offered.json<{ slots: Array<{ starts_at: string }> }>().slots[0]!;
    const booked = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: bearer,
      payload: {
        start: slot.starts_at,
        services: [DEMO_SERVICE],
        address: { address1: '1450 Morse Rd', city: 'Columbus', postal_code: '43229' },
        client: { first: 'Casey', last: 'Api', email: 'casey@example.com', phone: '614-555-0199' },
        property: {
          sqft: 1800,
          yb: 1995,
          controls: [
            { id: 5, value: '1' },
            { id: 6, value: null, checked: true },
          ],
        },
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    await drain();
    const bodies = receiver.bodies();
    expect(bodies.map((body) => body.type)).toEqual(['order.confirmed']);
    expect(JSON.stringify(bodies[0])).toContain(booked.json<{ id: string }>().id);
  });

  it('sends a test event, resends it from the log, and signs with both secrets during a rotation', async () => {
    const { endpoint, secret } = await addEndpoint(owner, receiver.url, ['order.paid']);
    expect((await call('POST', `${DEMO}/webhooks/${endpoint.id}/test`, owner)).statusCode).toBe(202);
    await drain();
    const [first] = receiver.received;
    expect(webhookTestPayloadSchema.parse(JSON.parse(first!.body)).type).toBe('webhook.test');
    const [logged] = await deliveries(endpoint.id);
    const resent = await call('POST', `${DEMO}/webhooks/${endpoint.id}/deliveries/${logged!.id}/resend`, owner);
    expect(resent.statusCode, resent.body).toBe(202);
    await drain();
    expect(receiver.received[1]!.body).toBe(first!.body);
    expect(receiver.received[1]!.headers['webhook-id']).toBe(first!.headers['webhook-id']);

    const rotated = await call('POST', `${DEMO}/webhooks/${endpoint.id}/secret/rotate`, owner);
    expect(rotated.statusCode).toBe(200);
    const { secret: fresh, previous_secret_expires_at: until } = rotated.json<{
      secret: string;
      previous_secret_expires_at: string;
    }>();
    expect(Date.parse(until)).toBe(harness.clock.now() + 24 * 3600 * 1000);
    await call('POST', `${DEMO}/webhooks/${endpoint.id}/test`, owner);
    await drain();
    const during = receiver.received[2]!;
    expect(during.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    const at = Number(during.headers['webhook-timestamp']) * 1000;
    expect(verify(fresh, during, at)).toBeTruthy();
    expect(verify(secret, during, at)).toBeTruthy();
    // Once the overlap is over, the old secret signs no more.
    harness.clock.advance(24 * 3600 * 1000);
    await call('POST', `${DEMO}/webhooks/${endpoint.id}/test`, owner);
    await drain();
    const after = receiver.received[3]!;
    expect(after.headers['webhook-signature']!.split(' ')).toHaveLength(1);
    expect(() => verify(secret, after, Number(after.headers['webhook-timestamp']) * 1000)).toThrow();
  });

  it('retries a 500 then delivers; honours 429 Retry-After; retries a timeout; 400 fails for good', async () => {
    const { endpoint } = await addEndpoint(owner, receiver.url, ['order.paid']);
    const test = () => call('POST', `${DEMO}/webhooks/${endpoint.id}/test`, owner);
    receiver.answer(status(500));
    await test();
    await drain();
    let [delivery] = await deliveries(endpoint.id);
    expect(delivery).toMatchObject({ state: 'pending', attempts: 1, outcome: 'http_500', response: { status: 500 } });
    // The first retry after 5 s (no jitter here): not a millisecond before.
    expect(Date.parse(delivery!.next_attempt_at!)).toBe(harness.clock.now() + 5_000);
    harness.clock.advance(4_999);
    await drain();
    expect(receiver.received).toHaveLength(1);
    harness.clock.advance(1);
    await drain();
    [delivery] = await deliveries(endpoint.id);
    expect(delivery).toMatchObject({ state: 'delivered', attempts: 2, outcome: null });
    expect((await endpointRow(endpoint.id)).failingSince).toBeNull();

    receiver.clear();
    receiver.answer(status(429, { 'retry-after': '120' }));
    await test();
    await drain();
    [delivery] = await deliveries(endpoint.id);
    expect(delivery).toMatchObject({ state: 'pending', outcome: 'http_429' });
    expect(Date.parse(delivery!.next_attempt_at!)).toBe(harness.clock.now() + 120_000);
    harness.clock.advance(120_000);
    await drain();
    expect((await deliveries(endpoint.id))[0]).toMatchObject({ state: 'delivered', attempts: 2 });

    receiver.clear();
    receiver.answer(hang);
    await test();
    await drain();
    [delivery] = await deliveries(endpoint.id);
    expect(delivery).toMatchObject({ state: 'pending', outcome: 'timeout', attempts: 1 });

    await harness.database.db.delete(t.webhookDeliveries);
    receiver.clear();
    receiver.answer(status(400, {}, 'x'.repeat(10_000)));
    await test();
    await drain();
    [delivery] = await deliveries(endpoint.id);
    expect(delivery).toMatchObject({ state: 'failed', outcome: 'http_400', attempts: 1 });
    // The response's body is cut to its first 4 KB.
    expect(delivery!.response!.body).toHaveLength(4096);
  });

  it('disables an endpoint at once on 410, and after exactly 3 days of failures (not 1 ms sooner) with an e-mail to the owners', async () => {
    const gone = await addEndpoint(owner, receiver.url, ['order.paid']);
    receiver.answer(status(410));
    await call('POST', `${DEMO}/webhooks/${gone.endpoint.id}/test`, owner);
    await drain();
    expect(await endpointRow(gone.endpoint.id)).toMatchObject({ enabled: false, disabledReason: 'gone' });
    const ownerMail = async (reason: string) =>
      (await harness.database.db.select().from(t.jobs).where(eq(t.jobs.kind, 'account_email'))).filter(
        (job) => job.payload.type === 'webhook_disabled' && job.payload.reason === reason,
      );
    expect((await ownerMail('gone')).map((job) => job.payload.to)).toEqual(['owner@hooks.example']);
    await removeEndpoints();

    const { endpoint } = await addEndpoint(owner, receiver.url, ['order.paid']);
    const start = harness.clock.now();
    receiver.answer(...Array.from({ length: 100 }, () => status(503)));
    await call('POST', `${DEMO}/webhooks/${endpoint.id}/test`, owner);
    await drain();
    // Follow the back-off up to 1 ms before the window's end.
    for (;;) {
      const [delivery] = await deliveries(endpoint.id);
      const next = Date.parse(delivery!.next_attempt_at!);
      if (next >= start + RETRY_WINDOW_MS) break;
      harness.clock.advance(next - harness.clock.now());
      await drain();
    }
    harness.clock.advance(start + RETRY_WINDOW_MS - 1 - harness.clock.now());
    await call('POST', `${DEMO}/webhooks/${endpoint.id}/test`, owner);
    await drain();
    expect(await endpointRow(endpoint.id)).toMatchObject({ enabled: true, failingSince: new Date(start) });
    expect(await ownerMail('failing')).toHaveLength(0);
    harness.clock.advance(1);
    await drain();
    expect(await endpointRow(endpoint.id)).toMatchObject({ enabled: false, disabledReason: 'failing' });
    expect((await ownerMail('failing')).map((job) => job.payload.to)).toEqual(['owner@hooks.example']);
    // What was still queued for it ends too, unsent.
    harness.clock.advance(60_000);
    await drain();
    const log = await deliveries(endpoint.id);
    expect(log.map((delivery) => [delivery.state, delivery.outcome])).toEqual([
      ['failed', 'endpoint_disabled'],
      ['failed', 'http_503'],
    ]);
  });

  it('delivers in order per order: a later event waits while an earlier one of the same order is retried', async () => {
    const { endpoint } = await addEndpoint(owner, receiver.url, ['order.paid', 'order.refunded']);
    const booking = await ManagedBooking.book(harness, dayAfter(8));
    receiver.answer(status(500));
    for (const kind of ['payment', 'refund']) {
      const recorded = await call('POST', `${DEMO}/orders/${booking.orderId}/payments`, owner, {
        kind,
        amount_cents: 2500,
        method: 'cash',
        received_on: '2027-03-01',
      });
      expect(recorded.statusCode, recorded.body).toBe(201);
    }
    await drain();
    expect(receiver.bodies().map((body) => body.type)).toEqual(['order.paid']);
    harness.clock.advance(5_000);
    await drain();
    expect(receiver.bodies().map((body) => body.type)).toEqual(['order.paid', 'order.paid', 'order.refunded']);
    expect((await deliveries(endpoint.id)).map((delivery) => delivery.state)).toEqual(['delivered', 'delivered']);
  });

  it("prunes the log's ended rows after the retention days, never a pending one, nor a younger one", async () => {
    const { endpoint } = await addEndpoint(owner, receiver.url, ['order.paid']);
    const now = harness.clock.now();
    const cutoff = now - 30 * 86_400_000;
    const [company] = await harness.database.db.select().from(t.companies).where(eq(t.companies.key, 'demo'));
    const base = {
      companyId: company!.id,
      endpointId: endpoint.id,
      eventId: 'evt_00000000000000000000000000000000',
      eventType: 'webhook.test',
      occurredAt: new Date(now),
    };
    const inserted = await harness.database.db
      .insert(t.webhookDeliveries)
      .values([
        { ...base, state: 'delivered', createdAt: new Date(cutoff - 1) },
        { ...base, state: 'failed', createdAt: new Date(cutoff - 1) },
        { ...base, state: 'pending', createdAt: new Date(cutoff - 1) },
        { ...base, state: 'delivered', createdAt: new Date(cutoff) },
      ])
      .returning({ id: t.webhookDeliveries.id });
    const task = pruneTasks({ days: 30 }).find((entry) => entry.name === 'webhook_deliveries')!;
    expect(await task.pruneBatch(harness.database.db, new Date(now), 100)).toBe(2);
    const left = await harness.database.db.select({ id: t.webhookDeliveries.id }).from(t.webhookDeliveries);
    expect(left.map((entry) => entry.id).sort((a, b) => a - b)).toEqual([inserted[2]!.id, inserted[3]!.id]);
  });

  it('encrypts the secrets again under a new first key, the current and the previous one, each still readable', async () => {
    const { endpoint, secret } = await addEndpoint(owner, receiver.url, ['order.paid']);
    expect((await call('POST', `${DEMO}/webhooks/${endpoint.id}/secret/rotate`, owner)).statusCode).toBe(200);
    const rotated = await endpointRow(endpoint.id);
    expect(rotated.secretEncrypted.startsWith('v1.t1.')).toBe(true);
    const both = DataEncryption.fromEnv(`${DataEncryption.newKeyEntry('k2')},${KEY}`);
    expect(await reencryptWebhookSecrets(harness.database.db, both, 1)).toBe(1);
    expect(await reencryptWebhookSecrets(harness.database.db, both)).toBe(0);
    const row = await endpointRow(endpoint.id);
    expect(row.secretEncrypted.startsWith('v1.k2.')).toBe(true);
    expect(row.previousSecretEncrypted!.startsWith('v1.k2.')).toBe(true);
    const context = (column: 'secret' | 'previous_secret') => secretContext(row.companyId, row.id, column);
    expect(both.decrypt(row.previousSecretEncrypted!, context('previous_secret'))).toBe(secret);
    expect(both.decrypt(row.secretEncrypted, context('secret'))).toBe(
      both.decrypt(rotated.secretEncrypted, context('secret')),
    );
  });

  it("sends agreement.signed when a client signs the order's agreement online", async () => {
    const { secret } = await addEndpoint(owner, receiver.url, ['agreement.signed']);
    const template = await insertAgreementTemplate(harness.database.db, 'demo', {
      name: 'Hook agreement',
      bodyHtml: '<p>{client_name} agrees.</p>',
    });
    try {
      const booking = await ManagedBooking.book(harness, dayAfter(9));
      const [request] = (
        await harness.database.db.select().from(t.jobs).where(eq(t.jobs.kind, 'agreement_request_email'))
      ).filter((job) => job.payload.order_id === booking.orderId);
      const signed = await signByLink(harness.app, String(request!.payload.signing_token));
      expect(signed.statusCode, signed.body).toBe(200);
      await drain();
      expect(receiver.bodies().map((body) => body.type)).toEqual(['agreement.signed']);
      const [received] = receiver.received;
      const payload = webhookPayloadSchemas['agreement.signed'].parse(JSON.parse(received!.body));
      expect(payload.data.order.id).toBe(booking.orderId);
      expect(verify(secret, received!, Number(received!.headers['webhook-timestamp']) * 1000)).toBeTruthy();
      // The signer's link never leaves in the payload.
      expect(received!.body).not.toContain(String(request!.payload.signing_token));
    } finally {
      // Later bookings of this run are sent no agreement.
      await harness.database.db
        .update(t.agreementTemplates)
        .set({ active: false })
        .where(eq(t.agreementTemplates.id, template.id));
    }
  });

  it("replaces the log's copy of an erased person by the marker, keeping its state, times and response code; a resend writes the erased order anew", async () => {
    const { endpoint } = await addEndpoint(owner, receiver.url, ['order.confirmed']);
    const booking = await ManagedBooking.book(harness, dayAfter(10));
    await drain();
    const [sent] = await deliveries(endpoint.id);
    expect(sent!.request!.body).toContain('Whitaker');
    // Years on, the company's years erase everyone on it (decision 0078); the erasure scrubs the log (0101).
    const yearsOn = new Date(Date.parse(MONDAY) + 400 * 86_400_000);
    const order = { companyId: booking.order.companyId, orderId: booking.orderId };
    const by = { kind: 'retention' as const, years: 1 };
    expect(await eraseOrder(harness.database.db, order, () => true, by, yearsOn)).toBe('erased');
    const [erased] = await deliveries(endpoint.id);
    const { request: _request, ...kept } = sent!;
    expect(erased).toMatchObject({ ...kept, request: { headers: sent!.request!.headers, body: ERASED_MARKER } });
    const resent = await call('POST', `${DEMO}/webhooks/${endpoint.id}/deliveries/${sent!.id}/resend`, owner);
    expect(resent.statusCode, resent.body).toBe(202);
    await drain();
    const again = receiver.received.at(-1)!;
    expect(again.headers['webhook-id']).toBe(sent!.request!.headers['webhook-id']);
    expect(again.body).not.toContain('Whitaker');
    expect(JSON.parse(again.body)).toMatchObject({ data: { order: { id: booking.orderId } } });
    expect(again.body).toContain(ERASED_MARKER);
  });

  it('tries a failing receiver with one delivery at a time: the others wait for its back-off without an attempt', async () => {
    const { endpoint } = await addEndpoint(owner, receiver.url, ['order.paid']);
    const orders = [await ManagedBooking.book(harness, dayAfter(11)), await ManagedBooking.book(harness, dayAfter(12))];
    receiver.answer(status(503), status(503));
    for (const booking of orders) {
      const recorded = await call('POST', `${DEMO}/orders/${booking.orderId}/payments`, owner, {
        amount_cents: 1000,
        method: 'cash',
        received_on: '2027-03-01',
      });
      expect(recorded.statusCode, recorded.body).toBe(201);
    }
    await drain();
    expect(receiver.received).toHaveLength(1);
    expect((await endpointRow(endpoint.id)).backingOffUntil).toEqual(new Date(harness.clock.now() + 5_000));
    harness.clock.advance(5_000);
    await drain();
    // The first delivery's second try; the second delivery has not tried once.
    expect(receiver.received).toHaveLength(2);
    expect((await deliveries(endpoint.id)).map((delivery) => delivery.attempts)).toEqual([0, 2]);
    // A test event is the owner asking now: it goes at once, whatever the back-off.
    await call('POST', `${DEMO}/webhooks/${endpoint.id}/test`, owner);
    await drain();
    expect(receiver.received).toHaveLength(3);
    expect((await endpointRow(endpoint.id)).backingOffUntil).toBeNull();
    harness.clock.advance(10_000);
    await drain();
    const ids = (body: Received) => (JSON.parse(body.body) as { data: { order?: { id: string } } }).data.order?.id;
    expect(receiver.received.slice(3).map(ids).sort()).toEqual(orders.map((booking) => booking.orderId).sort());
    expect((await deliveries(endpoint.id)).map((delivery) => delivery.state)).toEqual([
      'delivered',
      'delivered',
      'delivered',
    ]);
  });
});
