/**
 * A person's request about their personal data (issue 49, decision 0078), and the erasure after
 * the company's years. The office finds the orders a person is on by their e-mail, gives them a
 * copy, and erases them: their entries on each order whose inspection is over (a client's: the
 * inspected address and their own words too) replaced by the marker, and every free-form record
 * of the order that quotes them (audit events, messages, notes, tasks, ledger texts) scrubbed.
 * The order, its prices and payments stay the company's records; its audit trail records the
 * erasure, never the data. Each order is erased in its own short transaction.
 */
import {
  ERASED_MARKER,
  type PartyRole,
  type PrivacyEraseResult,
  type PrivacyExport,
  type PrivacyExportOrder,
  type PrivacyLookup,
  type PrivacyOrder,
} from '@scheduler/contracts/privacy';
import { orderReference } from '@scheduler/domain/order-reference';
import {
  erasedPerson,
  keptFromErasure,
  personalStrings,
  scrubJson,
  scrubText,
} from '@scheduler/domain/privacy/erasure';
import type { Database, Executor } from '../../db/connection.ts';
import type { ConsoleMember } from '../console-auth/console-member.ts';
import { recordMemberEvent } from '../console-auth/member-events.ts';
import {
  agreementsForExport,
  agreementsOfOrder,
  deleteAgreementPdf,
  deleteClientAccessOfOrder,
  deleteJobs,
  directoryEntriesOfEmail,
  entriesOfEmail,
  eraseClientFieldsOfOrder,
  freeFormRowsOfOrder,
  ledgerOfOrders,
  lockOrderForErasure,
  messagesOfOrders,
  notesOfOrders,
  ordersForExport,
  ordersPastCompanyYears,
  eraseSigner,
  partiesOfOrder,
  recordErasure,
  replacePerson,
  rewriteAgreementTexts,
  rewriteEventData,
  rewriteLedgerTexts,
  rewriteMessage,
  rewriteNote,
  rewriteTaskTitle,
  type OrderToErase,
  type PersonEntry,
} from './privacy.repository.ts';
import { eraseDirectoryWebhookCopies, scrubOrderWebhookCopies } from './webhook-copies.ts';
import { byOrderId, groupBy } from '../../db/group-rows.ts';

/** The person's entries grouped by order, in the entries' order (newest inspection first). */
function byOrder(entries: PersonEntry[]): PersonEntry[][] {
  return [...byOrderId(entries).values()];
}

function orderOut(entries: PersonEntry[], now: Date): PrivacyOrder {
  const first = entries[0]!;
  return {
    id: first.orderId,
    reference: orderReference(first.orderId),
    status: first.status,
    datetime: first.datetime?.toISOString() ?? null,
    time_zone: first.timeZone,
    roles: [...new Set(entries.map((entry) => entry.role))],
    erased_at: first.erasedAt?.toISOString() ?? null,
    kept: keptFromErasure(first, now),
  };
}

const normalised = (email: string) => email.trim();

/** The orders the person is on, and whether the company's directory lists them. */
export async function lookUpPerson(
  db: Database,
  member: ConsoleMember,
  email: string,
  now: Date,
): Promise<PrivacyLookup> {
  const address = normalised(email);
  const [entries, directory] = await Promise.all([
    entriesOfEmail(db, member.companyId, address),
    directoryEntriesOfEmail(db, member.companyId, address),
  ]);
  return {
    email: address,
    orders: byOrder(entries).map((group) => orderOut(group, now)),
    directory_contacts: directory.length,
  };
}

const isoOrNull = (value: Date | null | undefined) => value?.toISOString() ?? null;

/** Everything the company holds of the person, as a file for them. */
export async function exportPerson(
  db: Database,
  member: ConsoleMember,
  email: string,
  now: Date,
): Promise<PrivacyExport> {
  const address = normalised(email);
  const [entries, directory] = await Promise.all([
    entriesOfEmail(db, member.companyId, address),
    directoryEntriesOfEmail(db, member.companyId, address),
  ]);
  const groups = byOrder(entries);
  const orderIds = groups.map((group) => group[0]!.orderId);
  const clientOrderIds = groups
    .filter((group) => group.some((entry) => entry.role === 'client'))
    .map((group) => group[0]!.orderId);
  const [orders, messages, notes, ledger, agreements] = await Promise.all([
    ordersForExport(db, member.companyId, orderIds),
    messagesOfOrders(db, member.companyId, orderIds),
    notesOfOrders(db, member.companyId, clientOrderIds),
    ledgerOfOrders(db, member.companyId, clientOrderIds),
    agreementsForExport(db, member.companyId, orderIds, {
      partyIds: entries.map((entry) => entry.partyId),
      email: address,
    }),
  ]);
  const lower = address.toLowerCase();
  // Grouped once: an agent's thousands of orders are not each searched for in every list.
  const orderById = new Map(orders.map((row) => [row.id, row]));
  const messagesOf = byOrderId(messages);
  const notesOf = byOrderId(notes);
  const ledgerOf = byOrderId(ledger);
  const agreementsOf = byOrderId(agreements.agreements);
  const signingsOf = groupBy(agreements.signings, (signing) => signing.agreementId);
  return {
    email: address,
    company: { key: member.companyKey, name: member.companyName },
    exported_at: now.toISOString(),
    orders: groups.map((group) => {
      const first = group[0]!;
      const { kept: _kept, ...summary } = orderOut(group, now);
      const order = orderById.get(first.orderId)!;
      const isClient = group.some((entry) => entry.role === 'client');
      return {
        ...summary,
        created_at: first.createdAt.toISOString(),
        address: isClient
          ? {
              address1: order.address1,
              address2: order.address2,
              city: order.city,
              postal_code: order.postalCode,
              county: order.county,
            }
          : null,
        people: group.map((entry) => ({ role: entry.role, person: entry.person })),
        special_note: isClient ? order.specialNote : '',
        cancel_reason: isClient ? order.cancelReason : '',
        messages: (messagesOf.get(first.orderId) ?? [])
          .filter((message) => String(message.payload.to ?? '').toLowerCase() === lower)
          .map((message) => ({
            kind: message.kind,
            recipient: String(message.payload.to),
            state: message.state,
            sent_at: isoOrNull(message.doneAt),
          })),
        notes: (notesOf.get(first.orderId) ?? []).map((note) => ({
          body: note.body,
          author_name: note.authorName,
          created_at: note.createdAt.toISOString(),
        })),
        payments: (ledgerOf.get(first.orderId) ?? []).map((entry) => ({
          kind: entry.kind,
          amount_cents: entry.amountCents,
          method: entry.method,
          at: entry.recordedAt.toISOString(),
        })),
        agreements: (agreementsOf.get(first.orderId) ?? [])
          // A client's order is theirs whole; on another, only what they sign is about them.
          .filter((agreement) => isClient || signingsOf.has(agreement.id))
          .map((agreement) => agreementOut(agreement, signingsOf.get(agreement.id) ?? [])),
      };
    }),
    directory_contacts: directory.map(({ companyId: _company, ...entry }) => entry),
  };
}

type ExportedAgreements = Awaited<ReturnType<typeof agreementsForExport>>;

/** An agreement as the export shows it: its state, and the person's own signing of it as stored. */
function agreementOut(
  agreement: ExportedAgreements['agreements'][number],
  signings: ExportedAgreements['signings'],
): PrivacyExportOrder['agreements'][number] {
  return {
    id: agreement.id,
    title: agreement.title,
    template_version: agreement.templateVersion,
    status: agreement.status,
    created_at: agreement.createdAt.toISOString(),
    signed_at: isoOrNull(agreement.signedAt),
    voided_at: isoOrNull(agreement.voidedAt),
    signings: signings.map((signing) => ({
      name: signing.name,
      email: signing.email,
      sent_at: isoOrNull(signing.sentAt),
      opened_at: isoOrNull(signing.openedAt),
      opened_ip: signing.openedIp,
      signed_at: isoOrNull(signing.signedAt),
      signed_ip: signing.signedIp,
      signed_user_agent: signing.signedUserAgent,
      consent_text: signing.consentText,
      typed_name: signing.typedName,
      signature_method: signing.signatureMethod,
      signature_png: signing.signaturePng,
    })),
  };
}

/** Who erased: a member on a request, or the company's years through the pruning job. */
export type ErasedBy = { kind: 'office'; user_id: string; name: string } | { kind: 'retention'; years: number };

/**
 * Erases the people `chosen` picks out of the order's parties, in one transaction with the order
 * locked. Answers `kept` when the order must be kept (its inspection is still to come), `gone`
 * when it is no longer there.
 */
export async function eraseOrder(
  db: Database,
  order: OrderToErase,
  chosen: (party: { role: PartyRole; person: Record<string, unknown> }) => boolean,
  by: ErasedBy,
  now: Date,
): Promise<'erased' | 'kept' | 'gone'> {
  return db.transaction(async (tx) => {
    const current = await lockOrderForErasure(tx, order);
    if (!current) return 'gone';
    if (keptFromErasure(current, now) !== null) return 'kept';
    const parties = (await partiesOfOrder(tx, order)).filter(chosen);
    const client = parties.some((party) => party.role === 'client');
    const strings = [
      ...new Set(
        parties.flatMap((party) =>
          personalStrings(
            party.person,
            party.role === 'client' ? [current.address1, current.address2, current.city, current.postalCode] : [],
          ),
        ),
      ),
    ].sort((a, b) => b.length - a.length);
    for (const party of parties) await replacePerson(tx, order, party.id, erasedPerson(party.person));
    if (client) {
      await eraseClientFieldsOfOrder(tx, order, ERASED_MARKER, now);
      await deleteClientAccessOfOrder(tx, order);
    }
    await scrubFreeForm(tx, order, strings);
    const agreementPdfs = await eraseFromAgreements(tx, order, parties, strings);
    const webhookBodies = await scrubOrderWebhookCopies(tx, order, strings);
    await recordErasure(
      tx,
      order,
      {
        by,
        roles: [...new Set(parties.map((party) => party.role))],
        ...(agreementPdfs.length > 0 ? { agreement_pdfs_deleted: agreementPdfs } : {}),
        // How many, never what: the log's rows keep their ids, so the office can see which.
        ...(webhookBodies > 0 ? { webhook_bodies_scrubbed: webhookBodies } : {}),
      },
      now,
    );
    return 'erased';
  });
}

/**
 * The erased people taken out of the order's agreements (decision 0099): each of them who signs
 * one (by their party, or their address) erased as a signer, every agreement's frozen text
 * scrubbed of their strings, and the sealed PDF of an agreement that quoted them deleted, since
 * its bytes cannot be rewritten. Answers the SHA-256 of each PDF deleted, which the erasure's
 * audit event keeps: a copy the company holds elsewhere can still be matched to it.
 */
async function eraseFromAgreements(
  tx: Executor,
  order: OrderToErase,
  parties: ReadonlyArray<{ id: string; person: Record<string, unknown> }>,
  strings: string[],
): Promise<Array<{ agreement_id: string; sha256: string }>> {
  const { agreements, signers } = await agreementsOfOrder(tx, order);
  if (agreements.length === 0) return [];
  const partyIds = new Set(parties.map((party) => party.id));
  const addresses = new Set(
    parties
      .map((party) =>
        String(party.person.email ?? '')
          .trim()
          .toLowerCase(),
      )
      .filter(Boolean),
  );
  const theirs = signers.filter(
    (signer) =>
      (signer.partyId !== null && partyIds.has(signer.partyId)) || addresses.has(signer.email.trim().toLowerCase()),
  );
  for (const signer of theirs) await eraseSigner(tx, order, signer.id, ERASED_MARKER);
  const signedByThem = new Set(theirs.map((signer) => signer.agreementId));
  const deleted: Array<{ agreement_id: string; sha256: string }> = [];
  for (const agreement of agreements) {
    const title = scrubText(agreement.title, strings);
    const bodyHtml = scrubText(agreement.bodyHtml, strings);
    const quoted = bodyHtml !== agreement.bodyHtml || title !== agreement.title;
    if (quoted) await rewriteAgreementTexts(tx, order, agreement.id, { title, bodyHtml });
    if (agreement.pdfDocumentId !== null && (quoted || signedByThem.has(agreement.id))) {
      await deleteAgreementPdf(tx, order, agreement.id, agreement.pdfDocumentId);
      deleted.push({ agreement_id: agreement.id, sha256: agreement.pdfSha256 ?? '' });
    }
  }
  return deleted;
}

/** Every free-form record of the order that quotes the strings, rewritten; jobs that would still carry them, deleted. */
async function scrubFreeForm(tx: Executor, order: OrderToErase, strings: string[]): Promise<void> {
  if (strings.length === 0) return;
  const rows = await freeFormRowsOfOrder(tx, order);
  const changed = <T>(before: T, after: T) => JSON.stringify(before) !== JSON.stringify(after);
  for (const event of rows.events) {
    const data = scrubJson(event.data, strings);
    if (changed(event.data, data)) await rewriteEventData(tx, order, event.id, data);
  }
  for (const { id, ...message } of rows.messages) {
    const scrubbed = scrubJson(message, strings);
    if (changed(message, scrubbed)) await rewriteMessage(tx, order, id, scrubbed);
  }
  for (const note of rows.notes) {
    const body = scrubText(note.body, strings);
    if (body !== note.body) await rewriteNote(tx, order, note.id, body);
  }
  for (const task of rows.tasks) {
    const title = scrubText(task.title, strings);
    if (title !== task.title) await rewriteTaskTitle(tx, order, task.id, title);
  }
  for (const { id, ...texts } of rows.ledger) {
    const scrubbed = scrubJson(texts, strings);
    if (changed(texts, scrubbed)) await rewriteLedgerTexts(tx, order, id, scrubbed);
  }
  // A finished job's history is the order's messages; a pending one to the person must not go.
  await deleteJobs(
    tx,
    order,
    rows.jobs
      .filter((job) => job.doneAt !== null || changed(job.payload, scrubJson(job.payload, strings)))
      .map((job) => job.id),
  );
}

/** Erases the person from every order of theirs whose inspection is over; lists those kept. */
export async function erasePerson(
  db: Database,
  member: ConsoleMember,
  email: string,
  now: Date,
): Promise<PrivacyEraseResult> {
  const address = normalised(email).toLowerCase();
  const erased: PrivacyEraseResult['erased'] = [];
  const kept: PrivacyOrder[] = [];
  const by: ErasedBy = { kind: 'office', user_id: member.userId, name: member.userName };
  const isTheirs = (party: { person: Record<string, unknown> }) =>
    String(party.person.email ?? '')
      .trim()
      .toLowerCase() === address;
  // The entries are read MAX_ENTRIES_PER_PERSON at a time: an erased order no longer matches, so
  // each reading brings the next ones, until one brings none not seen (the kept ones stay seen).
  const seen = new Set<string>();
  for (;;) {
    const groups = byOrder(await entriesOfEmail(db, member.companyId, address)).filter(
      (group) => !seen.has(group[0]!.orderId),
    );
    if (groups.length === 0) break;
    for (const group of groups) {
      const order = { companyId: member.companyId, orderId: group[0]!.orderId };
      seen.add(order.orderId);
      const outcome = await eraseOrder(db, order, isTheirs, by, now);
      if (outcome === 'erased') erased.push({ id: order.orderId, reference: orderReference(order.orderId) });
      if (outcome === 'kept') kept.push(orderOut(group, now));
    }
  }
  await eraseFromDirectoryDeliveries(db, member, address, now);
  return { erased, kept };
}

/**
 * The webhook log's `person.created` copies of the address (decision 0101): they belong to no
 * order, so their counts go in a company audit event of their own, with who asked.
 */
async function eraseFromDirectoryDeliveries(db: Database, member: ConsoleMember, address: string, now: Date) {
  await db.transaction(async (tx) => {
    const { scrubbed, cancelled } = await eraseDirectoryWebhookCopies(tx, member.companyId, address);
    if (scrubbed + cancelled === 0) return;
    await recordMemberEvent(tx, member, 'personal_data_erased', now, {
      webhook_bodies_scrubbed: scrubbed,
      webhook_deliveries_cancelled: cancelled,
    });
  });
}

/**
 * The pruning job's task (decision 0078): up to `limit` orders whose inspection is further back
 * than their company's `client_data_years`, everyone on them erased. How many it erased.
 */
export async function eraseOrdersPastCompanyYears(db: Database, now: Date, limit: number): Promise<number> {
  const due = await ordersPastCompanyYears(db, now, limit);
  for (const { years, ...order } of due) await eraseOrder(db, order, () => true, { kind: 'retention', years }, now);
  // Each order read is erased (its inspection is years past, so never kept) or gone meanwhile:
  // either way it is done, and a full batch asks the runner for another.
  return due.length;
}
