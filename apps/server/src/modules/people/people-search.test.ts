import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { SearchResult } from '@scheduler/contracts/people';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { demoDocumentWith, startDemoSession, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { wizardCalls } from '../../test-support/wizard-calls.ts';
import { importCompanyDocument } from '../company-document/companies.service.ts';
import type { AuthenticatedSession } from '../sessions/sessions.service.ts';
import { findAgents } from './people-search.service.ts';
import { PeopleStore } from './people.store.ts';

const FINDER_OFFICE = '0b7e6a52-4c1d-4e8f-9a3b-5d2c1e0f9a8b';

/**
 * A company whose buyer's agents are made for the search's rules: names that start with a query,
 * have a word that starts with it, or hold it inside a word, and an e-mail address with an
 * underscore. No other agent shares their letters, so each search answers only these.
 */
function finderDocument(): Record<string, unknown> {
  return demoDocumentWith({}, (doc) => {
    doc.key = 'finder';
    doc.offices = [{ ...doc.offices[0], uuid: FINDER_OFFICE }];
    doc.inspectors = doc.inspectors
      .slice(0, 1)
      .map((inspector: Record<string, unknown>) => ({ ...inspector, office: FINDER_OFFICE }));
    const agent = (id: number, first: string, last: string, email: string) => ({
      id,
      kind: 'real_estate',
      first,
      last,
      email,
    });
    doc.agents = [
      agent(901, 'Ulla', 'Wrenfield', 'uw@example.com'),
      agent(902, 'Wrenna', 'Ullander', 'wu@example.com'),
      agent(903, 'Ilse', 'Qorvath', 'iq@example.com'),
      agent(904, 'Bea', 'Aqorvo', 'ba@example.com'),
      agent(905, 'Otto', 'Vexbridge', 'ov@example.com'),
      agent(906, 'Nell', 'Park', 'nell_park@example.com'),
    ];
  });
}

describeOnEachDatabase('the people search', (factory) => {
  let harness: TestApp;
  let token: string;
  beforeAll(async () => {
    harness = await startTestApp(factory, { config: { SEARCH_RATE_LIMIT: '10000', SESSION_RATE_LIMIT: '1000' } });
    await importCompanyDocument(harness.database.db, finderDocument());
    token = await startDemoSession(harness.app, FINDER_OFFICE, 'finder');
  });
  afterAll(async () => harness.close());

  const finder = wizardCalls(() => harness.app, 'finder');
  const foundIds = async (query: string) => {
    const response = await finder.get(token, `/search_agents?query=${encodeURIComponent(query)}&type=buyers_agent`);
    expect(response.statusCode).toBe(200);
    return response.json<SearchResult[]>().map((agent) => agent.id);
  };
  const companyId = async (key: string) =>
    (await harness.database.db.select({ id: t.companies.id }).from(t.companies).where(eq(t.companies.key, key)))[0]!.id;

  it('finds two letters only at the start of a word, and three anywhere in one', async () => {
    expect(await foundIds('ve')).toEqual([905]);
    expect(await foundIds('xb')).toEqual([]);
    expect(await foundIds('xbr')).toEqual([905]);
  });

  it('ranks a name that starts with the whole query before one with a word that starts with its first word', async () => {
    // Both hold "ulla" and "wren"; by last name alone Ullander would come first.
    expect(await foundIds('ulla wren')).toEqual([901, 902]);
  });

  it('ranks a word that starts with the query before the query inside a word', async () => {
    // By last name alone Aqorvo would come first.
    expect(await foundIds('qorv')).toEqual([903, 904]);
  });

  it('reads only the first five words of a query', async () => {
    expect(await foundIds('otto vexbridge otto vexbridge otto')).toEqual([905]);
    expect(await foundIds('otto vexbridge otto vexbridge otto zanzibar')).toEqual([905]);
  });

  it('finds an underscore typed in the query as an underscore', async () => {
    expect(await foundIds('l_pa')).toEqual([906]);
    expect(await foundIds('l_x')).toEqual([]);
  });

  it('answers no settings for a company it does not know, and a search of one with 404', async () => {
    const store = new PeopleStore(harness.database.db, harness.database.changes, harness.clock.now);
    expect(await store.searchSettings(randomUUID())).toBeNull();
    const session: AuthenticatedSession = {
      sessionId: randomUUID(),
      companyId: randomUUID(),
      companyKey: 'gone',
      officeId: FINDER_OFFICE,
      orderId: randomUUID(),
      orderConfirmed: false,
    };
    await expect(findAgents(store, session, 'buyers_agent', 'otto')).rejects.toMatchObject({
      statusCode: 404,
      message: 'The company was not found.',
    });
  });

  it("reads a company's search settings from the database once while its configuration is unchanged", async () => {
    const store = new PeopleStore(harness.database.db, harness.database.changes, harness.clock.now);
    const id = await companyId('finder');
    const reads = vi.spyOn(harness.database.db, 'select');
    try {
      const first = await store.searchSettings(id);
      const readsOfFirst = reads.mock.calls.length;
      expect(readsOfFirst).toBeGreaterThan(0);
      expect(await store.searchSettings(id)).toEqual(first);
      expect(reads.mock.calls.length).toBe(readsOfFirst);
    } finally {
      reads.mockRestore();
    }
  });
});
