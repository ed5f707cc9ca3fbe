import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Pricing } from '@scheduler/contracts/pricing';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import type { Database } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';
import { dayFromNow, wizardCalls } from '../../test-support/wizard-calls.ts';

/** The demo company's single-family inspection, in every demo inspector's services. */
export const DEMO_SERVICE = 'a1c0ffee-0000-4000-8000-000000000001';
const OHIO = 36;

/**
 * Answers the demo company's required property questions as the property step saves them: the
 * square feet and year built on the order, Occupancy (5) and "Water, gas and electric will be on"
 * (6) as answer rows. Confirm refuses an order without them.
 */
export async function answerDemoPropertyQuestions(db: Database, companyId: string, orderId: string): Promise<void> {
  await db
    .update(t.orders)
    .set({ sqft: 1800, yearBuilt: 1995 })
    .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)));
  await db.insert(t.orderAnswers).values([
    { companyId, orderId, controlId: 5, value: '1', checked: false },
    { companyId, orderId, controlId: 6, value: null, checked: true },
  ]);
}

/**
 * A visitor's order in the demo company (or in a company imported from the demo's document under
 * another key), filled in step by step as the wizard would.
 */
export class DemoOrder {
  private constructor(
    private readonly app: FastifyInstance,
    private readonly db: Database,
    readonly token: string,
    readonly orderId: string,
    readonly companyId: string,
    readonly companyKey: string,
  ) {}

  static async start(app: FastifyInstance, db: Database, token: string, companyKey = 'demo'): Promise<DemoOrder> {
    const order = await app.inject({
      method: 'GET',
      url: `/${companyKey}/online-scheduler/order`,
      headers: { 'x-auth-token': token },
    });
    const orderId = order.json<{ id: string }>().id;
    const [row] = await db.select({ companyId: t.orders.companyId }).from(t.orders).where(eq(t.orders.id, orderId));
    return new DemoOrder(app, db, token, orderId, row!.companyId, companyKey);
  }

  private get calls() {
    return wizardCalls(() => this.app, this.companyKey);
  }

  /** The cart, address, visitor role, property answers and a client, written as the steps before the review save them. */
  async fillIn(options: { clientEmail?: string; agentEmail?: string } = {}): Promise<void> {
    await this.db
      .update(t.orders)
      .set({
        serviceIds: [DEMO_SERVICE],
        address1: '1450 Morse Rd',
        city: 'Columbus',
        stateId: OHIO,
        postalCode: '43229',
        userType: { type: 'CLIENT_BUYER', text: 'Home Buyer', other: '' },
      })
      .where(and(eq(t.orders.companyId, this.companyId), eq(t.orders.id, this.orderId)));
    await answerDemoPropertyQuestions(this.db, this.companyId, this.orderId);
    await this.db.insert(t.orderParties).values({
      companyId: this.companyId,
      orderId: this.orderId,
      role: 'client',
      position: 0,
      person: {
        first: 'Dana',
        last: 'Whitaker',
        email: options.clientEmail ?? 'dana@example.com',
        mobile_phone: '614-555-0142',
      },
    });
    if (options.agentEmail) {
      await this.db.insert(t.orderParties).values({
        companyId: this.companyId,
        orderId: this.orderId,
        role: 'buyers_agent',
        position: 0,
        person: { first: 'Ray', last: 'Ortiz', email: options.agentEmail, mobile_phone: '614-555-0177' },
      });
    }
  }

  /** Slots over the next fortnight, at most `perDay` a day. */
  async slots(perDay = 8, days = 13): Promise<AppointmentSlot[]> {
    const response = await this.calls.get(
      this.token,
      `/availability?from=${dayFromNow(0)}&to=${dayFromNow(days)}&limit=${perDay}`,
    );
    if (response.statusCode !== 200) throw new Error(`availability answered ${response.statusCode}`);
    return response.json<AppointmentSlot[]>();
  }

  async hold(slot: AppointmentSlot) {
    return this.calls.post(this.token, '/set_datetime', {
      datetime: new Date(slot.timestamp * 1000).toISOString(),
      inspectors: slot.users,
    });
  }

  /** Gives the held time up, as the calendar does when the visitor picks none. */
  async release() {
    return this.calls.post(this.token, '/set_datetime', { datetime: null });
  }

  /** The packages step's coupon box (spec 4.9): 200 either way, with the status. */
  async applyCoupon(code: string): Promise<string> {
    const response = await this.calls.post(this.token, '/apply_coupon', { code });
    if (response.statusCode !== 200) throw new Error(`apply_coupon answered ${response.statusCode}`);
    return response.json<{ status: string }>().status;
  }

  /** The wizard's add_service: a cart change, which after a hold sets `services_changed` (spec 3.12). */
  async addService(serviceId: string) {
    return this.calls.post(this.token, '/add_service', { id: serviceId });
  }

  /** What `/pricing` answers for the order as it stands (spec 3.10): confirm must freeze exactly this. */
  async pricing(): Promise<Pricing> {
    const response = await this.calls.get(this.token, '/pricing');
    if (response.statusCode !== 200) throw new Error(`pricing answered ${response.statusCode}`);
    return response.json<Pricing>();
  }

  /** The order's revision as the review reads it (GET /order). */
  async revision(): Promise<string> {
    const response = await this.app.inject({
      method: 'GET',
      url: `/${this.companyKey}/online-scheduler/order`,
      headers: { 'x-auth-token': this.token },
    });
    return response.json<{ revision: string }>().revision;
  }

  confirm(specialNote = '', idempotencyKey?: string, orderRevision?: string) {
    return this.app.inject({
      method: 'POST',
      url: `/${this.companyKey}/json/online_scheduler/confirm`,
      headers: { 'x-auth-token': this.token, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
      payload: { special_note: specialNote, ...(orderRevision ? { order_revision: orderRevision } : {}) },
    });
  }
}
