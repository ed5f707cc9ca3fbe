import { createHash } from 'node:crypto';
import { CONSOLE_BASE_PATH } from '@scheduler/contracts/console-paths';
import { formatMoney } from '@scheduler/domain/money-format';
import { listOrders } from '../order-list/admin-orders.service.ts';
import { CALENDAR_PUSH_POLL_MS, calendarCredentialsContext, type CalendarSyncDeps } from './calendar-sync-deps.ts';
import { CALENDAR_BOOKING_JOB, CALENDAR_SYNC_JOB, queueReconnectEmails, queueSync } from './calendar-jobs.ts';
import {
  applyBusyChanges,
  bookingEventsOfOrder,
  bookingEventsCompany,
  connectionsOfInspectors,
  deleteBookingEvent,
  dropBusyOfOtherCalendars,
  inspectorHorizon,
  loadConnection,
  replaceBusy,
  saveBookingEvent,
  updateConnection,
  type ConnectionRow,
} from './calendar-sync.repository.ts';
import {
  CalendarAuthError,
  CalendarRateLimitError,
  EventGoneError,
  type BookingEvent,
  type BusyRead,
  type CalendarProvider,
} from './provider.ts';
import { ensurePush } from './push-channels.ts';
import { dropLaterSyncs } from './push-channels.repository.ts';

const DAY_MS = 86_400_000;
/** Failures in a row after which the console shows the connection as failing. */
const FAILING_AFTER = 3;
/** The longest pause between tries of a failing provider. */
const MAX_BACKOFF_MS = 30 * 60_000;
/** The busy window reaches this many days past the office's booking horizon (the engine looks a few days past it). */
const DAYS_PAST_HORIZON = 7;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A short code of any error (never a message, which may carry a server's text). */
function codeOf(error: unknown): string {
  if (error instanceof CalendarAuthError) return `auth_${error.code}`.slice(0, 60);
  if (error instanceof CalendarRateLimitError) return 'rate_limited';
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code.slice(0, 60) : 'error';
}

/** The connection's provider, its credentials decrypted; throws CalendarAuthError when they cannot be read. */
export function providerOf(deps: CalendarSyncDeps, connection: ConnectionRow, timeZone: string): CalendarProvider {
  const factory = deps.providers[connection.provider];
  if (!factory || !deps.encryption) throw Object.assign(new Error('provider unavailable'), { code: 'no_provider' });
  let credentials: unknown;
  try {
    credentials = JSON.parse(
      deps.encryption.decrypt(
        connection.credentialsEncrypted,
        calendarCredentialsContext(connection.companyId, connection.id),
      ),
    );
  } catch {
    throw new CalendarAuthError('credentials_unreadable');
  }
  const encryption = deps.encryption;
  return factory({
    credentials,
    timeZone,
    saveCredentials: async (next) =>
      updateConnection(deps.db, connection.companyId, connection.id, {
        credentialsEncrypted: encryption.encrypt(
          JSON.stringify(next),
          calendarCredentialsContext(connection.companyId, connection.id),
        ),
        updatedAt: deps.now(),
      }),
  });
}

/**
 * The queue's calendar jobs (decision 0089): `calendar_sync` reads one connection's busy calendars
 * into the database and queues its next read; `calendar_booking` brings one order's events in its
 * inspectors' calendars in line with the order. Neither throws for a provider's failure it can
 * schedule itself; a booking's transient failure throws, and the worker retries the job.
 */
export function calendarJobHandlers(deps: CalendarSyncDeps) {
  return {
    [CALENDAR_SYNC_JOB]: async (job: { companyId: string; payload: Record<string, unknown> }): Promise<string> => {
      const id = String(job.payload.connection_id ?? '');
      if (!UUID.test(id)) return 'BAD_PAYLOAD';
      return syncConnection(deps, job.companyId, id);
    },
    [CALENDAR_BOOKING_JOB]: async (job: { companyId: string; payload: Record<string, unknown> }): Promise<string> => {
      const id = String(job.payload.order_id ?? '');
      if (!UUID.test(id)) return 'BAD_PAYLOAD';
      return syncOrderEvents(deps, job.companyId, id);
    },
  };
}

/**
 * One read of a connection's busy calendars. Success stores what changed and queues the next read
 * `pollMs` later. A rate limit or an outage keeps the busy times last read (the wizard goes on
 * with them) and tries again after a growing pause; a refused grant marks the connection
 * "reconnect" and stops reading until the inspector reconnects.
 */
export async function syncConnection(deps: CalendarSyncDeps, companyId: string, connectionId: string): Promise<string> {
  const { db } = deps;
  const connection = await loadConnection(db, companyId, connectionId);
  if (!connection) return 'CONNECTION_GONE';
  if (connection.status === 'reconnect') return 'NEEDS_RECONNECT';
  const now = deps.now();
  if (connection.backingOffUntil !== null && connection.backingOffUntil > now) {
    await queueSync(db, companyId, connectionId, connection.backingOffUntil);
    return 'BACKING_OFF';
  }
  const horizon = await inspectorHorizon(db, companyId, connection.inspectorId);
  if (!horizon) return 'INSPECTOR_GONE';
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const window = { from: today - DAY_MS, to: today + (horizon.days + DAYS_PAST_HORIZON) * DAY_MS };
  const reads: Array<{ calendarId: string; read: BusyRead }> = [];
  let pushed = false;
  try {
    const provider = providerOf(deps, connection, horizon.timeZone);
    // Channels first (decision 0096): a change made during the read is notified, not missed.
    pushed = await ensurePush(deps, connection, provider);
    for (const calendarId of connection.busyCalendarIds)
      reads.push({
        calendarId,
        read: await provider.readBusy(calendarId, window, connection.cursors[calendarId] ?? null),
      });
  } catch (error) {
    return syncFailed(deps, connection, error, now);
  }
  let changed = 0;
  await db.transaction(async (tx) => {
    const cursors: Record<string, string> = {};
    for (const { calendarId, read } of reads) {
      if (read.mode === 'full') changed += await replaceBusy(tx, connection, calendarId, read.busy);
      else {
        await applyBusyChanges(tx, connection, calendarId, read.removed, read.busy);
        changed += read.removed.length + read.busy.length;
      }
      if (read.cursor !== null) cursors[calendarId] = read.cursor;
    }
    await dropBusyOfOtherCalendars(tx, connection, connection.busyCalendarIds);
    await updateConnection(tx, companyId, connectionId, {
      status: 'active',
      cursors,
      lastSyncedAt: now,
      lastErrorCode: null,
      failures: 0,
      backingOffUntil: null,
      updatedAt: now,
    });
    await dropLaterSyncs(tx, companyId, connectionId, deps.now());
    const every = pushed ? (deps.pushPollMs ?? CALENDAR_PUSH_POLL_MS) : deps.pollMs;
    await queueSync(tx, companyId, connectionId, new Date(now.getTime() + every));
  });
  if (changed > 0) deps.log.info({ connection: connectionId, changed }, 'calendar busy times synced');
  return changed > 0 ? 'SYNCED' : 'UNCHANGED';
}

async function syncFailed(deps: CalendarSyncDeps, connection: ConnectionRow, error: unknown, now: Date) {
  const code = codeOf(error);
  if (error instanceof CalendarAuthError) {
    await deps.db.transaction(async (tx) => {
      await updateConnection(tx, connection.companyId, connection.id, {
        status: 'reconnect',
        lastErrorCode: code,
        updatedAt: now,
      });
      await queueReconnectEmails(tx, connection.companyId, connection.inspectorId, now);
    });
    deps.log.warn({ connection: connection.id, code }, 'calendar connection refused; needs reconnecting');
    return 'NEEDS_RECONNECT';
  }
  const failures = connection.failures + 1;
  const backoff = Math.min(deps.pollMs * 2 ** Math.min(failures, 10), MAX_BACKOFF_MS);
  const wait = error instanceof CalendarRateLimitError ? Math.max(error.retryAfterMs, backoff) : backoff;
  const next = new Date(now.getTime() + wait);
  await deps.db.transaction(async (tx) => {
    await updateConnection(tx, connection.companyId, connection.id, {
      status: failures >= FAILING_AFTER ? 'failing' : connection.status,
      lastErrorCode: code,
      failures,
      backingOffUntil: next,
      updatedAt: now,
    });
    await dropLaterSyncs(tx, connection.companyId, connection.id, deps.now());
    await queueSync(tx, connection.companyId, connection.id, next);
  });
  deps.log.warn({ connection: connection.id, code, retry_in_ms: wait }, 'calendar sync failed; will retry');
  return error instanceof CalendarRateLimitError ? 'RATE_LIMITED' : 'UNAVAILABLE';
}

/** The stable uid of an order's event in one inspector's calendar. */
export function bookingUid(orderId: string, inspectorId: number): string {
  return `order-${orderId}-inspector-${inspectorId}@online-scheduler`;
}

function plain(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .trim();
}

/**
 * The order's events as they should stand in its inspectors' calendars: one per inspector whose
 * connection has a write calendar, while the order is confirmed; none once it is cancelled. Then
 * whatever differs from what was written is created, moved or deleted, each write recorded at
 * once, so that a run repeated after a crash finds it done (a create's uid is also its resource,
 * which the provider will not make twice).
 */
export async function syncOrderEvents(deps: CalendarSyncDeps, companyId: string, orderId: string): Promise<string> {
  const { db } = deps;
  const company = await bookingEventsCompany(db, companyId);
  if (company === null) return 'COMPANY_GONE';
  const { key } = company;
  const listing = await listOrders(db, key, { status: 'all', orderId, page: 1, per_page: 1 });
  const order = listing.orders[0] ?? null;
  const written = await bookingEventsOfOrder(db, companyId, orderId);
  const booked = order !== null && order.status === 'confirmed' && order.datetime !== null;
  const connections = booked
    ? (
        await connectionsOfInspectors(
          db,
          companyId,
          order.inspectors.map((inspector) => inspector.id),
        )
      ).filter((connection) => connection.writeCalendarId !== null && connection.status !== 'reconnect')
    : [];
  const wanted = new Map<number, { connection: ConnectionRow; event: BookingEvent; hash: string }>();
  if (booked) {
    const start = Date.parse(order.datetime!);
    const client = order.people.find((person) => person.role === 'client');
    const lastName = client?.name.trim().split(/\s+/).pop() ?? '';
    const services = order.services.map((service) => plain(service.name)).join(', ') || 'Inspection';
    const address = [
      order.address.address1,
      order.address.address2,
      order.address.city,
      order.address.state,
      order.address.postal_code,
    ]
      .filter(Boolean)
      .join(', ');
    const link = `${deps.publicBaseUrl()}${CONSOLE_BASE_PATH}/${encodeURIComponent(key)}/orders/${orderId}`;
    for (const connection of connections) {
      if (wanted.has(connection.inspectorId)) continue;
      const event: BookingEvent = {
        uid: bookingUid(orderId, connection.inspectorId),
        title: lastName ? `${services}: ${lastName}` : services,
        description: [
          address,
          `Map: https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`,
          `Times in ${order.time_zone}`,
          ...(company.showPrices && order.total_cents !== null
            ? [`Total: ${formatMoney(order.total_cents, order.currency)}${order.paid ? ' (paid)' : ''}`]
            : []),
          `Order: ${link}`,
        ].join('\n'),
        location: address,
        start,
        end: start + order.duration * 60_000,
        timeZone: order.time_zone,
      };
      const hash = createHash('sha256')
        .update(JSON.stringify([connection.writeCalendarId, event]))
        .digest('base64url');
      wanted.set(connection.inspectorId, { connection, event, hash });
    }
  }
  const providers = new Map<string, CalendarProvider>();
  const providerFor = async (
    connectionId: string,
  ): Promise<{ provider: CalendarProvider; row: ConnectionRow } | null> => {
    const row =
      connections.find((connection) => connection.id === connectionId) ??
      (await loadConnection(db, companyId, connectionId));
    if (!row) return null;
    let provider = providers.get(connectionId);
    if (!provider) {
      provider = providerOf(deps, row, order?.time_zone ?? 'UTC');
      providers.set(connectionId, provider);
    }
    return { provider, row };
  };
  let writes = 0;
  const refused = async (row: ConnectionRow, error: unknown): Promise<boolean> => {
    if (!(error instanceof CalendarAuthError)) return false;
    await db.transaction(async (tx) => {
      await updateConnection(tx, companyId, row.id, {
        status: 'reconnect',
        lastErrorCode: codeOf(error),
        updatedAt: deps.now(),
      });
      if (row.status !== 'reconnect') await queueReconnectEmails(tx, companyId, row.inspectorId, deps.now());
    });
    row.status = 'reconnect';
    return true;
  };
  // Events no longer wanted where they are: a cancellation, an inspector taken off, another calendar chosen.
  for (const row of written) {
    const want = wanted.get(row.inspectorId);
    if (want && want.connection.id === row.connectionId && want.connection.writeCalendarId === row.calendarId) continue;
    const found = await providerFor(row.connectionId);
    if (found) {
      try {
        await found.provider.deleteEvent({ calendarId: row.calendarId, eventId: row.eventRef, etag: row.etag });
      } catch (error) {
        if (!(await refused(found.row, error))) throw error;
      }
    }
    await deleteBookingEvent(db, companyId, orderId, row.inspectorId);
    writes++;
  }
  for (const [inspectorId, want] of wanted) {
    const row = written.find(
      (entry) =>
        entry.inspectorId === inspectorId &&
        entry.connectionId === want.connection.id &&
        entry.calendarId === want.connection.writeCalendarId,
    );
    if (row?.contentHash === want.hash) continue;
    const found = await providerFor(want.connection.id);
    if (!found) continue;
    const calendarId = want.connection.writeCalendarId!;
    let ref;
    try {
      if (row) {
        try {
          ref = await found.provider.updateEvent({ calendarId, eventId: row.eventRef, etag: row.etag }, want.event);
        } catch (error) {
          // The inspector deleted it: written again, as the booking still stands.
          if (!(error instanceof EventGoneError)) throw error;
          ref = await found.provider.createEvent(calendarId, want.event);
        }
      } else ref = await found.provider.createEvent(calendarId, want.event);
    } catch (error) {
      if (await refused(found.row, error)) continue;
      throw error;
    }
    await saveBookingEvent(db, {
      companyId,
      orderId,
      inspectorId,
      connectionId: want.connection.id,
      calendarId,
      eventRef: ref.eventId,
      uid: want.event.uid,
      etag: ref.etag,
      writtenStart: new Date(want.event.start),
      writtenEnd: new Date(want.event.end),
      contentHash: want.hash,
      updatedAt: deps.now(),
    });
    writes++;
  }
  return writes > 0 ? 'WRITTEN' : 'UNCHANGED';
}
