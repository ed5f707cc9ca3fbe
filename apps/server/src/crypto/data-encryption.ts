import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (a company's payment provider keys): AES-256-GCM under a key from the
 * environment, DATA_ENCRYPTION_KEY. The variable holds one or more comma-separated entries
 * `<id>:<32 bytes, base64>`: the first encrypts, every one decrypts, so that a key can be rotated
 * without a moment when stored secrets cannot be read (README, "Payments"; decision 0040).
 *
 * A ciphertext is `v1.<key id>.<iv>.<tag>.<data>` (base64url parts). It is bound to where it is
 * kept (`context`, e.g. the company and the column): a ciphertext copied into another company's
 * row, or into another column, does not decrypt.
 */
export class DataEncryption {
  private constructor(
    private readonly keys: ReadonlyMap<string, Buffer>,
    readonly currentKeyId: string,
  ) {}

  /** Parses DATA_ENCRYPTION_KEY; throws a message naming what is wrong (never a key). */
  static fromEnv(value: string): DataEncryption {
    const keys = new Map<string, Buffer>();
    let first: string | undefined;
    for (const entry of value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      const match = /^([a-z0-9][a-z0-9_-]{0,31}):([A-Za-z0-9+/_-]{43}=?)$/i.exec(entry);
      if (!match)
        throw new Error('each entry is <id>:<32 bytes in base64, 44 characters> (npm run secrets -- new-key)');
      const [, id, encoded] = match as unknown as [string, string, string];
      const key = Buffer.from(encoded, encoded.includes('-') || encoded.includes('_') ? 'base64url' : 'base64');
      if (key.length !== KEY_BYTES) throw new Error(`key "${id}" is not ${KEY_BYTES} bytes`);
      if (keys.has(id)) throw new Error(`key id "${id}" appears twice`);
      keys.set(id, key);
      first ??= id;
    }
    if (!first) throw new Error('no key given');
    return new DataEncryption(keys, first);
  }

  /** The server's keys: DATA_ENCRYPTION_KEY parsed, or null when it is unset (no secrets can be stored or read). */
  static fromConfig(config: { DATA_ENCRYPTION_KEY?: string | undefined }): DataEncryption | null {
    return config.DATA_ENCRYPTION_KEY ? DataEncryption.fromEnv(config.DATA_ENCRYPTION_KEY) : null;
  }

  /** A new random key entry for DATA_ENCRYPTION_KEY. */
  static newKeyEntry(id: string): string {
    const entry = `${id}:${randomBytes(KEY_BYTES).toString('base64')}`;
    DataEncryption.fromEnv(entry); // an id the variable would refuse throws here
    return entry;
  }

  encrypt(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(this.currentKeyId)!, iv);
    cipher.setAAD(Buffer.from(`${this.currentKeyId}\n${context}`, 'utf8'));
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [
      VERSION,
      this.currentKeyId,
      iv.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
      data.toString('base64url'),
    ].join('.');
  }

  /** The plaintext; throws DecryptionError when the key is unknown, or the text altered or moved. */
  decrypt(ciphertext: string, context: string): string {
    const [version, keyId, iv, tag, data, ...rest] = ciphertext.split('.');
    if (version !== VERSION || !keyId || !iv || !tag || data === undefined || rest.length > 0)
      throw new DecryptionError('malformed');
    const key = this.keys.get(keyId);
    if (!key) throw new DecryptionError('unknown_key');
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(`${keyId}\n${context}`, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new DecryptionError('authentication_failed');
    }
  }

  /** The id of the key that encrypted a ciphertext (what a rotation's re-encryption looks for). */
  static keyIdOf(ciphertext: string): string | null {
    const [version, keyId] = ciphertext.split('.');
    return version === VERSION && keyId ? keyId : null;
  }
}

/** A ciphertext that cannot be read; `reason` is a code, never the data. */
export class DecryptionError extends Error {
  constructor(readonly reason: 'malformed' | 'unknown_key' | 'authentication_failed') {
    super(`secret could not be decrypted: ${reason}`);
    this.name = 'DecryptionError';
  }
}

const VERSION = 'v1';
const KEY_BYTES = 32;
/** GCM's recommended 96-bit nonce, random per encryption. */
const IV_BYTES = 12;
