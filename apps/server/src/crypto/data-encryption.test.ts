import { describe, expect, it } from 'vitest';
import { configSchema, loadConfig } from '../config.ts';
import { DataEncryption, DecryptionError } from './data-encryption.ts';

const K1 = DataEncryption.newKeyEntry('k1');
const K2 = DataEncryption.newKeyEntry('k2');

describe('data encryption (DATA_ENCRYPTION_KEY)', () => {
  it('round-trips a secret, with a fresh nonce each time, under the first key', () => {
    const box = DataEncryption.fromEnv(K1);
    const a = box.encrypt('sk_test_secret', 'company:1:secret_key');
    const b = box.encrypt('sk_test_secret', 'company:1:secret_key');
    expect(a).not.toBe(b);
    expect(a).not.toContain('sk_test_secret');
    expect(a.startsWith('v1.k1.')).toBe(true);
    expect(DataEncryption.keyIdOf(a)).toBe('k1');
    expect(box.decrypt(a, 'company:1:secret_key')).toBe('sk_test_secret');
  });

  it('refuses a ciphertext moved to another place, altered, or under a key it does not have', () => {
    const box = DataEncryption.fromEnv(K1);
    const sealed = box.encrypt('whsec_abc', 'company:1:webhook_secret');
    const reason = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return error instanceof DecryptionError ? error.reason : 'other';
      }
      return 'none';
    };
    expect(reason(() => box.decrypt(sealed, 'company:2:webhook_secret'))).toBe('authentication_failed');
    const parts = sealed.split('.');
    parts[4] = Buffer.from('tampered').toString('base64url');
    expect(reason(() => box.decrypt(parts.join('.'), 'company:1:webhook_secret'))).toBe('authentication_failed');
    expect(reason(() => box.decrypt('not a ciphertext', 'company:1:webhook_secret'))).toBe('malformed');
    expect(reason(() => DataEncryption.fromEnv(K2).decrypt(sealed, 'company:1:webhook_secret'))).toBe('unknown_key');
    // The key id is authenticated too: relabelling a ciphertext with another key's id fails.
    const relabelled = ['v1', 'k2', ...sealed.split('.').slice(2)].join('.');
    expect(reason(() => DataEncryption.fromEnv(`${K2},${K1}`).decrypt(relabelled, 'company:1:webhook_secret'))).toBe(
      'authentication_failed',
    );
  });

  it('rotates: with a new key first, old ciphertexts still decrypt and new ones use the new key', () => {
    const old = DataEncryption.fromEnv(K1).encrypt('sk_live_x', 'c');
    const rotating = DataEncryption.fromEnv(`${K2}, ${K1}`);
    expect(rotating.currentKeyId).toBe('k2');
    expect(rotating.decrypt(old, 'c')).toBe('sk_live_x');
    expect(DataEncryption.keyIdOf(rotating.encrypt('sk_live_x', 'c'))).toBe('k2');
  });

  it('is checked at start-up, and its error never repeats the key', () => {
    expect(() => DataEncryption.fromEnv('')).toThrow(/no key/);
    expect(() => DataEncryption.fromEnv(`${K1},${K1}`)).toThrow(/appears twice/);
    expect(() => DataEncryption.fromEnv('k1:c2hvcnQ=')).toThrow(/entry is/);
    expect(configSchema.parse({ DATA_ENCRYPTION_KEY: K1 }).DATA_ENCRYPTION_KEY).toBe(K1);
    const broken = `k1:${'A'.repeat(42)}`;
    let message = '';
    try {
      loadConfig({ DATA_ENCRYPTION_KEY: broken });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('DATA_ENCRYPTION_KEY');
    expect(message).not.toContain(broken.slice(3));
  });
});
