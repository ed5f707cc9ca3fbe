import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { agreementApplies, fillAgreementHtml } from '@scheduler/domain/agreements/agreement-fill';
import { storedPersonName } from '@scheduler/domain/people/person-display';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';
import { recordOrderEvent } from '../orders/orders.service.ts';
import { hashToken, newSessionToken } from '../sessions/tokens.ts';
import { AGREEMENT_REQUEST_EMAIL_JOB, type AgreementRequestPayload } from '../notifications/agreement-messages.ts';
import type { QueuedJob } from '../notifications/confirmation-jobs.ts';
import type { MessageFacts } from '../notifications/mail-content.ts';
import { loadMessageFacts } from '../notifications/notifications.service.ts';
import { loadAgreementSettings } from './agreement-settings.repository.ts';
import { agreementValues } from './agreement-values.ts';
import { activeTemplates, insertAgreement, orderClients } from './order-agreements.repository.ts';

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

/** One agreement as an order's signers read it: its template's version, filled, and the hash of that HTML. */
export interface FilledAgreement {
  templateId: string;
  version: number;
  title: string;
  html: string;
  documentSha256: string;
}

/**
 * The company's active agreements that apply to what the order booked, each filled with the order
 * as its messages read it (`facts`): what is frozen at booking, and what the review shows before
 * (the same values, so the same document and hash).
 */
export async function filledAgreements(
  db: Executor,
  scope: { companyId: string; orderId: string },
  facts: MessageFacts,
  now: Date,
): Promise<FilledAgreement[]> {
  const { companyId, orderId } = scope;
  const templates = await activeTemplates(db, companyId);
  if (templates.length === 0) return [];
  const [booked] = await db
    .select({ serviceIds: t.orders.serviceIds, packageIds: t.orders.packageIds })
    .from(t.orders)
    .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)));
  const applicable = templates.filter((template) =>
    agreementApplies(template.appliesTo, {
      serviceIds: booked?.serviceIds ?? [],
      packageIds: booked?.packageIds ?? [],
    }),
  );
  if (applicable.length === 0) return [];
  const values = agreementValues(facts, await loadAgreementSettings(db, companyId), now);
  return applicable.map((template) => {
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
 * Sends an order's agreements as it is booked (issue 43, decision 0080), in the confirm's
 * transaction: each active template that applies to what was booked becomes the order's
 * agreement, its current version filled with the order and frozen with its SHA-256; each client
 * with an e-mail becomes a signer with a link of their own, e-mailed by the jobs answered.
 */
export async function agreementsAtBooking(
  tx: Executor,
  scope: { companyId: string; orderId: string },
  now: Date,
): Promise<QueuedJob[]> {
  const { companyId, orderId } = scope;
  const facts = await loadMessageFacts(tx, companyId, orderId);
  if (!facts) return [];
  const agreements = await filledAgreements(tx, scope, facts, now);
  if (agreements.length === 0) return [];
  const settings = await loadAgreementSettings(tx, companyId);
  const clients = (await orderClients(tx, companyId, orderId))
    .map((party) => ({
      partyId: party.id,
      name: storedPersonName(party.person),
      email: typeof party.person.email === 'string' ? party.person.email.trim() : '',
    }))
    .filter((client) => client.email !== '');
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
        signingRequestJob(
          { companyId, orderId, agreementId },
          { id: signerIds[position]!, email: client.email, name: client.name },
          tokens[position]!,
          now,
          '0',
        ),
      ),
    );
  }
  return jobs;
}
