import { randomUUID } from 'node:crypto';
import { ERASED_MARKER } from '@scheduler/contracts/privacy';
import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_EVENTS,
  WEBHOOK_TEST_EVENT,
  type PublicHook,
  type PublicHookBody,
  type PublicHookList,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointInput,
  type WebhookEventType,
} from '@scheduler/contracts/webhooks';
import { AppError } from '../../errors.ts';
import type { DataEncryption } from '../../crypto/data-encryption.ts';
import type { Executor } from '../../db/connection.ts';
import { testEventBody } from './event-payload.ts';
import { newWebhookSecret } from './signing.ts';
import { checkWebhookUrl, type UrlRefusal } from './url-guard.ts';
import type { WebhookDeps } from './webhooks-deps.ts';
import {
  apiKeyNames,
  countEndpoints,
  deleteEndpointOfKey,
  deleteEndpointRow,
  deleteEndpointsOfKey,
  endpointsNotUnderKey,
  findDeliveryOfEndpoint,
  findEndpoint,
  insertDelivery,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  listEndpointsOfKey,
  loadCompany,
  lockLiveApiKey,
  pruneDeliveries,
  replaceEndpointCiphertexts,
  updateEndpoint,
  type DeliveryRow,
  type EndpointRow,
} from './webhooks.repository.ts';

/** How long the secret before a rotation still signs (both signatures are sent meanwhile). */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

/** Where a secret is kept: bound to its company, endpoint and column (a copied ciphertext does not decrypt). */
export const secretContext = (companyId: string, endpointId: string, column: 'secret' | 'previous_secret') =>
  `webhook_endpoint:${companyId}:${endpointId}:${column}`;

function encryptionOf(deps: Pick<WebhookDeps, 'encryption'>): DataEncryption {
  if (!deps.encryption)
    throw new AppError(
      409,
      'webhooks_not_configured',
      'Webhooks are not available on this server (DATA_ENCRYPTION_KEY is not set).',
    );
  return deps.encryption;
}

const REFUSALS: Record<UrlRefusal, string> = {
  not_https: 'The URL must start with https://.',
  private_address: 'The URL leads to a private, loopback or link-local address, which webhooks may not be sent to.',
  unresolvable: 'The URL’s host name could not be found.',
  credentials_in_url: 'The URL may not carry a user name or password.',
};

async function acceptableUrl(deps: WebhookDeps, url: string): Promise<void> {
  const checked = await checkWebhookUrl(url, {
    allowPrivate: deps.allowPrivate,
    ...(deps.resolve ? { resolve: deps.resolve } : {}),
  });
  if (!checked.ok) throw new AppError(400, 'invalid_url', REFUSALS[checked.reason], 'url');
}

/** `keyNames`: the names of the API keys that made endpoints, by id (`apiKeyNames`). */
function endpointView(row: EndpointRow, now: Date, keyNames: ReadonlyMap<string, string>): WebhookEndpoint {
  const overlap = row.previousSecretExpiresAt !== null && row.previousSecretExpiresAt > now;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events.filter((type): type is WebhookEventType => WEBHOOK_EVENTS.some((e) => e.type === type)),
    enabled: row.enabled,
    disabled_reason: row.disabledReason === 'gone' || row.disabledReason === 'failing' ? row.disabledReason : null,
    failing_since: row.failingSince?.toISOString() ?? null,
    previous_secret_expires_at: overlap ? row.previousSecretExpiresAt!.toISOString() : null,
    made_by_key: row.apiKeyId === null ? null : { id: row.apiKeyId, name: keyNames.get(row.apiKeyId) ?? '' },
    created_at: row.createdAt.toISOString(),
  };
}

/** One endpoint's view, with the name of the key that made it. */
async function viewOf(deps: WebhookDeps, row: EndpointRow, now: Date): Promise<WebhookEndpoint> {
  return endpointView(row, now, await apiKeyNames(deps.db, row.companyId, row.apiKeyId === null ? [] : [row.apiKeyId]));
}

const NO_KEY_NAMES: ReadonlyMap<string, string> = new Map();

async function ownEndpoint(deps: WebhookDeps, companyId: string, endpointId: string): Promise<EndpointRow> {
  const row = await findEndpoint(deps.db, companyId, endpointId);
  if (!row) throw new AppError(404, 'not_found', 'The webhook endpoint was not found.');
  return row;
}

export async function listWebhookEndpoints(deps: WebhookDeps, companyId: string) {
  const rows = await listEndpoints(deps.db, companyId);
  const now = deps.now();
  const keyIds = [...new Set(rows.flatMap((row) => (row.apiKeyId === null ? [] : [row.apiKeyId])))];
  const keyNames = await apiKeyNames(deps.db, companyId, keyIds);
  return {
    endpoints: rows.map((row) => endpointView(row, now, keyNames)),
    events: WEBHOOK_EVENTS.map((event) => ({ type: event.type, description: event.description })),
  };
}

/**
 * A new endpoint with a new secret (shown by `revealSecret`). Callable from any route of the
 * company (the console's, and REST hooks' subscribe): the caller has checked the member or key.
 */
export async function createEndpoint(
  deps: WebhookDeps,
  companyId: string,
  input: WebhookEndpointInput,
  madeBy: { apiKeyId: string } | null = null,
): Promise<WebhookEndpoint> {
  const encryption = encryptionOf(deps);
  await acceptableUrl(deps, input.url);
  const id = randomUUID();
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    // A key revoked meanwhile makes no endpoint: its row is held until this commits, so a
    // revocation either comes first (and this refuses) or waits and deletes what this made.
    if (madeBy && !(await lockLiveApiKey(tx, companyId, madeBy.apiKeyId)))
      throw new AppError(401, 'unauthorized', 'This API key was revoked.');
    if ((await countEndpoints(tx, companyId)) >= WEBHOOK_ENDPOINTS_MAX)
      throw new AppError(409, 'conflict', `A company may have at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints.`);
    return insertEndpoint(tx, {
      id,
      companyId,
      url: input.url,
      description: input.description,
      events: [...new Set(input.events)],
      enabled: input.enabled,
      secretEncrypted: encryption.encrypt(newWebhookSecret(), secretContext(companyId, id, 'secret')),
      apiKeyId: madeBy?.apiKeyId ?? null,
      at: now,
    });
  });
  return viewOf(deps, row, now);
}

export async function updateWebhookEndpoint(
  deps: WebhookDeps,
  companyId: string,
  endpointId: string,
  input: WebhookEndpointInput,
): Promise<WebhookEndpoint> {
  const existing = await ownEndpoint(deps, companyId, endpointId);
  if (input.url !== existing.url) await acceptableUrl(deps, input.url);
  const now = deps.now();
  const turnedOn = input.enabled && !existing.enabled;
  const row = await updateEndpoint(deps.db, companyId, endpointId, {
    url: input.url,
    description: input.description,
    events: [...new Set(input.events)],
    enabled: input.enabled,
    // Turned on again: a fresh start, its failures forgotten.
    ...(turnedOn ? { disabledReason: null, failingSince: null, backingOffUntil: null } : {}),
    ...(!input.enabled && existing.enabled ? { disabledReason: null } : {}),
    updatedAt: now,
  });
  if (!row) throw new AppError(404, 'not_found', 'The webhook endpoint was not found.');
  return viewOf(deps, row, now);
}

/** Deletes an endpoint and its log; false when the company has no such endpoint. */
export async function deleteEndpoint(deps: WebhookDeps, companyId: string, endpointId: string): Promise<boolean> {
  return deleteEndpointRow(deps.db, companyId, endpointId);
}

export async function deleteWebhookEndpoint(deps: WebhookDeps, companyId: string, endpointId: string): Promise<void> {
  if (!(await deleteEndpoint(deps, companyId, endpointId)))
    throw new AppError(404, 'not_found', 'The webhook endpoint was not found.');
}

export async function revealSecret(deps: WebhookDeps, companyId: string, endpointId: string) {
  const encryption = encryptionOf(deps);
  const row = await ownEndpoint(deps, companyId, endpointId);
  const now = deps.now();
  return {
    secret: encryption.decrypt(row.secretEncrypted, secretContext(companyId, endpointId, 'secret')),
    previous_secret_expires_at: endpointView(row, now, NO_KEY_NAMES).previous_secret_expires_at,
  };
}

/** A new secret; the one it replaces still signs for ROTATION_OVERLAP_MS (each message carries both signatures). */
export async function rotateSecret(deps: WebhookDeps, companyId: string, endpointId: string) {
  const encryption = encryptionOf(deps);
  const row = await ownEndpoint(deps, companyId, endpointId);
  const now = deps.now();
  const current = encryption.decrypt(row.secretEncrypted, secretContext(companyId, endpointId, 'secret'));
  const secret = newWebhookSecret();
  const expires = new Date(now.getTime() + ROTATION_OVERLAP_MS);
  await updateEndpoint(deps.db, companyId, endpointId, {
    secretEncrypted: encryption.encrypt(secret, secretContext(companyId, endpointId, 'secret')),
    previousSecretEncrypted: encryption.encrypt(current, secretContext(companyId, endpointId, 'previous_secret')),
    previousSecretExpiresAt: expires,
    updatedAt: now,
  });
  return { secret, previous_secret_expires_at: expires.toISOString() };
}

const newEventId = () => `evt_${randomUUID().replace(/-/g, '')}`;

/** Queues a `webhook.test` event to the endpoint, whatever events it wants (even while it is off). */
export async function sendTestEvent(deps: WebhookDeps, companyId: string, endpointId: string) {
  await ownEndpoint(deps, companyId, endpointId);
  const company = await loadCompany(deps.db, companyId);
  if (!company) throw new AppError(404, 'not_found', 'The company was not found.');
  const now = deps.now();
  const eventId = newEventId();
  const id = await insertDelivery(deps.db, {
    companyId,
    endpointId,
    eventId,
    eventType: WEBHOOK_TEST_EVENT,
    orderId: null,
    orderEventId: null,
    body: testEventBody(company, eventId, endpointId, now),
    occurredAt: now,
    at: now,
  });
  return { delivery_id: id };
}

/** Sends a logged event again, as a new delivery with the same event id and body (receivers de-duplicate on the id). */
export async function resendDelivery(deps: WebhookDeps, companyId: string, endpointId: string, deliveryId: number) {
  const endpoint = await ownEndpoint(deps, companyId, endpointId);
  if (!endpoint.enabled) throw new AppError(409, 'conflict', 'Turn the endpoint on before resending to it.');
  const delivery = await findDeliveryOfEndpoint(deps.db, companyId, endpointId, deliveryId);
  if (!delivery) throw new AppError(404, 'not_found', 'The delivery was not found.');
  const now = deps.now();
  const id = await insertDelivery(deps.db, {
    companyId,
    endpointId,
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    orderId: delivery.orderId,
    orderEventId: delivery.orderEventId,
    personKind: delivery.personKind,
    personId: delivery.personId,
    // A body an erasure replaced by its marker (decision 0101) is written anew from the order or
    // person as they are now (the erased order), never the marker sent.
    body: delivery.body === ERASED_MARKER ? null : delivery.body,
    occurredAt: delivery.occurredAt,
    at: now,
  });
  return { delivery_id: id };
}

function deliveryView(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event_id: row.eventId,
    event_type: row.eventType,
    state: row.state === 'delivered' || row.state === 'failed' ? row.state : 'pending',
    attempts: row.attempts,
    created_at: row.createdAt.toISOString(),
    last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
    next_attempt_at: row.state === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    outcome: row.outcome,
    request: row.requestHeaders && row.body !== null ? { headers: row.requestHeaders, body: row.body } : null,
    response:
      row.responseStatus !== null
        ? { status: row.responseStatus, headers: row.responseHeaders ?? {}, body: row.responseBody ?? '' }
        : null,
  };
}

export async function webhookDeliveries(
  deps: WebhookDeps,
  companyId: string,
  endpointId: string,
  page: { before?: number | undefined; limit: number },
) {
  await ownEndpoint(deps, companyId, endpointId);
  const rows = await listDeliveries(deps.db, companyId, endpointId, { before: page.before, limit: page.limit + 1 });
  const shown = rows.slice(0, page.limit);
  return {
    deliveries: shown.map(deliveryView),
    next_before: rows.length > page.limit ? (shown.at(-1)?.id ?? null) : null,
  };
}

/**
 * The retention job's task (decision 0074's runner): the delivery log's rows that ended (delivered
 * or given up) before `before`, at most `limit` a batch. A pending delivery is never pruned.
 */
export function pruneWebhookDeliveries(db: WebhookDeps['db'], before: Date, limit: number): Promise<number> {
  return pruneDeliveries(db, before, limit);
}

/**
 * After DATA_ENCRYPTION_KEY gained a new first key (README, "DATA_ENCRYPTION_KEY and its
 * rotation"): every endpoint's secrets encrypted again under it. Answers how many endpoints.
 */
export async function reencryptWebhookSecrets(
  db: WebhookDeps['db'],
  encryption: DataEncryption,
  pageSize = 100,
): Promise<number> {
  let rewritten = 0;
  for (;;) {
    const rows = await endpointsNotUnderKey(db, encryption.currentKeyId, pageSize);
    if (rows.length === 0) return rewritten;
    for (const row of rows) {
      const again = (column: 'secret' | 'previous_secret', ciphertext: string) =>
        encryption.encrypt(
          encryption.decrypt(ciphertext, secretContext(row.companyId, row.id, column)),
          secretContext(row.companyId, row.id, column),
        );
      await replaceEndpointCiphertexts(
        db,
        {
          ...row,
          secretEncrypted: again('secret', row.secretEncrypted),
          previousSecretEncrypted:
            row.previousSecretEncrypted === null ? null : again('previous_secret', row.previousSecretEncrypted),
        },
        row,
      );
      rewritten++;
    }
  }
}

/**
 * A REST hook subscription through the public API (Zapier's "subscribe"): an endpoint of the
 * company for one event, under the same URL checks and the same limit as the console's, listed on
 * the console's Webhooks page, with its secret for a receiver that verifies signatures. It belongs
 * to the key that made it (decision 0104): only that key lists or deletes it, and it goes when the
 * key is revoked.
 */
export async function subscribeHook(
  deps: WebhookDeps,
  caller: { companyId: string; keyId: string },
  body: PublicHookBody,
): Promise<PublicHook> {
  const endpoint = await createEndpoint(
    deps,
    caller.companyId,
    {
      url: body.target_url,
      description: body.description ?? 'REST hook subscribed through the API',
      events: [body.event],
      enabled: true,
    },
    { apiKeyId: caller.keyId },
  );
  const { secret } = await revealSecret(deps, caller.companyId, endpoint.id);
  return { id: endpoint.id, target_url: endpoint.url, event: body.event, secret, created_at: endpoint.created_at };
}

/** The hooks the calling key subscribed (never another key's, nor the console's endpoints); no secrets. */
export async function hooksOfKey(
  deps: WebhookDeps,
  caller: { companyId: string; keyId: string },
): Promise<PublicHookList> {
  const rows = await listEndpointsOfKey(deps.db, caller.companyId, caller.keyId);
  return {
    hooks: rows.map((row) => {
      const view = endpointView(row, deps.now(), NO_KEY_NAMES);
      return {
        id: view.id,
        target_url: view.url,
        events: view.events,
        enabled: view.enabled,
        created_at: view.created_at,
      };
    }),
  };
}

/** Unsubscribes one of the calling key's hooks; 404 for any other endpoint, of this company or another. */
export async function unsubscribeHook(
  deps: WebhookDeps,
  caller: { companyId: string; keyId: string },
  endpointId: string,
): Promise<void> {
  if (!(await deleteEndpointOfKey(deps.db, caller.companyId, caller.keyId, endpointId)))
    throw new AppError(404, 'not_found', 'The hook was not found.');
}

/** A revoked key's hooks deleted, their pending deliveries with them (in the revocation's transaction). */
export function deleteHooksOfKey(db: Executor, companyId: string, apiKeyId: string) {
  return deleteEndpointsOfKey(db, companyId, apiKeyId);
}
