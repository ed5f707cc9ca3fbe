import type { PropertyControl } from '@scheduler/contracts/company-document';
import type { OrderResponse } from '@scheduler/contracts/order';
import { missingParts } from '@scheduler/domain/confirm/completeness';
import type { PeopleSettings } from '@scheduler/domain/people/contacts-step';
import type { PersonValues } from '@scheduler/domain/people/person-rules';
import type { StepName } from '@scheduler/domain/route-table';

/** The property step's fields, as its answers' checks name them. */
const PROPERTY_FIELDS = new Set(['sqft', 'yb', 'sales_price', 'foundation_type', 'refer_reason', 'controls']);

/** The step where a missing part is filled in, by its field (`datetime`, `address`, `services`, a property question; every person and the role are the contacts step's). */
function stepOf(field: string): StepName {
  const head = field.split('.')[0] ?? '';
  if (head === 'datetime') return 'calendar';
  if (head === 'address') return 'address';
  if (head === 'services') return 'packages';
  if (PROPERTY_FIELDS.has(head)) return 'property-info';
  return 'contacts';
}

/**
 * Decision 0018: confirm's 400 `order_incomplete` names the first missing part in `field`; the
 * same pure rules (the contacts step's, for people), run on the order the browser holds, find the
 * rest. The steps to visit, in walk order, without repeats.
 */
export function stepsToComplete(
  order: OrderResponse,
  field: string | undefined,
  walk: readonly StepName[],
  settings: PeopleSettings,
  property: {
    controls: readonly Pick<PropertyControl, 'id' | 'type' | 'label' | 'length' | 'required' | 'options'>[];
    currentYear: number;
  },
): StepName[] {
  const person = (value: unknown) => value as PersonValues;
  const clients = order.clients ?? (order.client ? [order.client] : []);
  const parts = missingParts({
    heldTime: order.datetime
      ? { start: new Date(order.datetime), inspectorIds: order.inspectors.map((inspector) => inspector.id) }
      : null,
    address: { address1: order.address1, city: order.city, postalCode: order.postal_code },
    userType: order.user?.type ?? null,
    people: {
      clients: clients.map(person),
      agents: {
        ...(order.buyers_agent ? { buyers_agent: person(order.buyers_agent) } : {}),
        ...(order.sellers_agent ? { sellers_agent: person(order.sellers_agent) } : {}),
        ...(order.insurance_agent ? { insurance_agent: person(order.insurance_agent) } : {}),
      },
      contacts: order.contacts.map(person),
      settings,
    },
    property: {
      controls: property.controls,
      stored: {
        sqft: order.sqft,
        yearBuilt: order.yb,
        salesPrice: order.sales_price,
        foundationTypeId: order.foundation_type?.id ?? null,
        referReason: order.refer_reason,
        referReasonOther: order.refer_reason_other,
        answers: order.controls.map((answer) => ({
          controlId: answer.id,
          value: answer.value,
          checked: answer.checked,
        })),
      },
      currentYear: property.currentYear,
    },
    serviceCount: order.services.length + order.packages.length,
  });
  const steps = new Set<StepName>([...(field ? [stepOf(field)] : []), ...parts.map((part) => stepOf(part.field))]);
  return walk.filter((step) => steps.has(step));
}
