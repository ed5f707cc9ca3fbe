import type { OrderResponse } from '@scheduler/contracts/order';
import { missingParts, requiredRoles, type MissingPart } from '@scheduler/domain/confirm/completeness';
import type { StepName } from '@scheduler/domain/route-table';

/** The step where each missing part of an order is filled in. */
const STEP_OF: Readonly<Record<MissingPart, StepName>> = {
  datetime: 'calendar',
  address: 'address',
  user: 'contacts',
  client: 'contacts',
  buyers_agent: 'contacts',
  sellers_agent: 'contacts',
  insurance_agent: 'contacts',
  services: 'packages',
};

const isPart = (field: string | undefined): field is MissingPart => field !== undefined && field in STEP_OF;

/**
 * Decision 0018: confirm's 400 `order_incomplete` names the first missing part in `field`; the
 * same pure rules, run on the order the browser holds, find the rest. The steps to visit, in
 * walk order, without repeats.
 */
export function stepsToComplete(order: OrderResponse, field: string | undefined, walk: readonly StepName[]): StepName[] {
  const clients = order.clients?.length ?? (order.client ? 1 : 0);
  const parts = missingParts({
    heldTime: order.datetime ? { start: new Date(order.datetime), inspectorIds: order.inspectors.map((inspector) => inspector.id) } : null,
    address: { address1: order.address1, city: order.city, postalCode: order.postal_code },
    userType: order.user?.type ?? null,
    peoplePresent: { client: clients, buyers_agent: order.buyers_agent ? 1 : 0, sellers_agent: order.sellers_agent ? 1 : 0, insurance_agent: order.insurance_agent ? 1 : 0 },
    requiredRoles: requiredRoles(order.user?.type ?? null),
    serviceCount: order.services.length + order.packages.length,
  });
  const steps = new Set<StepName>([...(isPart(field) ? [STEP_OF[field]] : []), ...parts.map((part) => STEP_OF[part])]);
  return walk.filter((step) => steps.has(step));
}
