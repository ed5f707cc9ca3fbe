/**
 * Changing a booked inspection (issue 24): the manage page's view of an order, and the reschedule
 * and cancellation that a client, an agent or the office asks for. One path for every actor: the
 * company's policy decides (packages/domain booking-changes), the office may override the
 * policy's own refusals (recorded as overridden), and each change is one transaction: the
 * booking's rows, the order, its audit event, its messages and its reminders move together.
 */
import { bookingChangesSchema, notificationsSchema } from '@scheduler/contracts/company-document';
import type {
  ManageChangeResponse,
  ManageContactResponse,
  ManageHoldResponse,
  ManageOrderView,
} from '@scheduler/contracts/manage';
import {
  changeAllowed,
  decideChange,
  feeCents as lateFeeCents,
  forAgent,
  policyForOrder,
  type ChangeDecision,
  type ChangeKind,
  type ChangePolicy,
} from '@scheduler/domain/booking-changes/change-policy';
import { firstRefusalText } from '@scheduler/domain/booking-changes/change-texts';
import { formatMoney } from '@scheduler/domain/money-format';
import { balanceLeftAfterPart } from '@scheduler/domain/payments/ledger';
import { changeKeys } from '../../db/change-feed.ts';
import type { AppContext } from '../../context.ts';
import type { Database, Executor } from '../../db/connection.ts';
import { retryTransientConflicts } from '../../db/transient-conflict.ts';
import { AppError, ConflictError, NotFoundError } from '../../errors.ts';
import { loadConfirmableOrder } from '../confirm/confirm.service.ts';
import { closeOpenCheckout, refundsByPolicy } from '../payments/payments.service.ts';
import { planOfOrder, settleCancelRefund } from '../payments/cancel-refunds.service.ts';
import { feeWords, previewFee, settleChangeFee } from '../payments/change-fees.service.ts';
import { cancelRefundText } from '@scheduler/domain/payments/cancel-refunds';
import { enqueueJobs, loadMessageFacts } from '../notifications/notifications.service.ts';
import { appointmentText, priceSection, ROLE_TITLES } from '../notifications/message-document.ts';
import { changeJobs, type BookingChange, type QueuedJob } from '../notifications/confirmation-jobs.ts';
import { recordedAuthorWords } from '../notifications/change-author.ts';
import { orderReference } from '@scheduler/domain/order-reference';
import { replanReminders } from '../notifications/reminder-plan.ts';
import {
  announceScheduleChanged,
  commitInspectors,
  holdMove,
  isOverlapViolation,
  moveAlternatives,
  planMove,
  releaseOrderTime,
  type MoveTeam,
  type OrderScope,
} from '../scheduling/scheduling.service.ts';
import type { SchedulingStore } from '../scheduling/scheduling.store.ts';
import { hashToken } from '../sessions/tokens.ts';
import { withManageLinks } from './manage-links.ts';
import { agreementsAfterMove } from '../agreements/send-agreements.ts';
import { manageAgreements } from '../agreements/manage-agreements.ts';
import { receiptsOfOrder } from '../payments/receipt.service.ts';
import {
  type CHANGE_EVENT_TYPES,
  findCompanyContact,
  findManageLink,
  findManageLinkRecipient,
  findOrderScope,
  listOrderManageLinks,
  revokeOrderManageLinks,
  loadChangeContext,
  loadInspectorNames,
  loadChangeHistory,
  lockBooking,
  recordChangeEvent,
  saveCancellation,
  saveMove,
  type LockedBooking,
  type ManageLinkRecord,
} from './manage.repository.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/** The deps of the changes, from the app's context: its scheduling store, and the e-mail worker to wake. */
export function manageDeps(ctx: Pick<AppContext, 'scheduling' | 'notifications'>): ManageDeps {
  return { store: ctx.scheduling, onJobsEnqueued: () => ctx.notifications?.wake() };
}

export interface ManageDeps {
  store: SchedulingStore;
  /** Told after a change committed messages to send, so the worker need not wait for its next poll. */
  onJobsEnqueued: () => void;
}

/** Who asks for a change: a person through their manage link, or the office (which may override the policy). */
export type ChangeActor =
  | { kind: 'visitor'; linkId: string; role: ManageLinkRecord['role'] }
  /** The office: through the admin API (no person), or a console member, whose id and name the audit event keeps. */
  | { kind: 'office'; override: boolean; member?: { userId: string; name: string } };

/** Who reads the order or asks for a change: the office, or the role a manage link was sent to. */
export type ManageViewer = 'office' | ManageLinkRecord['role'];

function viewerOf(actor: ChangeActor): ManageViewer {
  return actor.kind === 'visitor' ? actor.role : 'office';
}

/** A manage link that opens its order: the order's scope and who the link is for. */
export interface OpenManageLink extends OrderScope {
  linkId: string;
  role: ManageLinkRecord['role'];
  /** Who it was sent to (a client's address opens their agreements to sign, issue 43). */
  recipient: string;
}

export const MANAGE_LINK_INVALID_MESSAGE =
  'This link is not valid any more. Please use the link in your latest e-mail about the inspection, or call the office.';

/**
 * The order a manage link opens, or 404 `manage_link_invalid`: an unknown token, a revoked one,
 * one of another company than the URL's, one of an order never booked, or one whose inspection
 * is over. One answer for all, so a link's existence is not revealed.
 */
export async function openManageLink(
  db: Database,
  companyKey: string,
  token: string,
  now: Date,
): Promise<OpenManageLink> {
  const link = await findManageLink(db, hashToken(token));
  const over = !link?.start || link.start.getTime() + link.durationMinutes * MINUTE_MS <= now.getTime();
  if (!link || link.companyKey !== companyKey || link.revokedAt !== null || link.orderStatus === 'draft' || over) {
    throw new AppError(404, 'manage_link_invalid', MANAGE_LINK_INVALID_MESSAGE);
  }
  return {
    linkId: link.linkId,
    role: link.role,
    recipient: link.recipient,
    companyId: link.companyId,
    officeId: link.officeId,
    orderId: link.orderId,
  };
}

/**
 * Who the invalid-link page asks a visitor to call (issue 42): the company the URL's key names and
 * its offices with a phone. Read from the key alone, so it says nothing of the link; 404 for a key
 * no company has (the page then keeps its general words).
 */
export async function manageContact(db: Executor, companyKey: string): Promise<ManageContactResponse> {
  const company = await findCompanyContact(db, companyKey);
  if (!company) throw new NotFoundError('The company');
  return {
    company_name: company.companyName,
    offices: company.offices
      .filter((office) => office.phone.trim() !== '')
      .map((office) => ({ office_name: office.name, office_phone: office.phone })),
  };
}

/** The policy of one booked order and what it says of each change now. */
interface PolicyReading {
  policy: ChangePolicy;
  reschedule: ChangeDecision;
  cancel: ChangeDecision;
  /** The company's own texts shown with each change. */
  texts: { reschedule: string; cancel: string };
  /** The company shows an order's prices on its agents' links and in their messages. */
  agentSeesPrices: boolean;
}

/**
 * The policy's answers for one viewer. An agent's link answers under the company's permissions
 * for agents too (issue 42): a change the company keeps for the client and the office is refused
 * to it, whatever the policy says.
 */
function readPolicy(
  context: NonNullable<Awaited<ReturnType<typeof loadChangeContext>>>,
  booking: { booked: boolean; start: number; onlineMoves: number },
  now: Date,
  viewer: ManageViewer,
): PolicyReading {
  const settings = bookingChangesSchema.parse(context.bookingChanges ?? {});
  const totalCents = totalOf(context.pricingSnapshot);
  const policy = policyForOrder(settings, context.bookedServiceIds, totalCents);
  const request = {
    booked: booking.booked,
    startsAt: booking.start,
    now: now.getTime(),
    reschedulesSoFar: booking.onlineMoves,
    orderTotalCents: totalCents,
    policy,
  };
  const decide = (kind: ChangeKind) => {
    const decision = decideChange({ ...request, kind });
    return viewer === 'agent' ? forAgent(decision, kind, settings.agents) : decision;
  };
  return {
    policy,
    reschedule: decide('reschedule'),
    cancel: decide('cancel'),
    texts: { reschedule: settings.reschedule_text, cancel: settings.cancel_text },
    agentSeesPrices: settings.agents.see_prices,
  };
}

/**
 * The late fee a cancellation would cost from a moment still ahead, so the page states it from the
 * policy's numbers before it applies (issue 42); null when the policy has none or it is due already.
 */
function lateFeeAhead(
  policy: ChangePolicy,
  start: Date,
  now: Date,
  totalCents: number,
  currency: string,
): ManageOrderView['cancel']['late_fee'] {
  if (policy.late_cancel_fee === null || policy.late_cancel_within_hours === 0) return null;
  const from = start.getTime() - policy.late_cancel_within_hours * HOUR_MS;
  const cents = lateFeeCents(policy.late_cancel_fee, totalCents);
  // The fee applies strictly inside the window (decideChange): at `from` itself cancelling is still free.
  if (now.getTime() > from || cents === 0) return null;
  return { from: new Date(from + 1).toISOString(), fee: formatMoney(cents, currency) };
}

function totalOf(snapshot: Record<string, unknown> | null): number {
  const total = snapshot?.total_cents;
  return typeof total === 'number' && Number.isInteger(total) && total > 0 ? total : 0;
}

async function loadFacts(db: Executor, scope: OrderScope) {
  const facts = await loadMessageFacts(db, scope.companyId, scope.orderId, { cancelled: true });
  if (!facts) throw new NotFoundError('The order');
  return facts;
}

/** The booking, moves, cancellation and link revocations of some orders of one company, oldest first: the office's history. */
export async function changeHistory(db: Executor, companyId: string, orderIds: readonly string[]) {
  const events = await loadChangeHistory(db, companyId, orderIds);
  return events.map((event) => ({ ...event, type: event.type as (typeof CHANGE_EVENT_TYPES)[number] }));
}

/** The order's booking, changes and cancellation as sentences, oldest first, times in the office's zone. */
function historyOf(
  events: Awaited<ReturnType<typeof loadChangeHistory>>,
  office: { name: string; phone: string; email: string; timeZone: string },
  currency: string,
): ManageOrderView['history'] {
  // "Tuesday, December 1st 2026 at 9:00 AM EST": the page's own way of writing a moment, the zone named.
  const at = (iso: unknown) => {
    if (typeof iso !== 'string') return '';
    const when = appointmentText({ start: new Date(iso), end: new Date(iso), office });
    return `${when.date} at ${when.time}`;
  };
  return events.flatMap((event) => {
    const data = event.data as Record<string, unknown>;
    const when = event.at.toISOString();
    switch (event.type) {
      case 'confirmed':
        return [{ at: when, text: `Booked for ${at(data.start)}` }];
      case 'rescheduled': {
        const from = (data.from ?? {}) as { start?: unknown };
        const to = (data.to ?? {}) as { start?: unknown };
        const fee =
          typeof data.fee_cents === 'number' && data.fee_cents > 0
            ? `, with a late-reschedule fee of ${formatMoney(data.fee_cents, currency)}`
            : '';
        return [
          {
            at: when,
            text: `Moved from ${at(from.start)} to ${at(to.start)} by ${recordedAuthorWords(data.by)}${fee}`,
          },
        ];
      }
      case 'cancelled': {
        const fee =
          typeof data.fee_cents === 'number' && data.fee_cents > 0
            ? `, with a late-cancellation fee of ${formatMoney(data.fee_cents, currency)}`
            : '';
        return [{ at: when, text: `Cancelled by ${recordedAuthorWords(data.by)}${fee}` }];
      }
      default:
        return [];
    }
  });
}

/**
 * The reason of the order's cancellation that its clients and agents may read: the office's (the
 * console asks for it as "the client sees it"), never one typed on a manage link (written to the
 * office). The messages follow the same rule (notifications' message-document).
 */
function officeCancelReason(events: Awaited<ReturnType<typeof loadChangeHistory>>): string | null {
  const cancellation = events.findLast((event) => event.type === 'cancelled');
  const data = (cancellation?.data ?? {}) as { by?: { kind?: unknown }; reason?: unknown };
  if (data.by?.kind !== 'office' || typeof data.reason !== 'string') return null;
  return data.reason.trim() || null;
}

/**
 * The manage page's view of the order a link opens (ManageOrderView). A link's scope names who it
 * was sent to: a client's lists the agreements they sign (issue 43).
 */
export async function manageView(
  db: Database,
  scope: OrderScope & { recipient?: string },
  now: Date,
  viewer: ManageViewer,
): Promise<ManageOrderView> {
  const [facts, context, events, agreements, receipts] = await Promise.all([
    loadFacts(db, scope),
    loadChangeContext(db, scope.companyId, scope.orderId),
    loadChangeHistory(db, scope.companyId, [scope.orderId]),
    scope.recipient !== undefined
      ? manageAgreements(db, { ...scope, role: viewer, recipient: scope.recipient })
      : Promise.resolve([]),
    // The money is the client's: an agent's or a contact's link lists no receipts (decision 0082).
    viewer === 'client' ? receiptsOfOrder(db, scope) : Promise.resolve([]),
  ]);
  if (!context) throw new NotFoundError('The order');
  const cancelled = facts.status === 'cancelled';
  const reading = readPolicy(
    context,
    { booked: !cancelled, start: facts.start.getTime(), onlineMoves: context.onlineRescheduleCount },
    now,
    viewer,
  );
  const office = { phone: facts.office.phone, email: facts.office.email };
  const option = (kind: ChangeKind, decision: ChangeDecision) => ({
    allowed: changeAllowed(decision, 'visitor'),
    reason: firstRefusalText(decision.refusals, kind, reading.policy, office),
    deadline: new Date(decision.deadline).toISOString(),
    text: kind === 'reschedule' ? reading.texts.reschedule : reading.texts.cancel,
  });
  const showsPrice = viewer !== 'agent' || reading.agentSeesPrices;
  const price = showsPrice ? priceSection(facts, '') : null;
  const feeCents = reading.cancel.feeCents;
  const moveFeeCents = reading.reschedule.feeCents;
  // The fee's words are the client's ("your Visa"): never on an agent's link, nor once cancelled.
  const speaksMoney = !cancelled && viewer !== 'agent';
  const [cancelFee, moveFee] = speaksMoney
    ? await Promise.all([previewFee(db, scope, 'cancel', feeCents), previewFee(db, scope, 'reschedule', moveFeeCents)])
    : [null, null];
  return {
    company_name: facts.companyName,
    office: {
      office_name: facts.office.name,
      office_phone: facts.office.phone,
      office_email: facts.office.email,
      time_zone: facts.office.timeZone,
    },
    order: {
      reference: orderReference(facts.orderId),
      state: cancelled ? 'cancelled' : now.getTime() >= facts.start.getTime() ? 'over' : 'booked',
      start: facts.start.toISOString(),
      end: facts.end.toISOString(),
      when: appointmentText(facts),
      duration_minutes: facts.durationMinutes,
      address: [
        facts.address.address1,
        facts.address.address2,
        facts.address.city,
        [facts.address.state, facts.address.postalCode].filter(Boolean).join(' '),
      ]
        .filter((part) => part.trim() !== '')
        .join(', '),
      inspectors: facts.showInspectorNames ? facts.inspectors : [],
      price: price && price.kind === 'price' ? { lines: price.lines, total: price.total, note: price.note } : null,
      people: facts.people
        .filter((person) => person.role !== 'contact' && person.name !== '')
        .map((person) => ({ role: ROLE_TITLES[person.role], name: person.name })),
      paid: facts.paid,
      balance_due: balanceDueText(facts),
      cancelled: cancelled
        ? {
            at: (context.cancelledAt ?? now).toISOString(),
            fee: context.cancelFeeCents ? formatMoney(context.cancelFeeCents, facts.currency) : null,
            reason: officeCancelReason(events),
          }
        : null,
    },
    reschedule: {
      ...option('reschedule', reading.reschedule),
      remaining:
        reading.policy.max_reschedules === null
          ? null
          : Math.max(0, reading.policy.max_reschedules - context.onlineRescheduleCount),
      fee_cents: moveFeeCents,
      fee: moveFeeCents > 0 ? formatMoney(moveFeeCents, facts.currency) : null,
      charge: moveFee && feeWords('reschedule', moveFee, moveFeeCents, facts.currency, false).client,
    },
    cancel: {
      ...option('cancel', reading.cancel),
      fee_cents: feeCents,
      fee: feeCents > 0 ? formatMoney(feeCents, facts.currency) : null,
      late_fee: cancelled
        ? null
        : lateFeeAhead(reading.policy, facts.start, now, totalOf(context.pricingSnapshot), facts.currency),
      // Said to whoever paid ("… you paid"): never on an agent's link, which cannot see or be owed the money.
      refund:
        cancelFee &&
        (await refundWords(
          db,
          scope,
          feeCents,
          facts.currency,
          cancelFee.collectCents > 0 && cancelFee.collector !== null,
        )),
      charge: cancelFee && feeWords('cancel', cancelFee, feeCents, facts.currency, false).client,
    },
    history: historyOf(events, facts.office, facts.currency),
    agreements,
    receipts,
  };
}

/**
 * What cancelling now gives back of what was paid, as the page says it before the visitor confirms
 * (decision 0076); null when the company's office refunds by hand, or nothing was paid.
 */
async function refundWords(db: Executor, scope: OrderScope, feeCents: number, currency: string, restCharged: boolean) {
  if (!(await refundsByPolicy(db, scope.companyId))) return null;
  return cancelRefundText(await planOfOrder(db, scope, feeCents), currency, false, restCharged);
}

/**
 * The policy's answer to one change of a booking as it is now (read with its row locked): 409
 * `change_refused` with the reason when the actor may not make it.
 */
async function assertChangeAllowed(
  tx: Executor,
  scope: OrderScope,
  booking: LockedBooking,
  kind: ChangeKind,
  actor: ChangeActor,
  now: Date,
): Promise<{ decision: ChangeDecision; overridden: string[] }> {
  const context = await loadChangeContext(tx, scope.companyId, scope.orderId);
  if (!context || !booking.start) throw new NotFoundError('The order');
  const reading = readPolicy(
    context,
    {
      booked: booking.status === 'confirmed',
      start: booking.start.getTime(),
      onlineMoves: booking.onlineRescheduleCount,
    },
    now,
    viewerOf(actor),
  );
  const decision = kind === 'reschedule' ? reading.reschedule : reading.cancel;
  const allowed =
    actor.kind === 'office' && actor.override ? changeAllowed(decision, 'office') : changeAllowed(decision, 'visitor');
  if (!allowed) {
    const office = await loadOfficeReach(tx, scope);
    throw new ConflictError(
      'change_refused',
      firstRefusalText(decision.refusals, kind, reading.policy, office) ?? 'This change is not allowed now.',
    );
  }
  return { decision, overridden: actor.kind === 'office' ? [...decision.refusals] : [] };
}

async function loadOfficeReach(db: Executor, scope: OrderScope): Promise<{ phone: string; email: string }> {
  const facts = await loadMessageFacts(db, scope.companyId, scope.orderId, { cancelled: true });
  return { phone: facts?.office.phone ?? '', email: facts?.office.email ?? '' };
}

function actorData(actor: ChangeActor): Record<string, unknown> {
  if (actor.kind === 'visitor') return { kind: 'visitor', role: actor.role, link_id: actor.linkId };
  return {
    kind: 'office',
    override: actor.override,
    ...(actor.member ? { user_id: actor.member.userId, name: actor.member.name } : {}),
  };
}

/** The messages of a change and the reminders it re-plans, with their manage links, queued in the change's transaction. */
async function queueChangeMessages(
  tx: Executor,
  scope: OrderScope,
  change: {
    kind: 'rescheduled' | 'cancelled';
    previousStart: Date;
    start: Date;
    sequence: number;
    actor: ChangeActor;
    now: Date;
    refund?: BookingChange['refund'];
  },
): Promise<void> {
  const aggregate = await loadConfirmableOrder(tx, scope.companyId, scope.orderId);
  if (!aggregate) throw new NotFoundError('The order');
  const settings = notificationsSchema.parse(aggregate.notifications ?? {});
  const when = { now: change.now, country: aggregate.country };
  const jobs: QueuedJob[] = changeJobs(aggregate, settings, {
    kind: change.kind,
    previousStart: change.previousStart,
    start: change.start,
    sequence: change.sequence,
    now: change.now,
    country: aggregate.country,
    changedBy: change.actor.kind,
    ...(change.refund ? { refund: change.refund } : {}),
    ...(await visitorOf(tx, scope, change.actor)),
  });
  await enqueueJobs(tx, await withManageLinks(tx, jobs));
  // A moved inspection's agreements waiting for signatures name the old time: sent anew with the new one (issue 43).
  if (change.kind === 'rescheduled') await enqueueJobs(tx, await agreementsAfterMove(tx, scope, change.now));
  await replanReminders(
    tx,
    aggregate,
    settings,
    { ...when, start: change.kind === 'cancelled' ? null : change.start },
    withManageLinks,
  );
}

/**
 * A visitor's change as its messages name its author: the role and recipient of the manage link
 * it was made through, read from the link as issued (never from the request).
 */
async function visitorOf(tx: Executor, scope: OrderScope, actor: ChangeActor): Promise<Pick<BookingChange, 'visitor'>> {
  if (actor.kind !== 'visitor') return {};
  const link = await findManageLinkRecipient(tx, scope.companyId, scope.orderId, actor.linkId);
  return link ? { visitor: link } : {};
}

class TimeTaken extends Error {}

/** 409 `same_time`: the time asked for is the booking's own, with its own inspectors. */
function sameTimeRefusal(actor: ChangeActor): ConflictError {
  const whose = actor.kind === 'visitor' ? 'your' : 'the';
  return new ConflictError('same_time', `That is already ${whose} inspection's time.`, 'start');
}

/** Whether `inspectorIds` are exactly the booking's inspectors, in any order. */
function isTeam(inspectorIds: readonly number[], team: ReadonlyArray<{ id: number }>): boolean {
  return inspectorIds.length === team.length && team.every((inspector) => inspectorIds.includes(inspector.id));
}

/**
 * Holds a new time for the booking while the visitor confirms the move (the page's calendar).
 * Refused like the move itself when the policy does not allow moving it now.
 */
export async function holdNewTime(
  deps: ManageDeps,
  link: OpenManageLink,
  startIso: string,
  now = deps.store.now(),
): Promise<ManageHoldResponse> {
  const { db } = deps.store;
  const view = await manageView(db, link, now, link.role);
  if (!view.reschedule.allowed)
    throw new ConflictError('change_refused', view.reschedule.reason ?? 'This change is not allowed now.');
  const held = await holdMove(deps.store, link, Date.parse(startIso), now);
  if (held.status === 'unavailable') return held;
  const facts = await loadFacts(db, link);
  const slot = held.slot;
  const when = appointmentText({ start: new Date(slot.start), end: new Date(slot.end), office: facts.office });
  return {
    status: 'ok',
    start: new Date(slot.start).toISOString(),
    end: new Date(slot.end).toISOString(),
    when,
    hold_expires_at: held.expiresAt!.toISOString(),
    same_inspectors: slot.sameTeam,
    inspector_note: slot.sameTeam
      ? null
      : await inspectorNote(db, link, facts.inspectors, slot.inspectorIds, facts.showInspectorNames),
  };
}

/** "Sarah Chen isn't free then; Mike Alvarez would inspect", or without names when the company hides them. */
async function inspectorNote(
  db: Executor,
  scope: OrderScope,
  current: readonly string[],
  newTeam: readonly number[],
  showNames: boolean,
): Promise<string> {
  if (!showNames) return "Your inspector isn't free then; another of our inspectors would inspect.";
  const names = await loadInspectorNames(db, scope.companyId, newTeam);
  const who = current.length > 0 ? joinAnd(current) : 'Your inspector';
  const verb = current.length > 1 ? "aren't" : "isn't";
  return `${who} ${verb} free then; ${joinAnd(names)} would inspect.`;
}

function joinAnd(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * Moves the booking to `startIso`. In one transaction: the booking's row is locked, the policy
 * asked again, its old rows released and the new ones inserted (the exclusion constraint decides
 * a race with another booking: the old time is kept when the new one is taken), the order saved,
 * the audit event written and the messages and reminders queued. `fromStartIso` (the page's
 * start) refuses a move of a booking moved meanwhile; the same move repeated answers as the first.
 * A move to the start and inspectors the booking has is refused (409 `same_time`): nothing is
 * saved, recorded or sent. Without `fromStart` (the admin API) a repeated move cannot be told
 * from that one, and is refused alike.
 */
export async function rescheduleBooking(
  deps: ManageDeps,
  scope: OrderScope,
  actor: ChangeActor,
  request: { start: string; fromStart: string | null; inspectors?: MoveTeam; feeCents?: number },
  now = deps.store.now(),
): Promise<ManageChangeResponse> {
  const { db } = deps.store;
  const start = Date.parse(request.start);
  const team = request.inspectors ?? 'any';
  const plan = await planMove(deps.store, scope, start, now, team);
  if (plan.status === 'unavailable') return plan;
  const { slot } = plan;
  let moved = false;
  try {
    await retryTransientConflicts(() =>
      db.transaction(async (tx) => {
        moved = false;
        const booking = await lockBooking(tx, scope.companyId, scope.orderId);
        if (!booking?.start) throw new NotFoundError('The order');
        if (booking.status === 'confirmed' && booking.start.getTime() === start) {
          // The same move again (a double click, a retried request): from the start it moved from; done.
          if (request.fromStart !== null && Date.parse(request.fromStart) !== start) return;
          // A "move" to the time and inspectors it has would change nothing yet say it moved (issue 42).
          if (isTeam(slot.inspectorIds, booking.inspectors)) throw sameTimeRefusal(actor);
        }
        if (request.fromStart !== null && booking.start.getTime() !== Date.parse(request.fromStart)) {
          throw new ConflictError(
            'order_changed',
            'This inspection was changed meanwhile (in another window, or by someone else). Please check its new time below.',
          );
        }
        const { decision, overridden } = await assertChangeAllowed(tx, scope, booking, 'reschedule', actor, now);
        // The late-reschedule fee is the client's online move's (decision 0081): the office's moves are the company's own.
        const feeCents = actor.kind === 'visitor' ? decision.feeCents : 0;
        if (actor.kind === 'visitor' && (request.feeCents ?? 0) !== feeCents) throw feeChanged('reschedule', feeCents);
        await releaseOrderTime(tx, scope.companyId, scope.orderId);
        try {
          await commitInspectors(tx, {
            ...scope,
            inspectorIds: slot.inspectorIds,
            start: slot.start,
            end: slot.end,
            now,
            terms: { kind: 'appointment' },
          });
        } catch (error) {
          if (isOverlapViolation(error)) throw new TimeTaken();
          throw error;
        }
        const fromIds = booking.inspectors.map((i) => i.id);
        // Names as they were at the move, so the history says who it went from and to (issue 41).
        const [fromNames, toNames] = await Promise.all([
          loadInspectorNames(tx, scope.companyId, fromIds),
          loadInspectorNames(tx, scope.companyId, slot.inspectorIds),
        ]);
        const sequence = booking.changeSequence + 1;
        await saveMove(tx, scope.companyId, scope.orderId, {
          start: new Date(slot.start),
          inspectorIds: slot.inspectorIds,
          rescheduleCount: booking.rescheduleCount + 1,
          // The policy's limit is the client's: the office's moves (dispatch board, order page, admin API) leave it (decision 0077).
          onlineRescheduleCount: booking.onlineRescheduleCount + (actor.kind === 'visitor' ? 1 : 0),
          changeSequence: sequence,
          at: now,
        });
        await recordChangeEvent(
          tx,
          scope.companyId,
          scope.orderId,
          'rescheduled',
          {
            from: { start: booking.start.toISOString(), inspectors: fromIds, inspector_names: fromNames },
            to: { start: new Date(slot.start).toISOString(), inspectors: slot.inspectorIds, inspector_names: toNames },
            by: actorData(actor),
            overridden,
            ...(feeCents > 0 ? { fee_cents: feeCents } : {}),
          },
          now,
        );
        const fee = await settleChangeFee(tx, scope, { kind: 'reschedule', feeCents, sequence }, now);
        await queueChangeMessages(tx, scope, {
          kind: 'rescheduled',
          previousStart: booking.start,
          start: new Date(slot.start),
          sequence,
          actor,
          now,
          ...(fee.client || fee.office ? { refund: { client: fee.client, office: fee.office } } : {}),
        });
        moved = true;
      }),
    );
  } catch (error) {
    if (!(error instanceof TimeTaken)) throw error;
    return { status: 'unavailable', appointments: await moveAlternatives(deps.store, scope, start, now, team) };
  }
  if (moved) announce(deps, scope);
  return { status: 'ok', view: await manageView(db, scope, now, viewerOf(actor)) };
}

/**
 * Cancels the booking. In one transaction: the row locked, the policy asked again, the time
 * released, the order marked cancelled with its reason and fee, the audit event written, the
 * messages queued, the reminders dropped and its open Stripe Checkout Session taken off the order
 * (a job expires it at Stripe after the commit, so a tab left open can no longer pay). A visitor
 * must have seen the fee that applies now (`feeCents`; 409 `fee_changed` otherwise); the office
 * may waive it. Cancelling a cancelled order answers as the first cancellation did.
 */
export async function cancelBooking(
  deps: ManageDeps,
  scope: OrderScope,
  actor: ChangeActor,
  request: { reason: string; feeCents: number | null; waiveFee?: boolean },
  now = deps.store.now(),
): Promise<ManageChangeResponse> {
  const { db } = deps.store;
  let cancelled = false;
  await retryTransientConflicts(() =>
    db.transaction(async (tx) => {
      cancelled = false;
      const booking = await lockBooking(tx, scope.companyId, scope.orderId);
      if (!booking?.start) throw new NotFoundError('The order');
      if (booking.status === 'cancelled') return;
      const { decision, overridden } = await assertChangeAllowed(tx, scope, booking, 'cancel', actor, now);
      const feeCents = actor.kind === 'office' && request.waiveFee ? 0 : decision.feeCents;
      if (request.feeCents !== null && request.feeCents !== decision.feeCents)
        throw feeChanged('cancel', decision.feeCents);
      await releaseOrderTime(tx, scope.companyId, scope.orderId);
      const sequence = booking.changeSequence + 1;
      await saveCancellation(tx, scope.companyId, scope.orderId, {
        at: now,
        reason: request.reason.trim(),
        feeCents,
        changeSequence: sequence,
      });
      await recordChangeEvent(
        tx,
        scope.companyId,
        scope.orderId,
        'cancelled',
        {
          start: booking.start.toISOString(),
          reason: request.reason.trim(),
          fee_cents: feeCents,
          policy_fee_cents: decision.feeCents,
          by: actorData(actor),
          overridden,
        },
        now,
      );
      // The fee beyond what was paid is charged, the refund the policy decides is queued, with the cancel; both go out in its e-mails.
      const fee = await settleChangeFee(tx, scope, { kind: 'cancel', feeCents, sequence }, now);
      const refunded = await settleCancelRefund(
        tx,
        scope,
        {
          feeCents,
          cancelledBy: recordedAuthorWords(actorData(actor)),
          byPolicy: await refundsByPolicy(tx, scope.companyId),
          restCharged: fee.collectCents > 0 && fee.collector !== null,
        },
        now,
      );
      const refund = {
        client: joinWords(refunded.client, fee.client, ' '),
        office: joinWords(refunded.office, fee.office, '; '),
      };
      await queueChangeMessages(tx, scope, {
        kind: 'cancelled',
        previousStart: booking.start,
        start: booking.start,
        sequence,
        actor,
        now,
        refund,
      });
      await closeOpenCheckout(tx, scope, now);
      cancelled = true;
    }),
  );
  if (cancelled) announce(deps, scope);
  return { status: 'ok', view: await manageView(db, scope, now, viewerOf(actor)) };
}

/** 409 `fee_changed`: the fee the page showed is not what the change costs now (the late window began meanwhile). */
function feeChanged(kind: ChangeKind, feeCents: number): ConflictError {
  const verb = kind === 'cancel' ? 'Cancelling' : 'Moving';
  const fee = kind === 'cancel' ? 'a late-cancellation fee' : 'a late-reschedule fee';
  return new ConflictError(
    'fee_changed',
    `${verb} now costs ${feeCents > 0 ? fee : 'nothing'}; please check the fee below and confirm again.`,
    'fee_cents',
  );
}

/** Two parts of a change's e-mail row, either of which may be missing. */
function joinWords(first: string | null, second: string | null, separator: string): string | null {
  return [first, second].filter((words) => words !== null).join(separator) || null;
}

function announce(deps: ManageDeps, scope: OrderScope): void {
  announceScheduleChanged(deps.store.changes, scope.companyId);
  deps.store.changes.announce(changeKeys.order(scope.orderId));
  deps.onJobsEnqueued();
}

// ---- The office ----

/** One order of the company the key names, booked or cancelled, as a change's scope; 404 otherwise (another company's order included). */
export async function orderScopeOf(db: Executor, companyKey: string, orderId: string): Promise<OrderScope> {
  const scope = await findOrderScope(db, companyKey, orderId);
  if (!scope) throw new NotFoundError('The order');
  return scope;
}

export async function manageLinksOf(db: Executor, scope: OrderScope) {
  const links = await listOrderManageLinks(db, scope.companyId, scope.orderId);
  return {
    links: links.map((link) => ({
      id: link.id,
      role: link.role,
      recipient: link.recipient,
      created_at: link.createdAt.toISOString(),
      revoked_at: link.revokedAt?.toISOString() ?? null,
    })),
  };
}

/** Revokes every live manage link of the order, recorded on its audit trail in the same transaction. */
export async function revokeManageLinks(db: Database, scope: OrderScope, now: Date): Promise<{ revoked: number }> {
  return db.transaction(async (tx) => {
    const revoked = await revokeOrderManageLinks(tx, scope.companyId, scope.orderId, now);
    if (revoked > 0)
      await recordChangeEvent(
        tx,
        scope.companyId,
        scope.orderId,
        'manage_links_revoked',
        { count: revoked, by: { kind: 'office' } },
        now,
      );
    return { revoked };
  });
}

/** "$109.53" while part of the order is paid and the rest is due (decision 0067); null otherwise. */
function balanceDueText(facts: NonNullable<Awaited<ReturnType<typeof loadMessageFacts>>>): string | null {
  const left =
    facts.paid || facts.totalCents === null || facts.balanceDueCents === null
      ? null
      : balanceLeftAfterPart(facts.totalCents, facts.balanceDueCents);
  return left === null ? null : formatMoney(left, facts.currency);
}
