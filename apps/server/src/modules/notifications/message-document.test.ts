import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { issue20Pricing, shownCents } from '@scheduler/domain/pricing/display-fixtures';
import {
  AGENT_CHANGE_TEMPLATES,
  DEFAULT_TEMPLATES,
  OFFICE_CHANGE_TEMPLATES,
  type MessageFacts,
  type MessageParty,
} from './mail-content.ts';
import { messageFacts as facts } from './message-fixtures.ts';
import { textOn } from './message-email.tsx';
import {
  appointmentText,
  calendarLinks,
  messageDocument,
  messageTemplate,
  type MessageBranding,
  type MessageDocument,
  type MessageOccasion,
} from './message-document.ts';
import { messageText, renderMessage } from './render-message.tsx';
import type { ChangeAuthor } from './change-author.ts';

const branding: MessageBranding = {
  color: '#1f4e79',
  logoUrl: 'https://book.example.com/demo/logo?office=1111',
  companyName: 'Scioto Valley Home Inspections',
};

const byOffice: ChangeAuthor = { kind: 'office' };
/** A visitor's change as a job queued before the link's role was kept says it: no role. */
const byVisitor: ChangeAuthor = { kind: 'visitor', role: null, isReader: false };
const authorOf = (by: 'visitor' | 'office'): ChangeAuthor => (by === 'office' ? byOffice : byVisitor);

function documentFor(occasion: MessageOccasion, changes: Partial<MessageFacts> = {}) {
  return messageDocument({ ...facts, ...changes }, occasion, messageTemplate(occasion, {}), branding);
}

const clientConfirmation = { kind: 'confirmation', audience: 'client' } as const;

/** Everyone an order can name: two clients, three kinds of agent (one without a name), a contact. */
const PEOPLE: MessageParty[] = [
  ...facts.people.filter((person) => person.role === 'client'),
  {
    role: 'client',
    name: 'Sam Stone',
    email: '',
    phones: [{ label: 'Home', number: '+1 (614) 555-0123' }],
    company: '',
    textMessageNumber: null,
  },
  ...facts.people.filter((person) => person.role === 'buyers_agent'),
  {
    role: 'sellers_agent',
    name: '',
    email: 'listings@homes.example',
    phones: [],
    company: 'Homes Co',
    textMessageNumber: null,
  },
  { role: 'insurance_agent', name: 'Ines Cover', email: '', phones: [], company: '', textMessageNumber: null },
  ...facts.people.filter((person) => person.role === 'contact'),
];

/** The HTML part as a mail program's renderer reads it. */
function parse(html: string) {
  return new new Window().DOMParser().parseFromString(html, 'text/html');
}

/** A parsed HTML part (happy-dom's document: the server's TypeScript has no DOM library). */
type HtmlPart = ReturnType<typeof parse>;

/** The HTML part of a document, parsed. */
async function htmlOf(document: MessageDocument) {
  return parse((await renderMessage(document)).html);
}

/** Each paragraph of the HTML part as a reader reads it ("When: Tuesday, …"). */
function paragraphs(html: HtmlPart): string[] {
  return Array.from(html.querySelectorAll('p')).map((p) => p.textContent!.replace(/\s+/g, ' ').trim());
}

/** Where the HTML part's link with these words leads (null: no such link). */
function hrefOf(html: HtmlPart, words: string): string | null {
  const link = Array.from(html.querySelectorAll('a')).find((a) => a.textContent === words);
  return link ? link.getAttribute('href') : null;
}

/** The section headings of the HTML part. */
function headings(html: HtmlPart): string[] {
  return Array.from(html.querySelectorAll('h2')).map((h) => h.textContent!);
}

/** The lines of a plain-text section under its underlined title, up to the blank line after it; null when the text has no such section. */
function block(text: string, title: string): string[] | null {
  const start = text.indexOf(`\n${title}\n${'-'.repeat(title.length)}\n`);
  if (start < 0) return null;
  return text
    .slice(start + 1)
    .trimEnd()
    .split('\n\n')[0]!
    .split('\n')
    .slice(2);
}

/** The paragraphs of the plain text, blank-line apart. */
function textBlocks(text: string): string[] {
  return text.trimEnd().split('\n\n');
}

/** The "label: $amount" lines of a text part's "Your order" section, as cents, ending with the total. */
function priceLinesOf(text: string): Array<{ label: string; cents: number }> {
  const section = text.slice(text.indexOf('Your order\n')).split('\n\n')[0]!;
  return section.split('\n').flatMap((line) => {
    const match = /^(.*): (- ?\$[\d,]+\.\d\d|\$[\d,]+\.\d\d)$/.exec(line);
    return match ? [{ label: match[1]!, cents: shownCents(match[2]!) }] : [];
  });
}

describe('the appointment as the e-mails say it', () => {
  it("names the weekday, the start and end on the office's clock, and its zone: EST in winter, EDT in summer", () => {
    expect(appointmentText(facts)).toEqual({ date: 'Tuesday, December 1st 2026', time: '9:30 AM – 12:00 PM EST' });
    const june = { ...facts, start: new Date('2027-06-01T13:30:00Z'), end: new Date('2027-06-01T16:00:00Z') };
    expect(appointmentText(june)).toEqual({ date: 'Tuesday, June 1st 2027', time: '9:30 AM – 12:00 PM EDT' });
  });

  it('gives a start alone when the order has no length', () => {
    expect(appointmentText({ ...facts, end: facts.start }).time).toBe('9:30 AM EST');
  });

  it('links to Google Calendar with the instants in UTC and the office zone, and to Outlook with ISO times', () => {
    const [google, outlook] = calendarLinks(facts).map((link) => new URL(link.url));
    expect(google!.searchParams.get('dates')).toBe('20261201T143000Z/20261201T170000Z');
    expect(google!.searchParams.get('ctz')).toBe('America/New_York');
    expect(google!.searchParams.get('text')).toBe('Home inspection: 120 Oak St, Unit 4, Columbus, OH 43215');
    expect(outlook!.searchParams.get('startdt')).toBe('2026-12-01T14:30:00.000Z');
    expect(outlook!.searchParams.get('enddt')).toBe('2026-12-01T17:00:00.000Z');
  });

  it("opens each calendar's new-event page with the address as title and place, and the office's phone and the order number as its details", () => {
    const [google, outlook] = calendarLinks(facts);
    expect([google!.label, outlook!.label]).toEqual(['Google Calendar', 'Outlook']);
    const details = 'Scioto Valley Home Inspections, (614) 555-0142. Order 4F1C2D3E.';
    const googleUrl = new URL(google!.url);
    expect(`${googleUrl.origin}${googleUrl.pathname}`).toBe('https://calendar.google.com/calendar/render');
    expect(Object.fromEntries(googleUrl.searchParams)).toEqual({
      action: 'TEMPLATE',
      text: 'Home inspection: 120 Oak St, Unit 4, Columbus, OH 43215',
      dates: '20261201T143000Z/20261201T170000Z',
      details,
      location: '120 Oak St, Unit 4, Columbus, OH 43215',
      ctz: 'America/New_York',
    });
    const outlookUrl = new URL(outlook!.url);
    expect(`${outlookUrl.origin}${outlookUrl.pathname}`).toBe('https://outlook.live.com/calendar/0/deeplink/compose');
    expect(Object.fromEntries(outlookUrl.searchParams)).toEqual({
      path: '/calendar/action/compose',
      rru: 'addevent',
      subject: 'Home inspection: 120 Oak St, Unit 4, Columbus, OH 43215',
      startdt: '2026-12-01T14:30:00.000Z',
      enddt: '2026-12-01T17:00:00.000Z',
      location: '120 Oak St, Unit 4, Columbus, OH 43215',
      body: details,
    });
  });
});

describe("the client's confirmation", () => {
  const clientText = () => messageText(documentFor(clientConfirmation));

  it('says when, how long, where, the order number, the inspector and the services, one a line', () => {
    expect(block(clientText(), 'Your appointment')).toEqual([
      'When: Tuesday, December 1st 2026, 9:30 AM – 12:00 PM EST',
      'Expected length: about 2½ hours',
      'Where: 120 Oak St, Unit 4, Columbus, OH 43215',
      'Order number: 4F1C2D3E',
      'Inspector(s): Dana Whitfield',
      "Services: Buyer's Essentials, Radon Testing",
    ]);
  });

  it('names several inspectors together, and leaves out a length, inspectors and services the order has none of', () => {
    expect(
      block(
        messageText(documentFor(clientConfirmation, { inspectors: ['Dana Whitfield', 'Lee Park'] })),
        'Your appointment',
      ),
    ).toContain('Inspector(s): Dana Whitfield and Lee Park');
    expect(
      block(
        messageText(documentFor(clientConfirmation, { durationMinutes: 0, inspectors: [], services: [] })),
        'Your appointment',
      ),
    ).toEqual([
      'When: Tuesday, December 1st 2026, 9:30 AM – 12:00 PM EST',
      'Where: 120 Oak St, Unit 4, Columbus, OH 43215',
      'Order number: 4F1C2D3E',
    ]);
  });

  it('shows the price lines the thank-you shows, adding up to the total (house rule 16)', () => {
    const text = clientText();
    const lines = priceLinesOf(text);
    expect(lines.map((line) => line.label)).toEqual([
      "Buyer's Essentials",
      'Bundle Savings',
      'Radon Testing',
      'Coupon 10% off',
      'Franklin County sales tax (tax)',
      'Total',
    ]);
    expect(lines.slice(0, -1).reduce((sum, line) => sum + line.cents, 0)).toBe(lines.at(-1)!.cents);
    expect(lines.at(-1)!.cents).toBe(60953);
    expect(block(text, 'Your order')).toEqual([
      "Buyer's Essentials: $520.00",
      'Bundle Savings: - $40.00',
      'Radon Testing: $150.00',
      'Coupon 10% off: - $63.00',
      'Franklin County sales tax (tax): $42.53',
      'Total: $609.53',
    ]);
  });

  it('offers Pay Online while unpaid, and nothing to pay once paid', () => {
    expect(documentFor(clientConfirmation).action).toEqual({ label: 'Pay Online', url: facts.payUrl });
    expect(clientText()).toContain(`Pay Online: ${facts.payUrl}`);
    const paid = documentFor(clientConfirmation, { paid: true, payUrl: null });
    expect(paid.action).toBeNull();
    expect(messageText(paid)).not.toContain('Pay Online');
  });

  it('tells what to prepare for what was booked, and how to add it to a calendar', () => {
    const text = clientText();
    expect(text).toContain(
      'How to prepare\n--------------\n- Utilities must be on.\n- Radon: keep windows closed 12 hours before.',
    );
    expect(block(text, 'How to prepare')).toEqual([
      '- Utilities must be on.',
      '- Radon: keep windows closed 12 hours before.',
    ]);
    const [google, outlook] = calendarLinks(facts);
    expect(block(text, 'Add it to your calendar')).toEqual([
      `Google Calendar: ${google!.url}`,
      `Outlook: ${outlook!.url}`,
      'Apple Calendar and others: open the attached invitation (inspection.ics).',
    ]);
    expect(documentFor(clientConfirmation, { prepare: [] }).prepare).toEqual([]);
    expect(block(messageText(documentFor(clientConfirmation, { prepare: [] })), 'How to prepare')).toBeNull();
  });

  it("ends with the office's name, phone and e-mail, and leaves out what the office has none of", () => {
    expect(textBlocks(clientText()).at(-1)).toBe(
      'Questions or changes: Scioto Valley Home Inspections, (614) 555-0142, office@example.com. A reply to this e-mail reaches the office.',
    );
    const noPhone = messageText(documentFor(clientConfirmation, { office: { ...facts.office, phone: '' } }));
    expect(textBlocks(noPhone).at(-1)).toBe(
      'Questions or changes: Scioto Valley Home Inspections, office@example.com. A reply to this e-mail reaches the office.',
    );
  });

  it('is previewed by mail programs with its date, time and address', () => {
    expect(documentFor(clientConfirmation).preview).toBe(
      'Tuesday, December 1st 2026, 9:30 AM – 12:00 PM EST · 120 Oak St, Unit 4, Columbus, OH 43215',
    );
  });

  it('leaves the inspectors out when the company does not show their names', () => {
    expect(messageText(documentFor(clientConfirmation, { showInspectorNames: false }))).not.toContain('Dana Whitfield');
  });

  it('shows no amounts where the company hides them, and only the frozen total for an order confirmed before prices were kept', () => {
    const hidden = documentFor(clientConfirmation, {
      pricing: { ...issue20Pricing(), fees_hidden: true, taxes_hidden: true },
    });
    expect(hidden.sections.map((section) => section.kind)).toEqual(['rows']);
    const old = messageText(documentFor(clientConfirmation, { pricing: null }));
    expect(priceLinesOf(old)).toEqual([{ label: 'Total', cents: 60953 }]);
  });

  it('shows no price at all for an order confirmed before prices were kept whose total is not known either', () => {
    const unknown = documentFor(clientConfirmation, { pricing: null, totalCents: null });
    expect(unknown.sections.map((section) => section.title)).toEqual(['Your appointment']);
    expect(block(messageText(unknown), 'Your order')).toBeNull();
  });
});

describe('an agreement waiting for signatures (issue 43)', () => {
  const waiting = { unsignedAgreements: ['Pre-inspection agreement', 'Radon addendum'] };
  const words =
    'Review and sign your agreement: “Pre-inspection agreement” and “Radon addendum” are waiting for your signature. Use the “Review and sign” e-mail we sent you, or “Manage your inspection”.';

  it("is pointed to in the client's confirmation and reminder, after the opening", () => {
    expect(documentFor(clientConfirmation, waiting).opening.at(-1)).toBe(words);
    expect(documentFor({ kind: 'reminder', audience: 'client' }, waiting).opening.at(-1)).toBe(words);
  });

  it("is not in an agent's or the office's message, a receipt, nor once everything is signed", () => {
    for (const occasion of [
      { kind: 'confirmation', audience: 'agent' },
      { kind: 'confirmation', audience: 'office' },
      { kind: 'receipt', audience: 'client' },
    ] as const)
      expect(documentFor(occasion, waiting).opening).not.toContain(words);
    expect(documentFor(clientConfirmation, { unsignedAgreements: [] }).opening.join(' ')).not.toContain(
      'Review and sign',
    );
  });
});

describe("the company's template", () => {
  it('gives the subject on one line and the opening as its paragraphs, however the template breaks and spaces them', () => {
    const template = {
      subject: '  Booked:\r\n{datetime}\n',
      body: '\n\n  Thank you, {client_name}.  \n\nSee you then.\n \t\nBring the keys.\n\n\n\n',
    };
    const document = messageDocument(facts, clientConfirmation, template, branding);
    expect(document.subject).toBe('Booked: 12/1/2026 at 9:30AM EST');
    expect(document.opening).toEqual(['Thank you, Avery Stone.', 'See you then.', 'Bring the keys.']);
    expect(textBlocks(messageText(document)).slice(0, 6)).toEqual([
      'Scioto Valley Home Inspections',
      'Your inspection is booked\n-------------------------',
      'Thank you, Avery Stone.',
      'See you then.',
      'Bring the keys.',
      `Pay Online: ${facts.payUrl}`,
    ]);
  });

  it('keeps the lines of one paragraph together', () => {
    const document = messageDocument(
      facts,
      clientConfirmation,
      { subject: 'Booked', body: 'Thank you.\nSee you then.' },
      branding,
    );
    expect(document.opening).toEqual(['Thank you.\nSee you then.']);
  });
});

describe("the agents' and the office's copies", () => {
  it("tells an agent the appointment and the client, without the client's price or pay link", () => {
    const agent = messageText(documentFor({ kind: 'confirmation', audience: 'agent' }));
    expect(agent).toContain('Client: Avery Stone');
    expect(agent).not.toContain('$');
    expect(agent).not.toContain('Pay Online');
    expect(agent).toContain('How to prepare');
  });

  it("shows an agent the price, never the pay link, when the company shows agents prices; a cancelled booking's price to nobody", () => {
    const agent = messageText(documentFor({ kind: 'confirmation', audience: 'agent' }, { agentSeesPrices: true }));
    expect(agent).toContain('Total: $609.53');
    expect(agent).not.toContain('Pay Online');
    const cancelled = messageText(
      documentFor({ kind: 'cancelled', audience: 'agent' }, { agentSeesPrices: true, status: 'cancelled' }),
    );
    expect(cancelled).not.toContain('$');
  });

  it('gives the office everything it needs to act: phones, e-mails, agents, property answers, the note and the payment state', () => {
    const office = messageText(documentFor({ kind: 'confirmation', audience: 'office' }));
    for (const expected of [
      `Order id: ${facts.orderId}`,
      'Payment: Not paid yet',
      'Client: Avery Stone',
      'E-mail: avery@example.com',
      'Mobile: (614) 555-0199',
      "Buyer's agent: Ray Realtor, Realty One",
      'Work: 614-555-0111',
      'Contact: Tia Title, Title Co',
      'Square feet: 2400',
      'Year built: 1978',
      'Foundation: Basement',
      'Is the home occupied?: Yes',
      'Note: Gate code 1234',
      'Total: $609.53',
    ]) {
      expect(office).toContain(expected);
    }
    expect(office).not.toContain('Pay Online');
    expect(office).not.toContain('How to prepare');
    expect(office).not.toContain('Questions or changes');
    expect(messageText(documentFor({ kind: 'confirmation', audience: 'office' }, { paid: true }))).toContain(
      'Payment: Paid',
    );
  });

  it('leaves out the sections the order has nothing for', () => {
    const bare = documentFor(
      { kind: 'confirmation', audience: 'office' },
      {
        people: [],
        specialNote: '  ',
        property: { sqft: null, yearBuilt: null, foundation: '', salesPrice: '', answers: [] },
      },
    );
    expect(bare.sections.map((section) => section.title)).toEqual(['Appointment', 'Price']);
  });

  it('tells an agent only the clients, how to reach them, not the other agents or the contacts', () => {
    const agent = messageText(documentFor({ kind: 'confirmation', audience: 'agent' }));
    expect(block(agent, 'Client(s)')).toEqual([
      'Client: Avery Stone',
      'E-mail: avery@example.com',
      'Mobile: (614) 555-0199',
    ]);
    expect(agent).not.toContain('Ray Realtor');
    expect(agent).not.toContain('Tia Title');
  });

  it("lists each person under their kind, with their company, e-mail and phones; a person without a name is '(no name)'", () => {
    const text = messageText(documentFor({ kind: 'confirmation', audience: 'office' }, { people: PEOPLE }));
    expect(block(text, 'Client(s)')).toEqual([
      'Client: Avery Stone',
      'E-mail: avery@example.com',
      'Mobile: (614) 555-0199',
      'Client: Sam Stone',
      'Home: +1 (614) 555-0123',
    ]);
    expect(block(text, 'Agents')).toEqual([
      "Buyer's agent: Ray Realtor, Realty One",
      'E-mail: ray@realty.example',
      'Work: 614-555-0111',
      "Seller's agent: (no name), Homes Co",
      'E-mail: listings@homes.example',
      'Insurance agent: Ines Cover',
    ]);
    expect(block(text, 'Contacts')).toEqual(['Contact: Tia Title, Title Co']);
  });

  it('links each e-mail address to write to and each phone number to call, by its digits', async () => {
    const html = await htmlOf(documentFor({ kind: 'confirmation', audience: 'office' }, { people: PEOPLE }));
    expect(hrefOf(html, 'avery@example.com')).toBe('mailto:avery@example.com');
    expect(hrefOf(html, 'listings@homes.example')).toBe('mailto:listings@homes.example');
    expect(hrefOf(html, '(614) 555-0199')).toBe('tel:6145550199');
    expect(hrefOf(html, '+1 (614) 555-0123')).toBe('tel:+16145550123');
    expect(hrefOf(html, '614-555-0111')).toBe('tel:6145550111');
    expect(paragraphs(html)).toContain('Client: Sam Stone');
  });

  it('names the inspectors to the office even where the company hides them from visitors', () => {
    const office = messageText(
      documentFor({ kind: 'confirmation', audience: 'office' }, { showInspectorNames: false }),
    );
    expect(block(office, 'Appointment')).toContain('Inspector(s): Dana Whitfield');
  });

  it("gives the office the property's facts, the sales price only when known, and the note without the spaces around it", () => {
    const office = messageText(
      documentFor({ kind: 'confirmation', audience: 'office' }, { specialNote: '  Gate code 1234 \n' }),
    );
    expect(block(office, 'Property')).toEqual([
      'Square feet: 2400',
      'Year built: 1978',
      'Foundation: Basement',
      'Sales price: $350,000',
      'Is the home occupied?: Yes',
    ]);
    expect(block(office, 'Special instructions')).toEqual(['Note: Gate code 1234']);
    // Typed as digits, it reads as money, as the wizard shows it (issue 41: "300000").
    const digits = messageText(
      documentFor(
        { kind: 'confirmation', audience: 'office' },
        { property: { ...facts.property, salesPrice: '300000' } },
      ),
    );
    expect(block(digits, 'Property')).toContain('Sales price: $300,000.00');
    const unsold = messageText(
      documentFor({ kind: 'confirmation', audience: 'office' }, { property: { ...facts.property, salesPrice: '' } }),
    );
    expect(block(unsold, 'Property')).toEqual([
      'Square feet: 2400',
      'Year built: 1978',
      'Foundation: Basement',
      'Is the home occupied?: Yes',
    ]);
  });

  it('shows the office no price where the company hides amounts, and the frozen total alone for an order confirmed before prices were kept', () => {
    const hidden = documentFor(
      { kind: 'confirmation', audience: 'office' },
      { pricing: { ...issue20Pricing(), fees_hidden: true, taxes_hidden: true } },
    );
    expect(hidden.sections.map((section) => section.title)).toEqual([
      'Appointment',
      'Client(s)',
      'Agents',
      'Contacts',
      'Property',
      'Special instructions',
    ]);
    expect(messageText(hidden)).not.toContain('Total:');
    expect(
      block(messageText(documentFor({ kind: 'confirmation', audience: 'office' }, { pricing: null })), 'Price'),
    ).toEqual(['Total: $609.53']);
  });
});

describe('reminders and receipts', () => {
  it('remind the client with the appointment, the pay link while unpaid and what to prepare', () => {
    const reminder = documentFor({ kind: 'reminder', audience: 'client' });
    expect(reminder.subject).toBe('Reminder: your inspection on 12/1/2026 at 9:30AM EST');
    expect(reminder.action?.label).toBe('Pay Online');
    expect(reminder.prepare).toHaveLength(2);
  });

  it('a receipt says paid, offers nothing to pay and no calendar links', () => {
    const receipt = documentFor({ kind: 'receipt', audience: 'client' }, { paid: true, payUrl: null });
    expect(receipt.heading).toBe('Payment received');
    expect(receipt.action).toBeNull();
    expect(receipt.calendarLinks).toEqual([]);
    expect(messageText(receipt)).toContain('Total: $609.53\nPaid');
    expect(block(messageText(receipt), 'Add it to your calendar')).toBeNull();
    expect(messageText(receipt)).not.toContain('inspection.ics');
  });

  it('receipts a payment the office recorded by its amount and method, with the balance left, or none when it settles', () => {
    const partial = documentFor(
      {
        kind: 'receipt',
        audience: 'client',
        received: { amountCents: 10_000, method: 'check', balanceDueCents: 50_953 },
      },
      { paid: false, payUrl: null },
    );
    expect(messageText(partial)).toContain('Total: $609.53\nReceived $100.00 by check · Balance due $509.53');
    expect(messageText(partial)).toContain('received your payment of $100.00');
    const settling = documentFor(
      { kind: 'receipt', audience: 'client', received: { amountCents: 50_953, method: 'cash', balanceDueCents: 0 } },
      { paid: true, payUrl: null },
    );
    expect(messageText(settling)).toContain('Total: $609.53\nReceived $509.53 in cash\n');
  });

  it("receipts a refund through Stripe in its own words, not the company's payment receipt (decision 0067)", () => {
    const occasion = {
      kind: 'receipt',
      audience: 'client',
      received: { amountCents: 5_000, method: 'online', balanceDueCents: 5_000, refund: true },
    } as const;
    const refund = documentFor(occasion, { paid: false, payUrl: null });
    expect(refund.subject).toMatch(/^Refund: inspection on /);
    expect(refund.heading).toBe('Refund made');
    expect(messageText(refund)).toContain('has refunded $50.00 to you for order');
    expect(messageText(refund)).toContain(
      'Total: $609.53\nRefunded $50.00 to your original payment · Balance due $50.00',
    );
    expect(messageTemplate(occasion, { receipt: { subject: 'Thanks {total}', body: 'Paid' } }).subject).toMatch(
      /^Refund:/,
    );
  });

  it('says what Pay Online charges, tax included, where the prices shown are before tax (issue 42)', () => {
    const beforeTax = {
      ...issue20Pricing(),
      taxes_hidden: true,
      totals: { ...issue20Pricing().totals, display_total: 56700 },
    };
    const confirmation = messageText(documentFor(clientConfirmation, { pricing: beforeTax }));
    expect(block(confirmation, 'Your order')!.slice(-2)).toEqual([
      'Total: $567.00',
      'Prices before tax · Paying online charges $609.53, tax included.',
    ]);
    // Nothing to pay online, or the tax shown: the total is all there is to say.
    expect(messageText(documentFor(clientConfirmation, { pricing: beforeTax, payUrl: null }))).not.toContain(
      'Paying online',
    );
    expect(messageText(documentFor(clientConfirmation))).not.toContain('Paying online');
  });

  it('says the balance Pay Online charges once the office took part of the order (issue 44)', () => {
    const reminder = messageText(documentFor({ kind: 'reminder', audience: 'client' }, { balanceDueCents: 10_953 }));
    expect(block(reminder, 'Your order')!.slice(-1)).toEqual([
      'Paying online charges the balance due, $109.53, tax included.',
    ]);
    // The whole total still due: nothing more to say where the tax is shown.
    expect(messageText(documentFor(clientConfirmation, { balanceDueCents: 60_953 }))).not.toContain('Paying online');
  });

  it("a receipt says paid after the total's own note, and under a frozen total alone", () => {
    const beforeTax = {
      ...issue20Pricing(),
      taxes_hidden: true,
      totals: { ...issue20Pricing().totals, display_total: 56700 },
    };
    const receipt = messageText(
      documentFor({ kind: 'receipt', audience: 'client' }, { paid: true, payUrl: null, pricing: beforeTax }),
    );
    expect(block(receipt, 'Your order')!.slice(-2)).toEqual(['Total: $567.00', 'Prices before tax · Paid']);
    const old = messageText(
      documentFor({ kind: 'receipt', audience: 'client' }, { paid: true, payUrl: null, pricing: null }),
    );
    expect(block(old, 'Your order')).toEqual(['Total: $609.53', 'Paid']);
  });
});

describe('the HTML part', () => {
  it('is a readable document: language, colour schemes, headings, the price as a table, the button and the logo', async () => {
    const rendered = await renderMessage(documentFor(clientConfirmation));
    const html = parse(rendered.html);
    expect(html.querySelector('html')?.getAttribute('lang')).toBe('en');
    expect(html.querySelector('meta[name="color-scheme"]')?.getAttribute('content')).toBe('light dark');
    expect(rendered.html).toContain('@media (prefers-color-scheme: dark)');
    expect(html.querySelector('h1')?.textContent).toBe('Your inspection is booked');
    expect(Array.from(html.querySelectorAll('h2')).map((h) => h.textContent)).toEqual([
      'Your appointment',
      'Your order',
      'How to prepare',
      'Add it to your calendar',
    ]);
    expect(html.querySelector('a[href^="https://pay.example.com/"]')?.textContent).toBe('Pay Online');
    expect(html.querySelector('img')?.getAttribute('alt')).toBe('Scioto Valley Home Inspections');
    const rows = Array.from(html.querySelectorAll('table[role="table"] tr')).map((tr) =>
      Array.from(tr.querySelectorAll('td, th')).map((cell) => cell.textContent),
    );
    expect(rows.at(-1)).toEqual(['Total', '$609.53']);
    const sum = rows.slice(0, -1).reduce((total, [, amount]) => total + shownCents(amount!), 0);
    expect(sum).toBe(60953);
    expect(rendered.html).not.toMatch(/undefined|null|\[object/);
  });

  it('names the company in text where it has no logo mail programs show', async () => {
    const html = parse(
      (
        await renderMessage(
          messageDocument(facts, clientConfirmation, DEFAULT_TEMPLATES.client, { ...branding, logoUrl: null }),
        )
      ).html,
    );
    expect(html.querySelector('img')).toBeNull();
    expect(html.body.textContent).toContain('Scioto Valley Home Inspections');
  });

  it('writes the button in the colour that reads on the company colour', () => {
    expect(textOn('#1f4e79')).toBe('#ffffff');
    expect(textOn('#ffd54f')).toBe('#000000');
    expect(textOn('#000000')).toBe('#ffffff');
    expect(textOn('#ffffff')).toBe('#000000');
  });

  it('picks black or white by the higher WCAG contrast, on colours close to the line between them', () => {
    // Contrast with white, then with black (WCAG 2 relative luminance).
    const expected: Array<[string, '#ffffff' | '#000000']> = [
      ['#006dfb', '#ffffff'], // 4.585 : 4.580
      ['#0003fd', '#ffffff'], // 8.64 : 2.43, its green channel in the linear part of the curve
      ['#0056ff', '#ffffff'], // 5.56 : 3.78
      ['#00000b', '#ffffff'], // 20.9 : 1.005, a channel just above the linear part
      ['#1d9716', '#000000'], // 3.83 : 5.49
      ['#0000d9', '#ffffff'], // 10.5 : 2.00, blue alone
      ['#4e85f2', '#000000'], // 3.52 : 5.96
      ['#0d8d80', '#000000'], // 4.09 : 5.14
    ];
    expect(expected.map(([colour]) => [colour, textOn(colour)])).toEqual(expected);
  });

  it("shows each detail as a paragraph 'Label: value', the address a link to the map", async () => {
    const html = await htmlOf(documentFor(clientConfirmation));
    const shown = paragraphs(html);
    for (const row of [
      'When: Tuesday, December 1st 2026, 9:30 AM – 12:00 PM EST',
      'Expected length: about 2½ hours',
      'Where: 120 Oak St, Unit 4, Columbus, OH 43215',
      'Order number: 4F1C2D3E',
      'Inspector(s): Dana Whitfield',
      "Services: Buyer's Essentials, Radon Testing",
    ]) {
      expect(shown).toContain(row);
    }
    expect(hrefOf(html, '120 Oak St, Unit 4, Columbus, OH 43215')).toBe(
      'https://www.google.com/maps/search/?api=1&query=120%20Oak%20St%2C%20Unit%204%2C%20Columbus%2C%20OH%2043215',
    );
  });

  it('opens with the paragraphs of the template under the heading', async () => {
    const document = messageDocument(
      facts,
      clientConfirmation,
      { subject: 'Booked', body: 'Thank you, {client_name}.\n\nSee you then.' },
      branding,
    );
    const html = await htmlOf(document);
    // The paragraphs right after the heading, before the buttons and sections.
    const opening: string[] = [];
    for (let next = html.querySelector('h1')!.nextElementSibling; next?.tagName === 'P'; next = next.nextElementSibling)
      opening.push(next.textContent!);
    expect(opening).toEqual(['Thank you, Avery Stone.', 'See you then.']);
  });

  it('lists what to prepare, and leaves out the heading where there is nothing to prepare or add to a calendar', async () => {
    const html = await htmlOf(documentFor(clientConfirmation));
    expect(Array.from(html.querySelectorAll('li')).map((li) => li.textContent)).toEqual([
      'Utilities must be on.',
      'Radon: keep windows closed 12 hours before.',
    ]);
    const [google, outlook] = calendarLinks(facts);
    expect(hrefOf(html, 'Google Calendar')).toBe(google!.url);
    expect(hrefOf(html, 'Outlook')).toBe(outlook!.url);
    expect(paragraphs(html)).toContain('Google Calendar · Outlook');
    const nothingToPrepare = await htmlOf(documentFor(clientConfirmation, { prepare: [] }));
    expect(headings(nothingToPrepare)).toEqual(['Your appointment', 'Your order', 'Add it to your calendar']);
    expect(nothingToPrepare.querySelector('ul')).toBeNull();
    const office = await htmlOf(documentFor({ kind: 'confirmation', audience: 'office' }));
    expect(headings(office)).toEqual([
      'Appointment',
      'Client(s)',
      'Agents',
      'Contacts',
      'Property',
      'Special instructions',
      'Price',
    ]);
  });

  it("ends with the office's name, its phone to call and address to write to, and leaves out what the office has none of", async () => {
    const contact = (html: HtmlPart) => paragraphs(html).find((p) => p.startsWith('Questions or changes'));
    const html = await htmlOf(documentFor(clientConfirmation));
    expect(contact(html)).toBe(
      'Questions or changes: Scioto Valley Home Inspections, (614) 555-0142, office@example.com. A reply to this e-mail reaches the office.',
    );
    expect(hrefOf(html, '(614) 555-0142')).toBe('tel:6145550142');
    expect(hrefOf(html, 'office@example.com')).toBe('mailto:office@example.com');
    const noPhone = await htmlOf(documentFor(clientConfirmation, { office: { ...facts.office, phone: '' } }));
    expect(contact(noPhone)).toBe(
      'Questions or changes: Scioto Valley Home Inspections, office@example.com. A reply to this e-mail reaches the office.',
    );
    expect(noPhone.querySelector('a[href^="tel:"]')).toBeNull();
    const noEmail = await htmlOf(documentFor(clientConfirmation, { office: { ...facts.office, email: '' } }));
    expect(contact(noEmail)).toBe(
      'Questions or changes: Scioto Valley Home Inspections, (614) 555-0142. A reply to this e-mail reaches the office.',
    );
    expect(noEmail.querySelector('a[href^="mailto:"]')).toBeNull();
    expect((await htmlOf(documentFor({ kind: 'confirmation', audience: 'office' }))).body.textContent).not.toContain(
      'Questions or changes',
    );
  });

  it('has no empty box where an e-mail has no button', async () => {
    const emptyBoxes = (html: HtmlPart) =>
      Array.from(html.querySelectorAll('table[role="presentation"]')).filter(
        (table) => table.textContent!.trim() === '' && !table.querySelector('img'),
      );
    for (const occasion of [
      clientConfirmation,
      { kind: 'confirmation', audience: 'office' },
      { kind: 'receipt', audience: 'client' },
    ] as MessageOccasion[]) {
      expect(emptyBoxes(await htmlOf(documentFor(occasion, { paid: true, payUrl: null })))).toEqual([]);
    }
  });

  it('writes a receipt\'s "Paid" under the total of the price table, and nothing under a confirmation\'s total', async () => {
    const rowsOf = (html: HtmlPart) =>
      Array.from(html.querySelectorAll('table[role="table"] tr')).map((tr) => tr.textContent);
    const receipt = await htmlOf(documentFor({ kind: 'receipt', audience: 'client' }, { paid: true, payUrl: null }));
    expect(rowsOf(receipt).slice(-2)).toEqual(['Total$609.53', 'Paid']);
    expect(rowsOf(await htmlOf(documentFor(clientConfirmation))).at(-1)).toBe('Total$609.53');
  });

  it('says in the preview line what the e-mail is about, before its first words', async () => {
    const html = await htmlOf(documentFor(clientConfirmation));
    expect(
      html
        .querySelector('[data-skip-in-text]')!
        .textContent!.startsWith(
          'Tuesday, December 1st 2026, 9:30 AM – 12:00 PM EST · 120 Oak St, Unit 4, Columbus, OH 43215',
        ),
    ).toBe(true);
  });
});

const MANAGE_URL = 'https://book.example.com/demo/manage/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

describe('the "Manage your inspection" link (issue 24)', () => {
  it("is a second button after Pay Online in the client's confirmation, and a line of the plain text", async () => {
    const document = documentFor({ ...clientConfirmation, manageUrl: MANAGE_URL });
    expect(document.action?.label).toBe('Pay Online');
    expect(document.manage).toEqual({ label: 'Manage your inspection', url: MANAGE_URL });
    expect(messageText(document)).toContain(`Pay Online: ${facts.payUrl}\n\nManage your inspection: ${MANAGE_URL}`);
    const html = parse((await renderMessage(document)).html);
    const buttons = Array.from(html.querySelectorAll('a')).filter(
      (a) => a.getAttribute('href') === facts.payUrl || a.getAttribute('href') === MANAGE_URL,
    );
    expect(buttons.map((a) => a.textContent)).toEqual(['Pay Online', 'Manage your inspection']);
  });

  it("is in the agent's e-mail, the reminder and the move's message, alone when nothing is to pay", () => {
    for (const occasion of [
      { kind: 'confirmation', audience: 'agent' },
      { kind: 'reminder', audience: 'client' },
      {
        kind: 'rescheduled',
        audience: 'client',
        change: { previousStart: new Date('2026-11-30T14:30:00Z'), author: byVisitor },
      },
    ] as MessageOccasion[]) {
      expect(documentFor({ ...occasion, manageUrl: MANAGE_URL }, { paid: true, payUrl: null }).manage?.url).toBe(
        MANAGE_URL,
      );
    }
    expect(messageText(documentFor({ kind: 'confirmation', audience: 'agent', manageUrl: MANAGE_URL }))).toContain(
      `Manage your inspection: ${MANAGE_URL}`,
    );
  });

  it("is not in a message without one, the office's copy, a receipt or a cancellation", () => {
    expect(documentFor(clientConfirmation).manage).toBeNull();
    expect(messageText(documentFor(clientConfirmation))).not.toContain('Manage your inspection');
    expect(documentFor({ kind: 'confirmation', audience: 'office', manageUrl: MANAGE_URL }).manage).toBeNull();
    expect(documentFor({ kind: 'receipt', audience: 'client', manageUrl: MANAGE_URL }).manage).toBeNull();
    const cancelled = {
      ...facts,
      status: 'cancelled' as const,
      cancelled: { at: new Date('2026-11-28T15:00:00Z'), reason: '', feeCents: null },
    };
    expect(
      messageDocument(
        cancelled,
        { kind: 'cancelled', audience: 'client', manageUrl: MANAGE_URL },
        DEFAULT_TEMPLATES.cancelled,
        branding,
      ).manage,
    ).toBeNull();
  });
});

describe("a cancellation's refund under the policy (decision 0076)", () => {
  const refund = 'Cancelling refunded $325.00 of the $400.00 you paid: the late-cancellation fee of $75.00 is kept.';
  const cancelledFacts: Partial<MessageFacts> = {
    status: 'cancelled',
    cancelled: { at: new Date('2026-11-28T15:00:00Z'), reason: '', feeCents: 7500 },
  };
  const cancelled = (audience: MessageOccasion['audience'], withRefund: boolean) =>
    messageText(
      documentFor(
        {
          kind: 'cancelled',
          audience,
          change: { previousStart: facts.start, author: authorOf('visitor'), ...(withRefund ? { refund } : {}) },
        },
        cancelledFacts,
      ),
    );

  it("is said to the client and in the office's copy, never to an agent, and not at all without one", () => {
    expect(cancelled('client', true)).toContain(`Refund: ${refund}`);
    // A job queued before the office's copy had words of its own (decision 0077's day) keeps the client's.
    expect(cancelled('office', true)).toContain(`Refund: ${refund}`);
    expect(cancelled('agent', true)).not.toContain('Refund');
    expect(cancelled('client', false)).not.toContain('Refund:');
  });

  it('tells the office in its payment row what was decided: refunded automatically, left to the office, none due', () => {
    const officeCopy = (officeRefund: string, paid = true) =>
      block(
        messageText(
          documentFor(
            {
              kind: 'cancelled',
              audience: 'office',
              change: { previousStart: facts.start, author: authorOf('visitor'), officeRefund },
            },
            { ...cancelledFacts, paid, payUrl: null },
          ),
        ),
        'Appointment',
      )!.at(-1);
    for (const decided of [
      'Paid $400.00 — refund of $325.00 issued automatically to the card: the late-cancellation fee of $75.00 is kept',
      'Paid $400.00 — no refund made: the refund is left to the office',
      'Paid $75.00 — no refund due: the late-cancellation fee of $75.00 is kept',
    ]) {
      expect(officeCopy(decided)).toBe(`Payment: ${decided}`);
      // Said as decided at the cancel, even once the refund made the order unpaid before the e-mail went.
      expect(officeCopy(decided, false)).toBe(`Payment: ${decided}`);
    }
  });
});

describe("a rescheduled booking's e-mails (issue 24)", () => {
  // Saturday 31 October 2026, 9:30 EDT, moved to Tuesday 3 November, 9:30 EST: the clocks went back in between.
  const previousStart = new Date('2026-10-31T13:30:00Z');
  const after: Partial<MessageFacts> = {
    start: new Date('2026-11-03T14:30:00Z'),
    end: new Date('2026-11-03T17:00:00Z'),
    sequence: 1,
  };
  const moved = (audience: MessageOccasion['audience'], changedBy: 'visitor' | 'office' = 'visitor') =>
    documentFor({ kind: 'rescheduled', audience, change: { previousStart, author: authorOf(changedBy) } }, after);

  it('tell the client the new time, and the one it had, each in its own zone across the daylight-saving change', () => {
    const document = moved('client');
    expect(document.heading).toBe('Your inspection was moved');
    expect(document.subject).toBe('Your inspection is moved to 11/3/2026 at 9:30AM EST');
    const text = messageText(document);
    expect(text).toContain(
      'When: Tuesday, November 3rd 2026, 9:30 AM – 12:00 PM EST\nWas: Saturday, October 31st 2026, 9:30 AM – 12:00 PM EDT\n',
    );
    expect(text).toContain('has been moved from 10/31/2026 at 9:30AM EDT to 11/3/2026 at 9:30AM EST');
    // Still ahead: the price, what to prepare, the calendar links and Pay Online while unpaid.
    expect(document.sections.map((section) => section.title)).toEqual(['Your appointment', 'Your order']);
    expect(document.calendarLinks).toHaveLength(2);
    expect(document.action?.label).toBe('Pay Online');
  });

  it("tell an agent and the office: the office's copy says who moved it and when it was", () => {
    expect(moved('agent').heading).toBe('Inspection moved');
    const office = moved('office');
    expect(office.heading).toBe('Booking moved');
    expect(office.subject).toBe('Booking moved to 11/3/2026 at 9:30AM EST: 120 Oak St, Unit 4, Columbus, OH 43215');
    const text = messageText(office);
    expect(text).toContain('Change\n------\nMoved by: the client or agent, with their "Manage your inspection" link');
    expect(text).toContain('Was: Saturday, October 31st 2026, 9:30 AM – 12:00 PM EDT');
    expect(messageText(moved('office', 'office'))).toContain('Moved by: the office');
    expect(text).not.toContain('Reason');
    // Still the order's price and payment state, as for a new booking.
    expect(block(text, 'Price')!.at(-1)).toBe('Total: $609.53');
    expect(block(text, 'Appointment')!.at(-1)).toBe('Payment: Not paid yet');
  });

  it("tell an agent in words of their own: the client's inspection moved, from when to when (issue 24)", () => {
    const agent = moved('agent');
    expect(agent.subject).toBe('Inspection for Avery Stone moved to 11/3/2026 at 9:30AM EST');
    expect(agent.opening).toEqual([
      'The inspection for Avery Stone at 120 Oak St, Unit 4, Columbus, OH 43215 has been moved from 10/31/2026 at 9:30AM EDT to 11/3/2026 at 9:30AM EST. The details are below; the calendar invitation is updated.',
    ]);
    expect(messageText(agent)).not.toContain('Your inspection');
  });

  it("use the company's own template for the client, never for an agent's or the office's copy", () => {
    const own = { rescheduled: { subject: 'Moved: {datetime} (was {previous_datetime})', body: 'See you then.' } };
    const occasion: MessageOccasion = {
      kind: 'rescheduled',
      audience: 'client',
      change: { previousStart, author: byOffice },
    };
    expect(messageTemplate(occasion, own)).toBe(own.rescheduled);
    expect(messageDocument({ ...facts, ...after }, occasion, messageTemplate(occasion, own), branding).subject).toBe(
      'Moved: 11/3/2026 at 9:30AM EST (was 10/31/2026 at 9:30AM EDT)',
    );
    expect(messageTemplate({ ...occasion, audience: 'agent' }, own)).toBe(AGENT_CHANGE_TEMPLATES.rescheduled);
    expect(messageTemplate({ ...occasion, audience: 'office' }, own)).toBe(OFFICE_CHANGE_TEMPLATES.rescheduled);
    expect(messageTemplate({ ...occasion, audience: 'office' }, own).subject).toBe(
      'Booking moved to {datetime}: {address}',
    );
    // Without a template of its own, the client reads the built-in one.
    expect(messageTemplate(occasion, {})).toBe(DEFAULT_TEMPLATES.rescheduled);
  });

  it("leave every other message's template to the company, an agent's and the office's too", () => {
    const own = { subject: 'Ours: {datetime}', body: 'Our words.' };
    for (const [occasion, name] of [
      [{ kind: 'confirmation', audience: 'client' }, 'client'],
      [{ kind: 'confirmation', audience: 'agent' }, 'agent'],
      [{ kind: 'confirmation', audience: 'office' }, 'office'],
      [{ kind: 'reminder', audience: 'agent' }, 'reminder'],
      [{ kind: 'receipt', audience: 'client' }, 'receipt'],
    ] as Array<[MessageOccasion, keyof typeof DEFAULT_TEMPLATES]>) {
      expect(messageTemplate(occasion, { [name]: own })).toBe(own);
      expect(messageTemplate(occasion, {})).toBe(DEFAULT_TEMPLATES[name]);
    }
  });

  it('say the new time alone when the job does not tell the time it had: no "Was", and no change rows for the office', () => {
    const client = documentFor({ kind: 'rescheduled', audience: 'client' }, after);
    expect(block(messageText(client), 'Your appointment')!.slice(0, 2)).toEqual([
      'When: Tuesday, November 3rd 2026, 9:30 AM – 12:00 PM EST',
      'Expected length: about 2½ hours',
    ]);
    const office = documentFor({ kind: 'rescheduled', audience: 'office' }, after);
    expect(office.sections[0]!.title).toBe('Appointment');
    expect(messageText(office)).not.toContain('Was:');
  });
});

describe("a cancelled booking's e-mails (issue 24)", () => {
  const cancelledFacts = (reason: string, feeCents: number | null): Partial<MessageFacts> => ({
    status: 'cancelled',
    cancelled: { at: new Date('2026-11-30T16:00:00Z'), reason, feeCents },
    sequence: 2,
  });
  const cancelled = (
    audience: MessageOccasion['audience'],
    reason = 'Bought another house',
    feeCents: number | null = 7500,
    changedBy: 'visitor' | 'office' = 'visitor',
    changes: Partial<MessageFacts> = {},
  ) =>
    documentFor(
      { kind: 'cancelled', audience, change: { previousStart: facts.start, author: authorOf(changedBy) } },
      { ...cancelledFacts(reason, feeCents), ...changes },
    );
  const appointment = [
    'When: Tuesday, December 1st 2026, 9:30 AM – 12:00 PM EST',
    'Expected length: about 2½ hours',
    'Where: 120 Oak St, Unit 4, Columbus, OH 43215',
    'Order number: 4F1C2D3E',
    'Inspector(s): Dana Whitfield',
    "Services: Buyer's Essentials, Radon Testing",
  ];

  it('give the office who cancelled, the reason and the late fee, and the time it had with its zone', () => {
    const office = cancelled('office');
    expect(office.heading).toBe('Booking cancelled');
    expect(office.subject).toBe('Booking cancelled: 12/1/2026 at 9:30AM EST, 120 Oak St, Unit 4, Columbus, OH 43215');
    const text = messageText(office);
    expect(block(text, 'Change')).toEqual([
      'Cancelled by: the client or agent, with their "Manage your inspection" link',
      'Reason: Bought another house',
      'Late-cancellation fee: $75.00',
    ]);
    expect(text).toContain('When: Tuesday, December 1st 2026, 9:30 AM – 12:00 PM EST');
    expect(office.sections[0]!.title).toBe('Change');
    // Who to call is still there: the people, and the payment state for a refund.
    expect(text).toContain('Client: Avery Stone');
  });

  it('tell the office whether it was paid, a refund perhaps due, rather than a price still owed (issue 24)', () => {
    const unpaid = messageText(cancelled('office'));
    expect(block(unpaid, 'Appointment')!.at(-1)).toBe('Payment: Not paid');
    const paid = messageText(
      cancelled('office', 'Bought another house', 7500, 'visitor', { paid: true, payUrl: null }),
    );
    expect(block(paid, 'Appointment')!.at(-1)).toBe('Payment: Paid — a refund may be due');
    // The price the booking had, as booked: its lines still add up to its total (house rule 16); the late fee stays in the change's rows.
    const price = block(unpaid, 'Price as booked')!;
    expect(price).toEqual([
      "Buyer's Essentials: $520.00",
      'Bundle Savings: - $40.00',
      'Radon Testing: $150.00',
      'Coupon 10% off: - $63.00',
      'Franklin County sales tax (tax): $42.53',
      'Total: $609.53',
    ]);
    expect(price.slice(0, -1).reduce((sum, line) => sum + shownCents(line), 0)).toBe(shownCents(price.at(-1)!));
    expect(block(unpaid, 'Price')).toBeNull();
    expect(block(unpaid, 'Change')).toContain('Late-cancellation fee: $75.00');
  });

  it('leave out a reason not given and a fee not owed, and say when the office cancelled', () => {
    const text = messageText(cancelled('office', '  ', 0, 'office'));
    expect(block(text, 'Change')).toEqual(['Cancelled by: the office']);
    expect(text).not.toContain('Reason:');
    expect(text).not.toContain('Late-cancellation fee');
    expect(messageText(cancelled('office', '', null))).not.toContain('Late-cancellation fee');
    expect(block(messageText(cancelled('office', 'Bought another house', null)), 'Change')).toEqual([
      'Cancelled by: the client or agent, with their "Manage your inspection" link',
      'Reason: Bought another house',
    ]);
  });

  it("belong to the cancellation's messages alone: the office's copy of a move or a new booking never names a cancellation's reason or fee", () => {
    const onRecord = cancelledFacts('Bought another house', 7500);
    const move = messageText(
      documentFor(
        { kind: 'rescheduled', audience: 'office', change: { previousStart: facts.start, author: byOffice } },
        onRecord,
      ),
    );
    expect(block(move, 'Change')).toEqual(['Moved by: the office']);
    const booked = documentFor({ kind: 'confirmation', audience: 'office' }, onRecord);
    expect(booked.sections[0]!.title).toBe('Appointment');
    expect(messageText(booked)).not.toContain('Bought another house');
  });

  it('name no reason and no fee where the order holds no cancellation record', () => {
    const occasion = { kind: 'cancelled', change: { previousStart: facts.start, author: byOffice } } as const;
    const office = messageText(
      documentFor({ ...occasion, audience: 'office' }, { status: 'cancelled', cancelled: null }),
    );
    expect(block(office, 'Change')).toEqual(['Cancelled by: the office']);
    const client = messageText(
      documentFor({ ...occasion, audience: 'client' }, { status: 'cancelled', cancelled: null }),
    );
    expect(block(client, 'The cancelled appointment')).toEqual([...appointment, 'Cancelled by: the office']);
  });

  it('tell the client the time that was cancelled and the fee owed: nothing to pay online, prepare or add to a calendar', () => {
    const client = cancelled('client');
    expect(client.heading).toBe('Your inspection was cancelled');
    expect(client.subject).toBe('Your inspection on 12/1/2026 at 9:30AM EST is cancelled');
    expect(client.action).toBeNull();
    expect(client.calendarLinks).toEqual([]);
    expect(client.prepare).toEqual([]);
    expect(client.preview).toBe(
      'Booking cancelled: Tuesday, December 1st 2026, 9:30 AM – 12:00 PM EST · 120 Oak St, Unit 4, Columbus, OH 43215',
    );
    const text = messageText(client);
    expect(block(text, 'The cancelled appointment')).toEqual([...appointment, 'Late-cancellation fee: $75.00']);
    expect(text).not.toContain('Bought another house');
    expect(text).not.toContain('Was:');
    expect(text).toContain('Questions or changes: Scioto Valley Home Inspections');
    expect(block(messageText(cancelled('client', '', null)), 'The cancelled appointment')).toEqual(appointment);
  });

  it("tell the client and the agents the reason the office gave (the console says the client sees it); a reason typed on a manage link stays the office's (issue 41)", () => {
    const client = messageText(cancelled('client', ' Inspector ill ', null, 'office'));
    expect(block(client, 'The cancelled appointment')).toEqual([
      ...appointment,
      'Cancelled by: the office',
      'Reason: Inspector ill',
    ]);
    expect(
      block(messageText(cancelled('agent', 'Inspector ill', null, 'office')), 'The cancelled appointment'),
    ).toContain('Reason: Inspector ill');
    // No reason given: no empty row.
    expect(messageText(cancelled('client', '  ', null, 'office'))).not.toContain('Reason:');
    // A visitor's own reason was written to the office alone.
    expect(messageText(cancelled('agent', 'Client found a cheaper inspector', null, 'visitor'))).not.toContain(
      'Reason:',
    );
  });

  it("do not show the client the order's price as if it were still owed, paid or not (issue 24)", () => {
    for (const changes of [{}, { paid: true, payUrl: null }] as Array<Partial<MessageFacts>>) {
      const client = cancelled('client', '', null, 'visitor', changes);
      expect(client.sections.map((section) => section.title)).toEqual(['The cancelled appointment']);
      const text = messageText(client);
      expect(text).not.toContain('$');
      expect(text).not.toContain('Payment');
    }
    // The late fee is the one amount the client reads.
    expect(messageText(cancelled('client')).match(/\$[\d,.]+/g)).toEqual(['$75.00']);
  });

  it("tell an agent without the client's fee, in words of their own: the client's inspection is cancelled (issue 24)", () => {
    const agent = cancelled('agent');
    expect(agent.heading).toBe('Inspection cancelled');
    expect(messageText(agent)).not.toContain('$');
    expect(agent.subject).toBe('Inspection for Avery Stone on 12/1/2026 at 9:30AM EST is cancelled');
    expect(agent.opening).toEqual([
      'The inspection for Avery Stone on 12/1/2026 at 9:30AM EST at 120 Oak St, Unit 4, Columbus, OH 43215 has been cancelled.',
    ]);
    const own = { cancelled: { subject: 'Cancelled', body: 'Your inspection is off.' } };
    expect(messageTemplate({ kind: 'cancelled', audience: 'agent' }, own)).toBe(AGENT_CHANGE_TEMPLATES.cancelled);
    expect(messageTemplate({ kind: 'cancelled', audience: 'client' }, own)).toBe(own.cancelled);
    expect(messageTemplate({ kind: 'cancelled', audience: 'office' }, own)).toBe(OFFICE_CHANGE_TEMPLATES.cancelled);
  });
});

describe('who made a change, in every copy (issue 42)', () => {
  const previousStart = new Date('2026-11-30T14:30:00Z');
  const cancelledFacts: Partial<MessageFacts> = {
    status: 'cancelled',
    cancelled: { at: new Date('2026-11-28T15:00:00Z'), reason: '', feeCents: null },
  };
  /** The "Moved by" or "Cancelled by" line of a copy, or null. */
  const byLine = (kind: 'rescheduled' | 'cancelled', audience: MessageOccasion['audience'], author: ChangeAuthor) => {
    const text = messageText(
      documentFor({ kind, audience, change: { previousStart, author } }, kind === 'cancelled' ? cancelledFacts : {}),
    );
    return text.split('\n').find((line) => /^(Moved|Cancelled) by: /.test(line)) ?? null;
  };
  const visitor = (role: 'client' | 'agent' | 'contact' | 'visitor', isReader = false): ChangeAuthor => ({
    kind: 'visitor',
    role,
    isReader,
  });

  it('name the office to everyone', () => {
    for (const audience of ['client', 'agent', 'office'] as const) {
      expect(byLine('rescheduled', audience, byOffice)).toBe('Moved by: the office');
      expect(byLine('cancelled', audience, byOffice)).toBe('Cancelled by: the office');
    }
  });

  it('tell the client their agent, the agent the client, and each reader who made it themselves "you"', () => {
    expect(byLine('rescheduled', 'client', visitor('agent'))).toBe('Moved by: your agent');
    expect(byLine('cancelled', 'agent', visitor('client'))).toBe('Cancelled by: the client');
    expect(byLine('cancelled', 'client', visitor('client', true))).toBe('Cancelled by: you');
    expect(byLine('rescheduled', 'agent', visitor('agent', true))).toBe('Moved by: you');
    // Another client of the order, another agent, a contact, the person who booked on the thank-you page.
    expect(byLine('rescheduled', 'client', visitor('client'))).toBe('Moved by: another client');
    expect(byLine('rescheduled', 'agent', visitor('agent'))).toBe('Moved by: an agent');
    expect(byLine('cancelled', 'client', visitor('contact'))).toBe('Cancelled by: a contact');
    expect(byLine('cancelled', 'client', visitor('visitor'))).toBe('Cancelled by: the person who booked it');
  });

  it("give the office the history's words and how: through the visitor's manage link", () => {
    expect(byLine('rescheduled', 'office', visitor('agent'))).toBe(
      'Moved by: an agent, with their "Manage your inspection" link',
    );
    expect(byLine('cancelled', 'office', visitor('client', true))).toBe(
      'Cancelled by: the client, with their "Manage your inspection" link',
    );
  });

  it("say nothing more to a visitor when the job does not name the visitor's role (queued before it was kept)", () => {
    expect(byLine('rescheduled', 'client', byVisitor)).toBeNull();
    expect(byLine('cancelled', 'agent', byVisitor)).toBeNull();
    expect(byLine('cancelled', 'office', byVisitor)).toBe(
      'Cancelled by: the client or agent, with their "Manage your inspection" link',
    );
  });
});
