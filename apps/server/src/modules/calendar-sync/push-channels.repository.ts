import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';
import { CALENDAR_SYNC_JOB } from './calendar-jobs.ts';

export type PushChannelRow = typeof t.calendarPushChannels.$inferSelect;

export async function insertPushChannel(db: Executor, row: Omit<PushChannelRow, 'createdAt'>): Promise<void> {
  await db.insert(t.calendarPushChannels).values(row);
}

/** What the provider granted: its resource id and the expiry it allowed. */
export async function grantPushChannel(
  db: Executor,
  id: string,
  grant: { resourceId: string | null; expiresAt: Date },
): Promise<void> {
  await db.update(t.calendarPushChannels).set(grant).where(eq(t.calendarPushChannels.id, id));
}

export async function deletePushChannel(db: Executor, id: string): Promise<void> {
  await db.delete(t.calendarPushChannels).where(eq(t.calendarPushChannels.id, id));
}

export async function pushChannelsOfConnection(
  db: Executor,
  companyId: string,
  connectionId: string,
): Promise<PushChannelRow[]> {
  return db
    .select()
    .from(t.calendarPushChannels)
    .where(and(eq(t.calendarPushChannels.companyId, companyId), eq(t.calendarPushChannels.connectionId, connectionId)))
    .orderBy(asc(t.calendarPushChannels.expiresAt));
}

/** A Google notification's channel, by our channel id (any company: the token then proves it). */
export async function pushChannelById(db: Executor, id: string): Promise<PushChannelRow | null> {
  const [row] = await db
    .select()
    .from(t.calendarPushChannels)
    .where(and(eq(t.calendarPushChannels.provider, 'google'), eq(t.calendarPushChannels.id, id)));
  return row ?? null;
}

/** A Graph notification's channel, by Graph's subscription id. */
export async function pushChannelBySubscription(db: Executor, subscriptionId: string): Promise<PushChannelRow | null> {
  const [row] = await db
    .select()
    .from(t.calendarPushChannels)
    .where(
      and(eq(t.calendarPushChannels.provider, 'microsoft'), eq(t.calendarPushChannels.resourceId, subscriptionId)),
    );
  return row ?? null;
}

/** Marks a channel lapsed (Graph removed the subscription): the next sync opens another. */
export async function lapsePushChannel(db: Executor, id: string, now: Date): Promise<void> {
  await db.update(t.calendarPushChannels).set({ expiresAt: now }).where(eq(t.calendarPushChannels.id, id));
}

const syncJobOf = (companyId: string, connectionId: string) =>
  sql`company_id = ${companyId}::uuid and kind = ${CALENDAR_SYNC_JOB} and done_at is null and payload ->> 'connection_id' = ${connectionId}`;

/**
 * Makes the connection's sync due now (a push notification): one job at `now`, unless one is
 * already due and not yet taken by a worker (a burst of notifications makes one read, not many).
 */
export async function queueSyncNow(db: Executor, companyId: string, connectionId: string, now: Date): Promise<void> {
  const at = now.toISOString();
  const payload = JSON.stringify({ connection_id: connectionId });
  await db.execute(sql`
    insert into ${t.jobs} (company_id, kind, dedupe_key, payload, run_at)
    select ${companyId}::uuid, ${CALENDAR_SYNC_JOB}::text, ${`calendar-sync:${connectionId}:push:${randomUUID()}`}::text, ${payload}::jsonb, ${at}::timestamptz
    where not exists (
      select 1 from ${t.jobs}
      where ${syncJobOf(companyId, connectionId)} and run_at <= ${at}::timestamptz
        and (locked_until is null or locked_until <= ${at}::timestamptz))
    on conflict do nothing`);
}

/** Syncs due within this of now are left alone: a notification's, queued while this run was reading. */
const DUE_SOON_MS = 10_000;

/**
 * Drops the connection's later syncs not yet taken, before a run queues its next: a connection
 * keeps one next run, however many runs a push notification or a change of calendars added.
 */
export async function dropLaterSyncs(db: Executor, companyId: string, connectionId: string, now: Date): Promise<void> {
  const at = now.toISOString();
  const later = new Date(now.getTime() + DUE_SOON_MS).toISOString();
  await db.execute(sql`
    delete from ${t.jobs}
    where ${syncJobOf(companyId, connectionId)} and run_at > ${later}::timestamptz
      and (locked_until is null or locked_until <= ${at}::timestamptz)`);
}
