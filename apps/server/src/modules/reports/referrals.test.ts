import { and, eq } from 'drizzle-orm';
import type { ReferralResponse } from '@scheduler/contracts/referrals';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { demoDocument, startTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../../test-support/test-app.ts';
import { setClock } from '../booking-changes/manage-test-support.ts';
import { signedInMember, type ConsolePerson } from '../console-auth/console-test-support.ts';
import { refreshReferralStats } from './referrals.service.ts';

const DEMO_OFFICE = '5b0c3a8e-7f1d-4c2a-9e61-3d4f8a2b9c10';
const OTHER_OFFICE = 'c0000000-0000-4000-8000-0000000000e7';
/** January to March 2026 in Columbus: EST (UTC-5) until 8 March. */
const SPAN = 'from=2026-01-01&to=2026-03-31';
/** The report is read on 31 March 2026: "quiet" means no inspection since 31 December 2025. */
const AS_OF = '2026-03-31T15:00:00Z';

/** The demo directory's Jessica Moreno, of Olentangy Realty Group. */
const JESSICA = 201;

interface Agent {
  role?: 'buyers_agent' | 'sellers_agent';
  agentId?: number;
  first?: string;
  last?: string;
  agency?: string;
}

describeOnEachDatabase('the referral report', (factory) => {
  let harness: TestApp;
  let owner: ConsolePerson;
  let office: ConsolePerson;

  const get = (query: string, person: ConsolePerson, company = 'demo') =>
    harness.app.inject({
      method: 'GET',
      url: `/api/console/companies/${company}/reports/referrals?${query}`,
      headers: person.headers,
    });
  const report = async (query = SPAN): Promise<ReferralResponse> => {
    const response = await get(query, owner);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ReferralResponse>();
  };

  async function companyId(key: string): Promise<string> {
    const [row] = await harness.database.db
      .select({ id: t.companies.id })
      .from(t.companies)
      .where(eq(t.companies.key, key));
    return row!.id;
  }

  /** An order as a confirm (or a cancel) leaves it, naming `agents`. */
  async function makeOrder(
    made: { status: 'confirmed' | 'cancelled' | 'draft'; at: string; totalCents: number; agents: Agent[] },
    companyKey = 'demo',
    officeId = DEMO_OFFICE,
  ): Promise<void> {
    const db = harness.database.db;
    const company = await companyId(companyKey);
    const [order] = await db
      .insert(t.orders)
      .values({
        companyId: company,
        officeId,
        status: made.status,
        confirmedAt: made.status === 'draft' ? null : new Date('2024-01-01T12:00:00Z'),
        cancelledAt: made.status === 'cancelled' ? new Date('2026-01-05T12:00:00Z') : null,
        datetime: new Date(made.at),
        durationMinutes: 120,
        inspectors: [{ id: 101, requested: false }],
        pricingSnapshot: { source: 'pricing', currency: 'USD', total_cents: made.totalCents, lines: [] },
      })
      .returning({ id: t.orders.id });
    for (const [position, agent] of made.agents.entries())
      await db.insert(t.orderParties).values({
        companyId: company,
        orderId: order!.id,
        role: agent.role ?? 'buyers_agent',
        position,
        agentId: agent.agentId ?? null,
        person: { first: agent.first ?? 'Jessica', last: agent.last ?? 'Moreno', agency: agent.agency ?? '' },
      });
  }

  const jessica: Agent = { agentId: JESSICA };
  const dana: Agent = { first: 'Dana', last: 'Lee', agency: 'Olentangy Realty Group', role: 'sellers_agent' };
  const typed = (first: string): Agent => ({ first, last: 'Quiet', agency: 'Quiet Homes' });

  beforeAll(async () => {
    harness = await startTestApp(factory);
    const other = demoDocument() as Record<string, any>;
    other.key = 'other';
    other.offices[0].uuid = OTHER_OFFICE;
    for (const person of other.inspectors) person.office = OTHER_OFFICE;
    const put = await harness.app.inject({
      method: 'PUT',
      url: '/api/admin/companies/other',
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
      payload: other,
    });
    expect(put.statusCode).toBe(200);
    owner = await signedInMember(harness, 'owner@example.com', 'owner');
    office = await signedInMember(harness, 'office@example.com', 'office');

    // Jessica: one before the span (so she returns), 23:30 on 31 January in Columbus (04:30 UTC on
    // 1 February: January's), a cancellation in February, and one in March shared with Dana.
    await makeOrder({ status: 'confirmed', at: '2025-06-10T15:00:00Z', totalCents: 10_000, agents: [jessica] });
    await makeOrder({ status: 'confirmed', at: '2026-02-01T04:30:00Z', totalCents: 40_000, agents: [jessica] });
    await makeOrder({ status: 'cancelled', at: '2026-02-10T15:00:00Z', totalCents: 30_000, agents: [jessica] });
    await makeOrder({ status: 'confirmed', at: '2026-03-20T14:00:00Z', totalCents: 50_000, agents: [jessica, dana] });
    // Dana, typed on orders only: her first inspection is in March.
    await makeOrder({ status: 'confirmed', at: '2026-03-15T14:00:00Z', totalCents: 25_000, agents: [dana] });
    // A draft names Jessica: never counted.
    await makeOrder({ status: 'draft', at: '2026-03-02T14:00:00Z', totalCents: 99_000, agents: [jessica] });
    // 04:30 UTC on 1 April is 00:30 on 1 April in Columbus: after the span.
    await makeOrder({ status: 'confirmed', at: '2026-04-01T04:30:00Z', totalCents: 77_000, agents: [jessica] });

    // Went quiet: three before, the last a day before the quiet window (30 December 2025).
    for (const at of ['2025-03-03T15:00:00Z', '2025-05-05T15:00:00Z', '2025-12-30T15:00:00Z'])
      await makeOrder({ status: 'confirmed', at, totalCents: 1_000, agents: [typed('Stopped')] });
    // Three before, the last on the quiet window's first day (31 December 2025): not quiet.
    for (const at of ['2025-03-03T15:00:00Z', '2025-05-05T15:00:00Z', '2025-12-31T15:00:00Z'])
      await makeOrder({ status: 'confirmed', at, totalCents: 1_000, agents: [typed('Boundary')] });
    // Only two before: too few to have "stopped".
    for (const at of ['2025-03-03T15:00:00Z', '2025-05-05T15:00:00Z'])
      await makeOrder({ status: 'confirmed', at, totalCents: 1_000, agents: [typed('Twice')] });
    // Three before, then one after the job ran: came back, whatever the stored history says.
    for (const at of ['2025-03-03T15:00:00Z', '2025-05-05T15:00:00Z', '2025-07-07T15:00:00Z'])
      await makeOrder({ status: 'confirmed', at, totalCents: 1_000, agents: [typed('Returned')] });

    // Another company's agent in the same months, with the same directory id: never in demo's report.
    await makeOrder(
      { status: 'confirmed', at: '2026-02-15T15:00:00Z', totalCents: 123_000, agents: [jessica] },
      'other',
      OTHER_OFFICE,
    );
    for (const at of ['2025-03-03T15:00:00Z', '2025-05-05T15:00:00Z', '2025-06-06T15:00:00Z'])
      await makeOrder({ status: 'confirmed', at, totalCents: 1_000, agents: [typed('Elsewhere')] }, 'other', OTHER_OFFICE);

    setClock(harness, AS_OF);
    await refreshReferralStats(
      { db: harness.database.db, clock: harness.clock.now, staleAfterMs: 86_400_000, everyMinutes: 60 },
      1,
    );
    // Returned's comeback, after the job: only the report's own window read sees it.
    await makeOrder({ status: 'confirmed', at: '2026-03-25T15:00:00Z', totalCents: 2_000, agents: [typed('Returned')] });
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('counts each agent on the office’s calendar: a booking late on 31 January is January’s, a cancellation never revenue', async () => {
    const body = await report();
    const agent = body.agents.find((row) => row.agent_key === `id:${JESSICA}`)!;
    expect(agent).toMatchObject({
      name: 'Jessica Moreno',
      agency: 'Olentangy Realty Group',
      inspections: 2,
      cancelled: 1,
      revenue_cents: 90_000,
      first_referral: '2025-06-10',
      new_in_span: false,
    });
    expect(agent.by_month).toEqual([
      { month: '2026-01', inspections: 1, cancelled: 0, revenue_cents: 40_000 },
      { month: '2026-02', inspections: 0, cancelled: 1, revenue_cents: 0 },
      { month: '2026-03', inspections: 1, cancelled: 0, revenue_cents: 50_000 },
    ]);
    const typedDana = body.agents.find((row) => row.name === 'Dana Lee')!;
    expect(typedDana).toMatchObject({ agent_key: 'name:dana lee', agent_id: null, inspections: 2, revenue_cents: 75_000 });
    expect(typedDana).toMatchObject({ first_referral: '2026-03-15', new_in_span: true });
  });

  it('adds up per agency with a shared order once, and the totals count each order once', async () => {
    const body = await report();
    const agency = body.agencies.find((row) => row.agency === 'Olentangy Realty Group')!;
    // Jessica's two, Dana's own, and the order they shared: four orders, three booked.
    expect(agency).toMatchObject({ agents: 2, inspections: 3, cancelled: 1, revenue_cents: 115_000 });
    expect(agency.by_month.find((row) => row.month === '2026-03')).toEqual({
      month: '2026-03',
      agents: 2,
      inspections: 2,
      cancelled: 0,
      revenue_cents: 75_000,
    });
    const booked = body.agents.reduce((sum, row) => sum + row.inspections, 0);
    expect(booked).toBe(2 + 2 + 1); // Jessica, Dana, Returned: the shared order counts for both agents
    expect(body.totals).toMatchObject({ inspections: 4, cancelled: 1, revenue_cents: 117_000, agents: 3 });
  });

  it('tells new agents from returning ones per month', async () => {
    const body = await report();
    expect(body.new_vs_returning).toEqual([
      { month: '2026-01', new_agents: 0, returning_agents: 1, new_inspections: 0, returning_inspections: 1 },
      { month: '2026-02', new_agents: 0, returning_agents: 0, new_inspections: 0, returning_inspections: 0 },
      { month: '2026-03', new_agents: 1, returning_agents: 2, new_inspections: 2, returning_inspections: 2 },
    ]);
  });

  it('lists the agents who stopped: three before and none in the last 90 days, the bound itself not quiet', async () => {
    const body = await report();
    expect(body.as_of).toBe('2026-03-31');
    expect(body.stopped.map((row) => row.name)).toEqual(['Stopped Quiet']);
    expect(body.stopped[0]).toMatchObject({ referrals: 3, last_referral: '2025-12-30', agency: 'Quiet Homes' });
  });

  it('answers each table as CSV, and refuses a span the report does not take', async () => {
    const agents = await get(`${SPAN}&format=csv&table=agents_by_month`, owner);
    expect(agents.statusCode).toBe(200);
    expect(agents.body.split('\r\n')[0]).toBe(
      'agent,email,agency,first_referral,month,inspections,cancelled,revenue,currency',
    );
    expect(agents.body).toContain('Jessica Moreno,jessica.moreno@olentangyrealtygroup.com,Olentangy Realty Group,2025-06-10,2026-01,1,0,400.00,USD');
    const stopped = await get(`${SPAN}&format=csv&table=stopped`, owner);
    expect(stopped.body).toBe('agent,email,agency,referrals,last_referral\r\nStopped Quiet,,Quiet Homes,3,2025-12-30\r\n');
    const tooLong = await get('from=2024-01-01&to=2026-03-31', owner);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain('to');
    const noTable = await get(`${SPAN}&format=csv`, owner);
    expect(noTable.statusCode).toBe(400);
    expect(noTable.body).toContain('table');
  });

  it('is the owner’s and admin’s: the office is refused, and another company’s key opens nothing', async () => {
    expect((await get(SPAN, office)).statusCode).toBe(403);
    expect([403, 404]).toContain((await get(SPAN, owner, 'other')).statusCode);
  });

  it('keeps each company’s history apart, and the job computes it again once a day', async () => {
    const db = harness.database.db;
    const demo = await companyId('demo');
    const rows = await db.select().from(t.agentReferralStats).where(eq(t.agentReferralStats.companyId, demo));
    expect(rows.map((row) => row.name).sort()).toEqual([
      'Boundary Quiet',
      'Dana Lee',
      'Jessica Moreno',
      'Returned Quiet',
      'Stopped Quiet',
      'Twice Quiet',
    ]);
    const [jessicaRow] = await db
      .select()
      .from(t.agentReferralStats)
      .where(and(eq(t.agentReferralStats.companyId, demo), eq(t.agentReferralStats.agentKey, `id:${JESSICA}`)));
    // Booked and cancelled orders, the one after the span too; never the draft.
    expect(jessicaRow).toMatchObject({ referrals: 5, firstReferral: '2025-06-10', lastReferral: '2026-04-01' });
    const deps = { db, clock: harness.clock.now, staleAfterMs: 86_400_000, everyMinutes: 60 };
    // Within the day: nothing is stale.
    expect(await refreshReferralStats(deps, 2)).toBe('computed 0');
    setClock(harness, '2026-04-01T15:00:01Z');
    expect(await refreshReferralStats(deps, 3)).not.toBe('computed 0');
    const [returned] = await db
      .select()
      .from(t.agentReferralStats)
      .where(and(eq(t.agentReferralStats.companyId, demo), eq(t.agentReferralStats.agentKey, 'name:returned quiet')));
    expect(returned).toMatchObject({ referrals: 4, lastReferral: '2026-03-25' });
    setClock(harness, AS_OF);
  });
});
