import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';
import { pricingSchema } from '@scheduler/contracts/pricing';
import type { ConfirmedOrderFacts } from './mail-content.ts';
import { htmlToPlainText } from '@scheduler/domain/html-text';

const MINUTE_MS = 60_000;

function personName(person: Record<string, unknown>): string {
  return [person.first, person.last].filter((part) => typeof part === 'string' && part.trim() !== '').join(' ');
}

/** Everything the e-mails and invitations say about one confirmed order, or null when it is not confirmed. */
export async function loadConfirmedOrderFacts(db: Executor, companyId: string, orderId: string): Promise<ConfirmedOrderFacts | null> {
  const [row] = await db
    .select({ order: t.orders, office: t.offices, currency: t.companies.currency })
    .from(t.orders)
    .innerJoin(t.offices, and(eq(t.offices.companyId, t.orders.companyId), eq(t.offices.id, t.orders.officeId)))
    .innerJoin(t.companies, eq(t.companies.id, t.orders.companyId))
    .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)));
  if (!row || row.order.status !== 'confirmed' || !row.order.datetime) return null;
  const { order, office } = row;
  const start = row.order.datetime;
  const inspectorIds = order.inspectors.map((i) => i.id);
  const [inspectors, clients, state] = await Promise.all([
    inspectorIds.length
      ? db.select({ id: t.inspectors.id, display: t.inspectors.display }).from(t.inspectors).where(and(eq(t.inspectors.companyId, companyId), inArray(t.inspectors.id, inspectorIds)))
      : Promise.resolve([]),
    db
      .select({ person: t.orderParties.person })
      .from(t.orderParties)
      .where(and(eq(t.orderParties.companyId, companyId), eq(t.orderParties.orderId, orderId), eq(t.orderParties.role, 'client')))
      .orderBy(t.orderParties.position),
    order.stateId === null
      ? Promise.resolve([])
      : db.select({ abbreviation: t.states.abbreviation }).from(t.states).where(and(eq(t.states.companyId, companyId), eq(t.states.id, order.stateId))),
  ]);
  const names = new Map(inspectors.map((i) => [i.id, i.display]));
  const snapshot = order.pricingSnapshot as { total_cents?: unknown; lines?: Array<{ name?: unknown }>; pricing?: unknown } | null;
  // The frozen pricing object, when the snapshot has one that still reads as one: the e-mails' price lines.
  const frozen = pricingSchema.safeParse(snapshot?.pricing);
  return {
    orderId,
    office: { name: office.name, phone: office.phone, email: office.email, timeZone: office.timeZone },
    start,
    end: new Date(start.getTime() + order.durationMinutes * MINUTE_MS),
    confirmedAt: order.confirmedAt ?? start,
    inspectors: inspectorIds.map((id) => names.get(id) ?? `#${id}`),
    address: { address1: order.address1, address2: order.address2, city: order.city, state: state[0]?.abbreviation ?? '', postalCode: order.postalCode },
    // Catalogue names are HTML; e-mails and invitations are plain text.
    services: (snapshot?.lines ?? []).map((line) => htmlToPlainText(String(line.name ?? ''))).filter((name) => name !== ''),
    totalCents: typeof snapshot?.total_cents === 'number' ? snapshot.total_cents : null,
    pricing: frozen.success ? frozen.data : null,
    currency: row.currency,
    clientNames: clients.map((c) => personName(c.person)).filter((name) => name !== ''),
    specialNote: order.specialNote,
  };
}
