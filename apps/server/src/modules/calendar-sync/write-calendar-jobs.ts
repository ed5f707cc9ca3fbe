import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Executor } from '../../db/connection.ts';
import { enqueueJobs } from '../notifications/notifications.service.ts';
import { calendarCredentialsContext, type CalendarSyncDeps } from './calendar-sync-deps.ts';
import { inspectorHorizon, loadConnection, type ConnectionRow } from './calendar-sync.repository.ts';
import { CalendarAuthError, CalendarRateLimitError } from './provider.ts';
import { syncOrderEvents } from './sync-jobs.ts';
import {
  bookingEventsOfConnection,
  deleteEventRemoval,
  insertEventRemovals,
  loadEventRemoval,
  saveRemovalCredentials,
  upcomingOrdersOfInspector,
  type EventRemovalRow,
} from './write-calendar.repository.ts';

/**
 * The jobs that keep a write calendar whole (decision 0097): `calendar_backfill` writes the
 * inspector's upcoming bookings made before a calendar was chosen to take them;
 * `calendar_remove_events` deletes the events this product wrote when a connection is
 * disconnected with "Remove the events we added".
 */
export const CALENDAR_BACKFILL_JOB = 'calendar_backfill';
export const CALENDAR_REMOVE_EVENTS_JOB = 'calendar_remove_events';

/** Orders a back-fill job writes before it queues the next batch (each a few provider calls). */
export const BACKFILL_BATCH = 10;
/** Events a removal job deletes. */
export const REMOVAL_BATCH = 25;
const DAY_MS = 86_400_000;

/**
 * The context a pending removal's credentials are sealed under (its row in
 * `calendar_event_removals`): never a connection row's own, nor another removal's.
 */
export const removalCredentialsContext = (companyId: string, removalId: string) =>
  `calendar_event_removal:${companyId}:${removalId}:credentials`;

const uuid = z.uuid();
const backfillPayload = z.object({
  connection_id: uuid,
  calendar_id: z.string().min(1).max(2_000),
  /** The back-fill's own id: one run's batches share it, and each choice of a calendar is a run of its own. */
  run: uuid,
  after_at: z.iso.datetime().optional(),
  after_id: uuid.optional(),
});
/** Ids only (decision 0104): the credentials stay in the removal's row, never in the jobs table. */
const removalPayload = z.object({
  removal_id: uuid,
  connection_id: uuid,
  events: z
    .array(
      z.object({
        calendar_id: z.string().min(1).max(2_000),
        event_ref: z.string().min(1).max(4_000),
        etag: z.string().max(1_000).nullable(),
      }),
    )
    .min(1)
    .max(REMOVAL_BATCH),
});

/**
 * Queues the back-fill of a connection's write calendar, asked for at `now`: in the transaction
 * that chose the calendar, so a choice saved is a back-fill queued.
 */
export async function queueBackfill(
  db: Executor,
  companyId: string,
  connection: { id: string; writeCalendarId: string | null },
  now: Date,
): Promise<void> {
  if (connection.writeCalendarId === null) return;
  const run = randomUUID();
  await enqueueJobs(db, [
    {
      companyId,
      kind: CALENDAR_BACKFILL_JOB,
      dedupeKey: `calendar-backfill:${connection.id}:${run}:start`,
      payload: { connection_id: connection.id, calendar_id: connection.writeCalendarId, run },
      runAt: now,
    },
  ]);
}

/**
 * Queues the removal of every event written through `connection`, before the connection (its
 * credentials and its records of those events) is deleted in the same transaction. Each batch is
 * a row of `calendar_event_removals` holding the credentials, sealed again under the removal's
 * own context, and a job carrying only ids: the row's, the connection's and the events' refs. The
 * job deletes the row when it ends. Returns how many events will be removed.
 */
export async function queueEventRemoval(
  deps: CalendarSyncDeps,
  db: Executor,
  connection: ConnectionRow,
  timeZone: string,
  now: Date,
): Promise<number> {
  const events = await bookingEventsOfConnection(db, connection.companyId, connection.id);
  if (events.length === 0 || !deps.encryption) return 0;
  const { encryption } = deps;
  let plain: string;
  try {
    plain = encryption.decrypt(
      connection.credentialsEncrypted,
      calendarCredentialsContext(connection.companyId, connection.id),
    );
  } catch {
    deps.log.warn({ connection: connection.id, code: 'credentials_unreadable' }, 'calendar events not removed');
    return 0;
  }
  const batches = [];
  for (let i = 0; i < events.length; i += REMOVAL_BATCH)
    batches.push({ id: randomUUID(), events: events.slice(i, i + REMOVAL_BATCH) });
  await insertEventRemovals(
    db,
    batches.map((batch) => ({
      id: batch.id,
      companyId: connection.companyId,
      connectionId: connection.id,
      provider: connection.provider,
      timeZone,
      credentialsEncrypted: encryption.encrypt(plain, removalCredentialsContext(connection.companyId, batch.id)),
      createdAt: now,
    })),
  );
  await enqueueJobs(
    db,
    batches.map((batch) => ({
      companyId: connection.companyId,
      kind: CALENDAR_REMOVE_EVENTS_JOB,
      dedupeKey: `calendar-remove:${batch.id}`,
      payload: {
        removal_id: batch.id,
        connection_id: connection.id,
        events: batch.events.map((event) => ({
          calendar_id: event.calendarId,
          event_ref: event.eventRef,
          etag: event.etag,
        })),
      },
      runAt: now,
    })),
  );
  return events.length;
}

/** The handlers of the two jobs, registered with the queue beside `calendarJobHandlers`. */
export function writeCalendarJobHandlers(deps: CalendarSyncDeps, options: { backfillBatch?: number } = {}) {
  const batch = options.backfillBatch ?? BACKFILL_BATCH;
  return {
    [CALENDAR_BACKFILL_JOB]: async (job: { companyId: string; payload: Record<string, unknown> }): Promise<string> => {
      const payload = backfillPayload.safeParse(job.payload);
      if (!payload.success) return 'BAD_PAYLOAD';
      return backfillBatch(deps, job.companyId, payload.data, batch);
    },
    [CALENDAR_REMOVE_EVENTS_JOB]: async (job: {
      companyId: string;
      payload: Record<string, unknown>;
    }): Promise<string> => {
      const payload = removalPayload.safeParse(job.payload);
      if (!payload.success) return 'BAD_PAYLOAD';
      return removeEvents(deps, job.companyId, payload.data);
    },
  };
}

/**
 * One batch of a back-fill: the inspector's next confirmed orders starting from now to the end of
 * the booking horizon, each brought in line by the booking job's own code (`syncOrderEvents`:
 * an event already written with the same content is left alone, a create repeated after a crash
 * finds its uid's event), then the next batch queued. A back-fill whose calendar is no longer the
 * connection's write calendar stops: the newer choice queued its own.
 */
async function backfillBatch(
  deps: CalendarSyncDeps,
  companyId: string,
  payload: z.infer<typeof backfillPayload>,
  batch: number,
): Promise<string> {
  const connection = await loadConnection(deps.db, companyId, payload.connection_id);
  if (!connection) return 'CONNECTION_GONE';
  if (connection.writeCalendarId !== payload.calendar_id) return 'SUPERSEDED';
  if (connection.status === 'reconnect') return 'NEEDS_RECONNECT';
  const horizon = await inspectorHorizon(deps.db, companyId, connection.inspectorId);
  if (!horizon) return 'INSPECTOR_GONE';
  const now = deps.now();
  const after = payload.after_at && payload.after_id ? { at: new Date(payload.after_at), id: payload.after_id } : null;
  const orders = await upcomingOrdersOfInspector(
    deps.db,
    companyId,
    connection.inspectorId,
    { from: now, to: new Date(now.getTime() + horizon.days * DAY_MS) },
    after,
    batch,
  );
  let written = 0;
  for (const order of orders) if ((await syncOrderEvents(deps, companyId, order.id)) === 'WRITTEN') written++;
  const last = orders.at(-1);
  if (last && orders.length === batch)
    await enqueueJobs(deps.db, [
      {
        companyId,
        kind: CALENDAR_BACKFILL_JOB,
        dedupeKey: `calendar-backfill:${connection.id}:${payload.run}:${last.id}`,
        payload: {
          connection_id: connection.id,
          calendar_id: payload.calendar_id,
          run: payload.run,
          after_at: last.at.toISOString(),
          after_id: last.id,
        },
        runAt: now,
      },
    ]);
  if (written > 0) deps.log.info({ connection: connection.id, written }, 'calendar back-filled');
  return last && orders.length === batch ? 'BACKFILL_CONTINUES' : written > 0 ? 'BACKFILLED' : 'UNCHANGED';
}

/**
 * Deletes one batch of the events a disconnected connection wrote, by the refs recorded when
 * they were written (never anything else in the calendar); an event already gone counts as
 * removed. The credentials are read from the removal's row, which goes when the job ends: done,
 * refused (a refused grant is logged with its code; the disconnect stands, the events stay) or
 * impossible. An outage throws and keeps the row: the queue tries again later. A job run again
 * after its row went (a worker taking it over) has nothing left to do.
 */
async function removeEvents(
  deps: CalendarSyncDeps,
  companyId: string,
  payload: z.infer<typeof removalPayload>,
): Promise<string> {
  const removal = await loadEventRemoval(deps.db, companyId, payload.removal_id);
  if (!removal) return 'ALREADY_DONE';
  const outcome = await removeWithCredentials(deps, removal, payload);
  await deleteEventRemoval(deps.db, companyId, removal.id);
  return outcome;
}

/** The removal's deletions, with its credentials; answers its outcome, or throws for the queue to retry. */
async function removeWithCredentials(
  deps: CalendarSyncDeps,
  removal: EventRemovalRow,
  payload: z.infer<typeof removalPayload>,
): Promise<string> {
  const factory = deps.providers[removal.provider];
  if (!factory || !deps.encryption) {
    deps.log.warn({ connection: removal.connectionId, code: 'no_provider' }, 'calendar events not removed');
    return 'NO_PROVIDER';
  }
  const { encryption } = deps;
  const context = removalCredentialsContext(removal.companyId, removal.id);
  let credentials: unknown;
  try {
    credentials = JSON.parse(encryption.decrypt(removal.credentialsEncrypted, context));
  } catch {
    deps.log.warn({ connection: removal.connectionId, code: 'credentials_unreadable' }, 'calendar events not removed');
    return 'CREDENTIALS_UNREADABLE';
  }
  const provider = factory({
    credentials,
    timeZone: removal.timeZone,
    // A token refreshed meanwhile is kept for the job's next try (its row lives until the job ends).
    saveCredentials: (next) =>
      saveRemovalCredentials(deps.db, removal.companyId, removal.id, encryption.encrypt(JSON.stringify(next), context)),
  });
  for (const event of payload.events) {
    try {
      await provider.deleteEvent({ calendarId: event.calendar_id, eventId: event.event_ref, etag: event.etag });
    } catch (error) {
      if (error instanceof CalendarAuthError) {
        const code = `auth_${error.code}`.slice(0, 60);
        deps.log.warn({ connection: removal.connectionId, code }, 'calendar events not removed: access refused');
        return 'REMOVAL_REFUSED';
      }
      const code = error instanceof CalendarRateLimitError ? 'rate_limited' : codeOf(error);
      deps.log.warn({ connection: removal.connectionId, code }, 'calendar event removal failed; will retry');
      throw error;
    }
  }
  return 'REMOVED';
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code.slice(0, 60) : 'error';
}
