import { getTableColumns, sql, type SQL, type SQLChunk } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Agent, DirectoryContact } from '@scheduler/contracts/company-document';
import { readTogether, type Executor, type Transaction } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';

/**
 * The company document's agents and contacts directory (decisions 0015 and 0049). An import makes
 * the directory's own people those the document lists, writing only what changed; the people
 * visitors added online, and those the public API wrote (decision 0091), stay, keep their ids, and
 * are only updated when the document lists them (an export brought back); people the office merged
 * into another are not brought back.
 */

type PersonRow = Pick<
  typeof t.agents.$inferInsert,
  | 'first'
  | 'last'
  | 'email'
  | 'mobilePhone'
  | 'workPhone'
  | 'homePhone'
  | 'workFax'
  | 'homeFax'
  | 'company'
  | 'address1'
  | 'address2'
  | 'city'
  | 'stateId'
  | 'postalCode'
>;

function personRow(p: Agent | DirectoryContact): PersonRow & { source: 'directory' | 'visitor' } {
  return {
    source: p.added_online ? 'visitor' : 'directory',
    first: p.first,
    last: p.last,
    email: p.email,
    mobilePhone: p.mobile_phone,
    workPhone: p.work_phone,
    homePhone: p.home_phone,
    workFax: p.work_fax,
    homeFax: p.home_fax,
    company: p.company,
    address1: p.address1,
    address2: p.address2,
    city: p.city,
    stateId: p.state,
    postalCode: p.postal_code,
  };
}

type PeopleTable = typeof t.agents | typeof t.directoryContacts;

/** Columns a document does not hold: the company (one parameter for every row), the search text (the table's trigger keeps it), the API's external id and the review state (decision 0091). */
const UNWRITTEN = new Set(['company_id', 'search_text', 'external_id', 'awaiting_review']);

/** The columns a document writes, by their names in the rows built here. */
function writtenColumns(table: PeopleTable): Array<[key: string, column: PgColumn]> {
  return Object.entries(getTableColumns(table) as Record<string, PgColumn>).filter(
    ([, column]) => !UNWRITTEN.has(column.name),
  );
}

/**
 * A person the API wrote comes back in a document as added online (an export lists every person
 * not the document's own so): compared as such, and kept `api` when written again.
 */
function storedColumn(name: string): SQL {
  const column = sql`p.${sql.identifier(name)}`;
  return name === 'source' ? sql`(case when ${column} = 'api' then 'visitor' else ${column} end)` : column;
}
function updatedColumn(table: PeopleTable, name: string): SQL {
  const key = sql.identifier(name);
  return name === 'source'
    ? sql`${key} = (case when ${table}.${key} = 'api' and excluded.${key} = 'visitor' then 'api' else excluded.${key} end)`
    : sql`${key} = excluded.${key}`;
}

/** Both drivers (PGlite and node-postgres) answer raw SQL with `{ rows }`. */
async function countOf(tx: Transaction, query: SQL): Promise<number> {
  const result = (await tx.execute(query)) as unknown as { rows: Array<{ n: number }> };
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * People sent to the database in one statement. Its rows travel as one JSON parameter (a
 * statement's parameters are bounded, a parameter's size is not); the slice bounds how long one
 * statement may run, far within the statement timeout: 5,000 new people take about 0.25 s on
 * PostgreSQL 15 (bench/directory-save.ts), so a 20,000-agent directory is four statements.
 */
export const WRITE_SLICE = 5_000;

/**
 * Writes the document's people of one table, a slice a statement, only the new and the changed:
 * an unchanged person is neither inserted nor updated, so a save that changes a few people of
 * 20,000 writes a few rows, and fires the search text's trigger and touches the trigram index for
 * those only. People added online are updated in place, under their ids. Returns how many rows
 * were written.
 */
async function upsertChanged<T extends PeopleTable>(
  tx: Transaction,
  table: T,
  companyId: string,
  rows: ReadonlyArray<Omit<T['$inferInsert'], 'companyId'>>,
): Promise<number> {
  const columns = writtenColumns(table);
  const key = (name: string) => sql.identifier(name);
  const list = (parts: SQLChunk[]) => sql.join(parts, sql`, `);
  const incoming = list(columns.map(([name, column]) => sql`${key(name)} ${sql.raw(column.getSQLType())}`));
  const fromIncoming = list(columns.map(([name]) => sql`r.${key(name)}`));
  const stored = list(columns.map(([, column]) => storedColumn(column.name)));
  const target = list(columns.map(([, column]) => key(column.name)));
  const updated = list(
    columns.filter(([name]) => name !== 'id').map(([, column]) => updatedColumn(table, column.name)),
  );
  let written = 0;
  for (let from = 0; from < rows.length; from += WRITE_SLICE) {
    written += await countOf(
      tx,
      sql`with written as (
        insert into ${table} (company_id, ${target})
        select ${companyId}::uuid, ${fromIncoming}
        from json_to_recordset(${JSON.stringify(rows.slice(from, from + WRITE_SLICE))}::json) as r(${incoming})
        where not exists (
          select 1 from ${table} p
          where p.company_id = ${companyId}::uuid and p.id = r.id and (${stored}) is not distinct from (${fromIncoming})
        )
        on conflict (company_id, id) do update set ${updated}
        returning 1
      )
      select count(*)::int as n from written`,
    );
  }
  return written;
}

/** Deletes the company's directory people of one table that the document no longer lists; returns how many. */
async function deleteUnlisted(
  tx: Transaction,
  table: PeopleTable,
  companyId: string,
  listedIds: readonly number[],
): Promise<number> {
  return countOf(
    tx,
    sql`with deleted as (
      delete from ${table}
      where company_id = ${companyId}::uuid and source = 'directory' and id <> all(${`{${listedIds.join(',')}}`}::int[])
      returning 1
    )
    select count(*)::int as n from deleted`,
  );
}

/** Rows written or deleted by one import from which a table's statistics are refreshed. */
const ANALYZE_FROM = 1_000;

/** The trigram index of each table's search text (migration 0004_people). */
const SEARCH_INDEX = new Map<PeopleTable, string>([
  [t.agents, 'agents_search_text_trgm_idx'],
  [t.directoryContacts, 'directory_contacts_search_text_trgm_idx'],
]);

/** The ids of one kind the office merged into another person (decision 0091): an import does not bring them back. */
async function mergedIds(tx: Transaction, companyId: string, kind: 'agent' | 'contact'): Promise<Set<number>> {
  const { rows } = (await tx.execute(
    sql`select from_id as id from ${t.directoryMerges} where company_id = ${companyId}::uuid and kind = ${kind}`,
  )) as unknown as { rows: Array<{ id: number }> };
  return new Set(rows.map((row) => Number(row.id)));
}

/** One table's share of an import: the unlisted deleted, the new and the changed written; people merged away stay away. */
async function replaceTablePeople<T extends PeopleTable>(
  tx: Transaction,
  table: T,
  companyId: string,
  listed: ReadonlyArray<Omit<T['$inferInsert'], 'companyId'> & { id: number }>,
): Promise<void> {
  const merged = await mergedIds(tx, companyId, table === t.agents ? 'agent' : 'contact');
  const rows = merged.size === 0 ? listed : listed.filter((row) => !merged.has(row.id));
  const deleted = await deleteUnlisted(
    tx,
    table,
    companyId,
    rows.map((row) => row.id),
  );
  const written = await upsertChanged(tx, table, companyId, rows);
  // New search texts wait in the trigram index's pending list (the migration
  // search_index_pending_list), which takes thousands of them far faster than the index itself;
  // moved into the index in bulk now, so that no search after the import scans them
  // one by one, and the planner does not price that list so high that it scans the table instead.
  if (written > 0) await tx.execute(sql`select gin_clean_pending_list(${SEARCH_INDEX.get(table)!}::regclass)`);
  // The searches' plans depend on how many people there are and how their names spread: after a
  // large change the statistics are brought up to date at once rather than when autovacuum gets
  // to it. A save that changes a few people of many leaves them as they are.
  if (deleted + written >= ANALYZE_FROM) await tx.execute(sql`analyze ${table}`);
}

/**
 * Writes the document's agents and contacts; the caller holds the import's locks in `tx`. The
 * outcome is the document's people and, besides them, the people added online it does not list.
 * The number of statements grows with the directory's size by one per WRITE_SLICE people, so that
 * a large directory's save stays within the statement timeout and holds its connection briefly.
 */
export async function replaceDirectoryPeople(
  tx: Transaction,
  companyId: string,
  agents: readonly Agent[],
  contacts: readonly DirectoryContact[],
): Promise<void> {
  await replaceTablePeople(
    tx,
    t.agents,
    companyId,
    agents.map((a) => ({ id: a.id, kind: a.kind, agency: a.agency, pacOptOut: a.pac_opt_out, ...personRow(a) })),
  );
  await replaceTablePeople(
    tx,
    t.directoryContacts,
    companyId,
    contacts.map((c) => ({ id: c.id, contactTypeId: c.type, ...personRow(c) })),
  );

  // People added online that the document brought back (another database's export) keep their
  // ids; the sequence moves past them, so that the next person added online gets a fresh one.
  const onlineIds = [...agents, ...contacts].filter((p) => p.added_online).map((p) => p.id);
  if (onlineIds.length > 0) {
    const highest = Math.max(...onlineIds);
    await tx.execute(
      sql`select setval('people_added_online_ids', greatest(${highest}::bigint, (select last_value from people_added_online_ids)))`,
    );
  }
}

/**
 * People read in one statement, in the order of their ids. Read whole, a 20,000-agent directory
 * came back as one result that the ORM turned into objects in one go, holding the process for
 * 300 to 500 ms; read raw, already in the document's field names, a slice at a time, each answer
 * is a few milliseconds of work, and other requests are answered between them (issue 39).
 */
const READ_SLICE = 2_000;

/** A person's fields as the document names them (`state`, `added_online`), in the order it lists them. */
const PERSON_FIELDS = sql`id, first, last, email, mobile_phone, work_phone, home_phone, work_fax, home_fax, company, address1, address2, city, state_id as state, postal_code, source <> 'directory' as added_online`;

/** Every person of the company in one table, by id, READ_SLICE a statement. */
async function readPeople<P extends { id: number }>(
  db: Executor,
  table: PeopleTable,
  fields: SQL,
  companyId: string,
): Promise<P[]> {
  const people: P[] = [];
  for (let after = 0; ;) {
    // Both drivers (PGlite and node-postgres) answer raw SQL with `{ rows }`.
    const { rows } = (await db.execute(
      sql`select ${fields} from ${table} where company_id = ${companyId}::uuid and id > ${after} order by id limit ${READ_SLICE}`,
    )) as unknown as { rows: P[] };
    for (const person of rows) people.push(person);
    if (rows.length < READ_SLICE) return people;
    after = rows.at(-1)!.id;
  }
}

/** The company's agents and contacts as the document lists them, those added online marked so. */
export async function readDirectoryPeople(
  db: Executor,
  companyId: string,
): Promise<{ agents: Agent[]; contacts: DirectoryContact[] }> {
  const [agents, contacts] = await readTogether(db, [
    () => readPeople<Agent>(db, t.agents, sql`${PERSON_FIELDS}, kind, agency, pac_opt_out`, companyId),
    () =>
      readPeople<DirectoryContact>(db, t.directoryContacts, sql`${PERSON_FIELDS}, contact_type_id as type`, companyId),
  ]);
  return { agents, contacts };
}
