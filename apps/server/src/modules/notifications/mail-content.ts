import { TZDate } from '@date-fns/tz';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalAttendeeRole, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { MessageTemplate } from '@scheduler/contracts/company-document';
import type { Pricing } from '@scheduler/contracts/pricing';
import { htmlToPlainText } from '@scheduler/domain/html-text';
import { fillTemplate, type MessagePlaceholder } from '@scheduler/domain/message-template';
import { formatMoney } from '@scheduler/domain/money-format';
import { orderReference } from '@scheduler/domain/order-reference';
import {
  DISPLAY_WORDS,
  displayLines,
  formatLineAmount,
  type DisplayLine,
} from '@scheduler/domain/pricing/display-lines';
import { formatAppointmentDateTime, joinNames, wallTimeIn } from '@scheduler/domain/scheduling-text';
import { zoneAbbreviation } from '@scheduler/domain/time-zone-text';
import type { Audience } from './confirmation-jobs.ts';

/** What a confirmation e-mail and its invitation say about one confirmed order. */
export interface ConfirmedOrderFacts {
  orderId: string;
  office: { name: string; phone: string; email: string; timeZone: string };
  start: Date;
  end: Date;
  confirmedAt: Date;
  inspectors: string[];
  address: { address1: string; address2: string; city: string; state: string; postalCode: string };
  services: string[];
  totalCents: number | null;
  /** The priced cart as confirmed (the frozen snapshot), for the price lines; absent where only the total is known. */
  pricing?: Pricing | null;
  currency: string;
  clientNames: string[];
  specialNote: string;
  /** How often the booking was changed since confirmed: the invitation's SEQUENCE. */
  sequence?: number;
}

/**
 * Who a message template is for: the three confirmations, the reminder, the payment receipt, and
 * the client's messages of a rescheduled and a cancelled booking (agents and the office have
 * built-in words for those: AGENT_CHANGE_TEMPLATES, OFFICE_CHANGE_TEMPLATES).
 */
export type TemplateName = Audience | 'reminder' | 'receipt' | 'rescheduled' | 'cancelled';

/**
 * The built-in subjects and openings, used where the company document has none of its own. The
 * details (time, place, price, links, what to prepare) follow the opening in every e-mail.
 */
export const DEFAULT_TEMPLATES: Readonly<Record<TemplateName, MessageTemplate>> = {
  client: {
    subject: 'Your inspection on {datetime} is booked',
    body: 'Thank you for scheduling your inspection with {office_name}. Everything about it is below; keep this e-mail for the day.',
  },
  agent: {
    subject: 'Inspection booked for {client_name} on {datetime}',
    body: 'An inspection for {client_name} has been booked with {office_name}.',
  },
  office: {
    subject: 'New online order: {datetime}, {address}',
    body: 'A new inspection was booked online.',
  },
  reminder: {
    subject: 'Reminder: your inspection on {datetime}',
    body: 'This is a reminder of your inspection with {office_name}.',
  },
  receipt: {
    subject: 'Payment received: inspection on {datetime}',
    body: 'Thank you: {office_name} has received your payment of {total} for order {order_reference}.',
  },
  rescheduled: {
    subject: 'Your inspection is moved to {datetime}',
    body: 'Your inspection with {office_name} has been moved from {previous_datetime} to {datetime}. The details are below; the calendar invitation is updated.',
  },
  cancelled: {
    subject: 'Your inspection on {datetime} is cancelled',
    body: 'Your inspection with {office_name} on {datetime} at {address} has been cancelled. If you did not expect this, call {office_phone} or reply to this e-mail.',
  },
};

/**
 * The office's copy of a change: always these words (the company's `rescheduled` and `cancelled`
 * templates speak to the client); the rows below say who changed it, and how.
 */
export const OFFICE_CHANGE_TEMPLATES: Readonly<Record<'rescheduled' | 'cancelled', MessageTemplate>> = {
  rescheduled: {
    subject: 'Booking moved to {datetime}: {address}',
    body: 'An inspection was moved from {previous_datetime} to {datetime}.',
  },
  cancelled: {
    subject: 'Booking cancelled: {datetime}, {address}',
    body: 'The inspection on {datetime} at {address} was cancelled.',
  },
};

/**
 * An agent's copy of a change: always these words, about the client's inspection (the company's
 * `rescheduled` and `cancelled` templates speak to the client, as "your inspection").
 */
export const AGENT_CHANGE_TEMPLATES: Readonly<Record<'rescheduled' | 'cancelled', MessageTemplate>> = {
  rescheduled: {
    subject: 'Inspection for {client_name} moved to {datetime}',
    body: 'The inspection for {client_name} at {address} has been moved from {previous_datetime} to {datetime}. The details are below; the calendar invitation is updated.',
  },
  cancelled: {
    subject: 'Inspection for {client_name} on {datetime} is cancelled',
    body: 'The inspection for {client_name} on {datetime} at {address} has been cancelled.',
  },
};

/** A person on an order as the messages read them. */
export interface MessageParty {
  role: 'client' | 'buyers_agent' | 'sellers_agent' | 'insurance_agent' | 'contact';
  name: string;
  email: string;
  phones: Array<{ label: string; number: string }>;
  /** The agent's agency or the contact's company. */
  company: string;
  /** Where they asked to get text messages (E.164), or null: `textMessageNumber` of the domain says when. */
  textMessageNumber: string | null;
}

/** Everything the e-mails and text messages say about one confirmed order (order-facts.repository.ts). */
export interface MessageFacts extends ConfirmedOrderFacts {
  companyName: string;
  companyKey: string;
  officeId: string;
  durationMinutes: number;
  /** The company shows inspectors' names to visitors (ONLINE_SCHEDULER_V3_SHOW_INSPECTOR_NAMES). */
  showInspectorNames: boolean;
  /** The company shows an order's prices to its agents (company document `booking_changes.agents.see_prices`). */
  agentSeesPrices: boolean;
  people: MessageParty[];
  property: {
    sqft: number | null;
    yearBuilt: number | null;
    foundation: string;
    salesPrice: string;
    answers: Array<{ question: string; answer: string }>;
  };
  paid: boolean;
  /** The payment link while the order is unpaid and the company shows it; null otherwise. */
  payUrl: string | null;
  /** What the payment link charges: the balance due with tax, after what the office took (decision 0067). */
  balanceDueCents: number | null;
  /** What to prepare for what was booked, each text once. */
  prepare: string[];
  /** The office's (or company's) logo is an image mail programs show (PNG, JPEG, GIF; not SVG). */
  emailLogo: boolean;
  /** The titles of the order's agreements still waiting for signatures (issue 43); absent in older fixtures. */
  unsignedAgreements?: string[];
  status: 'confirmed' | 'cancelled';
  /** A cancelled order's cancellation: when, the reason given ('' when none) and the late fee in cents (null: none). */
  cancelled: { at: Date; reason: string; feeCents: number | null } | null;
}

/** "12/1/2026 at 9:30AM EST": the appointment as the dialogs write it, always with the office's zone. */
export function appointmentWithZone(facts: Pick<ConfirmedOrderFacts, 'start' | 'office'>): string {
  return `${formatAppointmentDateTime(wallTimeIn(facts.start, facts.office.timeZone))} ${zoneAbbreviation(facts.office.timeZone, facts.start.getTime())}`;
}

export function addressLine(address: ConfirmedOrderFacts['address']): string {
  const street = [address.address1, address.address2].filter((part) => part.trim() !== '').join(', ');
  const region = [address.state, address.postalCode].filter((part) => part.trim() !== '').join(' ');
  return [street, address.city, region].filter((part) => part.trim() !== '').join(', ');
}

function priceLineText(line: DisplayLine, currency: string): string {
  const label =
    line.kind === 'coupon'
      ? `${DISPLAY_WORDS.coupon} ${line.label}`
      : line.kind === 'package' || line.kind === 'service'
        ? htmlToPlainText(line.label)
        : line.label;
  return line.amount === null ? label : `${label}: ${formatLineAmount(line.amount, currency)}`;
}

/**
 * The order's price as the thank-you shows it (house rule 16): the same lines from
 * `displayLines`, one a line, and the total they add up to. Nothing where amounts are hidden;
 * without a frozen pricing (an order confirmed before it was kept), the total as it was.
 */
export function priceLines(facts: ConfirmedOrderFacts): string {
  if (!facts.pricing) return `${DISPLAY_WORDS.total} ${shownTotal(facts)}`;
  const shown = displayLines(facts.pricing);
  if (shown.total === null) return '';
  return [
    ...shown.lines.map((line) => priceLineText(line, facts.currency)),
    `${DISPLAY_WORDS.total} ${formatMoney(shown.total, facts.currency)}`,
    ...(shown.beforeTax ? [DISPLAY_WORDS.beforeTax] : []),
  ].join('\n');
}

/** The total a template's {total} says: the one the price lines end with, "n/a" where amounts are hidden. */
function shownTotal(facts: ConfirmedOrderFacts): string {
  const cents = facts.pricing ? displayLines(facts.pricing).total : facts.totalCents;
  return cents === null ? 'n/a' : formatMoney(cents, facts.currency);
}

/**
 * The values the placeholders of a template stand for. {previous_datetime} is a change's start
 * before it (with its own zone: a move across a daylight-saving change names each); '' otherwise.
 */
export function placeholderValues(
  facts: ConfirmedOrderFacts,
  previousStart: Date | null = null,
): Record<MessagePlaceholder, string> {
  return {
    order_id: facts.orderId,
    order_reference: orderReference(facts.orderId),
    datetime: appointmentWithZone(facts),
    previous_datetime: previousStart ? appointmentWithZone({ start: previousStart, office: facts.office }) : '',
    address: addressLine(facts.address),
    inspectors: joinNames(facts.inspectors),
    services: facts.services.join(', '),
    total: shownTotal(facts),
    price_lines: priceLines(facts),
    office_name: facts.office.name,
    office_phone: facts.office.phone,
    office_email: facts.office.email,
    client_name: joinNames(facts.clientNames),
    special_note: facts.specialNote || 'none',
  };
}

// The filler is the domain's, shared with the console's preview; its callers here import it from this module.
export { fillTemplate };

/** The stable UID of an order's calendar event: a later change of the order updates the same event. */
export function eventUid(orderId: string): string {
  return `order-${orderId}@online-scheduler`;
}

/**
 * An instant that reads as the office's wall time. ical-generator writes an event's DTSTART;TZID
 * from a plain Date's local fields, which are the server's zone; a TZDate's are the office's.
 */
function wallClock(instant: Date, timeZone: string): Date {
  return new TZDate(instant.getTime(), timeZone);
}

/**
 * The VTIMEZONE of each zone the events name. The calendar itself has no zone (name null), so
 * that DTSTAMP is written in UTC, as RFC 5545 3.8.7.2 requires.
 */
function withEventZones(calendar: ReturnType<typeof ical>): void {
  calendar.timezone({ name: null, generator: getVtimezoneComponent });
}

/**
 * One version of an order's invitation: the instant it is made, and who it is for. DTSTAMP is that
 * instant (RFC 5545 3.8.7.2: when this iCalendar object was created), so that each version of the
 * event carries its own, later than the last one's.
 */
export interface InvitationVersion {
  /** The app's clock when the message carrying it is written. */
  stamp: Date;
  /**
   * The people the event went to (the clients and the agents the company writes to), named as
   * ATTENDEEs of a cancellation: RFC 5546 3.2.5 asks a CANCEL for ORGANIZER, ATTENDEE, UID,
   * SEQUENCE and DTSTAMP. A PUBLISH names none (decision 0039: nobody is asked to answer).
   */
  attendees: ReadonlyArray<{ name: string; email: string }>;
}

/**
 * The invitation (.ics) of one order, in the office's time zone with its VTIMEZONE.
 * PUBLISH (decision 0039): the client and agents add the event to their calendars; they are not
 * asked to accept a meeting nobody reads the answer of. A reschedule publishes the same UID with
 * the order's higher SEQUENCE (its change_sequence), which calendars apply in place; a
 * cancellation (`method` 'cancel') is METHOD:CANCEL of that UID and SEQUENCE, the event
 * STATUS:CANCELLED at the start it had, with its attendees, which calendars remove. Without a
 * `version`, one stamped at the confirmation with no attendees.
 */
export function invitation(
  facts: ConfirmedOrderFacts,
  method: 'publish' | 'cancel' = 'publish',
  version: InvitationVersion = { stamp: facts.confirmedAt, attendees: [] },
): string {
  return invitationPart(facts, method, version).content;
}

/** The invitation as an e-mail attaches it: the file, and the METHOD it says, which the part's Content-Type repeats (RFC 6047 2.4). */
export interface InvitationPart {
  filename: string;
  content: string;
  /** The calendar's METHOD: PUBLISH, or CANCEL for a cancellation. */
  method: string;
}

/** `invitation` as the e-mail's attachment, `inspection.ics`, its method taken from the calendar itself. */
export function invitationPart(
  facts: ConfirmedOrderFacts,
  method: 'publish' | 'cancel',
  version: InvitationVersion,
): InvitationPart {
  const cancel = method === 'cancel';
  const calendarMethod = cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH;
  const calendar = ical({ prodId: { company: 'online-scheduler', product: 'confirmation' }, method: calendarMethod });
  withEventZones(calendar);
  calendar.createEvent({
    ...eventFor(facts),
    stamp: version.stamp,
    ...(cancel
      ? {
          status: ICalEventStatus.CANCELLED,
          attendees: version.attendees.map((attendee) => ({
            email: attendee.email,
            name: attendee.name || null,
            role: ICalAttendeeRole.REQ,
          })),
        }
      : {}),
  });
  return { filename: 'inspection.ics', content: calendar.toString(), method: calendarMethod };
}

/**
 * The people an order's invitation goes to, each address once: the clients with an e-mail, and
 * the agents with one when the company writes to agents (as the messages go: confirmation-jobs).
 */
export function invitationAttendees(
  people: ReadonlyArray<Pick<MessageParty, 'role' | 'name' | 'email'>>,
  notifyAgents: boolean,
): Array<{ name: string; email: string }> {
  const seen = new Set<string>();
  return people.flatMap((person) => {
    const email = person.email.trim();
    const invited = person.role === 'client' || (notifyAgents && person.role.endsWith('_agent'));
    if (!invited || email === '' || seen.has(email.toLowerCase())) return [];
    seen.add(email.toLowerCase());
    return [{ name: person.name, email }];
  });
}

/** One order as a calendar event (the invitation and the inspectors' feeds). */
export function eventFor(facts: ConfirmedOrderFacts) {
  const zone = facts.office.timeZone;
  return {
    id: eventUid(facts.orderId),
    stamp: facts.confirmedAt,
    start: wallClock(facts.start, zone),
    end: wallClock(facts.end, zone),
    timezone: zone,
    summary: `Home inspection: ${addressLine(facts.address)}`,
    location: addressLine(facts.address),
    description: [
      `Inspector(s): ${joinNames(facts.inspectors)}`,
      `Services: ${facts.services.join(', ')}`,
      `${facts.office.name}: ${facts.office.phone}`,
    ].join('\n'),
    organizer: facts.office.email ? { name: facts.office.name, email: facts.office.email } : undefined,
    sequence: facts.sequence ?? 0,
  };
}

/** A subscribable calendar of confirmed orders (an inspector's feed): the same events, by the same UIDs, as the invitations. */
export function calendarFeed(name: string, timeZone: string, orders: readonly ConfirmedOrderFacts[]): string {
  const calendar = ical({ name, prodId: { company: 'online-scheduler', product: 'inspector-calendar' }, ttl: 15 * 60 });
  // Every office zone the events use gets its VTIMEZONE; the feed names its own zone for calendar apps.
  withEventZones(calendar);
  calendar.x([{ key: 'X-WR-TIMEZONE', value: timeZone }]);
  for (const facts of orders) calendar.createEvent(eventFor(facts));
  return calendar.toString();
}
