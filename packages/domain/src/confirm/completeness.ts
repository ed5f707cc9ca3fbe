/**
 * Whether an order may be confirmed (spec 7.7, 4.8): what it must hold, and what is missing when
 * it does not. Pure: the caller reads the order and the settings and passes what they say. Which
 * people an order needs is the people rules' to say (`missingPeople`), not this module's.
 */
import { missingPeople, roleOf, type OrderPeople, type PeopleGap } from '../people/order-people.ts';
import type { PeopleSettings } from '../people/contacts-step.ts';
import {
  checkPropertyAnswers,
  storedPropertyBody,
  type ControlRule,
  type StoredPropertyAnswers,
} from '../property/property-answers.ts';

/** A part of an order that confirming needs: `field` names it as a 400 answer does, `name` in words. */
export type MissingPart = PeopleGap;

export interface CompletenessInput {
  /** The order's held (or booked) time; null when none. */
  heldTime: { start: Date; inspectorIds: readonly number[] } | null;
  address: { address1: string; city: string; postalCode: string };
  /** The visitor's role (spec 3.7), or null before the contacts step chose one. */
  userType: string | null;
  /** The order's people and the company's people settings (`peopleSettings`). */
  people: OrderPeople & {
    settings: Pick<
      PeopleSettings,
      'sellersAgentEnabled' | 'insuranceAgentEnabled' | 'agentEditingAllowed' | 'fields' | 'phoneCountry'
    >;
  };
  /**
   * The company's property questions, the order's stored answers and the office's current year:
   * the answers must pass the property step's own check, so that a required question the wizard
   * was skipped past (Occupancy, Square Feet) keeps the order from being booked.
   */
  property: { controls: readonly ControlRule[]; stored: StoredPropertyAnswers; currentYear: number };
  /** How many services the cart holds, packages' services included. */
  serviceCount: number;
}

const PART = {
  datetime: { field: 'datetime', name: 'a date and time' },
  address: { field: 'address', name: 'the inspection address' },
  user: { field: 'user', name: 'your role' },
  services: { field: 'services', name: 'at least one service' },
} as const satisfies Record<string, MissingPart>;

/**
 * What is missing, in the order of the review panels (spec 2.11), which is the order a visitor
 * mends the gaps in: the time, the address, the role, the people (in the contacts step's save
 * order), the property questions, the services. Empty when the order is complete.
 */
export function missingParts(input: CompletenessInput): MissingPart[] {
  const missing: MissingPart[] = [];
  if (!input.heldTime || input.heldTime.inspectorIds.length === 0) missing.push(PART.datetime);
  const { address1, city, postalCode } = input.address;
  if (!address1.trim() || !city.trim() || !postalCode.trim()) missing.push(PART.address);
  const role = roleOf(input.userType);
  if (!role) missing.push(PART.user);
  missing.push(...missingPeople(role, input.people.settings, input.people));
  const { controls, stored, currentYear } = input.property;
  const property = checkPropertyAnswers(controls, storedPropertyBody(stored), currentYear);
  // Named by the question's field, as the property step's own 400 names it.
  if (!property.ok) missing.push({ field: property.problem.field, name: 'the answers to the property questions' });
  if (input.serviceCount < 1) missing.push(PART.services);
  return missing;
}

/** "The order is not complete yet: it needs a date and time and a client." */
export function missingPartsMessage(missing: readonly MissingPart[]): string {
  const names = missing.map((part) => part.name);
  const list = names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `The order is not complete yet: it needs ${list}.`;
}
