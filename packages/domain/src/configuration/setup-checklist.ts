/**
 * What a company that signed itself up has still to set up (issue 41's onboarding), each part
 * ticked from its configuration as it is: a sign-up makes a scheduler that takes bookings, and
 * these are what most inspection companies add next. Pure: it reads the company document (as the
 * console holds it, JSON), defensively, and never throws. There is no agreement editor yet, so the
 * agreement is not an item.
 */

export const SETUP_ITEMS = [
  'logo',
  'contact',
  'square_feet',
  'add_ons',
  'tax',
  'service_area',
  'lunch_break',
  'cancellation',
  'payments',
] as const;
export type SetupItem = (typeof SETUP_ITEMS)[number];

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const listOf = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);
const filled = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

/** The document's fees or taxes in both places a company keeps them: its short lists and its pricing section. */
function bothLists(document: Json, key: 'fees' | 'taxes'): Json[] {
  const pricing = isObject(document.pricing) ? document.pricing : {};
  return [...listOf(document[key]), ...listOf(pricing[key])];
}

/** The inspectors who take bookings (an inspector is active unless it says otherwise). */
const activeInspectors = (document: Json) =>
  listOf(document.inspectors).filter((inspector) => inspector.active !== false);

const CHECKS: Record<SetupItem, (document: Json) => boolean> = {
  logo: (document) => filled(document.logo) || listOf(document.offices).some((office) => filled(office.logo)),
  // How visitors reach the office: its own phone and e-mail, never the founder's sign-in address.
  contact: (document) => listOf(document.offices).some((office) => filled(office.phone) && filled(office.email)),
  square_feet: (document) =>
    bothLists(document, 'fees').some((fee) => isObject(fee.rule) && fee.rule.kind === 'square_feet_tiers'),
  add_ons: (document) => listOf(document.services).some((service) => service.ancillary === true),
  tax: (document) =>
    bothLists(document, 'taxes').some((tax) => typeof tax.rate_percent === 'number' && tax.rate_percent > 0),
  service_area: (document) =>
    activeInspectors(document).some(
      (inspector) =>
        (Array.isArray(inspector.postal_codes) && inspector.postal_codes.length > 0) ||
        (isObject(inspector.postal_codes_by_weekday) &&
          Object.values(inspector.postal_codes_by_weekday).some((codes) => Array.isArray(codes) && codes.length > 0)),
    ),
  // A day of two stretches or more: the hours leave a break between them.
  lunch_break: (document) =>
    activeInspectors(document).some(
      (inspector) =>
        isObject(inspector.weekly_hours) &&
        Object.values(inspector.weekly_hours).some((day) => Array.isArray(day) && day.length > 1),
    ),
  // The company's own word on cancelling: a text for its clients, or a late fee.
  cancellation: (document) => {
    const policy = isObject(document.booking_changes) ? document.booking_changes : {};
    return filled(policy.cancel_text) || isObject(policy.late_cancel_fee);
  },
  // Paid online through Stripe or the company's own payment page, or a decision to take no payment online.
  payments: (document) => {
    const provider = isObject(document.payments) ? document.payments.provider : 'link';
    const notifications = isObject(document.notifications) ? document.notifications : {};
    return provider === 'stripe' || provider === 'none' || filled(notifications.payment_link);
  },
};

/** Each item of the list, in the order a company sets itself up, and whether its configuration has it. */
export function setupChecklist(document: unknown): Array<{ item: SetupItem; done: boolean }> {
  const json = isObject(document) ? document : {};
  return SETUP_ITEMS.map((item) => ({ item, done: CHECKS[item](json) }));
}
