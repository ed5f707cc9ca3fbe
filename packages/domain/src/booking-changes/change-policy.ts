/**
 * A company's policy for changing a booked inspection (issue 24): until when a client, a visitor
 * or an agent may reschedule or cancel it online, how many times it may be moved, and what a late
 * cancellation costs. Pure: the caller passes the booking's start, the clock's instant and the
 * order's figures; every path that changes a booking (the manage page, the office) asks here.
 *
 * Hours are elapsed hours before the start, counted on instants, so a daylight-saving change
 * between now and the inspection neither adds nor removes an hour of notice.
 */
import type { BookingChangeSettings } from '@scheduler/contracts/company-document';
import { percentOf } from '../pricing/money.ts';

export type LateCancelFee = { kind: 'amount'; amount_cents: number } | { kind: 'percent'; percent: number };

export interface ChangePolicy {
  /** Online reschedules are allowed until this many hours before the start (0: until the start). */
  reschedule_until_hours: number;
  /** How many times an order may be rescheduled online; null: no limit. */
  max_reschedules: number | null;
  /** Online cancellations are allowed until this many hours before the start. */
  cancel_until_hours: number;
  /** A cancellation less than this many hours before the start costs `late_cancel_fee`. */
  late_cancel_within_hours: number;
  late_cancel_fee: LateCancelFee | null;
  /** A reschedule inside the same late window costs `late_reschedule_fee` (issue 44, decision 0081). */
  late_reschedule_fee: LateCancelFee | null;
}

/** A service's own policy: each field it sets replaces the company's for orders holding it. */
export type ServiceChangePolicy = Partial<ChangePolicy>;

export type ChangeKind = 'reschedule' | 'cancel';

/**
 * Why a change is refused. `not_booked` and `started` hold for everyone; the others are the
 * policy's, which the office may override.
 */
export type ChangeRefusal = 'not_booked' | 'started' | 'agent_not_permitted' | 'inside_cutoff' | 'reschedule_limit';

/** What the company lets an agent do on a client's booking (company document `booking_changes.agents`). */
export interface AgentPermissions {
  see_prices: boolean;
  reschedule: boolean;
  cancel: boolean;
}

const HOUR_MS = 3_600_000;

/** The refusals the office may override (recorded as overridden); the others hold for everyone. */
export const POLICY_REFUSALS: readonly ChangeRefusal[] = ['inside_cutoff', 'reschedule_limit'];

/**
 * The policy for one order: the company's, with each field a service of the order sets taken
 * from the strictest of them (the most hours of notice, the fewest reschedules, the widest late
 * window). Two services' fees are compared on the order's total, so the larger one applies.
 */
export function orderChangePolicy(
  company: ChangePolicy,
  services: readonly ServiceChangePolicy[],
  orderTotalCents: number,
): ChangePolicy {
  let policy = { ...company };
  for (const service of services) {
    policy = {
      reschedule_until_hours: Math.max(
        policy.reschedule_until_hours,
        service.reschedule_until_hours ?? policy.reschedule_until_hours,
      ),
      max_reschedules: fewerReschedules(
        policy.max_reschedules,
        service.max_reschedules === undefined ? policy.max_reschedules : service.max_reschedules,
      ),
      cancel_until_hours: Math.max(policy.cancel_until_hours, service.cancel_until_hours ?? policy.cancel_until_hours),
      late_cancel_within_hours: Math.max(
        policy.late_cancel_within_hours,
        service.late_cancel_within_hours ?? policy.late_cancel_within_hours,
      ),
      late_cancel_fee: largerFee(
        policy.late_cancel_fee,
        service.late_cancel_fee === undefined ? policy.late_cancel_fee : service.late_cancel_fee,
        orderTotalCents,
      ),
      late_reschedule_fee: largerFee(
        policy.late_reschedule_fee,
        service.late_reschedule_fee === undefined ? policy.late_reschedule_fee : service.late_reschedule_fee,
        orderTotalCents,
      ),
    };
  }
  return policy;
}

/** The policy for an order from the company document's `booking_changes`: the company's rules and those of the order's services. */
export function policyForOrder(
  settings: BookingChangeSettings,
  orderServiceIds: readonly string[],
  orderTotalCents: number,
): ChangePolicy {
  const {
    reschedule_until_hours,
    max_reschedules,
    cancel_until_hours,
    late_cancel_within_hours,
    late_cancel_fee,
    late_reschedule_fee,
  } = settings;
  const ownRules = settings.services
    .filter((rules) => orderServiceIds.includes(rules.service))
    .map(({ service: _service, ...rules }) => rules);
  return orderChangePolicy(
    {
      reschedule_until_hours,
      max_reschedules,
      cancel_until_hours,
      late_cancel_within_hours,
      late_cancel_fee,
      late_reschedule_fee,
    },
    ownRules,
    orderTotalCents,
  );
}

function fewerReschedules(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.min(a, b);
}

function largerFee(a: LateCancelFee | null, b: LateCancelFee | null, totalCents: number): LateCancelFee | null {
  if (a === null) return b;
  if (b === null) return a;
  return feeCents(b, totalCents) > feeCents(a, totalCents) ? b : a;
}

/** A fee in cents on an order's total: a percent of it, half up, or an amount never above it. */
export function feeCents(fee: LateCancelFee, totalCents: number): number {
  return fee.kind === 'percent' ? percentOf(totalCents, fee.percent) : Math.min(fee.amount_cents, totalCents);
}

export interface ChangeRequest {
  kind: ChangeKind;
  /** Whether the order is booked now (confirmed, not cancelled). */
  booked: boolean;
  /** The booked start and the clock's instant, in ms since the epoch. */
  startsAt: number;
  now: number;
  /** How many times the order was rescheduled online before (through a manage link; the office's moves never count, decision 0077). */
  reschedulesSoFar: number;
  orderTotalCents: number;
  policy: ChangePolicy;
}

export interface ChangeDecision {
  /** Every reason the change is refused, the hard ones first; empty when it is allowed. */
  refusals: ChangeRefusal[];
  /** The last instant the policy allows this change, in ms since the epoch. */
  deadline: number;
  /** What this change costs now under the policy: the late-cancellation or late-reschedule fee (0 outside the late window). */
  feeCents: number;
}

/** What the policy says of a reschedule or a cancellation asked for at `now`. */
export function decideChange(request: ChangeRequest): ChangeDecision {
  const { kind, policy, startsAt, now } = request;
  const untilHours = kind === 'reschedule' ? policy.reschedule_until_hours : policy.cancel_until_hours;
  const deadline = startsAt - untilHours * HOUR_MS;
  const refusals: ChangeRefusal[] = [];
  if (!request.booked) refusals.push('not_booked');
  if (now >= startsAt) refusals.push('started');
  if (now > deadline) refusals.push('inside_cutoff');
  if (kind === 'reschedule' && policy.max_reschedules !== null && request.reschedulesSoFar >= policy.max_reschedules)
    refusals.push('reschedule_limit');
  const late = startsAt - now < policy.late_cancel_within_hours * HOUR_MS;
  const lateFee = kind === 'cancel' ? policy.late_cancel_fee : policy.late_reschedule_fee;
  const fee = late && lateFee !== null ? feeCents(lateFee, request.orderTotalCents) : 0;
  return { refusals, deadline, feeCents: fee };
}

/**
 * Whether the change may go ahead for who asks: a visitor only when nothing refuses it; the
 * office also over the policy's own refusals (the caller records them as overridden).
 */
export function changeAllowed(decision: ChangeDecision, actor: 'visitor' | 'office'): boolean {
  if (actor === 'visitor') return decision.refusals.length === 0;
  return decision.refusals.every((refusal) => POLICY_REFUSALS.includes(refusal));
}

/**
 * The decision as an agent's link reads it: a change the company does not let agents make is
 * refused (`agent_not_permitted`) after the refusals that hold for everyone, so an agent is told
 * first that the inspection is over or cancelled, then that it is the client's to change.
 */
export function forAgent(decision: ChangeDecision, kind: ChangeKind, permissions: AgentPermissions): ChangeDecision {
  if (permissions[kind]) return decision;
  const hard = decision.refusals.filter((refusal) => refusal === 'not_booked' || refusal === 'started');
  const policy = decision.refusals.filter((refusal) => refusal !== 'not_booked' && refusal !== 'started');
  return { ...decision, refusals: [...hard, 'agent_not_permitted', ...policy] };
}
