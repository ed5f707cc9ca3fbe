import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  API_KEY_PATTERN,
  API_KEY_PREFIX,
  API_KEYS_PER_COMPANY_MAX,
  apiKeyScopeSchema,
  type ApiKeyCreateBody,
  type ApiKeyCreated,
  type ApiKeyList,
  type ApiKeyScope,
  type ApiKeySummary,
} from '@scheduler/contracts/public-api';
import type { Database, Executor } from '../../db/connection.ts';
import { AppError, ConflictError, NotFoundError } from '../../errors.ts';
import type { ConsoleMember } from '../console-auth/console-member.ts';
import {
  countLiveApiKeys,
  findApiKeyByPrefix,
  insertApiKey,
  insertApiKeyEvent,
  listApiKeys,
  revokeApiKey,
  touchApiKey,
  type ApiKeyRow,
} from './api-keys.repository.ts';

/** A key's last use is written at most once a minute: not a write per request. */
export const LAST_USED_RESOLUTION_MS = 60_000;

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** The key's public id: 12 characters of 62 (about 71 bits), enough never to collide in practice. */
function newKeyId(): string {
  const bytes = randomBytes(12);
  return Array.from(bytes, (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('');
}

/** SHA-256 of the whole key: a key has 256 random bits, so a fast hash is enough (no dictionary to try). */
export function hashApiKey(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function scopesOf(row: ApiKeyRow): ApiKeyScope[] {
  return row.scopes.flatMap((scope) => {
    const parsed = apiKeyScopeSchema.safeParse(scope);
    return parsed.success ? [parsed.data] : [];
  });
}

function summaryOf(row: ApiKeyRow): ApiKeySummary {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: scopesOf(row),
    created_at: row.createdAt.toISOString(),
    created_by: row.createdByName,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

/** Makes a key for the member's company; the answer carries the key itself, the one time it is ever shown. */
export async function createApiKey(
  db: Database,
  member: ConsoleMember,
  body: ApiKeyCreateBody,
  now: Date,
): Promise<ApiKeyCreated> {
  if ((await countLiveApiKeys(db, member.companyId)) >= API_KEYS_PER_COMPANY_MAX)
    throw new ConflictError(
      'conflict',
      `A company may have at most ${API_KEYS_PER_COMPANY_MAX} keys at once. Please revoke one you no longer use.`,
    );
  const prefix = `${API_KEY_PREFIX}${newKeyId()}`;
  const secret = `${prefix}_${randomBytes(32).toString('base64url')}`;
  const row = await insertApiKey(db, {
    companyId: member.companyId,
    name: body.name,
    prefix,
    keyHash: hashApiKey(secret),
    scopes: body.scopes,
    createdByUserId: member.userId,
    createdByName: member.userName,
    createdAt: now,
  });
  return { key: summaryOf(row), secret };
}

export async function apiKeysOf(db: Database, member: ConsoleMember): Promise<ApiKeyList> {
  return { keys: (await listApiKeys(db, member.companyId)).map(summaryOf) };
}

/** What else a key's revocation ends, in its transaction: the REST hooks it subscribed (decision 0104). */
export type OnKeyRevoked = (tx: Executor, companyId: string, keyId: string) => Promise<unknown>;

/**
 * Revokes one of the member's company's keys; it answers 401 from the next request on, and what
 * the key made ends in the same transaction (`onRevoked`: its REST hooks and their pending
 * deliveries, decision 0104; passed in by the route, the webhooks module standing above this one).
 * Another company's: 404.
 */
export async function revokeCompanyApiKey(
  db: Database,
  member: ConsoleMember,
  id: string,
  now: Date,
  onRevoked: OnKeyRevoked,
): Promise<ApiKeySummary> {
  const row = await db.transaction(async (tx) => {
    const revoked = await revokeApiKey(tx, member.companyId, id, now, member.userName);
    if (revoked) await onRevoked(tx, member.companyId, revoked.id);
    return revoked;
  });
  if (!row) throw new NotFoundError('The API key');
  return summaryOf(row);
}

/** A key that opened a request: its company, by id and by key, and its scopes. */
export interface ApiKeyCaller {
  keyId: string;
  /** The key's name, as its owner gave it: what an order it books names as its author. */
  name: string;
  companyId: string;
  companyKey: string;
  scopes: readonly ApiKeyScope[];
  revoked: boolean;
  lastUsedAt: Date | null;
}

const INVALID_KEY = 'A valid API key is required (Authorization: Bearer isk_live_…).';

/**
 * The key a bearer token is, or 401: found by its public prefix, its hash compared in constant
 * time. A revoked key is returned with `revoked` (its use is recorded, then refused).
 */
export async function apiKeyOfToken(db: Executor, token: string): Promise<ApiKeyCaller> {
  const match = API_KEY_PATTERN.exec(token);
  if (!match) throw new AppError(401, 'unauthorized', INVALID_KEY);
  const prefix = `${API_KEY_PREFIX}${match[1]}`;
  const found = await findApiKeyByPrefix(db, prefix);
  // A prefix unknown is compared all the same, so the answer takes as long.
  const expected = Buffer.from(found?.key.keyHash ?? hashApiKey(`${prefix}_unknown`), 'hex');
  const presented = Buffer.from(hashApiKey(token), 'hex');
  if (!found || !timingSafeEqual(expected, presented)) throw new AppError(401, 'unauthorized', INVALID_KEY);
  return {
    keyId: found.key.id,
    name: found.key.name,
    companyId: found.key.companyId,
    companyKey: found.companyKey,
    scopes: scopesOf(found.key),
    revoked: found.key.revokedAt !== null,
    lastUsedAt: found.key.lastUsedAt,
  };
}

/**
 * One use of a key, recorded once answered: the key, the method, the route's pattern (never its
 * ids or query) and the status; and the key's last use, at most once a minute.
 */
export async function recordApiKeyUse(
  db: Database,
  caller: ApiKeyCaller,
  use: { method: string; route: string; status: number },
  now: Date,
): Promise<void> {
  // The last use first: once the event is there, so is the last use it set.
  if (
    !caller.revoked &&
    (caller.lastUsedAt === null || now.getTime() - caller.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS)
  )
    await touchApiKey(db, caller.keyId, now, LAST_USED_RESOLUTION_MS);
  await insertApiKeyEvent(db, {
    companyId: caller.companyId,
    apiKeyId: caller.keyId,
    method: use.method,
    route: use.route.slice(0, 200),
    status: use.status,
    at: now,
  });
}
