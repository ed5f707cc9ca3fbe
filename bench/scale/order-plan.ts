/**
 * The generated orders of one company, planned in memory from a seeded random: who, where, when,
 * and what became of each (confirmed, cancelled, or a draft the visitor abandoned). Confirmed
 * appointments never overlap an inspector's other ones (the database's exclusion constraint would
 * refuse them), and they fall on weekdays inside the demo inspectors' hours.
 */
import { createHash } from 'node:crypto';
import { seededRandom } from '@scheduler/domain/availability/engine';
import { addDays, ZonedCalendar } from '@scheduler/domain/availability/zoned-calendar';
import { FIRST_NAMES, LAST_NAMES, STREETS } from './names.ts';
import { ABANDONED_SHARE, CANCELLED_SHARE, DAYS_AFTER, DAYS_BEFORE } from './sizes.ts';

export type OrderKind = 'confirmed' | 'cancelled' | 'draft';

export interface PlannedOrder {
  orderId: string;
  kind: OrderKind;
  inspectorId: number | null;
  start: number | null;
  createdAt: number;
  confirmedAt: number | null;
  cancelledAt: number | null;
  client: { first: string; last: string; email: string; phone: string };
  agent: { first: string; last: string; email: string; phone: string };
  address: { address1: string; city: string; postalCode: string };
  /** How many of the template visit's funnel events the visitor got to (all, for a confirmed or cancelled order). */
  funnelEvents: number;
  /** A draft abandoned before the contacts step has no people and no answers. */
  hasPeople: boolean;
}

const POSTAL_CODES = [
  '43017',
  '43016',
  '43026',
  '43065',
  '43085',
  '43221',
  '43212',
  '43220',
  '43235',
  '43214',
  '43202',
];
const CITIES = ['Columbus', 'Dublin', 'Westerville', 'Worthington', 'Hilliard', 'Upper Arlington'];
const MINUTE = 60_000;
const DAY = 86_400_000;

/** Day starts on the office's clock: 8:00 and every `spacing` minutes while the inspection ends by 17:00. */
function dailyStarts(durationMinutes: number): number[] {
  const spacing = Math.max(60, Math.ceil(durationMinutes / 60) * 60);
  const starts: number[] = [];
  for (let start = 8 * 60; start + durationMinutes <= 17 * 60; start += spacing) starts.push(start);
  return starts.length ? starts : [8 * 60];
}

/**
 * The `n`th order id of the company planned with `seed`: a hash of both, so ids are the same on
 * every build and distinct across companies. (Drawn from the seeded random, whose state is 32
 * bits, L's 1.4 million ids collided: the same state reached in two companies gives the same id.)
 */
function uuidOf(seed: number, n: number): string {
  const hex = createHash('sha256').update(`${seed}:${n}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface PlanRequest {
  seed: number;
  companyKey: string;
  confirmed: number;
  inspectorIds: number[];
  durationMinutes: number;
  timeZone: string;
  /** The template's funnel events, of which a draft copies the first few. */
  funnelEventCount: number;
  /** Appointments already in the company (the template bookings'): none planned may overlap them. */
  busy: Array<{ inspectorId: number; start: number; end: number }>;
  now: number;
}

export function planOrders(request: PlanRequest): PlannedOrder[] {
  const random = seededRandom(request.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const calendar = new ZonedCalendar(request.timeZone);
  const today = calendar.localDateOf(request.now);
  const starts = dailyStarts(request.durationMinutes);
  const taken = new Set<string>();
  const overlapsBusy = (inspectorId: number, start: number) =>
    request.busy.some(
      (b) => b.inspectorId === inspectorId && b.start < start + request.durationMinutes * MINUTE && start < b.end,
    );
  const freeSlot = (): { inspectorId: number; start: number } => {
    for (;;) {
      const date = addDays(today, Math.floor(random() * (DAYS_BEFORE + DAYS_AFTER)) - DAYS_BEFORE);
      const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
      if (weekday === 0 || weekday === 6) continue;
      const inspectorId = pick(request.inspectorIds);
      const minutes = pick(starts);
      const key = `${inspectorId} ${date} ${minutes}`;
      const start = calendar.toInstant(date, minutes);
      if (start === null || taken.has(key) || overlapsBusy(inspectorId, start)) continue;
      taken.add(key);
      return { inspectorId, start };
    }
  };
  const person = (n: number) => {
    const first = pick(FIRST_NAMES);
    const last = pick(LAST_NAMES);
    return {
      first,
      last,
      email: `${first}.${last}${n}@example.com`.toLowerCase(),
      phone: `614-555-${String(Math.floor(random() * 10_000)).padStart(4, '0')}`,
    };
  };
  const common = (n: number) => ({
    orderId: uuidOf(request.seed, n),
    client: person(n),
    agent: person(n + 1),
    address: {
      address1: `${100 + Math.floor(random() * 9_800)} ${pick(STREETS)}`,
      city: pick(CITIES),
      postalCode: pick(POSTAL_CODES),
    },
  });
  const cancelled = Math.round(request.confirmed * CANCELLED_SHARE);
  const drafts = Math.round(request.confirmed * ABANDONED_SHARE);
  const orders: PlannedOrder[] = [];
  for (let n = 0; n < request.confirmed + cancelled; n++) {
    const { inspectorId, start } = freeSlot();
    // Booked one to three weeks ahead; never after now.
    const lead = (1 + random() * 20) * DAY;
    const createdAt = Math.min(start - lead, request.now - (1 + random() * 20) * DAY);
    const confirmedAt = createdAt + (5 + random() * 25) * MINUTE;
    const kind: OrderKind = n < request.confirmed ? 'confirmed' : 'cancelled';
    const cancelledAt =
      kind === 'cancelled' ? Math.min(request.now, confirmedAt + random() * Math.max(DAY, start - confirmedAt)) : null;
    orders.push({
      ...common(n * 2),
      kind,
      inspectorId,
      start,
      createdAt,
      confirmedAt,
      cancelledAt,
      funnelEvents: request.funnelEventCount,
      hasPeople: true,
    });
  }
  for (let n = 0; n < drafts; n++) {
    const funnelEvents = 1 + Math.floor(random() * (request.funnelEventCount - 2));
    orders.push({
      ...common(1_000_000 + n * 2),
      kind: 'draft',
      inspectorId: null,
      start: null,
      createdAt: request.now - random() * DAYS_BEFORE * DAY,
      confirmedAt: null,
      cancelledAt: null,
      funnelEvents,
      // The contacts step is the fifth event of a visit (FUNNEL_OF_A_BOOKING).
      hasPeople: funnelEvents >= 5,
    });
  }
  return orders;
}
