import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AgreementSettings } from '@scheduler/contracts/agreements';
import { agreementApplies, fillAgreementHtml } from '@scheduler/domain/agreements/agreement-fill';
import { storedPersonName } from '@scheduler/domain/people/person-display';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';
import { recordOrderEvent } from '../orders/orders.service.ts';
import { hashToken, newSessionToken } from '../sessions/tokens.ts';
import {
  AGREEMENT_REMINDER_EMAIL_JOB,
  AGREEMENT_REQUEST_SMS_JOB,
  AGREEMENT_REQUEST_EMAIL_JOB,
  type AgreementReminderPayload,
  type AgreementRequestPayload,
} from '../notifications/agreement-messages.ts';
import type { QueuedJob } from '../notifications/confirmation-jobs.ts';
import type { MessageFacts } from '../notifications/mail-content.ts';
import { loadMessageFacts } from '../notifications/notifications.service.ts';
import { loadAgreementSettings } from './agreement-settings.repository.ts';
import { agreementValues } from './agreement-values.ts';
import {
  activeTemplates,
  agreementSignersOf,
  type TemplateToSend,
  insertAgreement,
  orderAgreementsOf,
  orderClients,
  voidAgreement,
} from './order-agreements.repository.ts';

/** The SHA-256 of a document as shown (its HTML as UTF-8), hex: what a signature is bound to. */
export function documentSha256(html: string): string {
  return createHash('sha256').update(html, 'utf8').digest('hex');
}

/** A signing request's job: the signer's own link travels in it until the e-mail is sent. */
export function signingRequestJob(
  scope: { companyId: string; orderId: string; agreementId: string },
  signer: { id: string; email: string; name: string },
  token: string,
  runAt: Date,
  attempt: string,
): QueuedJob {
  const payload: AgreementRequestPayload = {
    order_id: scope.orderId,
    agreement_id: scope.agreementId,
    signer_id: signer.id,
    to: signer.email,
    name: signer.name,
    signing_token: token,
  };
  return {
    companyId: scope.companyId,
    kind: AGREEMENT_REQUEST_EMAIL_JOB,
    dedupeKey: `agreement:${signer.id}:request:${attempt}`,
    payload,
    runAt,
  };
}

const HOUR_MS = 3_600_000;
/** The first reminder: two days after the link was sent. */
const AFTER_SENDING_MS = 48 * HOUR_MS;
/** The second: a day before the inspection. */
const DAY_BEFORE_MS = 24 * HOUR_MS;
/** No reminder closer than this to the request or to the other reminder: two e-mails within hours read as spam. */
const MIN_GAP_MS = 12 * HOUR_MS;

/**
 * When a signer who has not signed is reminded, for a link sent at `sentAt` and an inspection at
 * `start` (issue 43). The day-before reminder is the one that matters (it is closest to the
 * inspection): it is planned when it falls at least 12 h after the link was sent. The 2-day one is
 * planned only when it falls at least 12 h before the day-before one, so an inspection 3½ days
 * (84 h) away or more gets both, one 36 h to 84 h away gets only the day-before one, and one less
 * than 36 h away gets none (the request itself is fresh). Both are then in the future and before
 * the start.
 */
export function agreementReminderMoments(
  sentAt: Date,
  start: Date,
): Array<{ reminder: AgreementReminderPayload['reminder']; at: Date }> {
  const dayBefore = start.getTime() - DAY_BEFORE_MS;
  if (dayBefore < sentAt.getTime() + MIN_GAP_MS) return [];
  const afterSending = sentAt.getTime() + AFTER_SENDING_MS;
  return [
    ...(afterSending + MIN_GAP_MS <= dayBefore
      ? [{ reminder: 'after_sending' as const, at: new Date(afterSending) }]
      : []),
    { reminder: 'day_before' as const, at: new Date(dayBefore) },
  ];
}

/**
 * A signer's request and the reminders planned with it, all carrying the same link. `generation`
 * tells one link of the signer from the next (a resend's), so each link has its own jobs. A
 * signer who asked for text messages (`textTo`, their number) also gets the link by text.
 */
export function signingJobs(
  scope: { companyId: string; orderId: string; agreementId: string },
  signer: { id: string; email: string; name: string; textTo?: string | null },
  token: string,
  when: { now: Date; start: Date },
  generation: string,
): QueuedJob[] {
  const request = signingRequestJob(scope, signer, token, when.now, generation);
  const text: QueuedJob[] = signer.textTo
    ? [
        {
          ...request,
          kind: AGREEMENT_REQUEST_SMS_JOB,
          dedupeKey: `agreement:${signer.id}:sms:${generation}`,
          payload: { ...request.payload, to: signer.textTo },
        },
      ]
    : [];
  const reminders = agreementReminderMoments(when.now, when.start).map(({ reminder, at }): QueuedJob => {
    const payload: AgreementReminderPayload = {
      ...(request.payload as AgreementRequestPayload),
      start: when.start.toISOString(),
      reminder,
    };
    return {
      companyId: scope.companyId,
      kind: AGREEMENT_REMINDER_EMAIL_JOB,
      dedupeKey: `agreement:${signer.id}:reminder:${reminder}:${generation}`,
      payload,
      runAt: at,
    };
  });
  return [request, ...text, ...reminders];
}

/** One agreement as an order's signers read it: its template's version, filled, and the hash of that HTML. */
export interface FilledAgreement {
  templateId: string;
  version: number;
  title: string;
  html: string;
  documentSha256: string;
}

/**
 * The company's active templates that apply to what the order booked, unless `skip` says the order
 * has one already. Read before anything else an agreement needs: a company without agreements,
 * or none for this cart, costs a booking one statement, not the order's whole message facts.
 */
export async function applicableTemplates(
  db: Executor,
  scope: { companyId: string; orderId: string },
  skip: (templateId: string) => boolean = () => false,
): Promise<TemplateToSend[]> {
  const { companyId, orderId } = scope;
  const templates = (await activeTemplates(db, companyId)).filter((template) => !skip(template.templateId));
  if (templates.length === 0) return [];
  const [booked] = await db
    .select({ serviceIds: t.orders.serviceIds, packageIds: t.orders.packageIds })
    .from(t.orders)
    .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)));
  return templates.filter((template) =>
    agreementApplies(template.appliesTo, {
      serviceIds: booked?.serviceIds ?? [],
      packageIds: booked?.packageIds ?? [],
    }),
  );
}

/**
 * Each template filled with the order as its messages read it (`facts`): what is frozen at
 * booking, and what the review shows before (the same values, so the same document and hash).
 */
export function filledAgreements(
  templates: readonly TemplateToSend[],
  facts: MessageFacts,
  settings: AgreementSettings,
  now: Date,
): FilledAgreement[] {
  const values = agreementValues(facts, settings, now);
  return templates.map((template) => {
    const html = fillAgreementHtml(template.bodyHtml, values);
    return {
      templateId: template.templateId,
      version: template.version,
      title: template.name,
      html,
      documentSha256: documentSha256(html),
    };
  });
}

/**
 * Sends the order's agreements as it now is (issue 43, decision 0080), in the caller's
 * transaction: each active template that applies to its services and packages, unless `skip`
 * says the order has one already, becomes the order's agreement, its current version filled with
 * the order and frozen with its SHA-256; each client with an e-mail becomes a signer with a link
 * of their own, e-mailed (and reminded) by the jobs answered.
 */
export async function sendAgreements(
  tx: Executor,
  scope: { companyId: string; orderId: string },
  now: Date,
  skip: (templateId: string) => boolean = () => false,
): Promise<QueuedJob[]> {
  const { companyId, orderId } = scope;
  const templates = await applicableTemplates(tx, scope, skip);
  if (templates.length === 0) return [];
  const facts = await loadMessageFacts(tx, companyId, orderId);
  if (!facts) return [];
  const settings = await loadAgreementSettings(tx, companyId);
  const agreements = filledAgreements(templates, facts, settings, now);
  const clients = await signingClients(tx, companyId, orderId);
  const jobs: QueuedJob[] = [];
  for (const agreement of agreements) {
    const tokens = clients.map(() => newSessionToken());
    const { agreementId, signerIds } = await insertAgreement(tx, {
      companyId,
      orderId,
      templateId: agreement.templateId,
      templateVersion: agreement.version,
      title: agreement.title,
      bodyHtml: agreement.html,
      documentSha256: agreement.documentSha256,
      signersRequired: settings.signers,
      createdAt: now,
      signers: clients.map((client, position) => ({ ...client, tokenHash: hashToken(tokens[position]!), position })),
    });
    await recordOrderEvent(tx, companyId, orderId, 'agreement_sent', {
      agreement_id: agreementId,
      title: agreement.title,
      version: agreement.version,
      signers: clients.length,
    });
    clients.forEach((client, position) =>
      jobs.push(
        ...signingJobs(
          { companyId, orderId, agreementId },
          {
            id: signerIds[position]!,
            email: client.email,
            name: client.name,
            // Their number when they asked for text messages (read as the confirmation's texts read it).
            textTo:
              facts.people.find((person) => person.role === 'client' && person.email === client.email)
                ?.textMessageNumber ?? null,
          },
          tokens[position]!,
          { now, start: facts.start },
          '0',
        ),
      ),
    );
  }
  return jobs;
}

/** The order's clients who can sign: each with an e-mail address, in their order on it. */
async function signingClients(tx: Executor, companyId: string, orderId: string) {
  return (await orderClients(tx, companyId, orderId))
    .map((party) => ({
      partyId: party.id,
      name: storedPersonName(party.person),
      email: typeof party.person.email === 'string' ? party.person.email.trim() : '',
    }))
    .filter((client) => client.email !== '');
}

/** Sends an order's agreements as it is booked, in the confirm's transaction. */
export function agreementsAtBooking(
  tx: Executor,
  scope: { companyId: string; orderId: string },
  now: Date,
): Promise<QueuedJob[]> {
  return sendAgreements(tx, scope, now);
}

const sameSet = <T>(a: readonly T[], b: readonly T[]) =>
  new Set(a).size === new Set(b).size && a.every((item) => b.includes(item));

/**
 * After the office edited a booked order (issue 43), in the edit's transaction: when its services
 * or packages changed, or its clients (who signs, under which name and address), the agreements
 * waiting for signatures no longer describe the order. Each is voided (its links open nothing, its
 * queued e-mails are skipped) and the agreements that apply to the order as edited are sent anew.
 * A signed agreement is the company's record and stays as it is; its template is not sent again.
 * `before` is the order's cart as it was before the edit.
 */
export async function agreementsAfterEdit(
  tx: Executor,
  scope: { companyId: string; orderId: string },
  before: { serviceIds: readonly string[]; packageIds: readonly number[] },
  now: Date,
): Promise<QueuedJob[]> {
  const { companyId, orderId } = scope;
  const agreements = await orderAgreementsOf(tx, companyId, orderId);
  const [after] = await tx
    .select({ serviceIds: t.orders.serviceIds, packageIds: t.orders.packageIds })
    .from(t.orders)
    .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)));
  const servicesChanged =
    !sameSet(before.serviceIds, after?.serviceIds ?? []) || !sameSet(before.packageIds, after?.packageIds ?? []);
  const pending = agreements.filter((agreement) => agreement.status === 'pending');
  const clients = (await signingClients(tx, companyId, orderId)).map((client) => `${client.name}\n${client.email}`);
  const signers = await agreementSignersOf(
    tx,
    companyId,
    pending.map((agreement) => agreement.id),
  );
  const clientsChanged = (agreementId: string) => {
    const theirs = signers
      .filter((signer) => signer.agreementId === agreementId)
      .map((signer) => `${signer.name}\n${signer.email}`);
    return theirs.join('\n\n') !== clients.join('\n\n');
  };
  // Only a change of what the agreements are about sends any: a note's edit sends no template made since the booking.
  if (!servicesChanged && !pending.some((agreement) => clientsChanged(agreement.id))) return [];
  const voided = new Set<string>();
  for (const agreement of pending) {
    const reason = servicesChanged ? 'services_changed' : clientsChanged(agreement.id) ? 'clients_changed' : null;
    if (!reason) continue;
    await voidAgreement(tx, companyId, agreement.id, now);
    await recordOrderEvent(tx, companyId, orderId, 'agreement_voided', { agreement_id: agreement.id, reason });
    voided.add(agreement.id);
  }
  // Sent anew: the voided agreements' templates that still apply and, when the services changed, the
  // templates they bring; never a template of a signed agreement, or of one still waiting.
  const voidedTemplates = new Set(agreements.filter((a) => voided.has(a.id)).map((a) => a.templateId));
  const kept = new Set(
    agreements
      .filter((a) => a.status === 'signed' || (a.status === 'pending' && !voided.has(a.id)))
      .map((a) => a.templateId),
  );
  return sendAgreements(tx, scope, now, (templateId) =>
    servicesChanged ? kept.has(templateId) : !voidedTemplates.has(templateId) || kept.has(templateId),
  );
}

/**
 * After the inspection moved (issue 43), in the move's transaction: an agreement waiting for
 * signatures names the old date and time ({datetime}), and its reminders were planned for the old
 * start. Each is voided (its links open nothing, its queued e-mails are skipped, a signature it
 * already had goes with it, for it was given to the old date) and sent anew filled with the new
 * start, with new links, reminders before the new start and an event saying why. A signed
 * agreement stays as it is: it is the company's record of what was agreed.
 */
export async function agreementsAfterMove(
  tx: Executor,
  scope: { companyId: string; orderId: string },
  now: Date,
): Promise<QueuedJob[]> {
  const { companyId, orderId } = scope;
  const agreements = await orderAgreementsOf(tx, companyId, orderId);
  const pending = agreements.filter((agreement) => agreement.status === 'pending');
  if (pending.length === 0) return [];
  for (const agreement of pending) {
    await voidAgreement(tx, companyId, agreement.id, now);
    await recordOrderEvent(tx, companyId, orderId, 'agreement_voided', {
      agreement_id: agreement.id,
      reason: 'rescheduled',
    });
  }
  const voided = new Set(pending.map((agreement) => agreement.templateId));
  const signed = new Set(agreements.filter((a) => a.status === 'signed').map((a) => a.templateId));
  // Sent anew: what was voided and still applies; never a template made since the booking, nor a signed one's.
  return sendAgreements(tx, scope, now, (templateId) => !voided.has(templateId) || signed.has(templateId));
}
