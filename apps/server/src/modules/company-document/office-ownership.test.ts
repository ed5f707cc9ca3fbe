import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoDocument, startTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../../test-support/test-app.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';

const admin = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

/** The demo company under another key, with these offices; its inspectors work at the first. */
function companyDocument(key: string, officeUuids: string[]): Record<string, unknown> {
  const doc = demoDocument();
  const [office] = doc.offices as Array<Record<string, unknown>>;
  return {
    ...doc,
    key,
    offices: officeUuids.map((uuid, i) => ({ ...office, uuid, name: `${key} office ${i + 1}` })),
    inspectors: (doc.inspectors as Array<Record<string, unknown>>).map((inspector) => ({
      ...inspector,
      office: officeUuids[0],
    })),
  };
}

/** One admin import through HTTP, as the admin API's clients send it. */
function put(harness: TestApp, doc: Record<string, unknown>) {
  return harness.app.inject({
    method: 'PUT',
    url: `/api/admin/companies/${String(doc.key)}`,
    headers: admin,
    payload: doc,
  });
}

function get(harness: TestApp, key: string) {
  return harness.app.inject({ method: 'GET', url: `/api/admin/companies/${key}`, headers: admin });
}

describeOnEachDatabase('who owns an office', (factory) => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await startTestApp(factory);
  });
  afterAll(async () => harness.close());

  it('refuses, 409 naming the office, a company that names an office of another company', async () => {
    const office = randomUUID();
    expect((await put(harness, companyDocument('first-owner', [office]))).statusCode).toBe(200);
    const second = await put(harness, companyDocument('second-owner', [office]));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      error: { code: 'office_taken', message: `Office ${office} belongs to another company.`, field: 'offices.0.uuid' },
    });
    expect((await get(harness, 'first-owner')).json()).toMatchObject({ offices: [{ uuid: office }] });
    // The refused import created nothing.
    expect((await get(harness, 'second-owner')).statusCode).toBe(404);
  });

  it('gives a new office named by two racing imports to one company only; the other gets 409 and keeps what it had', async () => {
    for (let round = 0; round < 6; round++) {
      const shared = randomUUID();
      const [alpha, beta] = [`alpha-${round}`, `beta-${round}`];
      // In odd rounds both companies exist already, each with an office of its own, and add the shared one.
      const own = { [alpha]: randomUUID(), [beta]: randomUUID() };
      if (round % 2 === 1) {
        for (const key of [alpha, beta])
          expect((await put(harness, companyDocument(key, [own[key]!]))).statusCode).toBe(200);
      }
      const offices = (key: string) => (round % 2 === 1 ? [shared, own[key]!] : [shared]);

      const answers = await Promise.all([alpha, beta].map((key) => put(harness, companyDocument(key, offices(key)))));

      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const winner = answers[0]!.statusCode === 200 ? alpha : beta;
      const loser = winner === alpha ? beta : alpha;
      const refusal = answers
        .find((a) => a.statusCode === 409)!
        .json<{ error: { code: string; message: string; field: string } }>();
      expect(refusal.error).toEqual({
        code: 'office_taken',
        message: expect.stringContaining(shared),
        field: 'offices.0.uuid',
      });

      const won = await get(harness, winner);
      expect(won.statusCode).toBe(200);
      expect(won.json<{ offices: Array<{ uuid: string }> }>().offices.map((o) => o.uuid)).toEqual(offices(winner));
      const lost = await get(harness, loser);
      if (round % 2 === 1) {
        expect(lost.statusCode).toBe(200);
        expect(lost.json<{ offices: Array<{ uuid: string }> }>().offices.map((o) => o.uuid)).toEqual([own[loser]]);
      } else {
        expect(lost.statusCode).toBe(404);
      }
    }
  });

  it('lets two racing imports of one new company key both succeed, one creating it', async () => {
    const doc = companyDocument('twice-at-once', [randomUUID()]);
    const answers = await Promise.all([put(harness, doc), put(harness, doc)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json<{ created: boolean }>().created).sort()).toEqual([false, true]);
    expect((await get(harness, 'twice-at-once')).statusCode).toBe(200);
  });
});
