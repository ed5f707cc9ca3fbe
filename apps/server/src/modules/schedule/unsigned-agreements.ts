import { and, eq, inArray } from 'drizzle-orm';
import {
  agreementSettingsSchema,
  DEFAULT_AGREEMENT_SETTINGS,
  type AgreementSettings,
} from '@scheduler/contracts/agreements';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';

const HOUR_MS = 3_600_000;

/**
 * The orders among `orderIds` that still need a signature: at least one agreement still
 * `pending` (a signed or voided one asks nothing of anyone). One read of the company's own
 * agreements of those orders, through `order_agreements_order_idx`.
 */
export async function ordersAwaitingSignature(
  db: Executor,
  companyId: string,
  orderIds: readonly string[],
): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ orderId: t.orderAgreements.orderId })
    .from(t.orderAgreements)
    .where(
      and(
        eq(t.orderAgreements.companyId, companyId),
        inArray(t.orderAgreements.orderId, [...new Set(orderIds)]),
        eq(t.orderAgreements.status, 'pending'),
      ),
    );
  return new Set(rows.map((row) => row.orderId));
}

type WarnHours = AgreementSettings['warn_hours_before'];
const warnHoursSchema = agreementSettingsSchema.shape.warn_hours_before;

/**
 * The company's `warn_hours_before` as stored (`companies.agreement_settings`): a column written
 * before the setting existed, or holding what the contract no longer takes, reads as the default.
 * Stored null is a choice (flag whenever unsigned), never a missing value.
 */
async function warnHoursOf(db: Executor, companyId: string): Promise<WarnHours> {
  const [row] = await db
    .select({ settings: t.companies.agreementSettings })
    .from(t.companies)
    .where(eq(t.companies.id, companyId));
  const stored: Record<string, unknown> = { ...(row?.settings ?? {}) };
  if (!('warn_hours_before' in stored)) return DEFAULT_AGREEMENT_SETTINGS.warn_hours_before;
  const parsed = warnHoursSchema.safeParse(stored.warn_hours_before);
  return parsed.success ? parsed.data : DEFAULT_AGREEMENT_SETTINGS.warn_hours_before;
}

/**
 * Whether an unsigned agreement is flagged to the office (decision 0080): the inspection has not
 * started and starts within the company's `warn_hours_before` hours from now (inclusive: exactly
 * that many hours ahead is flagged); with no such setting, whenever it is unsigned.
 */
export function unsignedIsFlagged(start: Date | number | null, now: Date, warnHoursBefore: WarnHours): boolean {
  if (start === null) return false;
  const ahead = (typeof start === 'number' ? start : start.getTime()) - now.getTime();
  if (ahead <= 0) return false;
  return warnHoursBefore === null || ahead <= warnHoursBefore * HOUR_MS;
}

/** The orders among `orders` whose unsigned agreement is flagged now, by the company's settings. */
export async function flaggedUnsignedOrders(
  db: Executor,
  companyId: string,
  orders: ReadonlyArray<{ orderId: string; start: Date | number | null }>,
  now: Date,
): Promise<Set<string>> {
  const candidates = orders.filter((order) => unsignedIsFlagged(order.start, now, null));
  if (candidates.length === 0) return new Set();
  const [pending, warnHours] = await Promise.all([
    ordersAwaitingSignature(
      db,
      companyId,
      candidates.map((order) => order.orderId),
    ),
    warnHoursOf(db, companyId),
  ]);
  return new Set(
    candidates
      .filter((order) => pending.has(order.orderId) && unsignedIsFlagged(order.start, now, warnHours))
      .map((order) => order.orderId),
  );
}
