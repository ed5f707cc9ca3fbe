import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays } from '@scheduler/domain/availability/zoned-calendar';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { demoOrdinaryWeekday } from '../../test-support/demo-days.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { ManagedBooking, setClock } from './manage-test-support.ts';

/** A Monday, 9 AM in Columbus: the clock of every test here. */
const MONDAY = '2027-03-01T14:00:00.000Z';
/** The writes a client address may make through manage links in a minute (WRITE_RATE_LIMIT). */
const WRITES = 3;
/** The reads a client address may make through manage links in a minute (SEARCH_RATE_LIMIT). */
const READS = 4;
const WRITE_PATHS = ['/hold', '/reschedule', '/cancel'] as const;

/** A token of the right shape that opens nothing. */
const guessed = (n: number) => `${String(n).padStart(3, '0')}${'G'.repeat(40)}`;

/**
 * Issue 39: a manage link's token is its credential, so every try at one, right or wrong, takes
 * from the client address's bucket before the token is looked up; a guesser meets 429 as soon as
 * a real visitor would.
 */
describeOnEachDatabase('manage links rate-limited per client address', (factory) => {
  let harness: TestApp;
  let booking: ManagedBooking;
  beforeAll(async () => {
    harness = await startTestApp(factory, {
      config: { SESSION_RATE_LIMIT: '1000', SEARCH_RATE_LIMIT: String(READS), WRITE_RATE_LIMIT: String(WRITES) },
    });
    setClock(harness, MONDAY);
    booking = await ManagedBooking.book(harness, demoOrdinaryWeekday(addDays(MONDAY.slice(0, 10), 7)), {
      agentEmail: 'ray@example.com',
    });
  });
  afterAll(async () => harness.close());

  // Each test comes from an address of its own, so that each starts with a full bucket. The body
  // is never read: the buckets and the token are checked before it, and {} would be refused after.
  const write = (address: string, path: string, token: string) =>
    harness.app.inject({ method: 'POST', url: booking.url(path, token), remoteAddress: address, payload: {} });
  const read = (address: string, token: string) =>
    harness.app.inject({ method: 'GET', url: booking.url('', token), remoteAddress: address });

  it('answers 404 to as many guessed tokens as the write limit, then 429, to a real token too', async () => {
    const address = '203.0.113.10';
    for (let n = 0; n < WRITES; n++) {
      const guess = await write(address, WRITE_PATHS[n % WRITE_PATHS.length]!, guessed(n));
      expect(guess.statusCode).toBe(404);
      expect(guess.json().error.code).toBe('manage_link_invalid');
    }
    const over = await write(address, '/hold', guessed(WRITES));
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('rate_limited');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await write(address, '/cancel', booking.tokens.client)).statusCode).toBe(429);
    // Another address is not held back by this one.
    expect((await write('203.0.113.11', '/hold', guessed(0))).statusCode).toBe(404);
  });

  it("counts a real token's writes in the same address bucket as the guesses", async () => {
    const address = '203.0.113.20';
    for (let n = 0; n < WRITES - 1; n++) expect((await write(address, '/reschedule', guessed(n))).statusCode).toBe(404);
    // The last write the address has left, with the agent's link (its own bucket untouched): admitted, then refused for its body.
    expect((await write(address, '/cancel', booking.tokens.agent!)).statusCode).toBe(400);
    // The link has made one write of its WRITES; the address none left.
    const over = await write(address, '/cancel', booking.tokens.agent!);
    expect(over.statusCode).toBe(429);
  });

  it('holds a real token alone to the same limit', async () => {
    const address = '203.0.113.30';
    for (let n = 0; n < WRITES; n++)
      expect((await write(address, '/hold', booking.tokens.client)).statusCode).toBe(400);
    expect((await write(address, '/hold', booking.tokens.client)).statusCode).toBe(429);
  });

  it('answers 404 to as many guessed tokens as the read limit, then 429', async () => {
    const address = '203.0.113.40';
    for (let n = 0; n < READS; n++) expect((await read(address, guessed(n))).statusCode).toBe(404);
    expect((await read(address, guessed(READS))).statusCode).toBe(429);
    expect((await read(address, booking.tokens.client)).statusCode).toBe(429);
  });
});
