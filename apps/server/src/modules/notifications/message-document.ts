import type { MessageTemplate } from '@scheduler/contracts/company-document';
import { enteredAmountText, formatMoney } from '@scheduler/domain/money-format';
import { orderReference } from '@scheduler/domain/order-reference';
import { DISPLAY_WORDS, displayLines, formatLineAmount, payOnlineWords } from '@scheduler/domain/pricing/display-lines';
import { htmlToPlainText } from '@scheduler/domain/html-text';
import { feeName, feePart, type FeeChange } from '@scheduler/domain/payments/change-fees';
import { formatListDate, formatTime, joinNames, wallTimeIn } from '@scheduler/domain/scheduling-text';
import { lengthText, zoneAbbreviation } from '@scheduler/domain/time-zone-text';
import { changeAuthorWords, type ChangeAuthor } from './change-author.ts';
import type { Audience, ChangeKind } from './confirmation-jobs.ts';
import {
  addressLine,
  AGENT_CHANGE_TEMPLATES,
  DEFAULT_TEMPLATES,
  fillTemplate,
  OFFICE_CHANGE_TEMPLATES,
  placeholderValues,
  type MessageFacts,
  type MessageParty,
  type TemplateName,
} from './mail-content.ts';

/**
 * One e-mail as content, before it is HTML or plain text: both are drawn from this, so that the
 * two parts of a message never say different things (render-message.tsx).
 */
export interface MessageDocument {
  subject: string;
  /** The line mail programs show beside the subject. */
  preview: string;
  heading: string;
  /** The template's opening, one entry a paragraph. */
  opening: string[];
  sections: MessageSection[];
  /** The e-mail's main button (Pay Online), when there is one. */
  action: { label: string; url: string } | null;
  /** The reader's own "Manage your inspection" link (issue 24): a second button, when the message has one. */
  manage: { label: string; url: string } | null;
  /** Add-to-calendar links; the .ics travels with the e-mail. */
  calendarLinks: Array<{ label: string; url: string }>;
  prepare: string[];
  /** Who to call or write: the office (null in the office's own copy). */
  contact: { name: string; phone: string; email: string } | null;
  branding: MessageBranding;
}

export interface MessageBranding {
  /** #rrggbb: headings and the button. */
  color: string;
  /** An absolute https/http URL of the logo image; null: the company's name stands alone. */
  logoUrl: string | null;
  companyName: string;
}

export type MessageRow = { label: string; value: string; href?: string };
export type MessageSection =
  | { kind: 'rows'; title: string; rows: MessageRow[] }
  | {
      kind: 'price';
      title: string;
      lines: Array<{ label: string; amount: string }>;
      total: string;
      note: string | null;
    };

/** What a message is about, and who reads it. */
export interface MessageOccasion {
  kind: 'confirmation' | 'reminder' | 'receipt' | ChangeKind;
  audience: Audience;
  /** A rescheduled or cancelled booking's: the start before the change, and who made it. */
  change?: {
    previousStart: Date;
    author: ChangeAuthor;
    /** The client's words of a cancellation's refund under the policy (decision 0076). */
    refund?: string;
    /** The office's payment row of a paid cancellation: what was decided of the refund. */
    officeRefund?: string;
  };
  /** The reader's "Manage your inspection" link (built from PUBLIC_URL and the job's token); none: no link. */
  manageUrl?: string | null;
  /** A receipt of a payment the office recorded (decision 0064): its amount, how, and what is left due. */
  received?: {
    amountCents: number;
    method: string;
    balanceDueCents: number;
    /** Money given back (a refund through Stripe, decision 0067), not received. */
    refund?: boolean;
    /** A late fee the saved card paid (decision 0081). */
    fee?: FeeChange;
  };
  /** A late fee the client is asked to pay through the order's pay link (decision 0081): the fee and the part to pay. */
  feeDue?: { change: FeeChange; amountCents: number; feeCents: number; payUrl: string };
}

/** The template an occasion reads: a confirmation's is its reader's; reminders, receipts and changes have one each. */
export function templateNameOf(occasion: MessageOccasion): TemplateName {
  return occasion.kind === 'confirmation' ? occasion.audience : occasion.kind;
}

/**
 * The subject and opening of a message: the company's own template for it, else the built-in one.
 * The office's and an agent's copies of a change always have the built-in words of their own (the
 * company's change templates speak to the client: "your inspection").
 */
export function messageTemplate(
  occasion: MessageOccasion,
  own: Partial<Record<TemplateName, MessageTemplate>>,
): MessageTemplate {
  if (occasion.kind === 'rescheduled' || occasion.kind === 'cancelled') {
    if (occasion.audience === 'office') return OFFICE_CHANGE_TEMPLATES[occasion.kind];
    if (occasion.audience === 'agent') return AGENT_CHANGE_TEMPLATES[occasion.kind];
  }
  // The company's receipt thanks the client for a payment: a refund, and a late fee to pay, have words of their own.
  if (occasion.received?.refund) return REFUND_TEMPLATE;
  if (occasion.feeDue) return FEE_DUE_TEMPLATE;
  const name = templateNameOf(occasion);
  return own[name] ?? DEFAULT_TEMPLATES[name];
}

/** A refund's receipt (decision 0067): {total} is the amount refunded. */
const REFUND_TEMPLATE: MessageTemplate = {
  subject: 'Refund: inspection on {datetime}',
  body: '{office_name} has refunded {total} to you for order {order_reference}. Your bank may take a few days to show it.',
};

/** A late fee to pay through the pay link (decision 0081): {total} is the amount to pay. */
const FEE_DUE_TEMPLATE: MessageTemplate = {
  subject: 'Late fee to pay: inspection on {datetime}',
  body: '{office_name} asks you to pay {total} for order {order_reference}, under its booking-change policy. Use the Pay Online button below.',
};

const HEADINGS: Record<MessageOccasion['kind'], Record<MessageOccasion['audience'], string>> = {
  confirmation: { client: 'Your inspection is booked', agent: 'Inspection booked', office: 'New online order' },
  reminder: { client: 'Your inspection is coming up', agent: 'Inspection coming up', office: 'Inspection coming up' },
  receipt: { client: 'Payment received', agent: 'Payment received', office: 'Payment received' },
  rescheduled: { client: 'Your inspection was moved', agent: 'Inspection moved', office: 'Booking moved' },
  cancelled: { client: 'Your inspection was cancelled', agent: 'Inspection cancelled', office: 'Booking cancelled' },
};

const RECEIVED_BY: Record<string, string> = {
  check: 'by check',
  cash: 'in cash',
  card: 'by card',
  online: 'online',
};

/** The words of the e-mails that are not the company's own (the spec has none for these). */
export const MESSAGE_WORDS = {
  /** A client's booking message while the order's agreement waits for signatures (issue 43). */
  agreementWaiting: (titles: string[]) =>
    `Review and sign your agreement: ${titles.map((title) => `“${title}”`).join(' and ')} ${titles.length === 1 ? 'is' : 'are'} waiting for your signature. Use the “Review and sign” e-mail we sent you, or “Manage your inspection”.`,
  payOnline: 'Pay Online',
  manage: 'Manage your inspection',
  paid: 'Paid',
  /** A receipt of a payment the office recorded: "Received $100.00 by check · Balance due $325.00". */
  received: (amount: string, method: string) => `Received ${amount} ${RECEIVED_BY[method] ?? ''}`.trim(),
  balanceDue: (amount: string) => `Balance due ${amount}`,
  /** A refund's receipt: "Refunded $50.00 to your original payment". */
  refunded: (amount: string) => `Refunded ${amount} to your original payment`,
  refundHeading: 'Refund made',
  unpaid: 'Not paid yet',
  /** A cancelled order's payment state, in the office's copy: what it may have to do about it. */
  paidRefund: 'Paid — a refund may be due',
  notPaid: 'Not paid',
  when: 'When',
  previous: 'Was',
  length: 'Expected length',
  where: 'Where',
  order: 'Order number',
  inspectors: 'Inspector(s)',
  services: 'Services',
  payment: 'Payment',
  clients: 'Client(s)',
  agents: 'Agents',
  contacts: 'Contacts',
  property: 'Property',
  note: 'Special instructions',
  prepareTitle: 'How to prepare',
  appointmentTitle: 'Your appointment',
  cancelledTitle: 'The cancelled appointment',
  changeTitle: 'Change',
  movedBy: 'Moved by',
  cancelledBy: 'Cancelled by',
  cancelReason: 'Reason',
  cancelFee: 'Late-cancellation fee',
  /** A cancellation's refund under the policy (decision 0076): "Cancelling refunded $325.00 of the $400.00 you paid: …". */
  refund: 'Refund',
  /** A move's late-reschedule fee and how it is collected (decision 0081). */
  lateFee: 'Late fee',
  feeDueHeading: 'Late fee to pay',
  priceTitle: 'Your order',
  officePriceTitle: 'Price',
  /** The office's copy of a cancellation: the price the booking had, not one owed. */
  cancelledPriceTitle: 'Price as booked',
  calendarIntro: 'Add it to your calendar',
  icsHint: 'Apple Calendar and others: open the attached invitation (inspection.ics).',
  replyHint: 'A reply to this e-mail reaches the office.',
} as const;

export const ROLE_TITLES: Record<MessageParty['role'], string> = {
  client: 'Client',
  buyers_agent: "Buyer's agent",
  sellers_agent: "Seller's agent",
  insurance_agent: 'Insurance agent',
  contact: 'Contact',
};

/** "Tuesday, December 1st 2026" and "9:30 AM – 12:00 PM EST": the appointment in the office's clock, its zone named. */
export function appointmentText(facts: { start: Date; end: Date; office: { timeZone: string } }): {
  date: string;
  time: string;
} {
  const zone = facts.office.timeZone;
  const startLocal = wallTimeIn(facts.start, zone);
  const endLocal = wallTimeIn(facts.end, zone);
  const abbreviation = zoneAbbreviation(zone, facts.start.getTime());
  const time =
    facts.end.getTime() > facts.start.getTime()
      ? `${formatTime(startLocal)} – ${formatTime(endLocal)} ${abbreviation}`
      : `${formatTime(startLocal)} ${abbreviation}`;
  return { date: formatListDate(startLocal), time };
}

/** Google Calendar's and Outlook's "new event" links for the appointment (their own, documented URL formats). */
export function calendarLinks(facts: MessageFacts): Array<{ label: string; url: string }> {
  const title = `Home inspection: ${addressLine(facts.address)}`;
  const details = `${facts.office.name}, ${facts.office.phone}. Order ${orderReference(facts.orderId)}.`;
  const compact = (date: Date) =>
    date
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
  const google = new URL('https://calendar.google.com/calendar/render');
  google.search = new URLSearchParams({
    action: 'TEMPLATE',
    text: title,
    dates: `${compact(facts.start)}/${compact(facts.end)}`,
    details,
    location: addressLine(facts.address),
    ctz: facts.office.timeZone,
  }).toString();
  const outlook = new URL('https://outlook.live.com/calendar/0/deeplink/compose');
  outlook.search = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: title,
    startdt: facts.start.toISOString(),
    enddt: facts.end.toISOString(),
    location: addressLine(facts.address),
    body: details,
  }).toString();
  return [
    { label: 'Google Calendar', url: google.toString() },
    { label: 'Outlook', url: outlook.toString() },
  ];
}

/** The order's price lines as the thank-you lays them out (house rule 16); null where amounts are hidden. */
export function priceSection(facts: MessageFacts, title: string): MessageSection | null {
  if (!facts.pricing) {
    return facts.totalCents === null
      ? null
      : { kind: 'price', title, lines: [], total: formatMoney(facts.totalCents, facts.currency), note: null };
  }
  const shown = displayLines(facts.pricing);
  if (shown.total === null) return null;
  return {
    kind: 'price',
    title,
    lines: shown.lines.map((line) => ({
      label: line.kind === 'coupon' ? `${DISPLAY_WORDS.coupon} ${line.label}` : htmlToPlainText(line.label),
      amount: line.amount === null ? '' : formatLineAmount(line.amount, facts.currency),
    })),
    total: formatMoney(shown.total, facts.currency),
    note: shown.beforeTax ? DISPLAY_WORDS.beforeTax : null,
  };
}

/** The appointment's rows; after a move, the start it had ("Was"), in the zone it had then. */
function appointmentRows(
  facts: MessageFacts,
  withInspectors: boolean,
  previousStart: Date | null = null,
): MessageRow[] {
  const when = appointmentText(facts);
  const length = lengthText(facts.durationMinutes);
  const mapUrl = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(addressLine(facts.address))}`;
  const was = previousStart
    ? appointmentText({
        start: previousStart,
        end: new Date(previousStart.getTime() + (facts.end.getTime() - facts.start.getTime())),
        office: facts.office,
      })
    : null;
  return [
    { label: MESSAGE_WORDS.when, value: `${when.date}, ${when.time}` },
    ...(was ? [{ label: MESSAGE_WORDS.previous, value: `${was.date}, ${was.time}` }] : []),
    ...(length ? [{ label: MESSAGE_WORDS.length, value: length }] : []),
    { label: MESSAGE_WORDS.where, value: addressLine(facts.address), href: mapUrl },
    { label: MESSAGE_WORDS.order, value: orderReference(facts.orderId) },
    ...(withInspectors && facts.inspectors.length
      ? [{ label: MESSAGE_WORDS.inspectors, value: joinNames(facts.inspectors) }]
      : []),
    ...(facts.services.length ? [{ label: MESSAGE_WORDS.services, value: facts.services.join(', ') }] : []),
  ];
}

function personRows(people: readonly MessageParty[]): MessageRow[] {
  return people.flatMap((person) => {
    const name = [person.name || '(no name)', person.company].filter(Boolean).join(', ');
    return [
      { label: ROLE_TITLES[person.role], value: name },
      ...(person.email ? [{ label: 'E-mail', value: person.email, href: `mailto:${person.email}` }] : []),
      ...person.phones.map((phone) => ({
        label: phone.label,
        value: phone.number,
        href: `tel:${phone.number.replace(/[^\d+]/g, '')}`,
      })),
    ];
  });
}

/** The previous start a message shows: a reschedule's ("Was"); none otherwise. */
function previousStartOf(occasion: MessageOccasion): Date | null {
  return occasion.kind === 'rescheduled' ? (occasion.change?.previousStart ?? null) : null;
}

/** A cancellation's late fee as the reader reads it; null when there is none. */
function cancelFee(facts: MessageFacts): string | null {
  const cents = facts.cancelled?.feeCents ?? null;
  return cents !== null && cents > 0 ? formatMoney(cents, facts.currency) : null;
}

/**
 * A cancellation's reason as the client and agents read it: the office's only, which the console
 * asks for as "Reason (the client sees it)". A reason typed on a manage link was written to the
 * office (an agent's may speak of the client), so it stays in the office's copy.
 */
function visitorReasonRows(facts: MessageFacts, occasion: MessageOccasion): MessageRow[] {
  const reason = facts.cancelled?.reason.trim() ?? '';
  if (occasion.kind !== 'cancelled' || occasion.change?.author.kind !== 'office' || reason === '') return [];
  return [{ label: MESSAGE_WORDS.cancelReason, value: reason }];
}

/** "Moved by: your agent": who made a change, as the reader reads it; none where the job does not tell. */
function authorRows(occasion: MessageOccasion): MessageRow[] {
  if (occasion.kind !== 'rescheduled' && occasion.kind !== 'cancelled') return [];
  const words = occasion.change ? changeAuthorWords(occasion.change.author, occasion.audience) : null;
  if (words === null) return [];
  return [{ label: occasion.kind === 'cancelled' ? MESSAGE_WORDS.cancelledBy : MESSAGE_WORDS.movedBy, value: words }];
}

/** The office's rows of a change: who made it, and a cancellation's reason and fee. */
function changeRows(facts: MessageFacts, occasion: MessageOccasion): MessageRow[] {
  if (occasion.kind !== 'rescheduled' && occasion.kind !== 'cancelled') return [];
  const by = authorRows(occasion);
  // A move's late-reschedule fee, as the office reads it (decision 0081).
  const moveFee = occasion.change?.officeRefund;
  if (occasion.kind === 'rescheduled') return moveFee ? [...by, { label: MESSAGE_WORDS.lateFee, value: moveFee }] : by;
  const reason = facts.cancelled?.reason.trim() ?? '';
  const fee = cancelFee(facts);
  return [
    ...by,
    ...(reason ? [{ label: MESSAGE_WORDS.cancelReason, value: reason }] : []),
    ...(fee ? [{ label: MESSAGE_WORDS.cancelFee, value: fee }] : []),
    ...refundRows(occasion),
  ];
}

/**
 * A cancellation's refund under the policy, when it made one, and the part of its fee charged; a
 * move's late-reschedule fee and how it is collected (decision 0081): the client's words.
 */
function refundRows(occasion: MessageOccasion): MessageRow[] {
  const words = occasion.change?.refund;
  if (!words) return [];
  if (occasion.kind === 'cancelled') return [{ label: MESSAGE_WORDS.refund, value: words }];
  return occasion.kind === 'rescheduled' ? [{ label: MESSAGE_WORDS.lateFee, value: words }] : [];
}

/**
 * The payment row of the office's copy: a cancellation's says what was decided of the money paid
 * (refunded automatically, left to the office, none due), as the cancel decided it; a message
 * queued without that decision says only that a refund may be due.
 */
function paymentState(facts: MessageFacts, occasion: MessageOccasion): string {
  if (occasion.kind === 'cancelled' && occasion.change?.officeRefund) return occasion.change.officeRefund;
  if (occasion.kind === 'cancelled') return facts.paid ? MESSAGE_WORDS.paidRefund : MESSAGE_WORDS.notPaid;
  return facts.paid ? MESSAGE_WORDS.paid : MESSAGE_WORDS.unpaid;
}

/**
 * The office's copy: everything it needs to act, without opening the order; a change's copy says
 * first what changed. A cancellation's keeps the price the booking had, as booked (its late fee,
 * if any, is in the change's rows).
 */
function officeSections(facts: MessageFacts, occasion: MessageOccasion): MessageSection[] {
  const property: MessageRow[] = [
    ...(facts.property.sqft !== null ? [{ label: 'Square feet', value: String(facts.property.sqft) }] : []),
    ...(facts.property.yearBuilt !== null ? [{ label: 'Year built', value: String(facts.property.yearBuilt) }] : []),
    ...(facts.property.foundation ? [{ label: 'Foundation', value: facts.property.foundation }] : []),
    ...(facts.property.salesPrice.trim()
      ? [{ label: 'Sales price', value: enteredAmountText(facts.property.salesPrice, facts.currency) }]
      : []),
    ...facts.property.answers.map((a) => ({ label: a.question, value: a.answer })),
  ];
  const payment = paymentState(facts, occasion);
  const sections: Array<MessageSection | null> = [
    { kind: 'rows', title: MESSAGE_WORDS.changeTitle, rows: changeRows(facts, occasion) },
    {
      kind: 'rows',
      title: 'Appointment',
      rows: [
        ...appointmentRows(facts, true, previousStartOf(occasion)),
        { label: 'Order id', value: facts.orderId },
        { label: MESSAGE_WORDS.payment, value: payment },
      ],
    },
    { kind: 'rows', title: MESSAGE_WORDS.clients, rows: personRows(facts.people.filter((p) => p.role === 'client')) },
    {
      kind: 'rows',
      title: MESSAGE_WORDS.agents,
      rows: personRows(facts.people.filter((p) => p.role.endsWith('_agent'))),
    },
    { kind: 'rows', title: MESSAGE_WORDS.contacts, rows: personRows(facts.people.filter((p) => p.role === 'contact')) },
    { kind: 'rows', title: MESSAGE_WORDS.property, rows: property },
    {
      kind: 'rows',
      title: MESSAGE_WORDS.note,
      rows: facts.specialNote.trim() ? [{ label: 'Note', value: facts.specialNote.trim() }] : [],
    },
    priceSection(
      facts,
      occasion.kind === 'cancelled' ? MESSAGE_WORDS.cancelledPriceTitle : MESSAGE_WORDS.officePriceTitle,
    ),
  ];
  return sections.filter(
    (section): section is MessageSection => section !== null && (section.kind === 'price' || section.rows.length > 0),
  );
}

/**
 * The client's and agents' sections: the appointment, and for a client the price (for an agent
 * too when the company shows agents prices). A cancelled booking's: the appointment it was, and
 * for the client the late fee owed, if any; never the price, which is not owed any more.
 */
function visitorSections(facts: MessageFacts, occasion: MessageOccasion): MessageSection[] {
  const cancelled = occasion.kind === 'cancelled';
  const fee = cancelled && occasion.audience === 'client' ? cancelFee(facts) : null;
  const appointment: MessageSection = {
    kind: 'rows',
    title: cancelled ? MESSAGE_WORDS.cancelledTitle : MESSAGE_WORDS.appointmentTitle,
    rows: [
      ...appointmentRows(facts, facts.showInspectorNames, previousStartOf(occasion)),
      ...(fee ? [{ label: MESSAGE_WORDS.cancelFee, value: fee }] : []),
      ...(occasion.audience === 'client' ? refundRows(occasion) : []),
      ...authorRows(occasion),
      ...visitorReasonRows(facts, occasion),
    ],
  };
  if (occasion.audience === 'agent') {
    const clients: MessageSection = {
      kind: 'rows',
      title: MESSAGE_WORDS.clients,
      rows: personRows(facts.people.filter((p) => p.role === 'client')),
    };
    const price = facts.agentSeesPrices && !cancelled ? priceSection(facts, MESSAGE_WORDS.priceTitle) : null;
    return price ? [appointment, clients, price] : [appointment, clients];
  }
  if (cancelled) return [appointment];
  const feeDue = feeRows(facts, occasion);
  if (feeDue.length > 0) return [{ ...appointment, rows: [...appointment.rows, ...feeDue] }];
  const price = priceSection(facts, MESSAGE_WORDS.priceTitle);
  if (!price) return [appointment];
  const withNote = (note: string) =>
    price.kind === 'price' ? { ...price, note: [price.note, note].filter(Boolean).join(' · ') } : price;
  if (occasion.kind === 'receipt') return [appointment, withNote(receiptNote(facts.currency, occasion.received))];
  // Prices shown before tax, or part paid already, and a Pay Online button under them: what paying charges is said first (issues 42, 44).
  const charge =
    facts.payUrl && facts.pricing ? payOnlineWords(facts.pricing, facts.balanceDueCents, facts.currency) : null;
  return [appointment, charge === null ? price : withNote(charge)];
}

/**
 * A late fee's rows (decision 0081), in place of the price the booking had: the fee to pay and, when
 * the pay link charges more (an unpaid booking's balance), what it charges; or the fee the card paid.
 */
function feeRows(facts: MessageFacts, occasion: MessageOccasion): MessageRow[] {
  const due = occasion.feeDue;
  if (due) {
    const part = feePart(due.change, due.amountCents, due.feeCents, facts.currency);
    const rows: MessageRow[] = [{ label: MESSAGE_WORDS.lateFee, value: part.charAt(0).toUpperCase() + part.slice(1) }];
    const balance = facts.balanceDueCents;
    if (balance !== null && balance > due.amountCents)
      rows.push({
        label: MESSAGE_WORDS.payment,
        value: MESSAGE_WORDS.balanceDue(formatMoney(balance, facts.currency)),
      });
    return rows;
  }
  const paid = occasion.received?.fee;
  if (!paid) return [];
  const name = feeName(paid);
  return [
    {
      label: MESSAGE_WORDS.lateFee,
      value: `${name.charAt(0).toUpperCase()}${name.slice(1)}: ${receiptNote(facts.currency, occasion.received)}`,
    },
  ];
}

/** What a receipt says was paid: "Paid", or the office's entry and the balance it leaves. */
function receiptNote(currency: string, received: MessageOccasion['received']): string {
  if (!received) return MESSAGE_WORDS.paid;
  const amount = formatMoney(received.amountCents, currency);
  const words = [received.refund ? MESSAGE_WORDS.refunded(amount) : MESSAGE_WORDS.received(amount, received.method)];
  if (received.balanceDueCents > 0)
    words.push(MESSAGE_WORDS.balanceDue(formatMoney(received.balanceDueCents, currency)));
  return words.join(' · ');
}

/** One message of an order, as content (see MessageDocument). */
export function messageDocument(
  facts: MessageFacts,
  occasion: MessageOccasion,
  template: MessageTemplate,
  branding: MessageBranding,
): MessageDocument {
  const values = placeholderValues(facts, occasion.change?.previousStart ?? null);
  // A receipt of a payment the office recorded thanks the client for that payment, not the order's total.
  if (occasion.received) values.total = formatMoney(occasion.received.amountCents, facts.currency);
  if (occasion.feeDue) values.total = formatMoney(occasion.feeDue.amountCents, facts.currency);
  const subject = fillTemplate(template.subject, values)
    .replace(/[\r\n]+/g, ' ')
    .trim();
  const opening = fillTemplate(template.body, values)
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  const when = appointmentText(facts);
  const toVisitor = occasion.audience !== 'office';
  const ahead = occasion.kind !== 'receipt' && occasion.kind !== 'cancelled';
  const beforeTheDay = toVisitor && ahead;
  // Pay Online is the client's, never on a receipt or a cancellation; a paid order has no payUrl at all.
  const payUrl = occasion.feeDue?.payUrl ?? (occasion.audience === 'client' && ahead ? facts.payUrl : null);
  // The manage link is the reader's own, on the messages of a booking still ahead.
  const manageUrl = beforeTheDay ? (occasion.manageUrl ?? null) : null;
  const unsigned = occasion.audience === 'client' && ahead ? (facts.unsignedAgreements ?? []) : [];
  return {
    subject,
    preview: `${occasion.kind === 'cancelled' ? `${HEADINGS.cancelled.office}: ` : ''}${when.date}, ${when.time} · ${addressLine(facts.address)}`,
    heading: occasion.feeDue
      ? MESSAGE_WORDS.feeDueHeading
      : occasion.received?.refund
        ? MESSAGE_WORDS.refundHeading
        : HEADINGS[occasion.kind][occasion.audience],
    opening: unsigned.length > 0 ? [...opening, MESSAGE_WORDS.agreementWaiting(unsigned)] : opening,
    sections: toVisitor ? visitorSections(facts, occasion) : officeSections(facts, occasion),
    action: payUrl ? { label: MESSAGE_WORDS.payOnline, url: payUrl } : null,
    manage: manageUrl ? { label: MESSAGE_WORDS.manage, url: manageUrl } : null,
    calendarLinks: beforeTheDay ? calendarLinks(facts) : [],
    prepare: beforeTheDay ? facts.prepare : [],
    contact: toVisitor ? { name: facts.office.name, phone: facts.office.phone, email: facts.office.email } : null,
    branding,
  };
}
