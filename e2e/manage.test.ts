import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AdminOrder, AdminOrdersResponse } from '@scheduler/contracts/confirm';
import { formatListDate, wallTimeIn } from '@scheduler/domain/scheduling-text';
import { DEMO_COMPANY_FILE } from '../apps/server/src/modules/company-document/demo-company.ts';
import { orderReference } from '@scheduler/domain/order-reference';
import { appointmentWithZone, eventUid } from '../apps/server/src/modules/notifications/mail-content.ts';
import { appointmentText } from '../apps/server/src/modules/notifications/message-document.ts';
import {
  accessibilityViolations,
  focusedElement,
  screenshot,
  VIEWPORTS,
  waitForMainHeading,
} from './support/browser.ts';
import { icsAttachmentOf, readMailSource, readOutbox, type OutboxMail } from './support/mail.ts';
import {
  bookDemoOrder,
  bookingWindow,
  invitationRevision,
  linkInMessage,
  manageSlots,
  newVisitorSlots,
  pageScrollWidth,
  type Booked,
  type Client,
} from './support/manage.ts';
import { useRunningProduct } from './support/running-product.ts';

/**
 * Issue 24 in the browser: the "Manage your inspection" link of the confirmation e-mail, taken from
 * the .eml the product wrote, opens the booking; a person moves it (1280 px) and cancels another
 * (375 px) with the page's own controls; the change e-mails and their invitations are read back
 * from the outbox; a new visitor is offered the time the change freed. With E2E_SCREENSHOTS=1 each
 * screen lands in .test-artifacts/screenshots/manage-*.png.
 */
const running = useRunningProduct();

const DOCUMENT = JSON.parse(readFileSync(DEMO_COMPANY_FILE, 'utf8')) as {
  name: string;
  offices: Array<{ email: string; phone: string; time_zone: string }>;
  agents: Array<{
    id: number;
    first: string;
    last: string;
    email: string;
    mobile_phone: string;
    work_phone: string;
    company: string;
  }>;
  inspectors: Array<{ id: number; display: string }>;
};
const OFFICE = DOCUMENT.offices[0]!;
const ZONE = OFFICE.time_zone;
const AGENT = DOCUMENT.agents.find((a) => a.id === 201)!;
/** Jessica Moreno as the contacts step's agent search fills her in. */
const AGENT_FIELDS = {
  id: AGENT.id,
  first: AGENT.first,
  last: AGENT.last,
  email: AGENT.email,
  mobile_phone: AGENT.mobile_phone,
  work_phone: AGENT.work_phone,
  company: AGENT.company,
};
const INSPECTOR_NAMES = new Map(DOCUMENT.inspectors.map((i) => [i.id, i.display]));
/** The served address of support/address.ts, as the messages write it on one line. */
const ADDRESS_LINE = '1105 Schrock Rd, Columbus, OH 43229';
const MANAGE = 'Manage your inspection';
/** Who moved and cancelled the bookings below, as the office's copy names them: each client, with their own link. */
const BY_CLIENT = 'the client, with their "Manage your inspection" link';

const NADIA: Client = { first: 'Nadia', last: 'Okafor', email: 'nadia.okafor@example.com', mobile_phone: '6145550133' };
const OWEN: Client = {
  first: 'Owen',
  last: 'Castillo',
  email: 'owen.castillo@example.com',
  mobile_phone: '6145550134',
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A booking's time as the page and the e-mails write it: "Tuesday, December 1st 2026" and "9:30 AM – 12:00 PM EST". */
function whenOf(startMs: number, durationMinutes: number): { date: string; time: string } {
  return appointmentText({
    start: new Date(startMs),
    end: new Date(startMs + durationMinutes * 60_000),
    office: { timeZone: ZONE },
  });
}

/** "12/1/2026 at 9:30AM EST", as the subjects write a time. */
const withZone = (ms: number) =>
  appointmentWithZone({ start: new Date(ms), office: { name: '', phone: '', email: '', timeZone: ZONE } });

/** The office's wall-clock time of an instant, "YYYY-MM-DDTHH:MM:SS" (an invitation's DTSTART as written). */
const officeWallTime = (ms: number) => wallTimeIn(new Date(ms), ZONE).replace(' ', 'T');

/** "2026-12-03" -> "December 2026", the manage calendar's month heading. */
const monthTitle = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "YYYY-MM-DD" `days` after `date`. */
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The e-mails of one order in the outbox (each file's Message-ID names the order). */
async function mailsOf(orderId: string): Promise<OutboxMail[]> {
  return (await readOutbox(running.product.outboxDir)).filter((mail) => mail.messageId.includes(`.${orderId}@`));
}

/** The order's e-mails that were not there `before`. */
async function newMailsOf(orderId: string, before: readonly OutboxMail[]): Promise<OutboxMail[]> {
  const seen = new Set(before.map((m) => m.file));
  return (await mailsOf(orderId)).filter((m) => !seen.has(m.file));
}

const mailTo = (mails: readonly OutboxMail[], address: string) => {
  const found = mails.filter((m) => m.to.length === 1 && m.to[0] === address);
  expect(
    found.map((m) => m.subject),
    `one e-mail to ${address}`,
  ).toHaveLength(1);
  return found[0]!;
};

const lines = (mail: OutboxMail) => mail.text.split('\n').map((line) => line.trim());

async function adminOrder(orderId: string): Promise<AdminOrder> {
  const answer = await running.product.app.inject({
    method: 'GET',
    url: '/api/admin/companies/demo/orders?status=all',
    headers: { authorization: `Bearer ${running.product.adminToken}` },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const order = answer.json<AdminOrdersResponse>().orders.find((o) => o.id === orderId);
  if (!order) throw new Error(`order ${orderId} is not in the office's list`);
  return order;
}

/**
 * The confirmation e-mails of a booking: one to each of `visitors` and one to the office, each
 * visitor's with a "Manage your inspection" button of its own (the HTML's link, written out in the
 * plain text too), the office's without one, all with one invitation of one UID at SEQUENCE 0.
 * Resolves to the visitors' links, by address, and the invitation's UID.
 */
async function confirmationLinks(
  booked: Booked,
  visitors: readonly string[],
): Promise<{ links: Map<string, string>; uid: string; mails: OutboxMail[] }> {
  await running.product.notificationsDrained();
  const mails = await mailsOf(booked.orderId);
  expect(mails.map((m) => m.to).sort()).toEqual([...visitors, OFFICE.email].map((address) => [address]).sort());
  const links = new Map<string, string>();
  const pattern = new RegExp(`^${escapeRegExp(running.product.baseUrl)}/demo/manage/[A-Za-z0-9_-]{43}$`);
  for (const mail of mails) {
    const source = await readMailSource(running.product.outboxDir, mail);
    const link = await linkInMessage(running.browser, source.html, MANAGE);
    if (mail.to[0] === OFFICE.email) {
      // The office's copy opens no visitor's page.
      expect(link).toBeNull();
      expect(mail.text).not.toContain(MANAGE);
    } else {
      expect(link).toMatch(pattern);
      expect(lines(mail)).toContain(`${MANAGE}: ${link}`);
      links.set(mail.to[0]!, link!);
    }
    expect(source.icsFiles).toHaveLength(1);
    const revision = invitationRevision(source.icsFiles[0]!.text);
    expect(revision.method).toBe('PUBLISH');
    expect(revision.events).toEqual([{ uid: eventUid(booked.orderId), sequence: 0, status: '' }]);
    expect(icsAttachmentOf(mail).events[0]!.uid).toBe(eventUid(booked.orderId));
  }
  // A link per person: each opens the order as its own recipient.
  expect(new Set(links.values()).size).toBe(visitors.length);
  return { links, uid: eventUid(booked.orderId), mails };
}

/** The checks every screen of the page passes: nothing wider than the window, and no axe-core violation. */
async function fitsAndReads(page: Page, width: number): Promise<void> {
  expect(await pageScrollWidth(page)).toBeLessThanOrEqual(width);
  expect(await accessibilityViolations(page)).toEqual([]);
}

/** The "Date, Time and Inspector" panel of the overview. */
const dateTimePanel = (page: Page) => page.getByRole('region', { name: /^Date(, Time and Inspector| and Time)$/ });

describe('managing a booking from the link in its e-mails (issue 24)', () => {
  it("at 1280 px: the confirmation's link opens the booking, a person moves it to another day, everyone is told with an updated invitation, and a new visitor is offered the old time", async () => {
    const { product, browser } = running;
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    const window = bookingWindow(4);
    const booked = await bookDemoOrder(page, product, { client: NADIA, buyersAgent: AGENT_FIELDS, window });
    const duration = booked.order.duration;
    const oldStart = booked.slot.timestamp * 1000;
    const oldWhen = whenOf(oldStart, duration);
    // The office's zone named, whatever the browser's or the server's clock (decision 0039).
    expect(oldWhen.time).toMatch(/ E[SD]T$/);
    const { links, uid, mails: confirmations } = await confirmationLinks(booked, [NADIA.email, AGENT.email]);
    const link = links.get(NADIA.email)!;

    // Before the move the booked time (its time and team) is no new visitor's.
    expect((await newVisitorSlots(browser, product, window)).map((s) => s.id)).not.toContain(booked.slot.id);

    // The client's link: the booking, with what may be done to it.
    await page.goto(link);
    await waitForMainHeading(page, MANAGE);
    expect(await page.title()).toBe(`${MANAGE} | ${DOCUMENT.name}`);
    await page.getByText(`Reference ${orderReference(booked.orderId)}`, { exact: true }).waitFor();
    const panel = dateTimePanel(page);
    await panel.getByText(oldWhen.date, { exact: true }).waitFor();
    await panel.getByText(oldWhen.time, { exact: true }).waitFor();
    for (const id of booked.slot.users) await panel.getByText(INSPECTOR_NAMES.get(id)!, { exact: false }).waitFor();
    const changes = page.getByRole('region', { name: 'Change your booking' });
    await changes.getByText('You can reschedule online 2 more times.', { exact: true }).waitFor();
    // Booked more than 72 hours ahead: cancelling costs nothing, and the page says no fee.
    expect(await page.getByText(/Cancelling now costs/).count()).toBe(0);
    const reschedule = changes.getByRole('button', { name: 'Reschedule', exact: true });
    await reschedule.waitFor();
    await changes.getByRole('button', { name: 'Cancel inspection', exact: true }).waitFor();
    await fitsAndReads(page, 1280);
    await screenshot(page, 'manage-overview-1280');

    // Reschedule: the calendar of the booking's own cart and address, a month at a time.
    await reschedule.click();
    await waitForMainHeading(page, 'Choose a new time');
    // The new screen's heading takes focus, so a screen reader starts there.
    expect((await focusedElement(page)).text).toBe('Choose a new time');
    await page.getByText(`Your inspection is now on ${oldWhen.date}, ${oldWhen.time}.`, { exact: true }).waitFor();
    // The first open time on a later day: another day, so the old one's time is free again for anyone.
    const bookedDate = booked.slot.date;
    const target = (await manageSlots(page, link, { from: addDays(bookedDate, 1), to: addDays(bookedDate, 21) })).find(
      (s) => s.date > bookedDate,
    );
    if (!target) throw new Error(`no time to move to in the three weeks after ${bookedDate}`);
    const newStart = target.timestamp * 1000;
    const newWhen = whenOf(newStart, duration);
    // The month arrows, as a person turns the pages to the day.
    const monthHeading = page.getByRole('heading', { level: 2, name: /^[A-Z][a-z]+ \d{4}$/ });
    for (let turns = 0; ; turns++) {
      const shown = (await monthHeading.textContent()) ?? '';
      if (shown === monthTitle(target.date)) break;
      if (turns > 2) throw new Error(`the calendar never showed ${monthTitle(target.date)}`);
      await page.getByRole('button', { name: 'Next month' }).click();
      await page.getByRole('heading', { level: 2, name: shown, exact: true }).waitFor({ state: 'detached' });
    }
    const days = page.getByRole('radiogroup', { name: 'Select a day' });
    await days.getByRole('radio', { name: new RegExp(`^${escapeRegExp(formatListDate(target.date))}\\b`) }).check();
    const times = page.getByRole('radiogroup', { name: 'Select a time slot' });
    // The first row that reads as that time (a time several inspectors could take may be listed once per inspector, each row reading the same).
    const time = times.getByRole('radio', { name: new RegExp(`^${escapeRegExp(target.start)}( \\*)?$`) }).first();
    // By keyboard: the times are native radio buttons.
    await time.focus();
    await page.keyboard.press('Space');
    expect(await time.isChecked()).toBe(true);
    await fitsAndReads(page, 1280);
    await screenshot(page, 'manage-reschedule-1280');
    await page.getByRole('button', { name: 'Hold this time', exact: true }).click();

    await waitForMainHeading(page, 'Confirm your new time');
    const heldPanel = page.getByRole('region', { name: 'New time' });
    await heldPanel.getByText(newWhen.date, { exact: true }).waitFor();
    await heldPanel.getByText(newWhen.time, { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Current time' }).getByText(oldWhen.time, { exact: true }).waitFor();
    await fitsAndReads(page, 1280);
    await screenshot(page, 'manage-confirm-move-1280');
    const confirm = page.getByRole('button', { name: 'Confirm new time', exact: true });
    await confirm.focus();
    await page.keyboard.press('Enter');

    // Back on the overview: moved, said so, and shown.
    await waitForMainHeading(page, MANAGE);
    await page
      .getByRole('status')
      .getByText(`Your inspection is moved to ${newWhen.date}, ${newWhen.time}.`, { exact: true })
      .waitFor();
    await panel.getByText(newWhen.date, { exact: true }).waitFor();
    await panel.getByText(newWhen.time, { exact: true }).waitFor();
    expect(await panel.getByText(oldWhen.date, { exact: true }).count()).toBe(0);
    await changes.getByText('You can reschedule online once more.', { exact: true }).waitFor();
    await page
      .getByRole('region', { name: 'History' })
      .getByText(/^Moved from .* by /)
      .waitFor();
    await fitsAndReads(page, 1280);
    await screenshot(page, 'manage-moved-1280');

    // The office's list: the new time, once moved.
    const moved = await adminOrder(booked.orderId);
    expect(moved.status).toBe('confirmed');
    expect(Date.parse(moved.datetime!)).toBe(newStart);
    expect(moved.reschedule_count).toBe(1);
    expect(moved.history.map((h) => h.type)).toEqual(['confirmed', 'rescheduled']);

    // The change e-mails: the client, the agent and the office, each with the new time in the office's zone and the old one ("Was").
    await product.notificationsDrained();
    const changed = await newMailsOf(booked.orderId, confirmations);
    expect(changed.map((m) => m.to).sort()).toEqual([[NADIA.email], [AGENT.email], [OFFICE.email]].sort());
    const newWithZone = withZone(newStart);
    expect(newWithZone).toMatch(/ E[SD]T$/);
    const subjects = new Map([
      [NADIA.email, `Your inspection is moved to ${newWithZone}`],
      [AGENT.email, `Inspection for ${NADIA.first} ${NADIA.last} moved to ${newWithZone}`],
      [OFFICE.email, `Booking moved to ${newWithZone}: ${ADDRESS_LINE}`],
    ]);
    for (const [address, subject] of subjects) {
      const mail = mailTo(changed, address);
      expect(mail.subject).toBe(subject);
      expect(mail.from).toEqual([OFFICE.email]);
      const body = lines(mail);
      expect(body).toContain(`When: ${newWhen.date}, ${newWhen.time}`);
      expect(body).toContain(`Was: ${oldWhen.date}, ${oldWhen.time}`);
      expect(body).toContain(`Where: ${ADDRESS_LINE}`);
      if (address === OFFICE.email) expect(body).toContain(`Moved by: ${BY_CLIENT}`);
      else expect(body.some((line) => line.startsWith(`${MANAGE}: `))).toBe(true);
      // Each reader is told who moved it, from where they stand (issue 42).
      if (address === NADIA.email) expect(body).toContain('Moved by: you');
      if (address === AGENT.email) expect(body).toContain('Moved by: the client');

      // The invitation: the same event, one revision later, at the new time in the office's zone.
      const source = await readMailSource(product.outboxDir, mail);
      expect(source.icsFiles).toHaveLength(1);
      const ics = source.icsFiles[0]!;
      expect(ics.method).toBe('PUBLISH');
      expect(invitationRevision(ics.text)).toEqual({ method: 'PUBLISH', events: [{ uid, sequence: 1, status: '' }] });
      const invitation = icsAttachmentOf(mail);
      expect(invitation.timezones).toEqual([ZONE]);
      const event = invitation.events[0]!;
      expect(event.uid).toBe(uid);
      expect(event.tzid).toBe(ZONE);
      expect(event.startWall).toBe(officeWallTime(newStart));
      expect(event.start.getTime()).toBe(newStart);
      expect(event.end.getTime()).toBe(newStart + duration * 60_000);
      expect(event.location).toBe(ADDRESS_LINE);
    }

    // The client's change e-mail carries a link too: it opens the moved booking.
    const clientChange = await readMailSource(product.outboxDir, mailTo(changed, NADIA.email));
    const changeLink = await linkInMessage(browser, clientChange.html, MANAGE);
    expect(changeLink).toMatch(new RegExp(`^${escapeRegExp(product.baseUrl)}/demo/manage/[A-Za-z0-9_-]{43}$`));
    const second = await context.newPage();
    await second.goto(changeLink!);
    await waitForMainHeading(second, MANAGE);
    await dateTimePanel(second).getByText(newWhen.time, { exact: true }).waitFor();
    await dateTimePanel(second).getByText(newWhen.date, { exact: true }).waitFor();
    await second.getByText('You can reschedule online once more.', { exact: true }).waitFor();

    // A new visitor is offered the old time with its team again, and not the moved booking's new time with its inspectors.
    const offered = await newVisitorSlots(browser, product, window);
    const freed = offered.find((s) => s.id === booked.slot.id);
    expect(freed, `the old time ${booked.slot.start_datetime} with ${booked.slot.users.join(', ')}`).toBeDefined();
    expect(freed!.timestamp * 1000).toBe(oldStart);
    const movedInspectors = moved.inspectors.map((i) => i.id);
    expect(
      offered.filter((s) => s.timestamp * 1000 === newStart && s.users.some((id) => movedInspectors.includes(id))),
    ).toEqual([]);
    await context.close();
  });

  it('at 375 px: a second booking is cancelled with a reason through the dialog; the page, the e-mails and the invitation say so, and the link keeps saying so', async () => {
    const { product, browser } = running;
    const width = VIEWPORTS.mobile.width;
    // A visitor whose own clock is not the office's: every time still reads in the office's zone.
    const context = await browser.newContext({ viewport: VIEWPORTS.mobile, timezoneId: 'America/Los_Angeles' });
    const page = await context.newPage();
    const window = bookingWindow(4);
    const booked = await bookDemoOrder(page, product, { client: OWEN, window });
    const start = booked.slot.timestamp * 1000;
    const when = whenOf(start, booked.order.duration);
    const { links, uid, mails: confirmations } = await confirmationLinks(booked, [OWEN.email]);
    const link = links.get(OWEN.email)!;

    await page.goto(link);
    await waitForMainHeading(page, MANAGE);
    await dateTimePanel(page).getByText(when.time, { exact: true }).waitFor();
    await dateTimePanel(page).getByText(when.date, { exact: true }).waitFor();
    const changes = page.getByRole('region', { name: 'Change your booking' });
    const cancel = changes.getByRole('button', { name: 'Cancel inspection', exact: true });
    await cancel.waitFor();
    await fitsAndReads(page, width);
    await screenshot(page, 'manage-overview-375');

    await cancel.click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your inspection?' });
    await dialog.waitFor();
    // The safe answer has the focus; no fee is owed this far ahead, so none is shown.
    expect((await focusedElement(page)).text).toBe('Keep my inspection');
    await dialog
      .getByText(`Your inspection on ${when.date}, ${when.time} will be cancelled.`, { exact: true })
      .waitFor();
    expect(await dialog.getByText(/Cancelling now costs/).count()).toBe(0);
    const reason = 'We found another house with a newer roof.';
    await dialog.getByLabel('Reason for cancelling (optional)').fill(reason);
    await fitsAndReads(page, width);
    await screenshot(page, 'manage-cancel-dialog-375');
    await dialog.getByRole('button', { name: 'Cancel inspection', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    // The office's list: cancelled, with the reason, no fee owed.
    const cancelled = await adminOrder(booked.orderId);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.cancelled).toMatchObject({ reason, fee_cents: 0 });

    // The cancelled state: when it was cancelled, on the office's calendar, and nothing left to change.
    const cancelledOn = formatListDate(wallTimeIn(cancelled.cancelled!.at, ZONE));
    const cancelledState = async (on: Page) => {
      await waitForMainHeading(on, MANAGE);
      await on.getByText('This inspection is cancelled.', { exact: true }).waitFor();
      await on.getByText(`It was cancelled on ${cancelledOn}.`, { exact: true }).waitFor();
      await dateTimePanel(on).getByText(when.time, { exact: true }).waitFor();
      expect(await on.getByRole('button', { name: 'Reschedule' }).count()).toBe(0);
      expect(await on.getByRole('button', { name: 'Cancel inspection' }).count()).toBe(0);
      expect(await on.getByRole('region', { name: 'Change your booking' }).count()).toBe(0);
      await on
        .getByRole('region', { name: 'History' })
        .getByText(/^Cancelled by /)
        .waitFor();
    };
    await cancelledState(page);
    await fitsAndReads(page, width);
    await screenshot(page, 'manage-cancelled-375');

    // The cancellation e-mails: the client and the office; the cancelled time in the office's zone, the reason for the office.
    await product.notificationsDrained();
    const sent = await newMailsOf(booked.orderId, confirmations);
    expect(sent.map((m) => m.to).sort()).toEqual([[OWEN.email], [OFFICE.email]].sort());
    const startWithZone = withZone(start);
    const client = mailTo(sent, OWEN.email);
    expect(client.subject).toBe(`Your inspection on ${startWithZone} is cancelled`);
    const office = mailTo(sent, OFFICE.email);
    expect(office.subject).toBe(`Booking cancelled: ${startWithZone}, ${ADDRESS_LINE}`);
    for (const mail of [client, office]) {
      const body = lines(mail);
      expect(body).toContain(`When: ${when.date}, ${when.time}`);
      expect(body.some((line) => line.startsWith('Was: '))).toBe(false);
      // Nothing is owed, so no fee is named; a cancelled booking has nothing left to manage.
      expect(mail.text).not.toContain('Late-cancellation fee');
      expect(mail.text).not.toContain(`${MANAGE}:`);
      const source = await readMailSource(product.outboxDir, mail);
      expect(await linkInMessage(browser, source.html, MANAGE)).toBeNull();
      // The invitation cancels the same event: METHOD:CANCEL, STATUS:CANCELLED, one revision later, at the time it had;
      // the attachment's Content-Type names the same method (RFC 6047 2.4).
      expect(source.icsFiles).toHaveLength(1);
      expect(source.icsFiles[0]!.method).toBe('CANCEL');
      expect(invitationRevision(source.icsFiles[0]!.text)).toEqual({
        method: 'CANCEL',
        events: [{ uid, sequence: 1, status: 'CANCELLED' }],
      });
      const event = icsAttachmentOf(mail).events[0]!;
      expect(event.tzid).toBe(ZONE);
      expect(event.startWall).toBe(officeWallTime(start));
      expect(event.start.getTime()).toBe(start);
    }
    expect(lines(client)).toContain('The cancelled appointment');
    expect(lines(office)).toContain(`Cancelled by: ${BY_CLIENT}`);
    expect(lines(client)).toContain('Cancelled by: you');
    expect(lines(office)).toContain(`Reason: ${reason}`);
    expect(client.text).not.toContain(reason);

    // The same link, opened again: still the cancelled booking, nothing to change.
    const again = await context.newPage();
    await again.goto(link);
    await cancelledState(again);
    expect(await pageScrollWidth(again)).toBeLessThanOrEqual(width);

    // The cancelled time is free again for anyone.
    expect((await newVisitorSlots(browser, product, window)).map((s) => s.id)).toContain(booked.slot.id);
    await context.close();
  });

  it('a link with a made-up token says it is not valid any more, at both widths', async () => {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const context = await running.browser.newContext({ viewport });
      const page = await context.newPage();
      // A token of the right shape that no link was issued with, and one of no link's shape.
      for (const token of ['Zm9yZ2VkLXRva2VuLXRoYXQtbm8tbGluay1oYXMtZ28', 'not-a-token']) {
        await page.goto(`${running.product.baseUrl}/demo/manage/${token}`);
        await waitForMainHeading(page, 'This link is not valid any more');
        // The URL names the company: its phone is the one to call (issue 42).
        await page
          .getByText(
            `Please use the link in the latest e-mail or text message about your inspection, or call ${DOCUMENT.name} at ${OFFICE.phone}.`,
            { exact: true },
          )
          .waitFor();
        expect(await page.getByRole('link', { name: OFFICE.phone }).getAttribute('href')).toBe(
          `tel:${OFFICE.phone.replace(/[^\d+]/g, '')}`,
        );
        expect(await page.getByRole('button', { name: /Reschedule|Cancel/ }).count()).toBe(0);
      }
      await fitsAndReads(page, viewport.width);
      await screenshot(page, `manage-invalid-${name}`);
      await context.close();
    }
  });
});
