import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { DecryptionError, type DataEncryption } from '../../crypto/data-encryption.ts';

/**
 * The `state` of an inspector's OAuth connection to Google or Microsoft (issue 45): everything the
 * callback needs, sealed under DATA_ENCRYPTION_KEY, so no table holds half-finished grants. It
 * names the company, the inspector and the console member who started it (the callback must come
 * back to that member's own session: a grant started by someone else is refused), carries the PKCE
 * verifier (RFC 7636) the token exchange proves the code with, and lapses after STATE_TTL_MS.
 */

/** Long enough to sign in and consent at the provider, short enough that an old link is useless. */
export const OAUTH_STATE_TTL_MS = 15 * 60_000;
const CONTEXT = 'calendar-oauth-state';

const statePayload = z.object({
  companyId: z.string().uuid(),
  inspectorId: z.number().int().positive(),
  userId: z.string().min(1).max(200),
  provider: z.enum(['google', 'microsoft']),
  verifier: z.string().min(43).max(128),
  expiresAt: z.number().int(),
});
export type OAuthState = z.infer<typeof statePayload>;

/** A PKCE pair: the verifier kept in the state, its S256 challenge sent to the provider. */
export function newPkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function sealOAuthState(box: DataEncryption, state: OAuthState): string {
  return box.encrypt(JSON.stringify(statePayload.parse(state)), CONTEXT);
}

/** The state as sealed, or why not: altered or of another key ('invalid'), or too old ('expired'). */
export function openOAuthState(
  box: DataEncryption,
  sealed: string,
  now: number,
): { ok: true; state: OAuthState } | { ok: false; reason: 'invalid' | 'expired' } {
  let text: string;
  try {
    text = box.decrypt(sealed, CONTEXT);
  } catch (error) {
    if (error instanceof DecryptionError) return { ok: false, reason: 'invalid' };
    throw error;
  }
  const parsed = statePayload.safeParse(JSON.parse(text));
  if (!parsed.success) return { ok: false, reason: 'invalid' };
  if (now >= parsed.data.expiresAt) return { ok: false, reason: 'expired' };
  return { ok: true, state: parsed.data };
}
