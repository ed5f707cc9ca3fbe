import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DataEncryption } from '../../crypto/data-encryption.ts';
import { newPkce, OAUTH_STATE_TTL_MS, openOAuthState, sealOAuthState, type OAuthState } from './oauth-state.ts';

const box = DataEncryption.fromEnv(DataEncryption.newKeyEntry('k1'));
const NOW = Date.parse('2026-11-30T12:00:00Z');
const state = (changes: Partial<OAuthState> = {}): OAuthState => ({
  companyId: '0b6f7d4e-1c2a-4f3b-9d8e-7a6b5c4d3e2f',
  inspectorId: 101,
  userId: 'user-1',
  provider: 'google',
  verifier: newPkce().verifier,
  expiresAt: NOW + OAUTH_STATE_TTL_MS,
  ...changes,
});

describe('the OAuth connection state', () => {
  it('gives a PKCE verifier of RFC 7636 length and its S256 challenge', () => {
    const { verifier, challenge } = newPkce();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(challenge).toBe(createHash('sha256').update(verifier).digest('base64url'));
    expect(newPkce().verifier).not.toBe(verifier);
  });

  it('opens what it sealed until the last millisecond before it lapses, and not at the lapse', () => {
    const started = state();
    const sealed = sealOAuthState(box, started);
    expect(sealed).not.toContain('user-1');
    expect(openOAuthState(box, sealed, NOW + OAUTH_STATE_TTL_MS - 1)).toEqual({ ok: true, state: started });
    expect(openOAuthState(box, sealed, NOW + OAUTH_STATE_TTL_MS)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a state altered, made up, or sealed under another key', () => {
    const sealed = sealOAuthState(box, state());
    const parts = sealed.split('.');
    parts[parts.length - 1] = Buffer.from('tampered').toString('base64url');
    expect(openOAuthState(box, parts.join('.'), NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(openOAuthState(box, 'not-a-state', NOW)).toEqual({ ok: false, reason: 'invalid' });
    const other = DataEncryption.fromEnv(DataEncryption.newKeyEntry('k2'));
    expect(openOAuthState(other, sealed, NOW)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('seals only a well-formed state', () => {
    expect(() => sealOAuthState(box, state({ inspectorId: 0 }))).toThrow();
    expect(() => sealOAuthState(box, state({ verifier: 'short' }))).toThrow();
  });
});
