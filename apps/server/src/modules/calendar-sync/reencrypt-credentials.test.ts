import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DataEncryption, DecryptionError } from '../../crypto/data-encryption.ts';
import type { DatabaseHandle } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { fixtureCompany } from '../retention/drafts-fixtures.ts';
import { calendarCredentialsContext } from './calendar-sync-deps.ts';
import { reencryptCalendarCredentials } from './reencrypt-credentials.ts';
import { removalCredentialsContext } from './write-calendar-jobs.ts';

/**
 * A key rotation re-encrypts inspectors' calendar credentials (README, "DATA_ENCRYPTION_KEY and
 * its rotation"): every connection's and pending removal's, each under its own row's context,
 * across pages; a row already under the new key is left; once done, the old key can go.
 */
const OLD = DataEncryption.newKeyEntry('k1');
const NEW = DataEncryption.newKeyEntry('k2');
const before = DataEncryption.fromEnv(OLD);
const rotated = DataEncryption.fromEnv(`${NEW},${OLD}`);
const afterwards = DataEncryption.fromEnv(NEW);

describeOnEachDatabase('calendar credentials re-encrypted', { onPgliteToo: 'every test' }, (factory) => {
  let database: DatabaseHandle;
  let companyId = '';
  const db = () => database.db;
  const secretOf = (n: number) =>
    JSON.stringify({ url: `https://dav.example/${n}/`, user: `u${n}`, password: `p${n}` });

  async function connection(n: number, box: DataEncryption): Promise<string> {
    const id = randomUUID();
    await db()
      .insert(t.calendarConnections)
      .values({
        id,
        companyId,
        inspectorId: 100 + n,
        provider: 'caldav',
        credentialsEncrypted: box.encrypt(secretOf(n), calendarCredentialsContext(companyId, id)),
      });
    return id;
  }

  async function removal(n: number, box: DataEncryption): Promise<string> {
    const id = randomUUID();
    await db()
      .insert(t.calendarEventRemovals)
      .values({
        id,
        companyId,
        connectionId: randomUUID(),
        provider: 'caldav',
        timeZone: 'America/New_York',
        credentialsEncrypted: box.encrypt(secretOf(n), removalCredentialsContext(companyId, id)),
      });
    return id;
  }

  const connectionSealed = async (id: string) =>
    (await db().select().from(t.calendarConnections).where(eq(t.calendarConnections.id, id)))[0]!.credentialsEncrypted;
  const removalSealed = async (id: string) =>
    (await db().select().from(t.calendarEventRemovals).where(eq(t.calendarEventRemovals.id, id)))[0]!
      .credentialsEncrypted;

  beforeAll(async () => {
    database = await factory.open();
    const office = randomUUID();
    companyId = await fixtureCompany(db(), 'calendars', [{ id: office, timeZone: 'America/New_York' }]);
    // An inspector per connection (a connection is an inspector's).
    await db()
      .insert(t.inspectors)
      .values(
        Array.from({ length: 9 }, (_, n) => ({
          companyId,
          id: 101 + n,
          officeId: office,
          first: 'Inspector',
          last: String(n + 1),
          display: `Inspector ${n + 1}`,
          maxInspectionsPerDay: 3,
          homeLatitude: 40,
          homeLongitude: -83,
          maxDriveMiles: 50,
          weeklyHours: {},
        })),
      );
  });
  afterAll(async () => database.close());

  it('seals every connection and pending removal again under the first key, page after page, and leaves those already under it', async () => {
    const connections = [await connection(1, before), await connection(2, before), await connection(3, before)];
    const already = await connection(4, rotated);
    const removals = [await removal(5, before), await removal(6, before)];
    const alreadySealed = await connectionSealed(already);

    // Pages of 2: three connections under the old key take two pages, and the last row of each page is not skipped.
    expect(await reencryptCalendarCredentials(db(), rotated, 2)).toEqual({ connections: 3, removals: 2 });
    expect(await reencryptCalendarCredentials(db(), rotated, 2)).toEqual({ connections: 0, removals: 0 });

    for (const [n, id] of connections.entries()) {
      const sealed = await connectionSealed(id);
      expect(DataEncryption.keyIdOf(sealed)).toBe('k2');
      expect(afterwards.decrypt(sealed, calendarCredentialsContext(companyId, id))).toBe(secretOf(n + 1));
    }
    for (const [n, id] of removals.entries()) {
      const sealed = await removalSealed(id);
      expect(DataEncryption.keyIdOf(sealed)).toBe('k2');
      expect(afterwards.decrypt(sealed, removalCredentialsContext(companyId, id))).toBe(secretOf(n + 5));
    }
    expect(await connectionSealed(already)).toBe(alreadySealed);
  });

  it('stops at a credential under a key no longer listed, and goes on once that key is given back', async () => {
    const lost = await connection(7, before);
    await expect(reencryptCalendarCredentials(db(), afterwards)).rejects.toBeInstanceOf(DecryptionError);
    expect(DataEncryption.keyIdOf(await connectionSealed(lost))).toBe('k1');
    expect(await reencryptCalendarCredentials(db(), rotated)).toEqual({ connections: 1, removals: 0 });
    expect(afterwards.decrypt(await connectionSealed(lost), calendarCredentialsContext(companyId, lost))).toBe(
      secretOf(7),
    );
  });
});
