import { createHash } from 'node:crypto';
import { LOCKABLE_FIELDS, type LockableField } from '@scheduler/contracts/embed';
import { orderPrefillSchema, type OrderPrefill, type OrderResponse } from '@scheduler/contracts/order';
import { ledgerTotals } from '@scheduler/domain/payments/ledger';
import { personSchema, userTypeSchema, type Person } from '@scheduler/contracts/person';
import type { Database, Executor } from '../../db/connection.ts';
import { AppError, NotFoundError } from '../../errors.ts';
import type { AuthenticatedSession } from '../sessions/sessions.service.ts';
import {
  findLockedFields,
  loadOrder,
  recordOrderEvent as insertOrderEvent,
  saveOrderInspectors,
  saveOrderPostalCode,
  saveOrderPrefill,
  saveHeldSchedule,
  saveOrderSchedule,
  type OrderAggregate as StoredOrderAggregate,
  type OrderPartyRow,
} from './orders.repository.ts';

function person(row: OrderPartyRow): Person {
  return personSchema.parse({ ...row.person, id: row.agentId ?? row.person.id ?? null });
}

/** A booked order's balance due with tax (what its pay link charges, decision 0067); null for a draft or an order that priced nothing. */
function balanceDueOf(order: OrderAggregate['order'], ledger: OrderAggregate['ledger']): number | null {
  const total = (order.pricingSnapshot as { total_cents?: unknown } | null)?.total_cents;
  if (order.status === 'draft' || typeof total !== 'number' || !Number.isInteger(total)) return null;
  return ledgerTotals(total, ledger).balanceDueCents;
}

function onlyParty(parties: OrderPartyRow[], role: OrderPartyRow['role']): Person | null {
  const row = parties.find((p) => p.role === role);
  return row ? person(row) : null;
}

/** Other modules write their changes of an order into its audit trail through this service. */
export function recordOrderEvent(
  db: Executor,
  companyId: string,
  orderId: string,
  type: string,
  data: Record<string, unknown> = {},
): Promise<void> {
  return insertOrderEvent(db, companyId, orderId, type, data);
}

/** The revision of the order as it is now (read in the caller's transaction), or null when there is none. */
export async function currentOrderRevision(db: Executor, companyId: string, orderId: string): Promise<string | null> {
  const aggregate = await loadOrder(db, companyId, orderId);
  return aggregate ? orderRevision(aggregate) : null;
}

/** The order as the wizard reads it (spec 3.2), with the revision of what it says. */
export function toOrderResponse(aggregate: OrderAggregate): OrderResponse {
  const content = orderContent(aggregate);
  return { ...content, revision: revisionOf(aggregate, content) };
}

/**
 * A digest of what the order says (decision 0033): its content as the wizard reads it and its
 * coupons, but not when its hold lapses (holding the same time again changes nothing the review
 * shows) nor whether a step was saved.
 */
export function orderRevision(aggregate: OrderAggregate): string {
  return revisionOf(aggregate, orderContent(aggregate));
}

function revisionOf(aggregate: OrderAggregate, content: Omit<OrderResponse, 'revision'>): string {
  const { hold_expires_at: _hold, saved: _saved, ...said } = content;
  return createHash('sha256')
    .update(JSON.stringify([said, aggregate.order.couponCodes]))
    .digest('base64url')
    .slice(0, 22);
}

function orderContent({
  order,
  parties,
  answers,
  foundationOption,
  holdExpiresAt,
  ledger,
}: OrderAggregate): Omit<OrderResponse, 'revision'> {
  const clients = parties.filter((p) => p.role === 'client').map(person);
  const user = order.userType ? userTypeSchema.safeParse(order.userType) : null;
  return {
    id: order.id,
    saved: order.saved,
    complete: order.status !== 'draft',
    // A cancelled order was confirmed: the wizard shows it read-only, saying it is cancelled.
    confirmed: order.status !== 'draft',
    cancelled: order.status === 'cancelled',
    office_booking: order.bookedByUserId ? { booked_by: order.bookedByName ?? '' } : null,
    paid: order.paid,
    pay_url: order.payUrl,
    balance_due_cents: balanceDueOf(order, ledger),
    datetime: order.datetime ? order.datetime.toISOString() : null,
    // A confirmed order's time is booked, not held.
    hold_expires_at: order.datetime && order.status === 'draft' && holdExpiresAt ? holdExpiresAt.toISOString() : null,
    duration: order.durationMinutes,
    inspectors: order.inspectors,
    address1: order.address1,
    address2: order.address2,
    city: order.city,
    state: order.stateId,
    postal_code: order.postalCode,
    latitude: order.latitude,
    longitude: order.longitude,
    county: order.county,
    sqft: order.sqft,
    yb: order.yearBuilt,
    foundation_type: foundationOption,
    sales_price: order.salesPrice,
    refer_reason: order.referReason,
    refer_reason_other: order.referReasonOther,
    controls: answers.map((a) => ({ id: a.controlId, value: a.value, checked: a.checked })),
    packages: order.packageIds,
    services: order.serviceIds,
    user: user?.success ? user.data : null,
    client: clients[0] ?? null,
    clients: clients.length ? clients : null,
    buyers_agent: onlyParty(parties, 'buyers_agent'),
    sellers_agent: onlyParty(parties, 'sellers_agent'),
    insurance_agent: onlyParty(parties, 'insurance_agent'),
    contacts: parties.filter((p) => p.role === 'contact').map(person),
    rush_rer: order.rushRer,
    services_changed: order.servicesChanged,
    special_note: order.specialNote,
    prefill: orderPrefillSchema.catch({}).parse(order.prefill),
    locked: lockedFieldNames(order.lockedFields),
  };
}

export async function getOrderForSession(db: Database, session: AuthenticatedSession): Promise<OrderResponse> {
  const aggregate = await loadOrder(db, session.companyId, session.orderId);
  if (!aggregate) throw new NotFoundError('The order');
  return toOrderResponse(aggregate);
}

/** The order as loaded whole: other modules name it through this service. */
export type OrderAggregate = StoredOrderAggregate;

/** One order of one company, as other modules name it. */
export interface OrderRef {
  companyId: string;
  orderId: string;
}

/**
 * The order's time is held: its date, time, length and inspectors, with the audit event. Takes
 * the caller's transaction, so that the hold and the order change commit together.
 */
export async function recordHeldTime(
  tx: Executor,
  ref: OrderRef,
  held: { start: Date; durationMinutes: number; inspectorIds: number[] },
): Promise<void> {
  await saveHeldSchedule(
    tx,
    ref.companyId,
    ref.orderId,
    {
      datetime: held.start,
      durationMinutes: held.durationMinutes,
      inspectors: held.inspectorIds.map((id) => ({ id, requested: false })),
    },
    {
      type: 'datetime_held',
      data: { start: held.start.toISOString(), duration: held.durationMinutes, inspectors: held.inspectorIds },
    },
  );
}

/** The order's time is given up: no date, time or inspectors; the length the caller gives (the cart's). */
export async function clearOrderTime(tx: Executor, ref: OrderRef, durationMinutes: number): Promise<void> {
  await saveOrderSchedule(tx, ref.companyId, ref.orderId, { datetime: null, durationMinutes, inspectors: [] });
}

/** The inspectors the visitor chose, once each. */
export async function chooseOrderInspectors(db: Executor, ref: OrderRef, inspectorIds: number[]): Promise<void> {
  await saveOrderInspectors(
    db,
    ref.companyId,
    ref.orderId,
    [...new Set(inspectorIds)].map((id) => ({ id, requested: false })),
  );
}

/** The postal-code step (spec 2.4): the property's postal code, before its full address is known. */
export async function savePostalCodeStep(db: Executor, ref: OrderRef, postalCode: string): Promise<void> {
  await saveOrderPostalCode(db, ref.companyId, ref.orderId, postalCode);
  await recordStepSaved(db, ref, 'postal-code');
}

/** The audit trail's record that a step was saved, written in the step's own transaction. */
export async function recordStepSaved(
  db: Executor,
  ref: OrderRef,
  step: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  await recordOrderEvent(db, ref.companyId, ref.orderId, 'step_saved', { step, ...details });
}

// ---- What a company's page filled in (issue 27) ----

export type LockedValues = Partial<Record<LockableField, string>>;

/** The locked fields' names, in the contract's order. */
function lockedFieldNames(locked: Readonly<Record<string, unknown>>): LockableField[] {
  return LOCKABLE_FIELDS.filter((field) => typeof locked[field] === 'string');
}

/** The embed's starting values and locks, written as its session starts, with their audit event. */
export async function recordOrderPrefill(
  db: Executor,
  ref: OrderRef,
  prefill: OrderPrefill,
  locked: LockedValues,
  applied: readonly string[],
): Promise<void> {
  await saveOrderPrefill(db, ref.companyId, ref.orderId, prefill, locked);
  await recordOrderEvent(db, ref.companyId, ref.orderId, 'prefilled', { fields: applied, locked: Object.keys(locked) });
}

export const LOCKED_FIELD_MESSAGE =
  'This was filled in for you and cannot be changed here. Please call the office to change it.';

/**
 * Refuses a visitor's write that would change a field the company's page locked: the lock holds
 * on the server, not only in the form. Compared as the visitor would read them (case and outer
 * spaces aside); `field` is what the refusal names.
 */
/** Whether the company's page locked this field of the order (the embed's `lock=`). */
export async function isFieldLocked(db: Executor, ref: OrderRef, lockable: LockableField): Promise<boolean> {
  return (await findLockedFields(db, ref.companyId, ref.orderId))[lockable] !== undefined;
}

export async function refuseLockedChange(
  db: Executor,
  ref: OrderRef,
  lockable: LockableField,
  value: string | null | undefined,
  field: string,
): Promise<void> {
  const kept = (await findLockedFields(db, ref.companyId, ref.orderId))[lockable];
  if (kept === undefined) return;
  if ((value ?? '').trim().toLowerCase() !== kept.trim().toLowerCase())
    throw new AppError(400, 'field_locked', LOCKED_FIELD_MESSAGE, field);
}
