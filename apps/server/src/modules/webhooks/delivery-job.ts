import { WEBHOOK_PAYLOAD_MAX_BYTES, WEBHOOK_TEST_EVENT } from '@scheduler/contracts/webhooks';
import type { Executor } from '../../db/connection.ts';
import { accountEmailJob } from '../notifications/account-messages.ts';
import { enqueueJobs } from '../notifications/notifications.service.ts';
import { eventBody } from './event-payload.ts';
import { secretContext } from './endpoints.service.ts';
import { sendWebhook, type WebhookResponse } from './http-sender.ts';
import { retryAfterMs } from '../../http/retry-after.ts';
import { backoffMs, nextAttemptAt, RETRY_AFTER_MAX_MS, RETRY_WINDOW_MS, verdictOf } from './retry-policy.ts';
import { signedHeaders } from './signing.ts';
import { checkWebhookUrl } from './url-guard.ts';
import type { WebhookDeps } from './webhooks-deps.ts';
import {
  earlierPendingDelivery,
  loadCompany,
  loadDelivery,
  markFailing,
  nextPendingDelivery,
  ownerEmails,
  queueDeliveryJob,
  saveDelivery,
  updateEndpoint,
  WEBHOOK_DELIVERY_JOB,
  type DeliveryRow,
  type EndpointRow,
} from './webhooks.repository.ts';

/** A delivery held behind an earlier one of its order looks again after this, if not woken before. */
const WAIT_POLL_MS = 60_000;

type Outcome = {
  verdict: 'delivered' | 'failed' | 'gone' | 'retry';
  code: string | null;
  response: WebhookResponse | null;
  retryAfter: number | null;
};

/**
 * The job that sends one delivery (decision 0086). It keeps its own schedule: each attempt is one
 * job, and a failed attempt queues the next job at its back-off (never a throw, which the worker
 * would retry on the e-mails' schedule). A delivery of an order waits while an earlier one of the
 * same order to the same endpoint is pending (in order per order); whichever ends queues the next.
 */
export function webhookJobHandlers(deps: WebhookDeps) {
  return {
    [WEBHOOK_DELIVERY_JOB]: async (job: { companyId: string; payload: Record<string, unknown> }): Promise<string> => {
      const deliveryId = Number(job.payload.delivery_id);
      if (!Number.isSafeInteger(deliveryId)) return 'BAD_PAYLOAD';
      return deliver(deps, job.companyId, deliveryId);
    },
  };
}

async function deliver(deps: WebhookDeps, companyId: string, deliveryId: number): Promise<string> {
  const { db } = deps;
  const loaded = await loadDelivery(db, companyId, deliveryId);
  if (!loaded) return 'DELIVERY_GONE';
  const { delivery, endpoint } = loaded;
  if (delivery.state !== 'pending') return 'ALREADY_DONE';
  const now = deps.now();
  if (!endpoint.enabled) {
    await finish(db, deps, delivery, { state: 'failed', outcome: 'endpoint_disabled', nextAttemptAt: null });
    return 'ENDPOINT_DISABLED';
  }
  const earlier = await earlierPendingDelivery(db, delivery);
  if (earlier) {
    const later = Math.max(now.getTime() + WAIT_POLL_MS, earlier.nextAttemptAt?.getTime() ?? 0);
    await queueDeliveryJob(db, companyId, deliveryId, new Date(later));
    return 'WAITING_FOR_EARLIER';
  }
  // A failing receiver is tried by one delivery at a time, at its back-off; a test event (the
  // owner asking whether it is fixed) goes at once.
  const backingOff = endpoint.backingOffUntil;
  if (backingOff !== null && backingOff > now && delivery.eventType !== WEBHOOK_TEST_EVENT) {
    await queueDeliveryJob(db, companyId, deliveryId, backingOff);
    return 'ENDPOINT_BACKING_OFF';
  }
  const body = delivery.body ?? (await eventBody(db, delivery, now, deps.publicBaseUrl()));
  if (body === null) {
    const outcome = delivery.personKind === null ? 'order_gone' : 'person_gone';
    await finish(db, deps, delivery, { state: 'failed', outcome, nextAttemptAt: null });
    return outcome.toUpperCase();
  }
  if (Buffer.byteLength(body) > WEBHOOK_PAYLOAD_MAX_BYTES) {
    await finish(db, deps, delivery, { state: 'failed', outcome: 'payload_too_large', body, nextAttemptAt: null });
    return 'PAYLOAD_TOO_LARGE';
  }
  const headers = signedHeaders(secretsOf(deps, endpoint, now), delivery.eventId, now, body);
  const outcome = await attempt(deps, endpoint.url, headers, body);
  const firstAttemptAt = delivery.firstAttemptAt ?? now;
  const response = outcome.response?.kind === 'response' ? outcome.response : null;
  const record = {
    attempts: delivery.attempts + 1,
    body,
    requestHeaders: { ...headers, 'content-type': 'application/json' },
    responseStatus: response?.status ?? null,
    responseHeaders: response?.headers ?? null,
    responseBody: response?.body ?? null,
    firstAttemptAt,
    lastAttemptAt: now,
  };
  // What the attempt changed, together: a crash before the commit sends it again (at least once).
  return deps.db.transaction(async (tx) => {
    if (outcome.verdict === 'delivered') {
      if (endpoint.failingSince !== null || endpoint.backingOffUntil !== null)
        await updateEndpoint(tx, companyId, endpoint.id, { failingSince: null, backingOffUntil: null, updatedAt: now });
      await finish(tx, deps, delivery, { ...record, state: 'delivered', outcome: null, nextAttemptAt: null });
      deps.log.info({ delivery: deliveryId, attempts: record.attempts }, 'webhook delivered');
      return 'DELIVERED';
    }
    const code = outcome.code ?? 'failed';
    if (outcome.verdict === 'gone') {
      await updateEndpoint(tx, companyId, endpoint.id, { enabled: false, disabledReason: 'gone', updatedAt: now });
      await notifyOwners(tx, deps, endpoint, 'gone');
      await finish(tx, deps, delivery, { ...record, state: 'failed', outcome: 'gone', nextAttemptAt: null });
      deps.log.warn({ delivery: deliveryId, code: 'gone' }, 'webhook endpoint gone; disabled');
      return 'ENDPOINT_GONE';
    }
    const disabled = await countFailure(tx, deps, endpoint, now);
    const next =
      outcome.verdict === 'retry' && !disabled
        ? nextAttemptAt(
            firstAttemptAt.getTime(),
            now.getTime(),
            backoffMs(record.attempts, (deps.random ?? Math.random)(), outcome.retryAfter),
          )
        : null;
    if (next === null) {
      await finish(tx, deps, delivery, { ...record, state: 'failed', outcome: code, nextAttemptAt: null });
      deps.log.warn({ delivery: deliveryId, code }, 'webhook not delivered; given up');
      return 'FAILED';
    }
    await saveDelivery(tx, companyId, deliveryId, { ...record, outcome: code, nextAttemptAt: new Date(next) });
    await queueDeliveryJob(tx, companyId, deliveryId, new Date(next));
    // The endpoint's other deliveries wait for this one's next attempt rather than each trying.
    await updateEndpoint(tx, companyId, endpoint.id, { backingOffUntil: new Date(next), updatedAt: now });
    deps.log.warn(
      { delivery: deliveryId, code, retry_in_ms: next - now.getTime() },
      'webhook not delivered; will retry',
    );
    return 'RETRYING';
  });
}

/** The secrets that sign now: the current one, and the one before a rotation while its overlap lasts. */
function secretsOf(deps: WebhookDeps, endpoint: EndpointRow, now: Date): string[] {
  if (!deps.encryption) throw Object.assign(new Error('no data encryption key'), { code: 'NO_ENCRYPTION_KEY' });
  const secrets = [
    deps.encryption.decrypt(endpoint.secretEncrypted, secretContext(endpoint.companyId, endpoint.id, 'secret')),
  ];
  if (
    endpoint.previousSecretEncrypted !== null &&
    endpoint.previousSecretExpiresAt !== null &&
    endpoint.previousSecretExpiresAt > now
  )
    secrets.push(
      deps.encryption.decrypt(
        endpoint.previousSecretEncrypted,
        secretContext(endpoint.companyId, endpoint.id, 'previous_secret'),
      ),
    );
  return secrets;
}

/** One attempt: the URL checked again (its address now, against DNS rebinding), then the POST to that address. */
async function attempt(
  deps: WebhookDeps,
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<Outcome> {
  const checked = await checkWebhookUrl(url, {
    allowPrivate: deps.allowPrivate,
    ...(deps.resolve ? { resolve: deps.resolve } : {}),
  });
  if (!checked.ok) return { verdict: 'retry', code: checked.reason, response: null, retryAfter: null };
  const response = await sendWebhook({
    url,
    address: checked.address,
    family: checked.family,
    headers,
    body,
    ...(deps.timeoutMs !== undefined ? { timeoutMs: deps.timeoutMs } : {}),
  });
  const verdict = verdictOf(response);
  if (response.kind === 'timeout') return { verdict, code: 'timeout', response, retryAfter: null };
  if (response.kind === 'network')
    return { verdict, code: `network_${response.code}`.slice(0, 60), response, retryAfter: null };
  return {
    verdict,
    code: verdict === 'delivered' ? null : `http_${response.status}`,
    response,
    retryAfter:
      response.status === 429 || response.status === 503
        ? retryAfterMs(response.headers['retry-after'], deps.now().getTime(), RETRY_AFTER_MAX_MS)
        : null,
  };
}

/**
 * A failed attempt of the endpoint: its run of failures starts now if it had none; once the run
 * has lasted RETRY_WINDOW_MS, the endpoint is turned off and its owners told. Answers whether it was.
 */
async function countFailure(db: Executor, deps: WebhookDeps, endpoint: EndpointRow, now: Date): Promise<boolean> {
  // Read and set in one statement: deliveries to one endpoint may fail side by side.
  const since = await markFailing(db, endpoint.companyId, endpoint.id, now);
  if (since === null || now.getTime() - since.getTime() < RETRY_WINDOW_MS) return false;
  await updateEndpoint(db, endpoint.companyId, endpoint.id, {
    enabled: false,
    disabledReason: 'failing',
    updatedAt: now,
  });
  await notifyOwners(db, deps, endpoint, 'failing');
  deps.log.warn({ endpoint: endpoint.id, code: 'failing' }, 'webhook endpoint failing for 3 days; disabled');
  return true;
}

async function notifyOwners(
  db: Executor,
  deps: WebhookDeps,
  endpoint: EndpointRow,
  reason: 'gone' | 'failing',
): Promise<void> {
  const company = await loadCompany(db, endpoint.companyId);
  const owners = await ownerEmails(db, endpoint.companyId);
  if (!company) return;
  const now = deps.now();
  await enqueueJobs(
    db,
    owners.map((to) =>
      accountEmailJob(
        endpoint.companyId,
        { type: 'webhook_disabled', to, company_key: company.key, endpoint_url: endpoint.url, reason },
        now,
      ),
    ),
  );
}

/** Ends a delivery (delivered or given up) and wakes the next one of its order to the endpoint. */
async function finish(
  db: Executor,
  deps: WebhookDeps,
  delivery: DeliveryRow,
  patch: Parameters<typeof saveDelivery>[3] & { state: 'delivered' | 'failed' },
): Promise<void> {
  await saveDelivery(db, delivery.companyId, delivery.id, patch);
  const next = await nextPendingDelivery(db, delivery);
  if (next !== null) await queueDeliveryJob(db, delivery.companyId, next, deps.now());
}
