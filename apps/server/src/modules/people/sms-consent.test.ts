import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { OrderResponse } from '@scheduler/contracts/order';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { startDemoSession, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { wizardCalls } from '../../test-support/wizard-calls.ts';
import { hashToken } from '../sessions/tokens.ts';

/**
 * The record of text-message consent (issue 23): every save of clients or contacts that gives or
 * withdraws a number writes one `sms_consent` event saying which, and a save that changes no
 * consent writes none, so that the trail shows when each consent began and ended.
 */
describeOnEachDatabase('the record of text-message consent', (factory) => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await startTestApp(factory, { config: { WRITE_RATE_LIMIT: '10000', SESSION_RATE_LIMIT: '1000' } });
  });
  afterAll(async () => harness.close());

  const demo = wizardCalls(() => harness.app);
  const ada = { first: 'Ada', last: 'Brooks', email: 'ada.brooks@example.com', mobile_phone: '(614) 555-0101' };
  const ben = { first: 'Ben', last: 'Brooks', email: 'ben.brooks@example.com', mobile_phone: '(614) 555-0102' };
  const ADA = '+16145550101';
  const BEN = '+16145550102';

  async function consentEvents(token: string): Promise<Array<Record<string, unknown>>> {
    const [session] = await harness.database.db
      .select()
      .from(t.sessions)
      .where(eq(t.sessions.tokenHash, hashToken(token)));
    const events = await harness.database.db
      .select()
      .from(t.orderEvents)
      .where(and(eq(t.orderEvents.orderId, session!.orderId), eq(t.orderEvents.type, 'sms_consent')))
      .orderBy(asc(t.orderEvents.id));
    return events.map((event) => event.data);
  }

  async function saved(response: { statusCode: number; body: string }): Promise<void> {
    expect(response.statusCode, response.body).toBe(200);
  }

  it('records nothing while nobody ticks the SMS choice', async () => {
    const token = await startDemoSession(harness.app);
    await saved(await demo.post(token, '/set_client', ada));
    await saved(await demo.post(token, '/set_client', { ...ada, send_sms: false }));
    await saved(await demo.post(token, '/set_clients', { clients: [ada, { ...ben, send_sms: false }] }));
    expect(await consentEvents(token)).toEqual([]);
  });

  it('records a consent once: saving the same consent again records nothing more', async () => {
    const token = await startDemoSession(harness.app);
    await saved(await demo.post(token, '/set_client', { ...ada, send_sms: true }));
    await saved(await demo.post(token, '/set_client', { ...ada, send_sms: true }));
    await saved(await demo.post(token, '/set_clients', { clients: [{ ...ada, send_sms: true }] }));
    expect(await consentEvents(token)).toEqual([{ role: 'client', given: [ADA], withdrawn: [] }]);
  });

  it('records only the numbers whose consent changed: a second client given, then the first withdrawn', async () => {
    const token = await startDemoSession(harness.app);
    await saved(await demo.post(token, '/set_client', { ...ada, send_sms: true }));
    await saved(
      await demo.post(token, '/set_clients', {
        clients: [
          { ...ada, send_sms: true },
          { ...ben, send_sms: true },
        ],
      }),
    );
    await saved(
      await demo.post(token, '/set_clients', {
        clients: [
          { ...ada, send_sms: false },
          { ...ben, send_sms: true },
        ],
      }),
    );
    expect(await consentEvents(token)).toEqual([
      { role: 'client', given: [ADA], withdrawn: [] },
      { role: 'client', given: [BEN], withdrawn: [] },
      { role: 'client', given: [], withdrawn: [ADA] },
    ]);
  });

  it("records the contacts' consent under their own role, from set_contacts and add_contact, and keeps the contacts", async () => {
    const token = await startDemoSession(harness.app);
    const title = { id: 2, name: 'Title Company' };
    const lender = { id: 1, name: 'Loan Officer' };
    const contacts = {
      contacts: [
        {
          first: 'Rita',
          last: 'Sol',
          email: 'rita@solaw.com',
          mobile_phone: '(614) 555-0103',
          send_sms: true,
          type: title,
        },
      ],
    };
    await saved(await demo.post(token, '/set_contacts', contacts));
    await saved(
      await demo.post(token, '/add_contact', {
        first: 'Lena',
        mobile_phone: '(614) 555-0104',
        send_sms: true,
        type: lender,
      }),
    );
    expect(await consentEvents(token)).toEqual([
      { role: 'contact', given: ['+16145550103'], withdrawn: [] },
      { role: 'contact', given: ['+16145550104'], withdrawn: [] },
    ]);
    const order = (
      await harness.app.inject({
        method: 'GET',
        url: '/demo/online-scheduler/order',
        headers: { 'x-auth-token': token },
      })
    ).json<OrderResponse>();
    expect(order.contacts.map((contact) => [contact.first, contact.type?.name, contact.send_sms])).toEqual([
      ['Rita', 'Title Company', true],
      ['Lena', 'Loan Officer', true],
    ]);
  });
});
