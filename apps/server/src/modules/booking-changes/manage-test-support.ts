import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ManageOrderView } from '@scheduler/contracts/manage';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import * as t from '../../db/schema.ts';
import { importDemoCopy, startDemoSession, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import type { TestDatabaseFactory } from '../../db/test-databases.ts';
import { wizardCalls } from '../../test-support/wizard-calls.ts';
import { DemoOrder } from '../confirm/confirm-test-support.ts';

/** Moves the test server's clock to an instant (the clock only moves by steps). */
/**
 * A test app with its rate limits out of the way, its clock at `at`, and beside the demo company a
 * copy of it, "Other Inspections", under `other`'s key and office: the far side of a tenant wall
 * for the console's order tests (notes, tasks, edits).
 */
export async function startWithOtherCompany(
  factory: TestDatabaseFactory,
  at: string,
  other: { key: string; officeUuid: string },
): Promise<TestApp> {
  const harness = await startTestApp(factory, {
    config: { SESSION_RATE_LIMIT: '1000', SEARCH_RATE_LIMIT: '1000', WRITE_RATE_LIMIT: '1000' },
  });
  setClock(harness, at);
  await importDemoCopy(harness, other.key, other.officeUuid, (copy) => {
    copy.name = 'Other Inspections';
  });
  return harness;
}

export function setClock(harness: TestApp, iso: string): number {
  const at = Date.parse(iso);
  harness.clock.advance(at - harness.clock.now());
  return at;
}

/** The demo company's slots of one office-local day, for a visitor's session. */
export async function slotsOn(
  app: FastifyInstance,
  token: string,
  day: string,
  companyKey = 'demo',
): Promise<AppointmentSlot[]> {
  const response = await wizardCalls(() => app, companyKey).get(token, `/availability?from=${day}&to=${day}&limit=40`);
  if (response.statusCode !== 200) throw new Error(`availability answered ${response.statusCode}: ${response.body}`);
  return response.json<AppointmentSlot[]>();
}

export const instantOf = (slot: AppointmentSlot): string => new Date(slot.timestamp * 1000).toISOString();

/**
 * A booked demo order and the manage links its confirmation issued: booked as a visitor would,
 * through the wizard's calls, at the slot `pick` chooses of `day`.
 */
export class ManagedBooking {
  private constructor(
    private readonly harness: TestApp,
    readonly order: DemoOrder,
    readonly start: string,
    readonly tokens: { client: string; agent: string | null },
  ) {}

  static async book(
    harness: TestApp,
    day: string,
    options: {
      pick?: (slots: AppointmentSlot[]) => AppointmentSlot | undefined;
      agentEmail?: string;
      /** Another company (a copy of the demo's) and its office. */
      company?: { key: string; officeUuid: string };
    } = {},
  ): Promise<ManagedBooking> {
    const companyKey = options.company?.key ?? 'demo';
    const order = await DemoOrder.start(
      harness.app,
      harness.database.db,
      await startDemoSession(harness.app, options.company?.officeUuid, companyKey),
      companyKey,
    );
    await order.fillIn({ clientEmail: 'dana@example.com', agentEmail: options.agentEmail });
    const slots = await slotsOn(harness.app, order.token, day, companyKey);
    const slot = (options.pick ?? ((all) => all[0]))(slots);
    if (!slot) throw new Error(`no slot on ${day}`);
    const held = await order.hold(slot);
    if (held.statusCode !== 200) throw new Error(`hold answered ${held.statusCode}: ${held.body}`);
    const confirmed = await order.confirm();
    if (confirmed.statusCode !== 200) throw new Error(`confirm answered ${confirmed.statusCode}: ${confirmed.body}`);
    const jobs = await harness.database.db.select().from(t.jobs).where(eq(t.jobs.kind, 'confirmation_email'));
    const tokenOf = (audience: string) =>
      jobs.find((job) => job.payload.order_id === order.orderId && job.payload.audience === audience)?.payload
        .manage_token as string | undefined;
    const client = tokenOf('client');
    if (!client) throw new Error('the confirmation issued no manage link for the client');
    return new ManagedBooking(harness, order, instantOf(slot), { client, agent: tokenOf('agent') ?? null });
  }

  get orderId(): string {
    return this.order.orderId;
  }

  url(path = '', token = this.tokens.client, companyKey = this.order.companyKey): string {
    return `/${companyKey}/json/manage/${token}${path}`;
  }

  view(token = this.tokens.client) {
    return this.harness.app.inject({ method: 'GET', url: this.url('', token) });
  }

  async viewJson(token = this.tokens.client): Promise<ManageOrderView> {
    const response = await this.view(token);
    if (response.statusCode !== 200) throw new Error(`view answered ${response.statusCode}: ${response.body}`);
    return response.json<ManageOrderView>();
  }

  availability(day: string, token = this.tokens.client) {
    return this.harness.app.inject({ method: 'GET', url: this.url(`/availability?from=${day}&to=${day}`, token) });
  }

  hold(start: string, token = this.tokens.client) {
    return this.harness.app.inject({ method: 'POST', url: this.url('/hold', token), payload: { start } });
  }

  reschedule(start: string, fromStart: string, token = this.tokens.client) {
    return this.harness.app.inject({
      method: 'POST',
      url: this.url('/reschedule', token),
      payload: { start, from_start: fromStart },
    });
  }

  cancel(feeCents: number, reason = '', token = this.tokens.client) {
    return this.harness.app.inject({
      method: 'POST',
      url: this.url('/cancel', token),
      payload: { reason, fee_cents: feeCents },
    });
  }

  /** The order's booked and held rows, by kind. */
  async rows() {
    return this.harness.database.db
      .select({ kind: t.appointments.kind, inspectorId: t.appointments.inspectorId, during: t.appointments.during })
      .from(t.appointments)
      .where(and(eq(t.appointments.companyId, this.order.companyId), eq(t.appointments.orderId, this.orderId)));
  }

  async orderRow() {
    const [row] = await this.harness.database.db.select().from(t.orders).where(eq(t.orders.id, this.orderId));
    return row!;
  }

  async events(type: string) {
    const rows = await this.harness.database.db
      .select()
      .from(t.orderEvents)
      .where(and(eq(t.orderEvents.orderId, this.orderId), eq(t.orderEvents.type, type)));
    return rows.map((row) => row.data);
  }

  async jobs(kind?: string) {
    const rows = await this.harness.database.db.select().from(t.jobs);
    return rows.filter((job) => job.payload.order_id === this.orderId && (kind === undefined || job.kind === kind));
  }
}
