import { randomUUID } from 'node:crypto';
import type {
  CalendarChoice,
  CalendarOAuthResult,
  CalendarConnection,
  CalendarConnectionWithCalendars,
  CaldavConnectionInput,
  ProviderCalendarView,
} from '@scheduler/contracts/calendar-sync';
import { AppError } from '../../errors.ts';
import { memberCan, type ConsoleMember } from '../console-auth/console-member.ts';
import { calendarCredentialsContext, type CalendarSyncDeps } from './calendar-sync-deps.ts';
import { queueSync } from './calendar-jobs.ts';
import {
  connectionsOfInspector,
  deleteConnection,
  dropBusyOfOtherCalendars,
  inspectorHorizon,
  insertConnection,
  loadConnection,
  updateConnection,
  type ConnectionRow,
} from './calendar-sync.repository.ts';
import { newPkce, OAUTH_STATE_TTL_MS, openOAuthState, sealOAuthState, type OAuthState } from './oauth-state.ts';
import { OAUTH_PROVIDERS, type OAuthProviderKind } from './oauth-providers.ts';
import {
  CalendarAuthError,
  CalendarRateLimitError,
  CalendarUnavailableError,
  type CalendarProvider,
  type OAuthTokens,
  type ProviderCalendar,
} from './provider.ts';
import { stopPush, updatesOf } from './push-channels.ts';
import { queueSyncNow } from './push-channels.repository.ts';
import { providerOf } from './sync-jobs.ts';
import { queueBackfill, queueEventRemoval } from './write-calendar-jobs.ts';
import { connectionsOfCompany } from './write-calendar.repository.ts';

function view(row: ConnectionRow): CalendarConnection {
  return {
    id: row.id,
    inspector_id: row.inspectorId,
    provider: row.provider,
    account_label: row.accountLabel,
    status: row.status,
    busy_calendar_ids: row.busyCalendarIds,
    write_calendar_id: row.writeCalendarId,
    last_synced_at: row.lastSyncedAt?.toISOString() ?? null,
    last_error_code: row.lastErrorCode,
  };
}

function calendarView(calendar: ProviderCalendar): ProviderCalendarView {
  return {
    id: calendar.id,
    name: calendar.name,
    primary: calendar.primary,
    writable: calendar.writable,
    time_zone: calendar.timeZone,
  };
}

/** An inspector member manages only their own calendars; owners and admins anyone's. */
function assertMayManage(member: ConsoleMember, inspectorId: number): void {
  if (!memberCan(member, 'calendars.manage', member.inspectorId === inspectorId))
    throw new AppError(403, 'forbidden', 'You can connect only your own calendar.');
}

function encryptionOf(deps: CalendarSyncDeps) {
  if (!deps.encryption)
    throw new AppError(409, 'calendars_not_configured', 'Calendar connections need DATA_ENCRYPTION_KEY on the server.');
  return deps.encryption;
}

/** A provider's refusal as the console's 400: wrong credentials, or a server that did not answer as CalDAV. */
function refusal(error: unknown): AppError {
  if (error instanceof CalendarAuthError)
    return new AppError(400, 'calendar_auth_failed', 'The calendar server refused this user and password.', 'password');
  if (error instanceof CalendarRateLimitError)
    return new AppError(
      400,
      'calendar_unreachable',
      'The calendar server asked us to wait; try again in a minute.',
      'url',
    );
  return new AppError(400, 'calendar_unreachable', 'No CalDAV calendars answered at this address.', 'url');
}

export async function listConnections(
  deps: CalendarSyncDeps,
  member: ConsoleMember,
  inspectorId: number | undefined,
): Promise<{ connections: CalendarConnection[]; offered_providers: OAuthProviderKind[] }> {
  const own = memberCan(member, 'calendars.manage', false) ? inspectorId : (member.inspectorId ?? -1);
  // Owners and admins naming no inspector read the whole company's (the Inspectors page's list).
  if (own !== undefined) assertMayManage(member, own);
  const rows =
    own === undefined
      ? await connectionsOfCompany(deps.db, member.companyId)
      : await connectionsOfInspector(deps.db, member.companyId, own);
  const connections: CalendarConnection[] = [];
  for (const row of rows) connections.push({ ...view(row), updates: await updatesOf(deps, row) });
  return { connections, offered_providers: offeredProviders(deps) };
}

/**
 * Connects (or reconnects) an inspector's CalDAV account: the credentials are tried first (the
 * account's calendars listed), then kept encrypted, every calendar counted as busy and the main
 * one taking bookings, and the first read queued at once.
 */
export async function connectCaldav(
  deps: CalendarSyncDeps,
  member: ConsoleMember,
  input: CaldavConnectionInput,
): Promise<CalendarConnectionWithCalendars> {
  assertMayManage(member, input.inspector_id);
  const encryption = encryptionOf(deps);
  const horizon = await inspectorHorizon(deps.db, member.companyId, input.inspector_id);
  if (!horizon) throw new AppError(400, 'invalid_request', 'No such inspector in this company.', 'inspector_id');
  const factory = deps.providers.caldav;
  if (!factory) throw new AppError(409, 'calendars_not_configured', 'CalDAV is not available on this server.');
  const credentials = { url: input.url, username: input.username, password: input.password };
  let calendars: ProviderCalendar[];
  try {
    calendars = await factory({
      credentials,
      timeZone: horizon.timeZone,
      saveCredentials: async () => {},
    }).listCalendars();
  } catch (error) {
    throw refusal(error);
  }
  if (calendars.length === 0) throw new AppError(400, 'calendar_unreachable', 'This account has no calendars.', 'url');
  const existing = (await connectionsOfInspector(deps.db, member.companyId, input.inspector_id)).find(
    (row) => row.provider === 'caldav',
  );
  const id = existing?.id ?? randomUUID();
  const now = deps.now();
  const write = calendars.find((calendar) => calendar.primary && calendar.writable) ?? null;
  const row = await deps.db.transaction(async (tx) => {
    const saved = await insertConnection(tx, {
      id,
      companyId: member.companyId,
      inspectorId: input.inspector_id,
      provider: 'caldav',
      accountLabel: input.username,
      credentialsEncrypted: encryption.encrypt(
        JSON.stringify(credentials),
        calendarCredentialsContext(member.companyId, id),
      ),
      busyCalendarIds: existing?.busyCalendarIds.length ? existing.busyCalendarIds : calendars.map((c) => c.id),
      writeCalendarId: existing ? existing.writeCalendarId : (write?.id ?? null),
      now,
    });
    await queueSync(tx, member.companyId, saved.id, now);
    // Bookings made before (or while the connection could not write) go into the calendar (decision 0097).
    await queueBackfill(tx, member.companyId, saved, now);
    return saved;
  });
  return { ...view(row), calendars: calendars.map(calendarView) };
}

async function ownedConnection(deps: CalendarSyncDeps, member: ConsoleMember, id: string): Promise<ConnectionRow> {
  const row = await loadConnection(deps.db, member.companyId, id);
  if (!row) throw new AppError(404, 'not_found', 'No such calendar connection.');
  assertMayManage(member, row.inspectorId);
  return row;
}

/** The account's calendars now, to choose among; a refused grant marks the connection "reconnect". */
export async function connectionCalendars(
  deps: CalendarSyncDeps,
  member: ConsoleMember,
  id: string,
): Promise<CalendarConnectionWithCalendars> {
  const row = await ownedConnection(deps, member, id);
  const horizon = await inspectorHorizon(deps.db, member.companyId, row.inspectorId);
  try {
    const calendars = await providerOf(deps, row, horizon?.timeZone ?? 'UTC').listCalendars();
    return { ...view(row), calendars: calendars.map(calendarView) };
  } catch (error) {
    if (error instanceof CalendarAuthError) {
      await updateConnection(deps.db, member.companyId, id, {
        status: 'reconnect',
        lastErrorCode: `auth_${error.code}`.slice(0, 60),
        updatedAt: deps.now(),
      });
    }
    throw refusal(error);
  }
}

/** Chooses the busy calendars and the one that takes bookings; busy time of calendars dropped goes at once. */
export async function chooseCalendars(
  deps: CalendarSyncDeps,
  member: ConsoleMember,
  id: string,
  choice: CalendarChoice,
): Promise<CalendarConnection> {
  const row = await ownedConnection(deps, member, id);
  const now = deps.now();
  const busy = [...new Set(choice.busy_calendar_ids)];
  await deps.db.transaction(async (tx) => {
    await updateConnection(tx, member.companyId, id, {
      busyCalendarIds: busy,
      writeCalendarId: choice.write_calendar_id,
      cursors: {},
      updatedAt: now,
    });
    await dropBusyOfOtherCalendars(tx, row, busy);
    // Due now even if a read ran this very instant (decision 0096: its channels follow the choice).
    await queueSyncNow(tx, member.companyId, id, now);
    // A write calendar chosen for the first time or changed takes the bookings made before (decision 0097).
    if (choice.write_calendar_id !== row.writeCalendarId)
      await queueBackfill(tx, member.companyId, { id, writeCalendarId: choice.write_calendar_id }, now);
  });
  return view({ ...row, busyCalendarIds: busy, writeCalendarId: choice.write_calendar_id });
}

/**
 * Disconnects: the credentials and the busy times go. Its push channels are stopped at the
 * provider first, while the credentials are still here (decision 0096). With `removeEvents`, the
 * events this product wrote there are deleted by jobs queued in the same transaction (decision
 * 0097); the credentials they need wait, sealed, in `calendar_event_removals` until each job ends,
 * never in a job's payload (decision 0104). Without, the events stay in the inspector's calendar.
 */
export async function disconnect(
  deps: CalendarSyncDeps,
  member: ConsoleMember,
  id: string,
  removeEvents = false,
): Promise<{ removing: number }> {
  const row = await ownedConnection(deps, member, id);
  let provider: CalendarProvider | null = null;
  try {
    provider = providerOf(deps, row, 'UTC');
  } catch {
    // Credentials no longer readable: the channels lapse on their own at the provider.
  }
  await stopPush(deps, row, provider);
  const now = deps.now();
  const timeZone = removeEvents
    ? ((await inspectorHorizon(deps.db, member.companyId, row.inspectorId))?.timeZone ?? 'UTC')
    : 'UTC';
  return deps.db.transaction(async (tx) => {
    const removing = removeEvents ? await queueEventRemoval(deps, tx, row, timeZone, now) : 0;
    await deleteConnection(tx, member.companyId, id);
    return { removing };
  });
}

/** The OAuth providers this server offers: a client configured, DATA_ENCRYPTION_KEY set, an adapter registered. */
export function offeredProviders(deps: CalendarSyncDeps): OAuthProviderKind[] {
  if (!deps.encryption) return [];
  return OAUTH_PROVIDERS.filter((kind) => deps.oauth?.[kind] !== undefined && deps.providers[kind] !== undefined);
}

/** Where the provider sends the browser back: the public base URL, never a request's Host. */
export function oauthRedirectUri(deps: CalendarSyncDeps, provider: OAuthProviderKind): string {
  return `${deps.publicBaseUrl()}/api/console/calendar-oauth/${provider}/callback`;
}

/**
 * Starts connecting an inspector's Google or Microsoft calendar: the provider's consent address,
 * carrying a sealed state (the company, the inspector, this member, the PKCE verifier; 15 minutes)
 * and the verifier's S256 challenge.
 */
export async function startOAuth(
  deps: CalendarSyncDeps,
  member: ConsoleMember,
  inspectorId: number,
  provider: OAuthProviderKind,
): Promise<{ authorization_url: string }> {
  assertMayManage(member, inspectorId);
  const encryption = encryptionOf(deps);
  const client = deps.oauth?.[provider];
  if (!client || !offeredProviders(deps).includes(provider))
    throw new AppError(409, 'calendars_not_configured', 'This calendar provider is not set up on this server.');
  const horizon = await inspectorHorizon(deps.db, member.companyId, inspectorId);
  if (!horizon) throw new AppError(404, 'not_found', 'No such inspector in this company.');
  const pkce = newPkce();
  const state = sealOAuthState(encryption, {
    companyId: member.companyId,
    inspectorId,
    userId: member.userId,
    provider,
    verifier: pkce.verifier,
    expiresAt: deps.now().getTime() + OAUTH_STATE_TTL_MS,
  });
  return {
    authorization_url: client.authorizationUrl({
      state,
      redirectUri: oauthRedirectUri(deps, provider),
      codeChallenge: pkce.challenge,
    }),
  };
}

/** The callback's state, opened, or why it cannot be: altered or of another key, too old, no key at all. */
export function openCallbackState(
  deps: CalendarSyncDeps,
  sealed: string,
): { ok: true; state: OAuthState } | { ok: false; reason: 'invalid' | 'expired' } {
  if (!deps.encryption) return { ok: false, reason: 'invalid' };
  return openOAuthState(deps.encryption, sealed, deps.now().getTime());
}

function accountLabelOf(provider: OAuthProviderKind, primary: ProviderCalendar | undefined): string {
  const name = provider === 'google' ? 'Google Calendar' : 'Microsoft 365';
  // Google's primary calendar's id is the account's address; Graph's is opaque, its name "Calendar".
  if (primary && provider === 'google' && primary.id.includes('@')) return primary.id.slice(0, 320);
  return primary ? `${name}: ${primary.name}`.slice(0, 320) : name;
}

/**
 * Finishes the connection at the provider's callback, for the member who started it (the route
 * checked the session is theirs, and `member` is their membership now): the code exchanged with
 * the state's PKCE verifier, the account's calendars listed, the connection made or renewed (one
 * in "reconnect" active again with the new tokens; calendars chosen before kept) with the primary
 * calendar busy and taking bookings, and its first read queued at once. A provider's refusal or
 * outage is a result the Account page words, never an error.
 */
export async function completeOAuth(
  deps: CalendarSyncDeps,
  member: ConsoleMember,
  state: OAuthState,
  code: string,
): Promise<CalendarOAuthResult> {
  if (member.companyId !== state.companyId || member.userId !== state.userId) return 'forbidden';
  if (!memberCan(member, 'calendars.manage', member.inspectorId === state.inspectorId)) return 'forbidden';
  const client = deps.oauth?.[state.provider];
  const factory = deps.providers[state.provider];
  if (!client || !factory || !deps.encryption) return 'not_configured';
  const encryption = deps.encryption;
  const horizon = await inspectorHorizon(deps.db, member.companyId, state.inspectorId);
  if (!horizon) return 'forbidden';
  let tokens: OAuthTokens;
  let calendars: ProviderCalendar[];
  try {
    tokens = await client.exchangeCode({
      code,
      redirectUri: oauthRedirectUri(deps, state.provider),
      codeVerifier: state.verifier,
    });
    calendars = await factory({
      credentials: tokens,
      timeZone: horizon.timeZone,
      saveCredentials: async (next) => {
        tokens = next as OAuthTokens;
      },
    }).listCalendars();
  } catch (error) {
    if (error instanceof CalendarAuthError) {
      deps.log.warn({ provider: state.provider, code: error.code }, 'calendar grant refused at the callback');
      return 'refused';
    }
    if (error instanceof CalendarUnavailableError || error instanceof CalendarRateLimitError) {
      deps.log.warn(
        { provider: state.provider, code: codeOfFailure(error) },
        'calendar provider failed at the callback',
      );
      return 'unavailable';
    }
    throw error;
  }
  const primary = calendars.find((calendar) => calendar.primary) ?? calendars[0];
  if (!primary) return 'no_calendars';
  const existing = (await connectionsOfInspector(deps.db, member.companyId, state.inspectorId)).find(
    (row) => row.provider === state.provider,
  );
  const known = new Set(calendars.map((calendar) => calendar.id));
  const keptBusy = existing?.busyCalendarIds.filter((id) => known.has(id)) ?? [];
  const id = existing?.id ?? randomUUID();
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const saved = await insertConnection(tx, {
      id,
      companyId: member.companyId,
      inspectorId: state.inspectorId,
      provider: state.provider,
      accountLabel: accountLabelOf(state.provider, primary),
      credentialsEncrypted: encryption.encrypt(
        JSON.stringify(tokens),
        calendarCredentialsContext(member.companyId, id),
      ),
      busyCalendarIds: keptBusy.length > 0 ? keptBusy : [primary.id],
      writeCalendarId:
        existing && (existing.writeCalendarId === null || known.has(existing.writeCalendarId))
          ? existing.writeCalendarId
          : primary.writable
            ? primary.id
            : null,
      now,
    });
    await queueSync(tx, member.companyId, saved.id, now);
    await queueBackfill(tx, member.companyId, saved, now);
  });
  deps.log.info({ provider: state.provider, connection: id }, 'calendar connected through OAuth');
  return 'connected';
}

function codeOfFailure(error: CalendarUnavailableError | CalendarRateLimitError): string {
  return error instanceof CalendarUnavailableError ? error.code : 'rate_limited';
}
