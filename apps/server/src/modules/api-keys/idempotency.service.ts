import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/connection.ts';
import { AppError, ConflictError } from '../../errors.ts';
import type { ApiKeyCaller } from './api-keys.service.ts';
import { apiKeyCallerOf } from './api-key-access.ts';
import { claimIdempotencyKey, releaseIdempotencyKey, saveIdempotentResponse } from './api-keys.repository.ts';

/** How long an answer is kept for its Idempotency-Key. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;

/** What a POST is, for comparing a repeat: its route's pattern, its path's ids and its body. */
export function requestHashOf(request: { method: string; route: string; params: unknown; body: unknown }): string {
  return createHash('sha256')
    .update(JSON.stringify([request.method, request.route, request.params ?? null, request.body ?? null]))
    .digest('hex');
}

export interface IdempotentAnswer {
  status: number;
  body: unknown;
  /** True: the answer kept from the first request with this key. */
  replayed: boolean;
}

/**
 * Runs `answer` once per Idempotency-Key (Stripe's and the IETF draft's rules): the first request
 * with a key is answered and its answer kept 24 hours (the app's clock); a repeat with the same
 * body gets that answer again, one with another body 422, one while the first is still being
 * answered 409. An answer of 4xx is kept too (the same request would fail alike); a failure of
 * ours (an error without a status below 500) lets the key go, so the client may retry.
 * Without a key, `answer` simply runs.
 */
export async function idempotent(
  db: Database,
  caller: ApiKeyCaller,
  idempotencyKey: string | undefined,
  request: { method: string; route: string; params: unknown; body: unknown },
  now: Date,
  answer: () => Promise<{ status: number; body: unknown }>,
): Promise<IdempotentAnswer> {
  if (idempotencyKey === undefined) return { ...(await answer()), replayed: false };
  const id = { companyId: caller.companyId, apiKeyId: caller.keyId, key: idempotencyKey };
  const requestHash = requestHashOf(request);
  const claim = await claimIdempotencyKey(db, {
    ...id,
    requestHash,
    createdAt: now,
    expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
  });
  if (!claim.claimed) {
    const { existing } = claim;
    if (existing.requestHash !== requestHash)
      throw new AppError(
        422,
        'idempotency_key_reused',
        'This Idempotency-Key was used with another request. Please use a new key for a new request.',
        'idempotency-key',
      );
    if (existing.responseStatus === null)
      throw new ConflictError(
        'idempotency_key_in_use',
        'A request with this Idempotency-Key is still being answered. Please retry in a moment.',
        'idempotency-key',
      );
    return { status: existing.responseStatus, body: existing.responseBody, replayed: true };
  }
  let result: { status: number; body: unknown };
  try {
    result = await answer();
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) {
      const body = {
        error: { code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}) },
      };
      await saveIdempotentResponse(db, id, error.statusCode, body);
    } else await releaseIdempotencyKey(db, id);
    throw error;
  }
  await saveIdempotentResponse(db, id, result.status, result.body);
  return { ...result, replayed: false };
}

/**
 * A public API POST answered once per Idempotency-Key (`idempotent`), from the request its guard
 * let in: the key's caller, the header, the route's pattern, its path parameters and body. A
 * replayed answer says so (`Idempotent-Replayed: true`); a kept error is sent as the error handler
 * sends one, as text past the route's schema for that status.
 */
export async function replyIdempotently(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  now: Date,
  answer: (caller: ApiKeyCaller) => Promise<{ status: number; body: unknown }>,
): Promise<FastifyReply> {
  const caller = apiKeyCallerOf(request);
  const header = request.headers['idempotency-key'];
  const result = await idempotent(
    db,
    caller,
    typeof header === 'string' ? header : undefined,
    { method: request.method, route: request.routeOptions.url ?? '', params: request.params, body: request.body },
    now,
    () => answer(caller),
  );
  if (!result.replayed) return reply.status(result.status).send(result.body);
  reply.header('idempotent-replayed', 'true');
  if (result.status >= 400 && typeof result.body === 'object' && result.body !== null && 'error' in result.body)
    return reply
      .status(result.status)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(result.body));
  return reply.status(result.status).send(result.body);
}
