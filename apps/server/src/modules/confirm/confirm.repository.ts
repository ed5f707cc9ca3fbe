import { and, eq, sql } from 'drizzle-orm';
import type { ControlRule } from '@scheduler/domain/property/property-answers';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';

/** What a stored confirm answered for one Idempotency-Key of one order, or null. */
export async function findConfirmRequest(
  db: Executor,
  companyId: string,
  orderId: string,
  key: string,
): Promise<Record<string, unknown> | null> {
  const [row] = await db
    .select({ response: t.confirmRequests.response })
    .from(t.confirmRequests)
    .where(
      and(
        eq(t.confirmRequests.companyId, companyId),
        eq(t.confirmRequests.orderId, orderId),
        eq(t.confirmRequests.idempotencyKey, key),
      ),
    );
  return row?.response ?? null;
}

export async function saveConfirmRequest(
  db: Executor,
  companyId: string,
  orderId: string,
  key: string,
  response: Record<string, unknown>,
): Promise<void> {
  await db
    .insert(t.confirmRequests)
    .values({ companyId, orderId, idempotencyKey: key, response })
    .onConflictDoNothing();
}

/**
 * The order's status and payment link, its row locked until the transaction ends: two confirms
 * of one order (a double click, a retry) run one after the other, and the second sees the first.
 */
export async function lockOrderStatus(
  tx: Executor,
  companyId: string,
  orderId: string,
): Promise<{ status: string; payUrl: string | null } | null> {
  const [row] = await tx
    .select({ status: t.orders.status, payUrl: t.orders.payUrl })
    .from(t.orders)
    .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)))
    .for('update');
  return row ?? null;
}

export async function markOrderConfirmed(
  tx: Executor,
  companyId: string,
  orderId: string,
  confirmed: { at: Date; specialNote: string; pricingSnapshot: Record<string, unknown>; payUrl: string | null },
): Promise<void> {
  await tx
    .update(t.orders)
    .set({
      status: 'confirmed',
      saved: true,
      confirmedAt: confirmed.at,
      specialNote: confirmed.specialNote,
      pricingSnapshot: confirmed.pricingSnapshot,
      payUrl: confirmed.payUrl,
      updatedAt: confirmed.at,
    })
    .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)));
}

type PartyRole = (typeof t.orderParties.$inferSelect)['role'];

/**
 * What confirming reads, in one statement: the order, whether its office still takes bookings,
 * its people, the company's currency and settings, and its notification settings (as stored; null when its
 * document never had the section).
 */
export async function loadConfirmable(db: Executor, companyId: string, orderId: string) {
  const [row] = await db
    .select({
      order: t.orders,
      officeActive: t.offices.active,
      officeTimeZone: t.offices.timeZone,
      currency: t.companies.currency,
      companyName: t.companies.name,
      country: t.companies.country,
      settings: t.companies.settings,
      notifications: t.companyNotifications.settings,
      payments: t.companies.payments,
      // Both drivers (PGlite and node-postgres) parse a json column, a raw expression's too.
      parties: sql<Array<{ role: PartyRole; person: Record<string, unknown> }>>`(
        select coalesce(json_agg(json_build_object('role', p.role, 'person', p.person) order by p.role, p.position), '[]')
        from ${t.orderParties} p where p.company_id = ${t.orders.companyId} and p.order_id = ${t.orders.id})`,
    })
    .from(t.orders)
    .innerJoin(t.companies, eq(t.companies.id, t.orders.companyId))
    .innerJoin(t.offices, and(eq(t.offices.companyId, t.orders.companyId), eq(t.offices.id, t.orders.officeId)))
    .leftJoin(t.companyNotifications, eq(t.companyNotifications.companyId, t.orders.companyId))
    .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)));
  return row ?? null;
}

/** The company's property questions and the order's answer rows, in one statement, for checking them again at confirm. */
export async function loadPropertyQuestions(
  db: Executor,
  companyId: string,
  orderId: string,
): Promise<{ controls: ControlRule[]; answers: Array<{ controlId: number; value: string | null; checked: boolean }> }> {
  const result = (await db.execute(sql`
    select
      (select coalesce(json_agg(json_build_object(
                'id', c.id, 'type', c.type, 'label', c.label, 'length', c.length,
                'required', c.required, 'options', c.options) order by c.sort, c.id), '[]')::text
         from ${t.propertyControls} c where c.company_id = ${companyId}) as controls,
      (select coalesce(json_agg(json_build_object(
                'controlId', a.control_id, 'value', a.value, 'checked', a.checked) order by a.control_id), '[]')::text
         from ${t.orderAnswers} a where a.company_id = ${companyId} and a.order_id = ${orderId}) as answers`)) as unknown as {
    rows: Array<{ controls: string; answers: string }>;
  };
  const [row] = result.rows;
  // The company document's schema checked each type when it was imported.
  return {
    controls: JSON.parse(row?.controls ?? '[]') as ControlRule[],
    answers: JSON.parse(row?.answers ?? '[]') as Array<{ controlId: number; value: string | null; checked: boolean }>,
  };
}

export interface JobToEnqueue {
  companyId: string;
  kind: string;
  dedupeKey: string;
  payload: Record<string, unknown>;
  runAt: Date;
}

/**
 * What a confirm leaves behind, in one statement of its transaction: the audit event, the jobs
 * (one whose dedupe key is already queued is not added again) and, when the browser sent one,
 * the answer under its Idempotency-Key.
 */
export async function recordConfirmation(
  tx: Executor,
  confirmation: {
    companyId: string;
    orderId: string;
    event: Record<string, unknown>;
    jobs: JobToEnqueue[];
    idempotency: { key: string; response: Record<string, unknown> } | null;
  },
): Promise<void> {
  const { companyId, orderId } = confirmation;
  const jobRows = confirmation.jobs.map(
    (job) =>
      // Every job of a confirmation is about its order: jobs.order_id finds them (decision 0074).
      sql`(${job.companyId}::uuid, ${orderId}::uuid, ${job.kind}, ${job.dedupeKey}, ${JSON.stringify(job.payload)}::jsonb, ${job.runAt.toISOString()}::timestamptz)`,
  );
  const parts = [
    sql`event as (insert into ${t.orderEvents} (company_id, order_id, type, data) values (${companyId}, ${orderId}, 'confirmed', ${JSON.stringify(confirmation.event)}::jsonb) returning 1)`,
  ];
  if (jobRows.length) {
    parts.push(
      sql`queued as (insert into ${t.jobs} (company_id, order_id, kind, dedupe_key, payload, run_at) values ${sql.join(jobRows, sql`, `)} on conflict (company_id, dedupe_key) do nothing returning 1)`,
    );
  }
  const last = confirmation.idempotency
    ? sql`insert into ${t.confirmRequests} (company_id, order_id, idempotency_key, response) values (${companyId}, ${orderId}, ${confirmation.idempotency.key}, ${JSON.stringify(confirmation.idempotency.response)}::jsonb) on conflict do nothing`
    : sql`select 1`;
  await tx.execute(sql`with ${sql.join(parts, sql`, `)} ${last}`);
}

/** Whether any two confirmed appointments of one inspector overlap (the benchmark's and tests' check). */
export async function countOverlaps(db: Executor, companyId: string): Promise<number> {
  const result = (await db.execute(sql`
    select count(*)::int as n from ${t.appointments} a join ${t.appointments} b
      on a.company_id = b.company_id and a.inspector_id = b.inspector_id and a.id < b.id and a.during && b.during
    where a.company_id = ${companyId}`)) as unknown as { rows: Array<{ n: number }> };
  return Number(result.rows[0]?.n ?? 0);
}
