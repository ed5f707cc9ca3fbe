import { randomUUID } from 'node:crypto';
import type { FunnelStep } from '@scheduler/contracts/analytics';
import type { Database } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';

/**
 * Test data of the funnel's roll-up and the drafts' pruning (decision 0075): companies with offices
 * in the zones asked, and sessions written as rows (order, session, events) at the instants asked,
 * as the wizard would have left them.
 */

export const DAY_MS = 86_400_000;
export const SECOND_MS = 1_000;

export interface FixtureOffice {
  id: string;
  timeZone: string;
}

/** A company with these offices and one inspector (for holds); its id. */
export async function fixtureCompany(db: Database, key: string, offices: readonly FixtureOffice[]): Promise<string> {
  const [row] = await db
    .insert(t.companies)
    .values({ key, name: `${key} Inspections` })
    .returning({ id: t.companies.id });
  const companyId = row!.id;
  await db.insert(t.offices).values(
    offices.map((office, position) => ({
      id: office.id,
      companyId,
      position,
      name: `${key} office ${position + 1}`,
      phone: '(614) 555-0100',
      email: `office@${key}.example`,
      state: 'OH',
      timeZone: office.timeZone,
      scheduling: {},
    })),
  );
  await db.insert(t.inspectors).values({
    companyId,
    id: 1,
    officeId: offices[0]!.id,
    first: 'Ann',
    last: key,
    display: `Ann ${key}`,
    maxInspectionsPerDay: 3,
    homeLatitude: 40,
    homeLongitude: -83,
    maxDriveMiles: 50,
    weeklyHours: {},
  });
  return companyId;
}

export interface FixtureVisit {
  companyId: string;
  officeId: string;
  /** When the session started (its order's creation). */
  startedAt: Date;
  /** The steps its browser showed (`step_viewed` events), in order. */
  steps?: readonly FunnelStep[];
  status?: 'draft' | 'confirmed' | 'cancelled';
  /** Booked by the office by phone. */
  byPhone?: boolean;
  source?: string;
  /** The order's last write; its start by default. */
  updatedAt?: Date;
  /** The session's last use (its start by default) and end (7 days after its last use by default). */
  lastSeenAt?: Date;
  expiresAt?: Date;
}

/** Writes a visit's order, session and events; the order's id. */
export async function fixtureVisit(db: Database, visit: FixtureVisit): Promise<string> {
  const status = visit.status ?? 'draft';
  const orderId = randomUUID();
  const lastSeenAt = visit.lastSeenAt ?? visit.startedAt;
  await db.insert(t.orders).values({
    id: orderId,
    companyId: visit.companyId,
    officeId: visit.officeId,
    status,
    confirmedAt: status === 'draft' ? null : visit.startedAt,
    bookedByUserId: visit.byPhone ? 'office-user' : null,
    attribution: visit.source === undefined ? {} : { utm_source: visit.source },
    createdAt: visit.startedAt,
    updatedAt: visit.updatedAt ?? visit.startedAt,
  });
  await db.insert(t.sessions).values({
    companyId: visit.companyId,
    officeId: visit.officeId,
    orderId,
    tokenHash: randomUUID(),
    createdAt: visit.startedAt,
    lastSeenAt,
    expiresAt: visit.expiresAt ?? new Date(lastSeenAt.getTime() + 7 * DAY_MS),
  });
  const steps = visit.steps ?? [];
  if (steps.length > 0)
    await db.insert(t.funnelEvents).values(
      steps.map((step, index) => ({
        companyId: visit.companyId,
        officeId: visit.officeId,
        orderId,
        name: 'step_viewed',
        step,
        createdAt: new Date(visit.startedAt.getTime() + index * SECOND_MS),
      })),
    );
  return orderId;
}
