/**
 * Whether an order may be confirmed (spec 7.7, 4.8): what it must hold, and what is missing when
 * it does not. Pure: the caller reads the order and the settings and passes what they say, so
 * that new parts (people rules, pricing) plug in by adding inputs, not by changing the callers.
 */

/** The roles of the people an order can name. */
export type PartyRole = 'client' | 'buyers_agent' | 'sellers_agent' | 'insurance_agent';

/** A part of an order that confirming needs, named as the order's field (spec 3.2). */
export type MissingPart = 'datetime' | 'address' | 'user' | PartyRole | 'services';

export interface CompletenessInput {
  /** The order's held (or booked) time; null when none. */
  heldTime: { start: Date; inspectorIds: readonly number[] } | null;
  address: { address1: string; city: string; postalCode: string };
  /** The visitor's role (spec 3.7), or null before the contacts step chose one. */
  userType: string | null;
  /** How many people of each role the order names. */
  peoplePresent: Readonly<Partial<Record<PartyRole, number>>>;
  /** The roles that must be named (see `requiredRoles`). */
  requiredRoles: readonly PartyRole[];
  /** How many services the cart holds, packages' services included. */
  serviceCount: number;
}

/** The order of the review panels (spec 2.11), which is the order a visitor mends the gaps in. */
const PART_ORDER: readonly MissingPart[] = ['datetime', 'address', 'user', 'client', 'buyers_agent', 'sellers_agent', 'insurance_agent', 'services'];

/** What is missing, in review order; empty when the order is complete. */
export function missingParts(input: CompletenessInput): MissingPart[] {
  const missing = new Set<MissingPart>();
  if (!input.heldTime || input.heldTime.inspectorIds.length === 0) missing.add('datetime');
  const { address1, city, postalCode } = input.address;
  if (!address1.trim() || !city.trim() || !postalCode.trim()) missing.add('address');
  if (!input.userType) missing.add('user');
  for (const role of input.requiredRoles) if ((input.peoplePresent[role] ?? 0) < 1) missing.add(role);
  if (input.serviceCount < 1) missing.add('services');
  return PART_ORDER.filter((part) => missing.has(part));
}

/** The agent role a visitor's own role names: a buyer's agent books as the buyer's agent, and so on. */
const OWN_AGENT_ROLE: Readonly<Record<string, PartyRole>> = {
  BUYERS_AGENT: 'buyers_agent',
  SELLERS_AGENT: 'sellers_agent',
  INSURANCE_AGENT: 'insurance_agent',
};

/**
 * The people every order needs: at least one client (the inspection is for someone), and the
 * visitor's own agent record when the visitor is an agent (spec 2.7: that panel is "me").
 * Other agents are optional: each panel offers "No {label}".
 */
export function requiredRoles(userType: string | null): PartyRole[] {
  const own = userType ? OWN_AGENT_ROLE[userType] : undefined;
  return own ? ['client', own] : ['client'];
}

const PART_NAMES: Readonly<Record<MissingPart, string>> = {
  datetime: 'a date and time',
  address: 'the inspection address',
  user: 'your role',
  client: 'a client',
  buyers_agent: "the buyer's agent",
  sellers_agent: "the seller's agent",
  insurance_agent: 'the insurance agent',
  services: 'at least one service',
};

/** "The order is not complete yet: it needs a date and time and a client." */
export function missingPartsMessage(missing: readonly MissingPart[]): string {
  const names = missing.map((part) => PART_NAMES[part]);
  const list = names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `The order is not complete yet: it needs ${list}.`;
}
