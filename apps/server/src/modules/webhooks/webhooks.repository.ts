import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';

/** The job that sends one delivery (queued by the trigger on order_events, by a resend, a test). */
export const WEBHOOK_DELIVERY_JOB = 'webhook_delivery';

export type EndpointRow = typeof t.webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof t.webhookDeliveries.$inferSelect;

export async function listEndpoints(db: Executor, companyId: string): Promise<EndpointRow[]> {
  return db
    .select()
    .from(t.webhookEndpoints)
    .where(eq(t.webhookEndpoints.companyId, companyId))
    .orderBy(asc(t.webhookEndpoints.createdAt), asc(t.webhookEndpoints.id));
}

/** The names of the company's API keys among `ids` (the keys that made some of its endpoints). */
export async function apiKeyNames(db: Executor, companyId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: t.apiKeys.id, name: t.apiKeys.name })
    .from(t.apiKeys)
    .where(and(eq(t.apiKeys.companyId, companyId), inArray(t.apiKeys.id, ids)));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function findEndpoint(db: Executor, companyId: string, endpointId: string): Promise<EndpointRow | null> {
  const [row] = await db
    .select()
    .from(t.webhookEndpoints)
    .where(and(eq(t.webhookEndpoints.companyId, companyId), eq(t.webhookEndpoints.id, endpointId)));
  return row ?? null;
}

export async function insertEndpoint(
  db: Executor,
  row: Pick<EndpointRow, 'id' | 'companyId' | 'url' | 'description' | 'events' | 'enabled' | 'secretEncrypted'> & {
    at: Date;
    apiKeyId?: string | null;
  },
): Promise<EndpointRow> {
  const { at, ...values } = row;
  const [inserted] = await db
    .insert(t.webhookEndpoints)
    .values({ ...values, createdAt: at, updatedAt: at })
    .returning();
  return inserted!;
}

export async function updateEndpoint(
  db: Executor,
  companyId: string,
  endpointId: string,
  patch: Partial<
    Pick<
      EndpointRow,
      | 'url'
      | 'description'
      | 'events'
      | 'enabled'
      | 'disabledReason'
      | 'failingSince'
      | 'backingOffUntil'
      | 'secretEncrypted'
      | 'previousSecretEncrypted'
      | 'previousSecretExpiresAt'
    >
  > & { updatedAt: Date },
): Promise<EndpointRow | null> {
  const [row] = await db
    .update(t.webhookEndpoints)
    .set(patch)
    .where(and(eq(t.webhookEndpoints.companyId, companyId), eq(t.webhookEndpoints.id, endpointId)))
    .returning();
  return row ?? null;
}

export async function deleteEndpointRow(db: Executor, companyId: string, endpointId: string): Promise<boolean> {
  const deleted = await db
    .delete(t.webhookEndpoints)
    .where(and(eq(t.webhookEndpoints.companyId, companyId), eq(t.webhookEndpoints.id, endpointId)))
    .returning({ id: t.webhookEndpoints.id });
  // Its deliveries went with it (cascade); their queued jobs find nothing and end.
  return deleted.length > 0;
}

/**
 * Holds a live API key's row until the transaction ends (FOR SHARE), so that the key's revocation
 * waits for the hook it is subscribing; false when the key is revoked or not the company's.
 */
export async function lockLiveApiKey(db: Executor, companyId: string, apiKeyId: string): Promise<boolean> {
  const rows = await db
    .select({ id: t.apiKeys.id })
    .from(t.apiKeys)
    .where(and(eq(t.apiKeys.companyId, companyId), eq(t.apiKeys.id, apiKeyId), isNull(t.apiKeys.revokedAt)))
    .for('share');
  return rows.length > 0;
}

/** The endpoints an API key's REST hook subscriptions made, oldest first (decision 0104). */
export async function listEndpointsOfKey(db: Executor, companyId: string, apiKeyId: string): Promise<EndpointRow[]> {
  return db
    .select()
    .from(t.webhookEndpoints)
    .where(and(eq(t.webhookEndpoints.companyId, companyId), eq(t.webhookEndpoints.apiKeyId, apiKeyId)))
    .orderBy(asc(t.webhookEndpoints.createdAt), asc(t.webhookEndpoints.id));
}

/** Deletes one endpoint if `apiKeyId` made it; false otherwise (another key's, the console's, another company's). */
export async function deleteEndpointOfKey(
  db: Executor,
  companyId: string,
  apiKeyId: string,
  endpointId: string,
): Promise<boolean> {
  const deleted = await db
    .delete(t.webhookEndpoints)
    .where(
      and(
        eq(t.webhookEndpoints.companyId, companyId),
        eq(t.webhookEndpoints.apiKeyId, apiKeyId),
        eq(t.webhookEndpoints.id, endpointId),
      ),
    )
    .returning({ id: t.webhookEndpoints.id });
  return deleted.length > 0;
}

/**
 * Deletes every endpoint the key made (its key revoked): their pending deliveries go with them
 * (cascade), so the jobs already queued for them find nothing and send nothing. Answers how many.
 */
export async function deleteEndpointsOfKey(db: Executor, companyId: string, apiKeyId: string): Promise<number> {
  const deleted = await db
    .delete(t.webhookEndpoints)
    .where(and(eq(t.webhookEndpoints.companyId, companyId), eq(t.webhookEndpoints.apiKeyId, apiKeyId)))
    .returning({ id: t.webhookEndpoints.id });
  return deleted.length;
}

export async function countEndpoints(db: Executor, companyId: string): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t.webhookEndpoints)
    .where(eq(t.webhookEndpoints.companyId, companyId));
  return Number(rows[0]?.n ?? 0);
}

/** A delivery with its endpoint, for the job; null when either is gone. */
export async function loadDelivery(db: Executor, companyId: string, deliveryId: number) {
  const [row] = await db
    .select({ delivery: t.webhookDeliveries, endpoint: t.webhookEndpoints })
    .from(t.webhookDeliveries)
    .innerJoin(t.webhookEndpoints, eq(t.webhookEndpoints.id, t.webhookDeliveries.endpointId))
    .where(and(eq(t.webhookDeliveries.companyId, companyId), eq(t.webhookDeliveries.id, deliveryId)));
  return row ?? null;
}

/** The first delivery still pending before this one, of the same order to the same endpoint (ordering per order). */
export async function earlierPendingDelivery(
  db: Executor,
  delivery: Pick<DeliveryRow, 'endpointId' | 'orderId' | 'id'>,
): Promise<{ id: number; nextAttemptAt: Date | null } | null> {
  if (delivery.orderId === null) return null;
  const [row] = await db
    .select({ id: t.webhookDeliveries.id, nextAttemptAt: t.webhookDeliveries.nextAttemptAt })
    .from(t.webhookDeliveries)
    .where(
      and(
        eq(t.webhookDeliveries.endpointId, delivery.endpointId),
        eq(t.webhookDeliveries.orderId, delivery.orderId),
        eq(t.webhookDeliveries.state, 'pending'),
        lt(t.webhookDeliveries.id, delivery.id),
      ),
    )
    .orderBy(asc(t.webhookDeliveries.id))
    .limit(1);
  return row ?? null;
}

/** The next delivery of the same order to the same endpoint waiting behind this one, if any. */
export async function nextPendingDelivery(
  db: Executor,
  delivery: Pick<DeliveryRow, 'endpointId' | 'orderId' | 'id'>,
): Promise<number | null> {
  if (delivery.orderId === null) return null;
  const [row] = await db
    .select({ id: t.webhookDeliveries.id })
    .from(t.webhookDeliveries)
    .where(
      and(
        eq(t.webhookDeliveries.endpointId, delivery.endpointId),
        eq(t.webhookDeliveries.orderId, delivery.orderId),
        eq(t.webhookDeliveries.state, 'pending'),
        sql`${t.webhookDeliveries.id} > ${delivery.id}`,
      ),
    )
    .orderBy(asc(t.webhookDeliveries.id))
    .limit(1);
  return row?.id ?? null;
}

/** Queues the delivery's next job at `runAt`: its dedupe key carries the delivery's job number, counted here. */
export async function queueDeliveryJob(
  db: Executor,
  companyId: string,
  deliveryId: number,
  runAt: Date,
): Promise<void> {
  await db.execute(sql`
    with counted as (
      update ${t.webhookDeliveries} set job_sequence = job_sequence + 1
      where company_id = ${companyId} and id = ${deliveryId}
      returning id, company_id, job_sequence)
    insert into ${t.jobs} (company_id, kind, dedupe_key, payload, run_at)
    select company_id, ${WEBHOOK_DELIVERY_JOB}, 'webhook:' || id || ':' || job_sequence,
      jsonb_build_object('delivery_id', id), ${runAt.toISOString()}::timestamptz
    from counted
    on conflict (company_id, dedupe_key) do nothing`);
}

export async function saveDelivery(
  db: Executor,
  companyId: string,
  deliveryId: number,
  patch: Partial<
    Pick<
      DeliveryRow,
      | 'state'
      | 'attempts'
      | 'body'
      | 'requestHeaders'
      | 'responseStatus'
      | 'responseHeaders'
      | 'responseBody'
      | 'outcome'
      | 'firstAttemptAt'
      | 'lastAttemptAt'
      | 'nextAttemptAt'
    >
  >,
): Promise<void> {
  await db
    .update(t.webhookDeliveries)
    .set(patch)
    .where(and(eq(t.webhookDeliveries.companyId, companyId), eq(t.webhookDeliveries.id, deliveryId)));
}

/** A delivery made by hand (a test event, a resend): pending, with its first job due at `at`. */
export async function insertDelivery(
  db: Executor,
  row: Pick<DeliveryRow, 'companyId' | 'endpointId' | 'eventId' | 'eventType' | 'orderId' | 'orderEventId' | 'body'> &
    Partial<Pick<DeliveryRow, 'personKind' | 'personId'>> & {
      occurredAt: Date;
      at: Date;
    },
): Promise<number> {
  const { at, ...values } = row;
  const [inserted] = await db
    .insert(t.webhookDeliveries)
    .values({ ...values, createdAt: at })
    .returning({ id: t.webhookDeliveries.id });
  await queueDeliveryJob(db, row.companyId, inserted!.id, at);
  return inserted!.id;
}

export async function findDeliveryOfEndpoint(
  db: Executor,
  companyId: string,
  endpointId: string,
  deliveryId: number,
): Promise<DeliveryRow | null> {
  const [row] = await db
    .select()
    .from(t.webhookDeliveries)
    .where(
      and(
        eq(t.webhookDeliveries.companyId, companyId),
        eq(t.webhookDeliveries.endpointId, endpointId),
        eq(t.webhookDeliveries.id, deliveryId),
      ),
    );
  return row ?? null;
}

/** One page of an endpoint's log, newest first, by keyset (`before`: the last id of the page before). */
export async function listDeliveries(
  db: Executor,
  companyId: string,
  endpointId: string,
  page: { before?: number | undefined; limit: number },
): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(t.webhookDeliveries)
    .where(
      and(
        eq(t.webhookDeliveries.companyId, companyId),
        eq(t.webhookDeliveries.endpointId, endpointId),
        page.before === undefined ? undefined : lt(t.webhookDeliveries.id, page.before),
      ),
    )
    .orderBy(desc(t.webhookDeliveries.id))
    .limit(page.limit);
}

/** The company's key and name, for the payload's `company` and the console's links. */
export async function loadCompany(db: Executor, companyId: string) {
  const [row] = await db
    .select({ key: t.companies.key, name: t.companies.name })
    .from(t.companies)
    .where(eq(t.companies.id, companyId));
  return row ?? null;
}

/** The e-mail addresses of the company's owners. */
export async function ownerEmails(db: Executor, companyId: string): Promise<string[]> {
  const rows = await db
    .select({ email: t.authUsers.email })
    .from(t.authMembers)
    .innerJoin(t.authOrganizations, eq(t.authOrganizations.id, t.authMembers.organizationId))
    .innerJoin(t.authUsers, eq(t.authUsers.id, t.authMembers.userId))
    .where(and(eq(t.authOrganizations.companyId, companyId), eq(t.authMembers.role, 'owner')))
    .orderBy(asc(t.authUsers.email));
  return rows.map((row) => row.email);
}

/** The audit-trail row an event came from (its `change`). */
export async function loadOrderEventData(db: Executor, companyId: string, orderEventId: number) {
  const [row] = await db
    .select({ data: t.orderEvents.data })
    .from(t.orderEvents)
    .where(and(eq(t.orderEvents.companyId, companyId), eq(t.orderEvents.id, orderEventId)));
  return row?.data ?? null;
}

/** Deletes the log's rows finished before `before` (retention, decision 0086); at most `limit`, answers how many. */
export async function pruneDeliveries(db: Executor, before: Date, limit: number): Promise<number> {
  const result = (await db.execute(sql`
    delete from ${t.webhookDeliveries} where id in (
      select id from ${t.webhookDeliveries}
      where state <> 'pending' and created_at < ${before.toISOString()}::timestamptz
      order by created_at limit ${limit})
    returning id`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

/** Endpoints with a secret not under `keyId` (DATA_ENCRYPTION_KEY's first key), a page at a time. */
export async function endpointsNotUnderKey(db: Executor, keyId: string, limit: number) {
  const prefix = `v1.${keyId}.`;
  return db
    .select({
      id: t.webhookEndpoints.id,
      companyId: t.webhookEndpoints.companyId,
      secretEncrypted: t.webhookEndpoints.secretEncrypted,
      previousSecretEncrypted: t.webhookEndpoints.previousSecretEncrypted,
    })
    .from(t.webhookEndpoints)
    .where(
      sql`(not starts_with(${t.webhookEndpoints.secretEncrypted}, ${prefix})
        or not starts_with(coalesce(${t.webhookEndpoints.previousSecretEncrypted}, ${prefix}), ${prefix}))`,
    )
    .orderBy(asc(t.webhookEndpoints.id))
    .limit(limit);
}

/** Rewrites an endpoint's ciphertexts, only if they are still the ones read (another run may have rewritten them). */
export async function replaceEndpointCiphertexts(
  db: Executor,
  row: { id: string; companyId: string; secretEncrypted: string; previousSecretEncrypted: string | null },
  read: { secretEncrypted: string },
): Promise<void> {
  await db
    .update(t.webhookEndpoints)
    .set({ secretEncrypted: row.secretEncrypted, previousSecretEncrypted: row.previousSecretEncrypted })
    .where(
      and(
        eq(t.webhookEndpoints.companyId, row.companyId),
        eq(t.webhookEndpoints.id, row.id),
        eq(t.webhookEndpoints.secretEncrypted, read.secretEncrypted),
      ),
    );
}

/** Starts the endpoint's run of failures at `now` unless one is running; answers since when it runs (null: no such endpoint). */
export async function markFailing(
  db: Executor,
  companyId: string,
  endpointId: string,
  now: Date,
): Promise<Date | null> {
  const [row] = await db
    .update(t.webhookEndpoints)
    .set({
      failingSince: sql`coalesce(${t.webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(and(eq(t.webhookEndpoints.companyId, companyId), eq(t.webhookEndpoints.id, endpointId)))
    .returning({ failingSince: t.webhookEndpoints.failingSince });
  return row?.failingSince ?? null;
}
