import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Agent, DirectoryContact } from '@scheduler/contracts/company-document';
import { readTogether, type Executor, type Transaction } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';

/**
 * The company document's agents and contacts directory (decision 0015). An import replaces the
 * people the document brings; the people visitors added online stay, keep their ids, and are only
 * updated when the document lists them (an export brought back).
 */

type PersonRow = Pick<
  typeof t.agents.$inferInsert,
  'first' | 'last' | 'email' | 'mobilePhone' | 'workPhone' | 'homePhone' | 'workFax' | 'homeFax' | 'company' | 'address1' | 'address2' | 'city' | 'stateId' | 'postalCode'
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

type PersonSelect = typeof t.agents.$inferSelect | typeof t.directoryContacts.$inferSelect;

function personFields(r: PersonSelect) {
  return {
    id: r.id,
    first: r.first,
    last: r.last,
    email: r.email,
    mobile_phone: r.mobilePhone,
    work_phone: r.workPhone,
    home_phone: r.homePhone,
    work_fax: r.workFax,
    home_fax: r.homeFax,
    company: r.company,
    address1: r.address1,
    address2: r.address2,
    city: r.city,
    state: r.stateId,
    postal_code: r.postalCode,
    added_online: r.source === 'visitor',
  };
}

/** Rows are written in slices: one statement's parameters are bounded (65,535 in PostgreSQL). */
const SLICE = 1_000;
function slices<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += SLICE) out.push(items.slice(i, i + SLICE));
  return out;
}

type PeopleTable = typeof t.agents | typeof t.directoryContacts;

/**
 * Inserts rows in slices. Only people added online can already be there (the document's own were
 * deleted first): those are updated in place, under their ids.
 */
async function upsertSlices<T extends PeopleTable>(tx: Transaction, table: T, rows: Array<T['$inferInsert']>): Promise<void> {
  for (const slice of slices(rows)) {
    await tx
      .insert(table as PeopleTable)
      .values(slice as Array<typeof t.agents.$inferInsert>)
      .onConflictDoUpdate({ target: [table.companyId, table.id], set: excludedValues(table, slice[0]!) });
  }
}

/** A document with this many people or more changes the searches' statistics enough to refresh them. */
const ANALYZE_FROM = 1_000;

/** Writes the document's agents and contacts; the caller holds the import's locks in `tx`. */
export async function replaceDirectoryPeople(tx: Transaction, companyId: string, agents: readonly Agent[], contacts: readonly DirectoryContact[]): Promise<void> {
  await tx.delete(t.agents).where(and(eq(t.agents.companyId, companyId), eq(t.agents.source, 'directory')));
  await tx.delete(t.directoryContacts).where(and(eq(t.directoryContacts.companyId, companyId), eq(t.directoryContacts.source, 'directory')));

  await upsertSlices(tx, t.agents, agents.map((a) => ({ companyId, id: a.id, kind: a.kind, agency: a.agency, pacOptOut: a.pac_opt_out, ...personRow(a) })));
  await upsertSlices(tx, t.directoryContacts, contacts.map((c) => ({ companyId, id: c.id, contactTypeId: c.type, ...personRow(c) })));

  // The searches' plans depend on how many people there are and how their names spread: after
  // an import the statistics are brought up to date at once rather than when autovacuum gets to it.
  if (agents.length + contacts.length >= ANALYZE_FROM) await tx.execute(sql`analyze agents, directory_contacts`);

  // People added online that the document brought back (another database's export) keep their
  // ids; the sequence moves past them, so that the next person added online gets a fresh one.
  const onlineIds = [...agents, ...contacts].filter((p) => p.added_online).map((p) => p.id);
  if (onlineIds.length > 0) {
    const highest = Math.max(...onlineIds);
    await tx.execute(sql`select setval('people_added_online_ids', greatest(${highest}::bigint, (select last_value from people_added_online_ids)))`);
  }
}

/** An upsert's update: every written column but the key takes the value the insert brought. */
function excludedValues(table: PeopleTable, row: Record<string, unknown>): Record<string, ReturnType<typeof sql.raw>> {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  return Object.fromEntries(
    Object.keys(row)
      .filter((key) => key !== 'companyId' && key !== 'id')
      .map((key) => [key, sql.raw(`excluded."${columns[key]!.name}"`)]),
  );
}

/** The company's agents and contacts as the document lists them, those added online marked so. */
export async function readDirectoryPeople(db: Executor, companyId: string): Promise<{ agents: Agent[]; contacts: DirectoryContact[] }> {
  const [agents, contacts] = await readTogether(db, [
    () => db.select().from(t.agents).where(eq(t.agents.companyId, companyId)).orderBy(asc(t.agents.id)),
    () => db.select().from(t.directoryContacts).where(eq(t.directoryContacts.companyId, companyId)).orderBy(asc(t.directoryContacts.id)),
  ]);
  return {
    agents: agents.map((a) => ({ ...personFields(a), kind: a.kind, agency: a.agency, pac_opt_out: a.pacOptOut })),
    contacts: contacts.map((c) => ({ ...personFields(c), type: c.contactTypeId })),
  };
}
