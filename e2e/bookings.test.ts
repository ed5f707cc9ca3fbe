import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AdminOrder, AdminOrdersResponse } from '@scheduler/contracts/confirm';
import type { OrderResponse } from '@scheduler/contracts/order';
import type { Pricing } from '@scheduler/contracts/pricing';
import { DEMO_COMPANY_FILE } from '../apps/server/src/modules/company-document/demo-company.ts';
import { appointmentText } from '../apps/server/src/modules/notifications/message-document.ts';
import { zoneAbbreviation } from '@scheduler/domain/time-zone-text';
import { typeAddress, type TypedAddress } from './support/address.ts';
import { VIEWPORTS } from './support/browser.ts';
import { chooseRole, fillClient } from './support/contacts.ts';
import { countInteractions, interactionsOf } from './support/interactions.ts';
import { icsAttachmentOf, readOutbox, type OutboxMail } from './support/mail.ts';
import { addPayAtClose, addService, choosePackage } from './support/packages.ts';
import type { FixtureCompany } from './support/product.ts';
import { answerDemoPropertyQuestions } from './support/property.ts';
import { centsOf, readPriceLines, sumOf } from './support/price-lines.ts';
import { confirmOnReview } from './support/review.ts';
import { useRunningProduct } from './support/running-product.ts';
import { STEP_TITLES, type Step } from './support/step-titles.ts';
import { chooseFirstSlot, confirmSlot } from './support/scheduling.ts';
import { sessionCalls, type SessionCall } from './support/session-calls.ts';

const running = useRunningProduct();

/** The company document every fixture company is a variant of: its office, inspectors and e-mail settings. */
const DOCUMENT = JSON.parse(readFileSync(DEMO_COMPANY_FILE, 'utf8')) as {
  offices: Array<{ email: string; time_zone: string }>;
  inspectors: Array<{ id: number; display: string }>;
  notifications: { notify_agents?: boolean };
};
const OFFICE = DOCUMENT.offices[0]!;
const INSPECTOR_NAMES = new Map(DOCUMENT.inspectors.map((i) => [i.id, i.display]));

const TITLES = STEP_TITLES;

interface Person {
  first: string;
  last: string;
  email: string;
  phone: string;
}

/** One visitor's booking: what they type and choose, and what the office should then see. */
interface Booking {
  company: FixtureCompany;
  /** The steps in the order spec 2.2 gives for the company's mode. */
  steps: Step[];
  postalCode?: string;
  /** Typed as a visitor types it; the verification box's suggestion is taken with Yes. */
  typed: TypedAddress;
  /** The verified address, as the order, the admin API and the e-mails carry it. */
  address: { address1: string; address2: string; city: string; state: string; postal_code: string };
  /** The address on one line, as the e-mails and the invitation's LOCATION write it. */
  addressLine: string;
  property: { sqft: string; yearBuilt: string };
  /** Fills the contacts step as the visitor does (the walk presses Next). */
  people: (page: Page) => Promise<void>;
  clients: Person[];
  /** The agents on the order, with the e-mail each has. */
  agents: Array<{ role: 'buyers_agent' | 'sellers_agent'; name: string; email: string }>;
  /** Fills the cart on the packages step. */
  cart: (page: Page) => Promise<void>;
  /** What the office's list and the e-mails name as booked: the package, then the services. */
  booked: string[];
  /** The time zone the server process runs in for this booking (process.env.TZ), when not the host's. */
  serverTimeZone?: string;
}

const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true }).click();
const panel = (page: Page) => page.getByRole('complementary', { name: 'Review your order' });
const money = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

/** The office's wall-clock time of an instant, "YYYY-MM-DDTHH:MM:SS". */
function officeWallTime(instant: string | Date): string {
  return new Date(instant).toLocaleString('sv-SE', { timeZone: OFFICE.time_zone }).replace(' ', 'T');
}

/** The hold notice's "12/1/2026 at 9:00AM" as the office's wall-clock time, "2026-12-01T09:00:00". */
function wallTimeOf(held: string): string {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4}) at (\d{1,2}):(\d{2})(AM|PM)$/.exec(held);
  if (!match) throw new Error(`the hold notice names the time as ${JSON.stringify(held)}`);
  const [, month, day, year, hour, minute, half] = match;
  const pad = (n: number | string) => String(n).padStart(2, '0');
  return `${year}-${pad(month!)}-${pad(day!)}T${pad((Number(hour) % 12) + (half === 'PM' ? 12 : 0))}:${minute}:00`;
}

/** The text an HTML name reads as (the catalogue's names may carry entities such as &amp;). */
function htmlText(html: string): string {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };
  return html.replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot|apos|#39);/g, (_, name: string) => entities[name]!);
}

/** "A", "A and B", "A, B, and C". */
function namesJoined(names: readonly string[]): string {
  return names.length <= 2 ? names.join(' and ') : `${names.slice(0, -1).join(', ')}, and ${names.at(-1)}`;
}

async function adminGet<T>(path: string): Promise<T> {
  const answer = await running.product.app.inject({
    method: 'GET',
    url: path,
    headers: { authorization: `Bearer ${running.product.adminToken}` },
  });
  expect(answer.statusCode, `${path}: ${answer.body}`).toBe(200);
  return answer.json<T>();
}

/** The e-mails of one order in the outbox (each file's Message-ID names the order). */
async function mailsOf(orderId: string): Promise<OutboxMail[]> {
  return (await readOutbox(running.product.outboxDir)).filter((mail) => mail.messageId.includes(`.${orderId}@`));
}

/** What the visitor saw on the review step, just before confirming. */
interface Reviewed {
  order: OrderResponse;
  pricing: Pricing;
  /** The held time as the calendar's hold notice named it ("12/1/2026 at 9:00AM"). */
  held: string;
  /** The review panel's "Total:" once the cart was filled on the packages step. */
  sidebarTotal: string;
  /** The review step's "Date, Time and Inspector" panel and its Shopping Cart's "Total:". */
  reviewDateTime: string;
  reviewTotal: string;
  call: SessionCall;
}

/**
 * The review panel's "Total:" for the cart as it stands: once the panel has caught up with the
 * last change, it reads what /pricing answers.
 */
async function shownTotal(page: Page, company: FixtureCompany): Promise<string> {
  const pricing = await sessionCalls(
    page,
    new URL(page.url()).searchParams.get('t')!,
    company,
  )<Pricing>('json/online_scheduler/pricing');
  const total = panel(page).locator('[data-line="total"] dd');
  await total.filter({ hasText: money(pricing.totals.grand_total) }).waitFor();
  return (await total.innerText()).trim();
}

/** From the company's link through every step, in the order the company's mode gives, to the review step. */
async function walkToReview(page: Page, booking: Booking): Promise<Reviewed> {
  await page.goto(running.product.linkOf(booking.company));
  const walked: Step[] = [];
  let held = '';
  let sidebarTotal = '';
  for (const [index, step] of booking.steps.entries()) {
    await page.getByRole('heading', { level: 1, name: TITLES[step], exact: true }).waitFor();
    const path = new URL(page.url()).pathname;
    // The first step is the scheduler's root; every other step is its own path.
    expect(path).toBe(
      index === 0 ? `/${booking.company}/online-scheduler` : `/${booking.company}/online-scheduler/${step}`,
    );
    walked.push(step);
    switch (step) {
      case 'postal-code':
        await page.getByLabel('Postal Code').fill(booking.postalCode!);
        await page.getByLabel('Postal Code').press('Enter');
        break;
      case 'calendar':
        if (booking.postalCode)
          await page
            .getByText(`Availability may be affected by the postal code you entered (${booking.postalCode})`)
            .waitFor();
        await chooseFirstSlot(page);
        held = await confirmSlot(page, booking.steps[index + 1] === 'review');
        break;
      case 'address': {
        await typeAddress(page, booking.typed);
        const box = page.getByRole('group', { name: 'Verify Address, is this correct?' });
        await box.getByRole('button', { name: 'Yes' }).click();
        await box.waitFor({ state: 'detached' });
        await next(page);
        break;
      }
      case 'contacts':
        await booking.people(page);
        await next(page);
        break;
      case 'property-info':
        await answerDemoPropertyQuestions(page, booking.property);
        await next(page);
        break;
      case 'packages':
        await page.getByRole('heading', { level: 2, name: 'Add the services that you need' }).waitFor();
        await booking.cart(page);
        sidebarTotal = await shownTotal(page, booking.company);
        await next(page);
        break;
      case 'review':
        break;
    }
  }
  expect(walked.at(-1)).toBe('review');
  const token = new URL(page.url()).searchParams.get('t')!;
  const call = sessionCalls(page, token, booking.company);
  const [order, pricing] = await Promise.all([
    call<OrderResponse>('online-scheduler/order'),
    call<Pricing>('json/online_scheduler/pricing'),
  ]);
  const cart = page.getByRole('region', { name: 'Shopping Cart' });
  await cart.locator('[data-line="total"]').waitFor();
  const reviewTotal = (await cart.locator('[data-line="total"] dd').innerText()).trim();
  // House rule 16: the review's cart lines add up to the total it shows, to the cent.
  const reviewLines = await readPriceLines(cart);
  expect(sumOf(reviewLines.lines)).toBe(reviewLines.total);
  const reviewDateTime = await page.getByRole('region', { name: 'Date, Time and Inspector' }).innerText();
  return { order, pricing, held, sidebarTotal, reviewDateTime, reviewTotal, call };
}

/** Everything the office and the people of the order should now see of one confirmed booking. */
async function checkBooked(booking: Booking, seen: Reviewed): Promise<{ order: AdminOrder; mails: OutboxMail[] }> {
  const { order: draft, pricing } = seen;
  await running.product.notificationsDrained();

  // The office's list: this order, once, as the visitor booked it.
  const list = await adminGet<AdminOrdersResponse>(`/api/admin/companies/${booking.company}/orders`);
  expect(list.total).toBe(1);
  expect(list.orders.map((o) => o.id)).toEqual([draft.id]);
  const order = list.orders[0]!;
  expect(order.status).toBe('confirmed');
  expect(Date.parse(order.datetime!)).toBe(Date.parse(draft.datetime!));
  expect(officeWallTime(order.datetime!)).toBe(wallTimeOf(seen.held));
  expect(order.duration).toBe(draft.duration);
  expect(order.inspectors.map((i) => i.id)).toEqual(draft.inspectors.map((i) => i.id));
  expect(order.inspectors.map((i) => i.name)).toEqual(draft.inspectors.map((i) => INSPECTOR_NAMES.get(i.id)));
  expect(order.address).toEqual(booking.address);
  // The office's listing carries each person's phones as well (decision 0031): a client's mobile as the contacts step wrote it.
  const usPhone = (digits: string) => `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  const people = [
    ...booking.clients.map((c) =>
      expect.objectContaining({
        role: 'client',
        name: `${c.first} ${c.last}`,
        email: c.email,
        mobile_phone: usPhone(c.phone),
      }),
    ),
    ...booking.agents.map((a) => expect.objectContaining({ role: a.role, name: a.name, email: a.email })),
  ];
  expect(order.people).toHaveLength(people.length);
  expect(order.people).toEqual(expect.arrayContaining(people));
  const priced = [...(pricing.package ? [pricing.package.name] : []), ...pricing.services.map((s) => s.name)];
  // The catalogue's names are HTML (spec 2.9), as the steps render them; the office's listing and the booking name them as text.
  expect(priced.map(htmlText)).toEqual(booking.booked);
  expect(order.services.map((s) => s.name)).toEqual(booking.booked);
  expect(order.total_cents).toBe(pricing.totals.grand_total);
  expect(money(order.total_cents!)).toBe(seen.sidebarTotal);
  expect(seen.reviewTotal).toBe(seen.sidebarTotal);
  // The review named the time and the team that were booked.
  expect(seen.reviewDateTime).toContain(seen.held);
  for (const inspector of order.inspectors) expect(seen.reviewDateTime).toContain(inspector.name);

  const { events } = await adminGet<{ events: Array<{ type: string }> }>(
    `/api/admin/companies/${booking.company}/orders/${order.id}/events`,
  );
  const types = events.map((e) => e.type);
  expect(types[0]).toBe('created');
  expect(types.filter((type) => type === 'confirmed')).toHaveLength(1);

  // The e-mails: each client, each agent when the company document says so, and the office.
  const mails = await mailsOf(order.id);
  const inspectors = order.inspectors.map((i) => i.name);
  // The e-mails name the office's zone always (decision 0039), the browser's clock or not.
  const start = new Date(order.datetime!);
  const when = `${seen.held} ${zoneAbbreviation(OFFICE.time_zone, start.getTime())}`;
  const appointment = appointmentText({
    start,
    end: new Date(start.getTime() + order.duration * 60_000),
    office: { timeZone: OFFICE.time_zone },
  });
  const clientNames = namesJoined(booking.clients.map((c) => `${c.first} ${c.last}`));
  const expected = [
    ...booking.clients.map((c) => ({
      to: c.email,
      subject: `Your inspection on ${when} is booked`,
      total: true,
      priceTitle: 'Your order',
    })),
    ...(DOCUMENT.notifications.notify_agents
      ? booking.agents.map((a) => ({
          to: a.email,
          subject: `Inspection booked for ${clientNames} on ${when}`,
          total: false,
          priceTitle: '',
        }))
      : []),
    {
      to: OFFICE.email,
      subject: `New online order: ${when}, ${booking.addressLine}`,
      total: true,
      priceTitle: 'Price',
    },
  ];
  expect(mails.map((m) => m.to).sort()).toEqual(expected.map((e) => [e.to]).sort());
  const uids = new Set<string>();
  for (const want of expected) {
    const mail = mails.find((m) => m.to[0] === want.to)!;
    expect(mail.subject).toBe(want.subject);
    expect(mail.from).toEqual([OFFICE.email]);
    const body = mail.text.split('\n').map((line) => line.trim());
    expect(body).toContain(`When: ${appointment.date}, ${appointment.time}`);
    expect(body).toContain(`Where: ${booking.addressLine}`);
    // The demo shows inspectors' names, so every e-mail names them.
    expect(body).toContain(`Inspector(s): ${namesJoined(inspectors)}`);
    // A plain-text e-mail names the services as the visitor read them, not as the catalogue's HTML.
    expect(body).toContain(`Services: ${booking.booked.join(', ')}`);
    if (want.total) {
      // The e-mail's price lines are the thank-you's, and add up to its total.
      const section = body.slice(body.indexOf(want.priceTitle));
      const priced = section.slice(0, section.indexOf('')).flatMap((line) => {
        const match = /^(.*): ((- )?\$[\d,]+\.\d\d)$/.exec(line);
        return match ? [{ label: match[1]!, cents: centsOf(match[2]!) }] : [];
      });
      expect(priced.at(-1)).toEqual({ label: 'Total', cents: centsOf(seen.sidebarTotal) });
      expect(priced.slice(0, -1).reduce((sum, line) => sum + line.cents, 0)).toBe(priced.at(-1)!.cents);
    } else {
      expect(mail.text).not.toMatch(/Total: /);
    }

    const invitation = icsAttachmentOf(mail);
    // An event to add to a calendar, not a meeting to answer (decision 0039).
    expect(invitation.method).toBe('PUBLISH');
    expect(invitation.timezones).toEqual([OFFICE.time_zone]);
    expect(invitation.events).toHaveLength(1);
    const event = invitation.events[0]!;
    expect(event.tzid).toBe(OFFICE.time_zone);
    // The booked time in the office's zone, wherever the server runs.
    expect(event.startWall).toBe(wallTimeOf(seen.held));
    expect(event.start.toISOString()).toBe(new Date(order.datetime!).toISOString());
    expect(event.end.getTime() - event.start.getTime()).toBe(order.duration * 60_000);
    expect(event.endWall).toBe(officeWallTime(new Date(Date.parse(order.datetime!) + order.duration * 60_000)));
    expect(event.location).toBe(booking.addressLine);
    expect(event.stampIsUtc).toBe(true);
    for (const name of inspectors) expect(event.description).toContain(name);
    expect(event.description).toContain(`Services: ${booking.booked.join(', ')}`);
    expect(event.uid).toContain(order.id);
    // Attached once: no second calendar part beside the file.
    expect(mail.calendars).toHaveLength(1);
    uids.add(event.uid);
  }
  expect(uids.size).toBe(1);
  return { order, mails };
}

/** Confirming again, by reloading the thank-you page and by a repeated POST /confirm, books nothing more and sends nothing more. */
async function checkConfirmingAgainChangesNothing(
  page: Page,
  booking: Booking,
  seen: Reviewed,
  before: { order: AdminOrder; mails: OutboxMail[] },
): Promise<void> {
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Thank you!' }).waitFor();
  // The thank-you's cart: the review's lines, adding up to the same total.
  const thanked = await readPriceLines(page.getByRole('region', { name: 'Shopping Cart' }));
  expect(sumOf(thanked.lines)).toBe(thanked.total);
  expect(thanked.total).toBe(centsOf(seen.reviewTotal));
  const again = await seen.call<{ status: string }>('json/online_scheduler/confirm', { special_note: '' });
  expect(again.status).toBe('ok');
  await running.product.notificationsDrained();
  const list = await adminGet<AdminOrdersResponse>(`/api/admin/companies/${booking.company}/orders`);
  expect(list.total).toBe(1);
  expect(list.orders).toEqual([before.order]);
  const mails = await mailsOf(before.order.id);
  expect(mails.map((m) => m.file).sort()).toEqual(before.mails.map((m) => m.file).sort());
  const { events } = await adminGet<{ events: Array<{ type: string }> }>(
    `/api/admin/companies/${booking.company}/orders/${before.order.id}/events`,
  );
  expect(events.filter((e) => e.type === 'confirmed')).toHaveLength(1);
}

async function book(booking: Booking): Promise<void> {
  const hostZone = process.env.TZ;
  if (booking.serverTimeZone) process.env.TZ = booking.serverTimeZone;
  try {
    const context = await running.browser.newContext({ viewport: VIEWPORTS.desktop });
    await countInteractions(context);
    const page = await context.newPage();
    const seen = await walkToReview(page, booking);
    await confirmOnReview(page);
    // Reported: these bookings do more than most (two buyers, an agent, a package offer); the
    // bound of issue 20 item 10 is held by e2e/interaction-count.test.ts.
    console.info(`${booking.company}: ${await interactionsOf(page)} interactions from the link to "Thank you!"`);
    const booked = await checkBooked(booking, seen);
    await checkConfirmingAgainChangesNothing(page, booking, seen, booked);
    await page.context().close();
  } finally {
    if (hostZone === undefined) delete process.env.TZ;
    else process.env.TZ = hostZone;
  }
}

describe('a full booking in Chromium, from the link to "Thank you!", checked through the admin API and the e-mails', () => {
  it("calendar first (demo): a buyer's agent books for two buyers, a package and a service, with pay at close", async () => {
    const dana = { first: 'Dana', last: 'Whitfield', email: 'dana.whitfield@example.com', phone: '6145550188' };
    const lee = { first: 'Lee', last: 'Whitfield', email: 'lee.whitfield@example.com', phone: '6145550189' };
    await book({
      company: 'demo',
      steps: ['calendar', 'address', 'contacts', 'property-info', 'packages', 'review'],
      typed: { address1: '1105 schrock road', city: 'columbus', postalCode: '43229' },
      address: { address1: '1105 Schrock Rd', address2: '', city: 'Columbus', state: 'OH', postal_code: '43229' },
      addressLine: '1105 Schrock Rd, Columbus, OH 43229',
      property: { sqft: '2400', yearBuilt: '1987' },
      people: async (page) => {
        await chooseRole(page, "Buyer's Agent");
        const own = page.getByRole('region', { name: "Buyer's Agent (me)" });
        await own.getByRole('combobox', { name: 'Search for your profile' }).fill('kowal');
        await own.getByRole('option', { name: 'Brian Kowalski (Short North Properties)' }).click();
        await own.getByRole('button', { name: 'Reset' }).waitFor();
        await fillClient(page, 'Home Buyer', dana);
        await page.getByRole('button', { name: 'Add Home Buyer' }).click();
        await fillClient(page, 'Home Buyer 2', lee);
      },
      clients: [dana, lee],
      agents: [{ role: 'buyers_agent', name: 'Brian Kowalski', email: 'brian.kowalski@shortnorthproperties.com' }],
      cart: async (page) => {
        await choosePackage(page, "Buyer's Essentials");
        await addService(page, 'Infrared Thermal Imaging Scan');
        await addPayAtClose(page);
      },
      booked: ["Buyer's Essentials", 'Infrared Thermal Imaging Scan', 'Pay at Close'],
    });
  });

  it('calendar last (late): a home buyer with their agent picks the time after the cart', async () => {
    const priya = { first: 'Priya', last: 'Raman', email: 'priya.raman@example.com', phone: '6145550172' };
    await book({
      company: 'late',
      steps: ['address', 'contacts', 'property-info', 'packages', 'calendar', 'review'],
      typed: { address1: '2500 morse road', city: 'columbus', postalCode: '43229' },
      address: { address1: '2500 Morse Rd', address2: '', city: 'Columbus', state: 'OH', postal_code: '43229' },
      addressLine: '2500 Morse Rd, Columbus, OH 43229',
      property: { sqft: '1850', yearBuilt: '1962' },
      people: async (page) => {
        await chooseRole(page, 'Home Buyer');
        await fillClient(page, 'Home Buyer', priya);
        const agent = page.getByRole('region', { name: "Buyer's Agent", exact: true });
        await agent.getByRole('combobox', { name: "Search for a buyer's agent" }).fill('moreno');
        await agent.getByRole('option', { name: 'Jessica Moreno (Olentangy Realty Group)' }).click();
        await agent.getByRole('button', { name: 'Reset' }).waitFor();
      },
      clients: [priya],
      agents: [{ role: 'buyers_agent', name: 'Jessica Moreno', email: 'jessica.moreno@olentangyrealtygroup.com' }],
      cart: async (page) => {
        await addService(page, 'Single-Family Home Inspection');
        await addService(page, 'Pool & Spa Inspection');
        await addPayAtClose(page);
      },
      booked: ['Single-Family Home Inspection', 'Pool & Spa Inspection', 'Pay at Close'],
    });
  });

  it('postal code first (zip): a home owner in Dublin takes the package the step offers, from a server that runs on Pacific time', async () => {
    const marcus = { first: 'Marcus', last: 'Bell', email: 'marcus.bell@example.com', phone: '6145550163' };
    await book({
      company: 'zip',
      steps: ['postal-code', 'calendar', 'address', 'contacts', 'property-info', 'packages', 'review'],
      postalCode: '43017',
      typed: { address1: '6000 sawmill road apt 4b', city: 'dublin', postalCode: '43017' },
      address: { address1: '6000 Sawmill Rd', address2: 'Apt 4B', city: 'Dublin', state: 'OH', postal_code: '43017' },
      addressLine: '6000 Sawmill Rd, Apt 4B, Dublin, OH 43017',
      property: { sqft: '3100', yearBuilt: '2004' },
      people: async (page) => {
        await chooseRole(page, 'Home Owner');
        await fillClient(page, 'Home Owner', marcus);
      },
      clients: [marcus],
      agents: [],
      cart: async (page) => {
        await addService(page, 'Single-Family Home Inspection');
        await page
          .getByRole('listitem')
          .filter({ hasText: 'Termite / Wood-Destroying Insect Inspection' })
          .last()
          .getByRole('button', { name: 'Add Service' })
          .click();
        const offer = page.getByRole('dialog', {
          name: "It looks like you've added services that you can get in one or more of our packages:",
        });
        await offer
          .getByRole('listitem')
          .filter({ hasText: "Buyer's Essentials" })
          .getByRole('button', { name: 'Add Package' })
          .click();
        await offer.waitFor({ state: 'detached' });
        await page.getByRole('button', { name: 'REMOVE PACKAGE' }).waitFor();
        await addPayAtClose(page);
      },
      booked: ["Buyer's Essentials", 'Pay at Close'],
      // The office is in New York's zone; a server deployed elsewhere must write the same invitation.
      serverTimeZone: 'America/Los_Angeles',
    });
  });
});
