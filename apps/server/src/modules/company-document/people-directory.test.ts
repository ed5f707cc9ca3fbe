import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { agentSchema, directoryContactSchema, type CompanyDocumentInput } from '@scheduler/contracts/company-document';
import type { DatabaseHandle } from '../../db/connection.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { loggedDatabase } from '../../test-support/statement-log.ts';
import { exportCompanyDocument, importCompanyDocument } from './companies.service.ts';
import { companyIdOfKey } from './company-document.repository.ts';
import { readVersion } from './document-versions.repository.ts';
import { readDirectoryPeople, WRITE_SLICE } from './people-directory.repository.ts';

type AgentInput = NonNullable<CompanyDocumentInput['agents']>[number];
type ContactInput = NonNullable<CompanyDocumentInput['contacts']>[number];

const OFFICES: Record<string, string> = {
  big: 'd1000000-0000-4000-8000-000000000001',
  other: 'd1000000-0000-4000-8000-000000000002',
  sliced: 'd1000000-0000-4000-8000-000000000003',
};

/**
 * Agent `id`; an edited one differs in one column, a different one by id, so that every written
 * column is seen to change: the last name, the state (to none), the opt-out, the agency.
 */
function agent(id: number, edited = false): AgentInput {
  const base = {
    id,
    first: `First${id}`,
    last: `Last${id}`,
    email: `agent${id}@example.com`,
    work_phone: '(614) 555-0100',
    company: 'Realty',
    city: 'Columbus',
    state: 1,
    postal_code: '43215',
    kind: 'real_estate' as const,
    agency: '',
    pac_opt_out: false,
  };
  if (!edited) return base;
  return [
    { ...base, last: `Renamed${id}` },
    { ...base, state: null },
    { ...base, pac_opt_out: true },
    { ...base, kind: 'insurance' as const, agency: 'Mutual' },
  ][id % 4]!;
}

function contact(id: number, edited = false): ContactInput {
  return { id, first: `Contact${id}`, last: 'Lender', email: `contact${id}@example.com`, type: edited ? 2 : 1 };
}

function documentOf(key: string, agents: AgentInput[], contacts: ContactInput[] = []): CompanyDocumentInput {
  return {
    key,
    name: `${key} inspections`,
    states: [{ id: 1, abbreviation: 'OH', name: 'Ohio' }],
    offices: [
      {
        uuid: OFFICES[key]!,
        name: 'Main office',
        phone: '(614) 555-0100',
        email: 'office@example.com',
        state: 'OH',
        time_zone: 'America/New_York',
      },
    ],
    contact_types: [
      { id: 1, name: 'Lender' },
      { id: 2, name: 'Attorney' },
    ],
    agents,
    contacts,
  };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** A person a visitor added online, as an export lists them. */
const ONLINE_AGENT: AgentInput = { ...agent(1_000_000_001), added_online: true };
const ONLINE_CONTACT: ContactInput = { ...contact(1_000_000_002), added_online: true };

/** The big company before the save: 2,400 agents and 600 contacts, and a person of each added online. */
const BEFORE = { agents: range(1, 2_400), contacts: range(100_001, 100_600) };
/** The save: agents 1-300 removed, every eighth kept one changed, 2401-2700 added; contacts alike. */
const SAVED = {
  agents: [...range(301, 2_700)],
  changedAgents: new Set(range(301, 2_400).filter((id) => id % 8 === 0)),
  contacts: [...range(100_051, 100_650)],
  changedContacts: new Set(range(100_100, 100_149)),
};

describeOnEachDatabase(
  'the directory of a large company document (issue 39)',
  { onPgliteToo: 'every test' },
  (factory) => {
    let database: DatabaseHandle;
    let bigId: string;
    let otherId: string;

    /** Each row's id and the transaction that wrote its current version (a rewrite gives a new one). */
    const rowVersions = async (table: 'agents' | 'directory_contacts', companyId: string) => {
      const result = (await database.db.execute(
        sql`select id, xmin::text as written_by from ${sql.identifier(table)} where company_id = ${companyId}::uuid order by id`,
      )) as unknown as {
        rows: Array<{ id: number; written_by: string }>;
      };
      return new Map(result.rows.map((row) => [Number(row.id), row.written_by]));
    };
    /** Every column of every row of a company's people, and who wrote them. */
    const wholeRows = async (companyId: string) =>
      (
        (await database.db.execute(
          sql`select 'agent' as tag, xmin::text as written_by, to_jsonb(a) as row from agents a where company_id = ${companyId}::uuid
            union all select 'contact', xmin::text, to_jsonb(c) from directory_contacts c where company_id = ${companyId}::uuid order by 1, 3`,
        )) as unknown as { rows: unknown[] }
      ).rows;

    beforeAll(async () => {
      database = await factory.open();
      // Another company whose people have the same ids as the big one's.
      await importCompanyDocument(
        database.db,
        documentOf(
          'other',
          range(1, 500).map((id) => agent(id)),
          range(100_001, 100_100).map((id) => contact(id)),
        ),
      );
      await importCompanyDocument(
        database.db,
        documentOf(
          'big',
          [...BEFORE.agents.map((id) => agent(id)), ONLINE_AGENT],
          [...BEFORE.contacts.map((id) => contact(id)), ONLINE_CONTACT],
        ),
      );
      bigId = (await companyIdOfKey(database.db, 'big'))!;
      otherId = (await companyIdOfKey(database.db, 'other'))!;
    });
    afterAll(async () => database.close());

    it("saves the added, changed and removed people, keeps those added online and every unchanged row as it was, and never touches another company's people", async () => {
      const agentsBefore = await rowVersions('agents', bigId);
      const contactsBefore = await rowVersions('directory_contacts', bigId);
      const otherBefore = await wholeRows(otherId);

      const agents = SAVED.agents.map((id) => agent(id, SAVED.changedAgents.has(id)));
      const contacts = SAVED.contacts.map((id) => contact(id, SAVED.changedContacts.has(id)));
      const { version } = await importCompanyDocument(database.db, documentOf('big', agents, contacts));

      // The document's people exactly, and those added online that it no longer lists.
      const people = await readDirectoryPeople(database.db, bigId);
      expect(people.agents).toEqual([...agents, ONLINE_AGENT].map((a) => agentSchema.parse(a)));
      expect(people.contacts).toEqual([...contacts, ONLINE_CONTACT].map((c) => directoryContactSchema.parse(c)));

      // Only the new and the changed rows were written: the others are the very rows they were.
      const agentsAfter = await rowVersions('agents', bigId);
      for (const [id, writtenBy] of agentsAfter) {
        const rewritten = !agentsBefore.has(id) || SAVED.changedAgents.has(id);
        expect(writtenBy === agentsBefore.get(id), `agent ${id}`).toBe(!rewritten);
      }
      const contactsAfter = await rowVersions('directory_contacts', bigId);
      for (const [id, writtenBy] of contactsAfter) {
        const rewritten = !contactsBefore.has(id) || SAVED.changedContacts.has(id);
        expect(writtenBy === contactsBefore.get(id), `contact ${id}`).toBe(!rewritten);
      }
      // A changed person's search text followed the change (the table's trigger ran for the update).
      const renamed = (await database.db.execute(
        sql`select search_text from agents where company_id = ${bigId}::uuid and id = 304`,
      )) as unknown as { rows: Array<{ search_text: string }> };
      expect(renamed.rows[0]!.search_text).toContain('renamed304');

      // The history records the document as the export gives it.
      expect((await readVersion(database.db, bigId, version.version))!.document).toEqual(
        await exportCompanyDocument(database.db, 'big'),
      );
      expect(version.change_count).toBeGreaterThan(0);

      expect(await wholeRows(otherId)).toEqual(otherBefore);
    });

    it('writes the people a slice a statement, without a statement per person: one slice at WRITE_SLICE agents, two at one more', async () => {
      const agents = range(1, WRITE_SLICE + 1).map((id) => agent(id));
      await importCompanyDocument(database.db, documentOf('sliced', agents));
      const otherBefore = await wholeRows(otherId);

      /** What a save of `people` sent about the people tables. */
      const peopleStatements = async (people: AgentInput[]) => {
        const logged = loggedDatabase(database);
        await importCompanyDocument(logged.db, documentOf('sliced', people));
        const labels = logged.statements.flatMap((statement) => {
          const written = /\b(delete from|insert into) "(agents|directory_contacts)"/.exec(statement);
          if (written) return [`${written[1]} ${written[2]}`];
          if (/gin_clean_pending_list/.test(statement)) return ['move the new search texts into the index'];
          if (/^analyze/.test(statement.trim())) return ['analyze'];
          return [];
        });
        return { labels, total: logged.statements.length };
      };

      // WRITE_SLICE agents: the last one removed, one changed.
      const atTheSlice = await peopleStatements(
        agents.slice(0, WRITE_SLICE).map((a) => (a.id === 7 ? agent(7, true) : a)),
      );
      expect(atTheSlice.labels).toEqual([
        'delete from agents',
        'insert into agents',
        'move the new search texts into the index',
        'delete from directory_contacts',
      ]);
      // One more: a second slice.
      const pastTheSlice = await peopleStatements(agents);
      expect(pastTheSlice.labels).toEqual([
        'delete from agents',
        'insert into agents',
        'insert into agents',
        'move the new search texts into the index',
        'delete from directory_contacts',
      ]);
      // The rest of the save does not grow with the people either.
      expect(pastTheSlice.total).toBe(atTheSlice.total + 1);

      expect((await readDirectoryPeople(database.db, (await companyIdOfKey(database.db, 'sliced'))!)).agents).toEqual(
        agents.map((a) => agentSchema.parse(a)),
      );
      expect(await wholeRows(otherId)).toEqual(otherBefore);
    });
  },
);
