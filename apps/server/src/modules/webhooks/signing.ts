import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com, decision 0086): a secret is
 * `whsec_` and 24 random bytes in base64; a signature is `v1,` and the base64 HMAC-SHA256, under
 * the secret's bytes, of `<webhook-id>.<webhook-timestamp>.<body>`. Several signatures (the
 * current secret's and, during a rotation's overlap, the previous one's) go space-separated in one
 * `webhook-signature` header; a receiver accepts the message if any of them verifies.
 */
export const SECRET_PREFIX = 'whsec_';

export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

function secretBytes(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
}

/** One `v1,…` signature of the message. */
export function signature(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', secretBytes(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The three Standard Webhooks headers of one attempt, signed with every secret given (current first). */
export function signedHeaders(
  secrets: readonly string[],
  id: string,
  at: Date,
  body: string,
): { 'webhook-id': string; 'webhook-timestamp': string; 'webhook-signature': string } {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((secret) => signature(secret, id, timestamp, body)).join(' '),
  };
}
