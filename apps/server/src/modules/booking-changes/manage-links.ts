/**
 * Manage links (issue 24): every message to a client, agent or contact about a booking carries a
 * "Manage your inspection" link whose token opens that one order. A token is 256 random bits;
 * only its hash is stored (a database leak opens no booking). The plain token travels in the
 * message's job until the message is sent (the queue then drops it), and never in a log: the
 * request log writes `/manage/[redacted]`.
 */
import { hashToken, newSessionToken } from '../sessions/tokens.ts';
import { MANAGE_PAGE_SEGMENT } from '@scheduler/contracts/manage';
import type { Database, Executor } from '../../db/connection.ts';
import { NotFoundError } from '../../errors.ts';
import type { QueuedJob } from '../notifications/confirmation-jobs.ts';
import { insertManageLinks, orderStatusOf, type ManageLinkRecord } from './manage.repository.ts';

/** Where a job asks for a manage link: who it is for (role, and the address or number it goes to). */
interface ManageLinkFor {
  role: ManageLinkRecord['role'];
  recipient: string;
}

function linkRequestOf(job: QueuedJob): ManageLinkFor | null {
  const wanted = job.payload.manage_link_for as Partial<ManageLinkFor> | undefined;
  if (
    !wanted ||
    typeof wanted.recipient !== 'string' ||
    (wanted.role !== 'client' && wanted.role !== 'agent' && wanted.role !== 'contact')
  )
    return null;
  return { role: wanted.role, recipient: wanted.recipient };
}

/**
 * Issues the manage links the jobs ask for, in the caller's transaction (the one that enqueues
 * them): one token per order and recipient, whatever number of messages go to them, written into
 * each job's `manage_token`. Jobs that ask for none are returned as they are.
 */
export async function withManageLinks(tx: Executor, jobs: readonly QueuedJob[]): Promise<QueuedJob[]> {
  const tokens = new Map<string, string>();
  const rows: Array<{
    companyId: string;
    orderId: string;
    tokenHash: string;
    role: ManageLinkRecord['role'];
    recipient: string;
  }> = [];
  const withTokens = jobs.map((job) => {
    const wanted = linkRequestOf(job);
    const orderId = job.payload.order_id;
    if (!wanted || typeof orderId !== 'string') return job;
    const key = JSON.stringify([job.companyId, orderId, wanted.role, wanted.recipient]);
    let token = tokens.get(key);
    if (!token) {
      token = newSessionToken();
      tokens.set(key, token);
      rows.push({
        companyId: job.companyId,
        orderId,
        tokenHash: hashToken(token),
        role: wanted.role,
        recipient: wanted.recipient.slice(0, 320),
      });
    }
    return { ...job, payload: { ...job.payload, manage_token: token } };
  });
  await insertManageLinks(tx, rows);
  return withTokens;
}

/** A new manage link of a booked order for one holder; 404 for an order that is not booked (a draft has nothing to manage). */
async function issueManageLink(
  db: Database,
  scope: { companyId: string; orderId: string },
  companyKey: string,
  publicBaseUrl: string,
  holder: { role: ManageLinkRecord['role']; recipient: string },
): Promise<{ url: string }> {
  const status = await orderStatusOf(db, scope.companyId, scope.orderId);
  if (status !== 'confirmed' && status !== 'cancelled') throw new NotFoundError('A booked order');
  const token = newSessionToken();
  await insertManageLinks(db, [
    {
      companyId: scope.companyId,
      orderId: scope.orderId,
      tokenHash: hashToken(token),
      role: holder.role,
      recipient: holder.recipient.slice(0, 320),
    },
  ]);
  return { url: `${publicBaseUrl}/${encodeURIComponent(companyKey)}/${MANAGE_PAGE_SEGMENT}/${token}` };
}

/**
 * A manage link for the visitor of a booked order's own session (the thank-you page's "Manage your
 * inspection"): the visitor may be neither a client nor an agent who receives the e-mails.
 */
export function issueVisitorManageLink(
  db: Database,
  scope: { companyId: string; orderId: string },
  companyKey: string,
  publicBaseUrl: string,
): Promise<{ url: string }> {
  return issueManageLink(db, scope, companyKey, publicBaseUrl, { role: 'visitor', recipient: 'the thank-you page' });
}

/**
 * A manage link for an agent of the order signed in to the company's agent portal (issue 47): an
 * agent's link, as their e-mails carry, so the page allows what the policy allows an agent.
 */
export function issueAgentManageLink(
  db: Database,
  scope: { companyId: string; orderId: string },
  companyKey: string,
  publicBaseUrl: string,
  agentEmail: string,
): Promise<{ url: string }> {
  return issueManageLink(db, scope, companyKey, publicBaseUrl, { role: 'agent', recipient: agentEmail });
}
