import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { issue20Pricing, shownCents } from '@scheduler/domain/pricing/display-fixtures';
import { DEFAULT_TEMPLATES, type MessageFacts } from './mail-content.ts';
import { messageFacts as facts } from './message-fixtures.ts';
import { textOn } from './message-email.tsx';
import { appointmentText, calendarLinks, messageDocument, messageTemplate, type MessageBranding, type MessageOccasion } from './message-document.ts';
import { messageText, renderMessage } from './render-message.tsx';

const branding: MessageBranding = { color: '#1f4e79', logoUrl: 'https://book.example.com/demo/logo?office=1111', companyName: 'Scioto Valley Home Inspections' };

function documentFor(occasion: MessageOccasion, changes: Partial<MessageFacts> = {}) {
  return messageDocument({ ...facts, ...changes }, occasion, messageTemplate(occasion, {}), branding);
}

const clientConfirmation = { kind: 'confirmation', audience: 'client' } as const;

/** The HTML part as a mail program's renderer reads it. */
function parse(html: string) {
  return new new Window().DOMParser().parseFromString(html, 'text/html');
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
});

describe("the client's confirmation", () => {
  const text = messageText(documentFor(clientConfirmation));

  it('says when, how long, where, the order number and the inspector', () => {
    expect(text).toContain('When: Tuesday, December 1st 2026, 9:30 AM – 12:00 PM EST');
    expect(text).toContain('Expected length: about 2½ hours');
    expect(text).toContain('Where: 120 Oak St, Unit 4, Columbus, OH 43215');
    expect(text).toContain('Order number: 4F1C2D3E');
    expect(text).toContain('Inspector(s): Dana Whitfield');
  });

  it('shows the price lines the thank-you shows, adding up to the total (house rule 16)', () => {
    const lines = priceLinesOf(text);
    expect(lines.map((line) => line.label)).toEqual(["Buyer's Essentials", 'Bundle Savings', 'Radon Testing', 'Coupon 10% off', 'Franklin County sales tax (tax)', 'Total']);
    expect(lines.slice(0, -1).reduce((sum, line) => sum + line.cents, 0)).toBe(lines.at(-1)!.cents);
    expect(lines.at(-1)!.cents).toBe(60953);
  });

  it('offers Pay Online while unpaid, and nothing to pay once paid', () => {
    expect(documentFor(clientConfirmation).action).toEqual({ label: 'Pay Online', url: facts.payUrl });
    expect(text).toContain(`Pay Online: ${facts.payUrl}`);
    const paid = documentFor(clientConfirmation, { paid: true, payUrl: null });
    expect(paid.action).toBeNull();
    expect(messageText(paid)).not.toContain('Pay Online');
  });

  it('tells what to prepare for what was booked, and how to add it to a calendar', () => {
    expect(text).toContain('How to prepare\n--------------\n- Utilities must be on.\n- Radon: keep windows closed 12 hours before.');
    expect(text).toContain('Google Calendar: https://calendar.google.com/');
    expect(text).toContain('Outlook: https://outlook.live.com/');
    expect(documentFor(clientConfirmation, { prepare: [] }).prepare).toEqual([]);
  });

  it('leaves the inspectors out when the company does not show their names', () => {
    expect(messageText(documentFor(clientConfirmation, { showInspectorNames: false }))).not.toContain('Dana Whitfield');
  });

  it("shows no amounts where the company hides them, and only the frozen total for an order confirmed before prices were kept", () => {
    const hidden = documentFor(clientConfirmation, { pricing: { ...issue20Pricing(), fees_hidden: true, taxes_hidden: true } });
    expect(hidden.sections.map((section) => section.kind)).toEqual(['rows']);
    const old = messageText(documentFor(clientConfirmation, { pricing: null }));
    expect(priceLinesOf(old)).toEqual([{ label: 'Total', cents: 60953 }]);
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
    expect(messageText(documentFor({ kind: 'confirmation', audience: 'office' }, { paid: true }))).toContain('Payment: Paid');
  });

  it('leaves out the sections the order has nothing for', () => {
    const bare = documentFor({ kind: 'confirmation', audience: 'office' }, { people: [], specialNote: '  ', property: { sqft: null, yearBuilt: null, foundation: '', salesPrice: '', answers: [] } });
    expect(bare.sections.map((section) => section.title)).toEqual(['Appointment', 'Price']);
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
    expect(Array.from(html.querySelectorAll('h2')).map((h) => h.textContent)).toEqual(['Your appointment', 'Your order', 'How to prepare', 'Add it to your calendar']);
    expect(html.querySelector('a[href^="https://pay.example.com/"]')?.textContent).toBe('Pay Online');
    expect(html.querySelector('img')?.getAttribute('alt')).toBe('Scioto Valley Home Inspections');
    const rows = Array.from(html.querySelectorAll('table[role="table"] tr')).map((tr) => Array.from(tr.querySelectorAll('td, th')).map((cell) => cell.textContent));
    expect(rows.at(-1)).toEqual(['Total', '$609.53']);
    const sum = rows.slice(0, -1).reduce((total, [, amount]) => total + shownCents(amount!), 0);
    expect(sum).toBe(60953);
    expect(rendered.html).not.toMatch(/undefined|null|\[object/);
  });

  it("names the company in text where it has no logo mail programs show", async () => {
    const html = parse((await renderMessage(messageDocument(facts, clientConfirmation, DEFAULT_TEMPLATES.client, { ...branding, logoUrl: null }))).html);
    expect(html.querySelector('img')).toBeNull();
    expect(html.body.textContent).toContain('Scioto Valley Home Inspections');
  });

  it('writes the button in the colour that reads on the company colour', () => {
    expect(textOn('#1f4e79')).toBe('#ffffff');
    expect(textOn('#ffd54f')).toBe('#000000');
    expect(textOn('#000000')).toBe('#ffffff');
    expect(textOn('#ffffff')).toBe('#000000');
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
    const buttons = Array.from(html.querySelectorAll('a')).filter((a) => a.getAttribute('href') === facts.payUrl || a.getAttribute('href') === MANAGE_URL);
    expect(buttons.map((a) => a.textContent)).toEqual(['Pay Online', 'Manage your inspection']);
  });

  it("is in the agent's e-mail, the reminder and the move's message, alone when nothing is to pay", () => {
    for (const occasion of [
      { kind: 'confirmation', audience: 'agent' },
      { kind: 'reminder', audience: 'client' },
      { kind: 'rescheduled', audience: 'client', change: { previousStart: new Date('2026-11-30T14:30:00Z'), changedBy: 'visitor' } },
    ] as MessageOccasion[]) {
      expect(documentFor({ ...occasion, manageUrl: MANAGE_URL }, { paid: true, payUrl: null }).manage?.url).toBe(MANAGE_URL);
    }
    expect(messageText(documentFor({ kind: 'confirmation', audience: 'agent', manageUrl: MANAGE_URL }))).toContain(`Manage your inspection: ${MANAGE_URL}`);
  });

  it('is not in a message without one, the office\'s copy, a receipt or a cancellation', () => {
    expect(documentFor(clientConfirmation).manage).toBeNull();
    expect(messageText(documentFor(clientConfirmation))).not.toContain('Manage your inspection');
    expect(documentFor({ kind: 'confirmation', audience: 'office', manageUrl: MANAGE_URL }).manage).toBeNull();
    expect(documentFor({ kind: 'receipt', audience: 'client', manageUrl: MANAGE_URL }).manage).toBeNull();
    const cancelled = { ...facts, status: 'cancelled' as const, cancelled: { at: new Date('2026-11-28T15:00:00Z'), reason: '', feeCents: null } };
    expect(messageDocument(cancelled, { kind: 'cancelled', audience: 'client', manageUrl: MANAGE_URL }, DEFAULT_TEMPLATES.cancelled, branding).manage).toBeNull();
  });
});

describe('a rescheduled booking\'s e-mails (issue 24)', () => {
  // Saturday 31 October 2026, 9:30 EDT, moved to Tuesday 3 November, 9:30 EST: the clocks went back in between.
  const previousStart = new Date('2026-10-31T13:30:00Z');
  const after: Partial<MessageFacts> = { start: new Date('2026-11-03T14:30:00Z'), end: new Date('2026-11-03T17:00:00Z'), sequence: 1 };
  const moved = (audience: MessageOccasion['audience'], changedBy: 'visitor' | 'office' = 'visitor') => documentFor({ kind: 'rescheduled', audience, change: { previousStart, changedBy } }, after);

  it('tell the client the new time, and the one it had, each in its own zone across the daylight-saving change', () => {
    const document = moved('client');
    expect(document.heading).toBe('Your inspection was moved');
    expect(document.subject).toBe('Your inspection is moved to 11/3/2026 at 9:30AM EST');
    const text = messageText(document);
    expect(text).toContain('When: Tuesday, November 3rd 2026, 9:30 AM – 12:00 PM EST\nWas: Saturday, October 31st 2026, 9:30 AM – 12:00 PM EDT\n');
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
  });

  it("use the company's own template for the client and agents, never for the office's copy", () => {
    const own = { rescheduled: { subject: 'Moved: {datetime} (was {previous_datetime})', body: 'See you then.' } };
    const occasion: MessageOccasion = { kind: 'rescheduled', audience: 'client', change: { previousStart, changedBy: 'office' } };
    expect(messageTemplate(occasion, own)).toBe(own.rescheduled);
    expect(messageDocument({ ...facts, ...after }, occasion, messageTemplate(occasion, own), branding).subject).toBe('Moved: 11/3/2026 at 9:30AM EST (was 10/31/2026 at 9:30AM EDT)');
    expect(messageTemplate({ ...occasion, audience: 'agent' }, own)).toBe(own.rescheduled);
    expect(messageTemplate({ ...occasion, audience: 'office' }, own).subject).toBe('Booking moved to {datetime}: {address}');
    expect(messageTemplate({ kind: 'confirmation', audience: 'office' }, { office: own.rescheduled })).toBe(own.rescheduled);
  });
});

describe("a cancelled booking's e-mails (issue 24)", () => {
  const cancelledFacts = (reason: string, feeCents: number | null): Partial<MessageFacts> => ({ status: 'cancelled', cancelled: { at: new Date('2026-11-30T16:00:00Z'), reason, feeCents }, sequence: 2 });
  const cancelled = (audience: MessageOccasion['audience'], reason = 'Bought another house', feeCents: number | null = 7500, changedBy: 'visitor' | 'office' = 'visitor') =>
    documentFor({ kind: 'cancelled', audience, change: { previousStart: facts.start, changedBy } }, cancelledFacts(reason, feeCents));

  it("give the office who cancelled, the reason and the late fee, and the time it had with its zone", () => {
    const office = cancelled('office');
    expect(office.heading).toBe('Booking cancelled');
    expect(office.subject).toBe('Booking cancelled: 12/1/2026 at 9:30AM EST, 120 Oak St, Unit 4, Columbus, OH 43215');
    const text = messageText(office);
    expect(text).toContain('Cancelled by: the client or agent, with their "Manage your inspection" link\nReason: Bought another house\nLate-cancellation fee: $75.00');
    expect(text).toContain('When: Tuesday, December 1st 2026, 9:30 AM – 12:00 PM EST');
    expect(office.sections[0]!.title).toBe('Change');
    // Who to call is still there: the people, and the payment state for a refund.
    expect(text).toContain('Client: Avery Stone');
    expect(text).toContain('Payment: Not paid yet');
  });

  it('leave out a reason not given and a fee not owed, and say when the office cancelled', () => {
    const text = messageText(cancelled('office', '  ', 0, 'office'));
    expect(text).toContain('Cancelled by: the office');
    expect(text).not.toContain('Reason:');
    expect(text).not.toContain('Late-cancellation fee');
    expect(messageText(cancelled('office', '', null))).not.toContain('Late-cancellation fee');
  });

  it('tell the client the time that was cancelled and the fee owed: nothing to pay online, prepare or add to a calendar', () => {
    const client = cancelled('client');
    expect(client.heading).toBe('Your inspection was cancelled');
    expect(client.subject).toBe('Your inspection on 12/1/2026 at 9:30AM EST is cancelled');
    expect(client.action).toBeNull();
    expect(client.calendarLinks).toEqual([]);
    expect(client.prepare).toEqual([]);
    expect(client.preview).toBe('Booking cancelled: Tuesday, December 1st 2026, 9:30 AM – 12:00 PM EST · 120 Oak St, Unit 4, Columbus, OH 43215');
    const text = messageText(client);
    expect(text).toContain('The cancelled appointment\n-------------------------\nWhen: Tuesday, December 1st 2026, 9:30 AM – 12:00 PM EST');
    expect(text).toContain('Late-cancellation fee: $75.00');
    expect(text).not.toContain('Bought another house');
    expect(text).not.toContain('Was:');
    expect(text).toContain('Questions or changes: Scioto Valley Home Inspections');
  });

  it("tell an agent without the client's fee", () => {
    const agent = cancelled('agent');
    expect(agent.heading).toBe('Inspection cancelled');
    expect(messageText(agent)).not.toContain('$');
  });
});
