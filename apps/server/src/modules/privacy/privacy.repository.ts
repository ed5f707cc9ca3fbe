import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';
import { foldedContaining } from '../../db/text-search.ts';

/**
 * The SQL of a person's request about their data (issue 49, decision 0078): the orders they are
 * on, found by their e-mail through the people search's trigram index (migration 0021) and then
 * compared exactly, and the rows an erasure rewrites. Every statement names the company.
 */

/** At most this many of a person's order entries are read at once: an agent's years of work, not a table. */
export const MAX_ENTRIES_PER_PERSON = 5000;

export interface PersonEntry {
  partyId: string;
  role: (typeof t.orderParties.$inferSelect)['role'];
  person: Record<string, unknown>;
  orderId: string;
  status: (typeof t.orders.$inferSelect)['status'];
  datetime: Date | null;
  durationMinutes: number;
  timeZone: string;
  createdAt: Date;
  erasedAt: Date | null;
}

const sameEmail = (email: string) =>
  and(
    // The index narrows to the entries holding the address; the comparison keeps the exact ones.
    sql`${t.orderParties.searchText} like ${foldedContaining(email)}`,
    sql`lower(${t.orderParties.person}->>'email') = lower(${email})`,
  );

/** The person's entries on the company's orders (one per order and role), newest inspection first. */
export async function entriesOfEmail(db: Executor, companyId: string, email: string): Promise<PersonEntry[]> {
  return db
    .select({
      partyId: t.orderParties.id,
      role: t.orderParties.role,
      person: t.orderParties.person,
      orderId: t.orders.id,
      status: t.orders.status,
      datetime: t.orders.datetime,
      durationMinutes: t.orders.durationMinutes,
      timeZone: t.offices.timeZone,
      createdAt: t.orders.createdAt,
      erasedAt: t.orders.personalDataErasedAt,
    })
    .from(t.orderParties)
    .innerJoin(t.orders, and(eq(t.orders.companyId, t.orderParties.companyId), eq(t.orders.id, t.orderParties.orderId)))
    .innerJoin(t.offices, and(eq(t.offices.companyId, t.orders.companyId), eq(t.offices.id, t.orders.officeId)))
    .where(and(eq(t.orderParties.companyId, companyId), sameEmail(email)))
    .orderBy(sql`${t.orders.datetime} desc nulls last`, desc(t.orders.createdAt), asc(t.orderParties.position))
    .limit(MAX_ENTRIES_PER_PERSON);
}

/** The company's directory people (contacts and agents) with this e-mail. */
export async function directoryEntriesOfEmail(db: Executor, companyId: string, email: string) {
  const [contacts, agents] = await Promise.all([
    db
      .select()
      .from(t.directoryContacts)
      .where(
        and(eq(t.directoryContacts.companyId, companyId), sql`lower(${t.directoryContacts.email}) = lower(${email})`),
      ),
    db
      .select()
      .from(t.agents)
      .where(and(eq(t.agents.companyId, companyId), sql`lower(${t.agents.email}) = lower(${email})`)),
  ]);
  return [...contacts, ...agents];
}

/** What the export shows of the orders: their address and the client's own words. */
export async function ordersForExport(db: Executor, companyId: string, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      id: t.orders.id,
      address1: t.orders.address1,
      address2: t.orders.address2,
      city: t.orders.city,
      postalCode: t.orders.postalCode,
      county: t.orders.county,
      specialNote: t.orders.specialNote,
      cancelReason: t.orders.cancelReason,
    })
    .from(t.orders)
    .where(and(eq(t.orders.companyId, companyId), inArray(t.orders.id, orderIds)));
}

/** The messages of these orders that ended, oldest first. */
export async function messagesOfOrders(db: Executor, companyId: string, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      orderId: t.orderMessages.orderId,
      kind: t.orderMessages.kind,
      payload: t.orderMessages.payload,
      state: t.orderMessages.state,
      doneAt: t.orderMessages.doneAt,
    })
    .from(t.orderMessages)
    .where(and(eq(t.orderMessages.companyId, companyId), inArray(t.orderMessages.orderId, orderIds)))
    .orderBy(asc(t.orderMessages.doneAt));
}

export async function notesOfOrders(db: Executor, companyId: string, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      orderId: t.orderNotes.orderId,
      body: t.orderNotes.body,
      authorName: t.orderNotes.authorName,
      createdAt: t.orderNotes.createdAt,
    })
    .from(t.orderNotes)
    .where(and(eq(t.orderNotes.companyId, companyId), inArray(t.orderNotes.orderId, orderIds)))
    .orderBy(asc(t.orderNotes.createdAt));
}

export async function ledgerOfOrders(db: Executor, companyId: string, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      orderId: t.orderLedger.orderId,
      kind: t.orderLedger.kind,
      method: t.orderLedger.method,
      amountCents: t.orderLedger.amountCents,
      recordedAt: t.orderLedger.recordedAt,
    })
    .from(t.orderLedger)
    .where(
      and(
        eq(t.orderLedger.companyId, companyId),
        inArray(t.orderLedger.orderId, orderIds),
        sql`${t.orderLedger.voidedAt} is null`,
      ),
    )
    .orderBy(asc(t.orderLedger.recordedAt));
}

/**
 * The agreements of these orders (decision 0101), and of their signers only the person's: a
 * signer who is one of the person's entries (`partyIds`) or has their address, any case. A
 * co-signer's row is never read.
 */
export async function agreementsForExport(
  db: Executor,
  companyId: string,
  orderIds: string[],
  person: { partyIds: string[]; email: string },
) {
  if (orderIds.length === 0) return { agreements: [], signings: [] };
  const agreements = await db
    .select({
      id: t.orderAgreements.id,
      orderId: t.orderAgreements.orderId,
      title: t.orderAgreements.title,
      templateVersion: t.orderAgreements.templateVersion,
      status: t.orderAgreements.status,
      createdAt: t.orderAgreements.createdAt,
      signedAt: t.orderAgreements.signedAt,
      voidedAt: t.orderAgreements.voidedAt,
    })
    .from(t.orderAgreements)
    .where(and(eq(t.orderAgreements.companyId, companyId), inArray(t.orderAgreements.orderId, orderIds)))
    .orderBy(asc(t.orderAgreements.createdAt), asc(t.orderAgreements.id));
  if (agreements.length === 0) return { agreements, signings: [] };
  const theirs = sql`lower(${t.agreementSigners.email}) = lower(${person.email})`;
  const signings = await db
    .select({
      agreementId: t.agreementSigners.agreementId,
      name: t.agreementSigners.name,
      email: t.agreementSigners.email,
      sentAt: t.agreementSigners.sentAt,
      openedAt: t.agreementSigners.openedAt,
      openedIp: t.agreementSigners.openedIp,
      signedAt: t.agreementSigners.signedAt,
      signedIp: t.agreementSigners.signedIp,
      signedUserAgent: t.agreementSigners.signedUserAgent,
      consentText: t.agreementSigners.consentText,
      typedName: t.agreementSigners.typedName,
      signatureMethod: t.agreementSigners.signatureMethod,
      signaturePng: t.agreementSigners.signaturePng,
    })
    .from(t.agreementSigners)
    .where(
      and(
        eq(t.agreementSigners.companyId, companyId),
        inArray(
          t.agreementSigners.agreementId,
          agreements.map((agreement) => agreement.id),
        ),
        person.partyIds.length === 0 ? theirs : or(inArray(t.agreementSigners.partyId, person.partyIds), theirs),
      ),
    )
    .orderBy(asc(t.agreementSigners.position));
  return { agreements, signings };
}

// ---- the erasure's writes, each within the order's transaction ----

/** A table of an order's rows, keyed by the company and the order. */
interface OrderRows {
  companyId: AnyPgColumn;
  orderId: AnyPgColumn;
}

export interface OrderToErase {
  companyId: string;
  orderId: string;
}

/** The order, locked against a concurrent edit or erasure for the transaction; null if it is not the company's. */
export async function lockOrderForErasure(tx: Executor, order: OrderToErase) {
  const [row] = await tx
    .select({
      status: t.orders.status,
      datetime: t.orders.datetime,
      durationMinutes: t.orders.durationMinutes,
      address1: t.orders.address1,
      address2: t.orders.address2,
      city: t.orders.city,
      postalCode: t.orders.postalCode,
    })
    .from(t.orders)
    .where(and(eq(t.orders.companyId, order.companyId), eq(t.orders.id, order.orderId)))
    .for('update');
  return row ?? null;
}

/** The order's people: all of them, for an erasure of everyone (the company's years), or to pick the person's. */
export async function partiesOfOrder(tx: Executor, order: OrderToErase) {
  return tx
    .select({ id: t.orderParties.id, role: t.orderParties.role, person: t.orderParties.person })
    .from(t.orderParties)
    .where(and(eq(t.orderParties.companyId, order.companyId), eq(t.orderParties.orderId, order.orderId)));
}

export async function replacePerson(
  tx: Executor,
  order: OrderToErase,
  partyId: string,
  person: Record<string, unknown>,
) {
  await tx
    .update(t.orderParties)
    .set({ person })
    .where(
      and(
        eq(t.orderParties.companyId, order.companyId),
        eq(t.orderParties.orderId, order.orderId),
        eq(t.orderParties.id, partyId),
      ),
    );
}

/**
 * The client's side of the order erased: the inspected address (the first line marked, so the
 * lists show "(erased)"), the client's own words, what the company's page filled in, and when.
 */
export async function eraseClientFieldsOfOrder(tx: Executor, order: OrderToErase, marker: string, at: Date) {
  await tx
    .update(t.orders)
    .set({
      address1: marker,
      address2: '',
      city: '',
      postalCode: '',
      county: '',
      latitude: null,
      longitude: null,
      specialNote: '',
      cancelReason: sql`case when ${t.orders.cancelReason} = '' then '' else ${marker} end`,
      referReasonOther: '',
      userType: sql`case when ${t.orders.userType} is null then null else jsonb_set(${t.orders.userType}, '{other}', '""') end`,
      prefill: {},
      lockedFields: {},
      personalDataErasedAt: at,
    })
    .where(and(eq(t.orders.companyId, order.companyId), eq(t.orders.id, order.orderId)));
}

/** The free-form rows of an order that may quote its people, each with the text an erasure scrubs. */
export async function freeFormRowsOfOrder(tx: Executor, order: OrderToErase) {
  const where = <T extends OrderRows>(table: T) =>
    and(eq(table.companyId, order.companyId), eq(table.orderId, order.orderId));
  const [events, messages, notes, tasks, ledger, jobs] = await Promise.all([
    tx.select({ id: t.orderEvents.id, data: t.orderEvents.data }).from(t.orderEvents).where(where(t.orderEvents)),
    tx
      .select({ id: t.orderMessages.jobId, payload: t.orderMessages.payload, dedupeKey: t.orderMessages.dedupeKey })
      .from(t.orderMessages)
      .where(where(t.orderMessages)),
    tx.select({ id: t.orderNotes.id, body: t.orderNotes.body }).from(t.orderNotes).where(where(t.orderNotes)),
    tx.select({ id: t.orderTasks.id, title: t.orderTasks.title }).from(t.orderTasks).where(where(t.orderTasks)),
    tx
      .select({
        id: t.orderLedger.id,
        reference: t.orderLedger.reference,
        note: t.orderLedger.note,
        voidReason: t.orderLedger.voidReason,
      })
      .from(t.orderLedger)
      .where(where(t.orderLedger)),
    tx
      .select({ id: t.jobs.id, payload: t.jobs.payload, doneAt: t.jobs.doneAt })
      .from(t.jobs)
      .where(and(eq(t.jobs.companyId, order.companyId), eq(t.jobs.orderId, order.orderId))),
  ]);
  return { events, messages, notes, tasks, ledger, jobs };
}

export async function rewriteEventData(tx: Executor, order: OrderToErase, id: number, data: Record<string, unknown>) {
  await tx
    .update(t.orderEvents)
    .set({ data })
    .where(and(eq(t.orderEvents.companyId, order.companyId), eq(t.orderEvents.id, id)));
}

/** A message's payload and its key (which names the recipient's address), rewritten. */
export async function rewriteMessage(
  tx: Executor,
  order: OrderToErase,
  jobId: number,
  message: { payload: Record<string, unknown>; dedupeKey: string },
) {
  await tx
    .update(t.orderMessages)
    .set(message)
    .where(and(eq(t.orderMessages.companyId, order.companyId), eq(t.orderMessages.jobId, jobId)));
}

export async function rewriteNote(tx: Executor, order: OrderToErase, id: string, body: string) {
  await tx
    .update(t.orderNotes)
    .set({ body })
    .where(and(eq(t.orderNotes.companyId, order.companyId), eq(t.orderNotes.id, id)));
}

export async function rewriteTaskTitle(tx: Executor, order: OrderToErase, id: string, title: string) {
  await tx
    .update(t.orderTasks)
    .set({ title })
    .where(and(eq(t.orderTasks.companyId, order.companyId), eq(t.orderTasks.id, id)));
}

export async function rewriteLedgerTexts(
  tx: Executor,
  order: OrderToErase,
  id: string,
  texts: { reference: string | null; note: string | null; voidReason: string | null },
) {
  await tx
    .update(t.orderLedger)
    .set(texts)
    .where(and(eq(t.orderLedger.companyId, order.companyId), eq(t.orderLedger.id, id)));
}

/** Jobs of the order that an erasure removes: finished ones (their history is in order_messages) and pending ones to the person. */
export async function deleteJobs(tx: Executor, order: OrderToErase, ids: number[]) {
  if (ids.length === 0) return;
  await tx.delete(t.jobs).where(and(eq(t.jobs.companyId, order.companyId), inArray(t.jobs.id, ids)));
}

/**
 * What could still show the client their erased order or replay its answer: its visitor
 * sessions, manage links and the confirm's cached answers.
 */
export async function deleteClientAccessOfOrder(tx: Executor, order: OrderToErase) {
  const of = <T extends OrderRows>(table: T) =>
    and(eq(table.companyId, order.companyId), eq(table.orderId, order.orderId));
  await tx.delete(t.sessions).where(of(t.sessions));
  await tx.delete(t.orderManageLinks).where(of(t.orderManageLinks));
  await tx.delete(t.confirmRequests).where(of(t.confirmRequests));
}

/** The erasure's audit event: who and which roles, never the data. */
/** The order's agreements (their frozen text and sealed PDF) and who signs them, as an erasure reads them. */
export async function agreementsOfOrder(tx: Executor, order: OrderToErase) {
  const agreements = await tx
    .select({
      id: t.orderAgreements.id,
      title: t.orderAgreements.title,
      bodyHtml: t.orderAgreements.bodyHtml,
      pdfDocumentId: t.orderAgreements.pdfDocumentId,
      pdfSha256: t.documents.sha256,
    })
    .from(t.orderAgreements)
    .leftJoin(
      t.documents,
      and(eq(t.documents.companyId, t.orderAgreements.companyId), eq(t.documents.id, t.orderAgreements.pdfDocumentId)),
    )
    .where(and(eq(t.orderAgreements.companyId, order.companyId), eq(t.orderAgreements.orderId, order.orderId)));
  const signers =
    agreements.length === 0
      ? []
      : await tx
          .select({
            id: t.agreementSigners.id,
            agreementId: t.agreementSigners.agreementId,
            partyId: t.agreementSigners.partyId,
            email: t.agreementSigners.email,
          })
          .from(t.agreementSigners)
          .where(
            and(
              eq(t.agreementSigners.companyId, order.companyId),
              inArray(
                t.agreementSigners.agreementId,
                agreements.map((agreement) => agreement.id),
              ),
            ),
          );
  return { agreements, signers };
}

/**
 * A signer's personal data erased: their name and typed name marked, their address, signature,
 * IP addresses and browser gone, and their link made unusable (its hash replaced by one no token
 * has). When they opened and signed, and the words they consented to, stay: that the agreement was
 * signed is the company's record.
 */
export async function eraseSigner(tx: Executor, order: OrderToErase, signerId: string, marker: string) {
  await tx
    .update(t.agreementSigners)
    .set({
      name: marker,
      email: '',
      typedName: sql`case when ${t.agreementSigners.typedName} is null then null else ${marker} end`,
      signaturePng: null,
      openedIp: null,
      signedIp: null,
      signedUserAgent: null,
      tokenHash: sql`'erased:' || ${t.agreementSigners.id}::text`,
    })
    .where(and(eq(t.agreementSigners.companyId, order.companyId), eq(t.agreementSigners.id, signerId)));
}

export async function rewriteAgreementTexts(
  tx: Executor,
  order: OrderToErase,
  id: string,
  texts: { title: string; bodyHtml: string },
) {
  await tx
    .update(t.orderAgreements)
    .set(texts)
    .where(and(eq(t.orderAgreements.companyId, order.companyId), eq(t.orderAgreements.id, id)));
}

/** An agreement's sealed PDF deleted (its bytes quote the people): the agreement stays, without it. */
export async function deleteAgreementPdf(tx: Executor, order: OrderToErase, agreementId: string, documentId: string) {
  await tx
    .update(t.orderAgreements)
    .set({ pdfDocumentId: null })
    .where(and(eq(t.orderAgreements.companyId, order.companyId), eq(t.orderAgreements.id, agreementId)));
  await tx.delete(t.documents).where(and(eq(t.documents.companyId, order.companyId), eq(t.documents.id, documentId)));
}

// ---- the webhook log's copies of the person (decision 0101) ----

/** The order's webhook deliveries with a stored body or answer: the log's copies an erasure reads. */
export async function webhookCopiesOfOrder(tx: Executor, order: OrderToErase) {
  return tx
    .select({
      id: t.webhookDeliveries.id,
      state: t.webhookDeliveries.state,
      body: t.webhookDeliveries.body,
      responseBody: t.webhookDeliveries.responseBody,
    })
    .from(t.webhookDeliveries)
    .where(
      and(
        eq(t.webhookDeliveries.companyId, order.companyId),
        eq(t.webhookDeliveries.orderId, order.orderId),
        sql`(${t.webhookDeliveries.body} is not null or ${t.webhookDeliveries.responseBody} is not null)`,
      ),
    );
}

const directoryIdsOfEmail = (table: typeof t.agents | typeof t.directoryContacts, companyId: string, email: string) =>
  sql`(select ${table.id} from ${table} where ${table.companyId} = ${companyId} and lower(${table.email}) = lower(${email}))`;

/**
 * The company's directory deliveries (`person.created`) that may carry the address: a stored body
 * or answer containing it (any case; the caller compares exactly), or a pending one of a directory
 * entry with it, whose body is written when it is sent.
 */
export async function directoryDeliveriesOfEmail(tx: Executor, companyId: string, email: string) {
  const d = t.webhookDeliveries;
  const ofEntryWithEmail = sql<boolean>`coalesce(
    (${d.personKind} = 'agent' and ${d.personId} in ${directoryIdsOfEmail(t.agents, companyId, email)})
    or (${d.personKind} = 'contact' and ${d.personId} in ${directoryIdsOfEmail(t.directoryContacts, companyId, email)}),
    false)`;
  return tx
    .select({ id: d.id, state: d.state, body: d.body, responseBody: d.responseBody, ofEntryWithEmail })
    .from(d)
    .where(
      and(
        eq(d.companyId, companyId),
        sql`${d.personKind} is not null`,
        sql`(strpos(lower(coalesce(${d.body}, '')), lower(${email})) > 0
          or strpos(lower(coalesce(${d.responseBody}, '')), lower(${email})) > 0
          or (${d.state} = 'pending' and ${ofEntryWithEmail}))`,
      ),
    );
}

/** A delivery's stored copies rewritten (and a pending one ended, when `state` is given). */
export async function rewriteWebhookDelivery(
  tx: Executor,
  companyId: string,
  id: number,
  patch: {
    body: string | null;
    responseBody: string | null;
    state?: 'failed';
    outcome?: string;
    nextAttemptAt?: null;
  },
) {
  await tx
    .update(t.webhookDeliveries)
    .set(patch)
    .where(and(eq(t.webhookDeliveries.companyId, companyId), eq(t.webhookDeliveries.id, id)));
}

export async function recordErasure(tx: Executor, order: OrderToErase, data: Record<string, unknown>, at: Date) {
  await tx.insert(t.orderEvents).values({ ...order, type: 'personal_data_erased', data, createdAt: at });
}

/**
 * Orders whose people's data the company keeps for `client_data_years` and whose inspection is
 * that long past, every company's, oldest first: the pruning job's read. The partial index of
 * migration 0032 holds only the orders not erased yet, so the read costs the orders due.
 */
export async function ordersPastCompanyYears(
  db: Executor,
  now: Date,
  limit: number,
): Promise<Array<OrderToErase & { years: number }>> {
  const result = (await db.execute(sql`
    select o.company_id as "companyId", o.id as "orderId", (c.privacy_settings->>'client_data_years')::int as years
    from ${t.companies} c
    cross join lateral (
      select o.company_id, o.id, o.datetime from ${t.orders} o
      where o.company_id = c.id and o.personal_data_erased_at is null and o.status <> 'draft'
        and o.datetime < ${now.toISOString()}::timestamptz - make_interval(years => (c.privacy_settings->>'client_data_years')::int)
      order by o.datetime
      limit ${limit}
    ) o
    where jsonb_typeof(c.privacy_settings->'client_data_years') = 'number'
    order by o.datetime
    limit ${limit}`)) as unknown as { rows: Array<OrderToErase & { years: number }> };
  return result.rows;
}
