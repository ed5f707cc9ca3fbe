import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ManageHoldResponse, ManageOrderView } from '@scheduler/contracts/manage';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { formatListDate } from '@scheduler/domain/scheduling-text';
import { createQueryClient, UnauthorizedSessions } from '../app/query-client.ts';
import { PageLayout } from '../frame/PageLayout.tsx';
import { SCREEN_HEADING_ID } from '@scheduler/ui/focus';
import { stubServer, type RecordedRequest } from '../test-support/render-step.tsx';
import ManagePage from './ManagePage.tsx';
import { slotInstant } from './manage-view.ts';

const TOKEN = `${'Ab9_-'.repeat(8)}xyz`;
const BASE = `/demo/json/manage/${TOKEN}`;
const ZONE = 'America/New_York';
const RESCHEDULE_REFUSAL = 'Changes within 24 hours of the inspection: please call (614) 555-0142';
const CANCEL_REFUSAL = 'Cancellations within 24 hours of the inspection: please call (614) 555-0142';

const VIEW: ManageOrderView = {
  company_name: 'Scioto Valley Home Inspections',
  office: {
    office_name: 'Columbus',
    office_phone: '6145550142',
    office_email: 'schedule@example.com',
    time_zone: ZONE,
  },
  order: {
    reference: 'SV-1042',
    state: 'booked',
    start: '2026-12-01T14:30:00.000Z',
    end: '2026-12-01T17:00:00.000Z',
    when: { date: 'Tuesday, December 1st 2026', time: '9:30 AM – 12:00 PM EST' },
    duration_minutes: 150,
    address: '12 Elm Street\nColumbus, OH 43215',
    inspectors: ['Sarah Chen'],
    price: {
      lines: [
        { label: 'Full Home Inspection', amount: '$450.00' },
        { label: 'Bundle Savings', amount: '- $40.00' },
        { label: 'Radon Test', amount: '$150.00' },
        { label: 'Ohio Sales (tax)', amount: '$12.50' },
      ],
      total: '$572.50',
      note: null,
    },
    people: [
      { role: 'Client', name: 'Jane Doe' },
      { role: "Buyer's Agent", name: 'Sam Realtor' },
    ],
    paid: false,
    balance_due: null,
    cancelled: null,
  },
  reschedule: {
    allowed: true,
    reason: null,
    deadline: '2026-11-30T14:30:00.000Z',
    text: 'Moving your inspection is free.',
    remaining: 2,
    fee_cents: 0,
    fee: null,
    charge: null,
  },
  cancel: {
    allowed: true,
    reason: null,
    deadline: '2026-11-29T14:30:00.000Z',
    text: 'We are sorry to see you go.',
    fee_cents: 7500,
    fee: '$75.00',
    late_fee: null,
    refund: null,
    charge: null,
  },
  history: [{ at: '2026-11-20T15:00:00.000Z', text: 'Booked online by Jane Doe.' }],
  agreements: [],
  receipts: [],
};

const withCancel = (cancel: Partial<ManageOrderView['cancel']>): ManageOrderView => ({
  ...VIEW,
  cancel: { ...VIEW.cancel, ...cancel },
});
const cancelled = (fee: string | null, reason: string | null = null): ManageOrderView => ({
  ...VIEW,
  order: { ...VIEW.order, state: 'cancelled', cancelled: { at: '2026-11-26T15:00:00.000Z', fee, reason } },
  reschedule: { ...VIEW.reschedule, allowed: false, reason: 'This inspection is cancelled.' },
  cancel: { ...VIEW.cancel, allowed: false, reason: 'This inspection is cancelled.' },
});

/**
 * "Now" for every test: Friday 20 November 2026, 10 AM in Columbus, the booking (1 December) next
 * month. The times to move to are in its month, which the calendar opens on (the stub answers every month alike).
 */
const NOW = '2026-11-20T15:00:00.000Z';
const DAY = '2026-12-03';
const NEXT_DAY = '2026-12-04';
const slotAt = (date: string, hour: number): AppointmentSlot => ({
  id: `${date}-${hour}`,
  date,
  start: `${hour % 12 || 12}:00 ${hour < 12 ? 'AM' : 'PM'}`,
  start_datetime: `${date} ${String(hour).padStart(2, '0')}:00:00`,
  end_datetime: `${date} ${String(hour + 2).padStart(2, '0')}:30:00`,
  timestamp: Date.parse(`${date}T${String(hour + 5).padStart(2, '0')}:00:00Z`) / 1000,
  users: [7],
});
const NINE = slotAt(DAY, 9);
const ONE = slotAt(DAY, 13);
const NEXT_NINE = slotAt(NEXT_DAY, 9);
const NOTE = "Sarah Chen isn't free then; Mike Alvarez would inspect";

function heldAt(slot: AppointmentSlot): ManageHoldResponse {
  return {
    status: 'ok',
    start: slotInstant(slot),
    end: new Date(slot.timestamp * 1000 + 150 * 60_000).toISOString(),
    when: { date: formatListDate(slot.date), time: `${slot.start} – later EST` },
    hold_expires_at: new Date(Date.now() + 15 * 60_000).toISOString(),
    same_inspectors: false,
    inspector_note: NOTE,
  };
}

type Answer = { status: number; body: unknown };
const refusal = (status: number, code: string, message: string, field?: string): Answer => ({
  status,
  body: { error: field ? { code, message, field } : { code, message } },
});

/** The server at the network edge: the view as `state.view`, and each write answered by its handler. */
function server(
  handlers: {
    view?: () => Answer;
    availability?: () => Answer;
    hold?: (request: RecordedRequest) => Answer;
    reschedule?: (request: RecordedRequest) => Answer;
    cancel?: (request: RecordedRequest) => Answer;
  } = {},
) {
  return stubServer((request) => {
    const path = request.path.split('?')[0]!;
    if (request.method === 'GET' && path === BASE) return handlers.view?.() ?? { status: 200, body: VIEW };
    if (request.method === 'GET' && path === `${BASE}/availability`)
      return handlers.availability?.() ?? { status: 200, body: [NINE, ONE, NEXT_NINE] };
    if (path === `${BASE}/hold`) return handlers.hold?.(request) ?? { status: 200, body: heldAt(NINE) };
    if (path === `${BASE}/reschedule`)
      return handlers.reschedule?.(request) ?? { status: 200, body: { status: 'ok', view: VIEW } };
    if (path === `${BASE}/cancel`)
      return handlers.cancel?.(request) ?? { status: 200, body: { status: 'ok', view: cancelled(null) } };
    return { status: 404, body: { error: { code: 'not_found', message: 'Not Found.' } } };
  });
}

function renderPage(token = TOKEN) {
  const queryClient = createQueryClient(new UnauthorizedSessions());
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/demo/manage/${token}`]}>
        <Routes>
          <Route path="/:companyKey/manage/:token" element={<ManagePage Layout={PageLayout} />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const posts = (requests: RecordedRequest[], action: string) =>
  requests.filter((request) => request.method === 'POST' && request.path === `${BASE}/${action}`);
const section = (name: string) => screen.getByRole('region', { name });
const cents = (amount: string) =>
  Math.round(Number(amount.replace(/[^\d.]/g, '')) * 100) * (amount.trim().startsWith('-') ? -1 : 1);
const heading = () => document.getElementById(SCREEN_HEADING_ID);

/** On the reschedule screen: DAY, in the month the calendar opens on (the booking's). */
async function pickDay(user: ReturnType<typeof userEvent.setup>, day = DAY) {
  await screen.findByRole('heading', { level: 2, name: 'December 2026' });
  await user.click(await screen.findByRole('radio', { name: new RegExp(formatListDate(day)) }));
}
const availabilityAsked = (requests: RecordedRequest[]) =>
  requests
    .filter((request) => request.method === 'GET' && request.path.startsWith(`${BASE}/availability?`))
    .map((request) => Object.fromEntries(new URL(request.path, 'http://test').searchParams));

// Today is fixed, the clock's other uses left alone.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the manage page (issue 24)', () => {
  it("lists a client's agreements with where they stand, each a link to sign it under the manage link (issue 43)", async () => {
    server({
      view: () => ({
        status: 200,
        body: {
          ...VIEW,
          agreements: [
            { id: '5f0c1c2e-7f1d-4c2a-9e61-3d4f8a2b9c10', title: 'Pre-inspection agreement', state: 'pending' },
            { id: '6f0c1c2e-7f1d-4c2a-9e61-3d4f8a2b9c11', title: 'Radon addendum', state: 'complete' },
          ],
        },
      }),
    });
    renderPage();
    const agreements = await screen.findByRole('region', { name: 'Your inspection agreement' });
    expect(within(agreements).getByText('Waiting for your signature.')).toBeTruthy();
    const sign = within(agreements).getByRole('link', { name: 'Review and sign: Pre-inspection agreement' });
    expect(sign.getAttribute('href')).toBe(`/demo/manage/${TOKEN}/agreements/5f0c1c2e-7f1d-4c2a-9e61-3d4f8a2b9c10`);
    expect(within(agreements).getByText('Signed by everyone: your signed copy is ready.')).toBeTruthy();
    expect(within(agreements).getByRole('link', { name: 'Open the signed agreement: Radon addendum' })).toBeTruthy();
  });

  it("lists the client's receipts, each a PDF under the manage link (decision 0082), and none when nothing was paid", async () => {
    server({
      view: () => ({
        status: 200,
        body: {
          ...VIEW,
          receipts: [
            { id: '7f0c1c2e-7f1d-4c2a-9e61-3d4f8a2b9c12', text: 'Receipt: payment of $425.00 on December 1, 2026' },
          ],
        },
      }),
    });
    renderPage();
    const receipts = await screen.findByRole('region', { name: 'Your receipts' });
    const link = within(receipts).getByRole('link', { name: 'Receipt: payment of $425.00 on December 1, 2026 (PDF)' });
    expect(link.getAttribute('href')).toBe(
      `/demo/json/manage/${TOKEN}/receipts/7f0c1c2e-7f1d-4c2a-9e61-3d4f8a2b9c12/pdf`,
    );
  });

  it('shows no agreements section when the reader signs none', async () => {
    server();
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Manage your inspection' });
    expect(screen.queryByRole('region', { name: 'Your inspection agreement' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Your receipts' })).toBeNull();
  });

  it('shows the booking as the thank-you does, with Reschedule and Cancel when the policy allows them', async () => {
    server();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage your inspection' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Manage your inspection | Scioto Valley Home Inspections'));
    expect(screen.getAllByText('Scioto Valley Home Inspections').length).toBeGreaterThan(0);
    expect(screen.getByText('Reference SV-1042')).toBeTruthy();

    const when = section('Date, Time and Inspector');
    expect(when.textContent).toContain('Tuesday, December 1st 2026');
    expect(when.textContent).toContain('9:30 AM – 12:00 PM EST');
    expect(when.textContent).toContain('Takes about 2½ hours');
    expect(when.textContent).toContain('Sarah Chen');
    expect(section('Address').textContent).toBe('Address12 Elm Street\nColumbus, OH 43215');
    expect(section('People').textContent).toContain('Jane Doe');
    expect(section('Payment').textContent).toContain('Not paid yet');

    // House rule 16: the lines shown add up to the total shown, in the order given.
    const cart = section('Shopping Cart');
    const amounts = [...cart.querySelectorAll('[data-line="item"] dd')].map((cell) => cell.textContent ?? '');
    expect(amounts).toEqual(['$450.00', '- $40.00', '$150.00', '$12.50']);
    const total = cart.querySelector('[data-line="total"] dd')?.textContent ?? '';
    expect(total).toBe('$572.50');
    expect(amounts.map(cents).reduce((sum, value) => sum + value, 0)).toBe(cents(total));

    // The policy in its numbers for this booking first, then the company's words as an addition (issue 42).
    const reschedule = section('Reschedule');
    const lines = (change: HTMLElement) => [...change.querySelectorAll('p')].map((line) => line.textContent);
    expect(lines(reschedule)).toEqual([
      'You can reschedule online until Monday, November 30th 2026, 9:30 AM EST.',
      'You can reschedule online 2 more times.',
      'Moving your inspection is free.',
    ]);
    expect(within(reschedule).getByRole('button', { name: 'Reschedule' })).toBeTruthy();
    const cancel = section('Cancel');
    expect(lines(cancel)).toEqual([
      "Cancelling now costs $75.00 (the company's late-cancellation fee).",
      'You can cancel online until Sunday, November 29th 2026, 9:30 AM EST.',
      'We are sorry to see you go.',
    ]);
    expect(within(cancel).getByRole('button', { name: 'Cancel inspection' })).toBeTruthy();

    expect(section('History').textContent).toContain('Booked online by Jane Doe.');
    expect(screen.queryByRole('button', { name: /pay/i })).toBeNull();
  });

  it('states the late fee still ahead, from when, in the office clock with its zone', async () => {
    server({
      view: () => ({
        status: 200,
        body: withCancel({ fee_cents: 0, fee: null, late_fee: { from: '2026-11-28T14:30:00.001Z', fee: '$75.00' } }),
      }),
    });
    renderPage();
    const cancel = await waitFor(() => section('Cancel'));
    expect(cancel.textContent).toContain(
      "Cancelling after Saturday, November 28th 2026, 9:30 AM EST costs $75.00 (the company's late-cancellation fee).",
    );
    expect(cancel.textContent).not.toContain('Cancelling now costs');
  });

  it("shows each refusal's reason with the office's phone and e-mail, and no button", async () => {
    server({
      view: () => ({
        status: 200,
        body: {
          ...VIEW,
          reschedule: { ...VIEW.reschedule, allowed: false, reason: RESCHEDULE_REFUSAL },
          cancel: { ...VIEW.cancel, allowed: false, reason: CANCEL_REFUSAL },
        },
      }),
    });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Manage your inspection' });
    for (const [name, reason] of [
      ['Reschedule', RESCHEDULE_REFUSAL],
      ['Cancel', CANCEL_REFUSAL],
    ] as const) {
      const change = section(name);
      expect(within(change).getByTestId('refusal').textContent).toBe(reason);
      expect(within(change).queryByRole('button')).toBeNull();
      // The company's words, written for every booking, are not set beside the rule that holds for this one.
      expect(within(change).queryByTestId('company-text')).toBeNull();
      const links = within(change)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href'));
      expect(links).toContain('tel:6145550142');
      expect(links).toContain('mailto:schedule@example.com');
      expect(change.textContent).not.toContain('You can');
    }
  });

  it('shows the fee before the visitor confirms the cancellation, and sends the fee it showed', async () => {
    const requests = server({ cancel: () => ({ status: 200, body: { status: 'ok', view: cancelled('$75.00') } }) });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cancel inspection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your inspection?' });
    const fee = within(dialog).getByTestId('cancel-fee');
    expect(fee.textContent).toBe("Cancelling now costs $75.00 (the company's late-cancellation fee).");
    const reason = within(dialog).getByRole('textbox', { name: 'Reason for cancelling (optional)' });
    expect(fee.compareDocumentPosition(reason) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The safe answer has the focus.
    expect(document.activeElement?.textContent).toBe('Keep my inspection');
    await user.type(reason, 'We bought another house');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel inspection' }));

    expect(await screen.findByText('This inspection is cancelled.')).toBeTruthy();
    expect(screen.getByText('A cancellation fee of $75.00 applies.')).toBeTruthy();
    expect(posts(requests, 'cancel').map((request) => request.body)).toEqual([
      { reason: 'We bought another house', fee_cents: 7500 },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Reschedule' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel inspection' })).toBeNull();
    // Nothing is presented as owed but the fee.
    expect(screen.queryByText('Not paid yet')).toBeNull();
  });

  it('tells the visitor what cancelling refunds before they confirm, and says nothing of a refund when the server has none (decision 0076)', async () => {
    const refund =
      'Cancelling now refunds $325.00 of the $400.00 you paid: the late-cancellation fee of $75.00 is kept.';
    server({ view: () => ({ status: 200, body: withCancel({ refund }) }) });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cancel inspection' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cancel your inspection?' });
    const said = within(dialog).getByTestId('cancel-refund');
    expect(said.textContent).toBe(refund);
    const confirm = within(dialog).getByRole('button', { name: 'Cancel inspection' });
    expect(said.compareDocumentPosition(confirm) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    cleanup();
    server({ view: () => ({ status: 200, body: withCancel({ refund: null }) }) });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cancel inspection' }));
    dialog = await screen.findByRole('dialog', { name: 'Cancel your inspection?' });
    expect(within(dialog).queryByTestId('cancel-refund')).toBeNull();
    expect(dialog.textContent).not.toContain('refunds');
  });

  it('tells the visitor the late-cancellation fee charged to their card before they confirm (decision 0081)', async () => {
    const charge = 'Cancelling now charges the late-cancellation fee of $75.00 to your Visa ending 4242.';
    server({ view: () => ({ status: 200, body: withCancel({ charge }) }) });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cancel inspection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your inspection?' });
    const said = within(dialog).getByTestId('cancel-charge');
    expect(said.textContent).toBe(charge);
    const confirm = within(dialog).getByRole('button', { name: 'Cancel inspection' });
    expect(said.compareDocumentPosition(confirm) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    cleanup();
    server({ view: () => ({ status: 200, body: withCancel({ charge: null }) }) });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cancel inspection' }));
    expect(
      within(await screen.findByRole('dialog', { name: 'Cancel your inspection?' })).queryByTestId('cancel-charge'),
    ).toBeNull();
  });

  it('tells the visitor the late-reschedule fee and how it is paid before they confirm the move, and sends the fee it showed (decision 0081)', async () => {
    const charge = 'Moving now costs the late-reschedule fee of $25.00: we will e-mail you a link to pay it.';
    const view: ManageOrderView = {
      ...VIEW,
      reschedule: { ...VIEW.reschedule, fee_cents: 2_500, fee: '$25.00', charge },
    };
    const requests = server({
      view: () => ({ status: 200, body: view }),
      hold: () => ({ status: 200, body: heldAt(ONE) }),
      reschedule: () => ({ status: 200, body: { status: 'ok', view } }),
    });
    const user = userEvent.setup();
    renderPage();
    expect(
      (await screen.findByText("Moving now costs $25.00 (the company's late-reschedule fee).")).textContent,
    ).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Reschedule' }));
    await pickDay(user);
    await user.click(screen.getByRole('radio', { name: '1:00 PM' }));
    await user.click(screen.getByRole('button', { name: 'Hold this time' }));
    expect((await screen.findByTestId('reschedule-fee')).textContent).toBe(
      "Moving now costs $25.00 (the company's late-reschedule fee).",
    );
    expect(screen.getByTestId('reschedule-charge').textContent).toBe(charge);
    await user.click(screen.getByRole('button', { name: 'Confirm new time' }));
    await waitFor(() => expect(posts(requests, 'reschedule')).toHaveLength(1));
    expect(posts(requests, 'reschedule')[0]!.body).toMatchObject({ fee_cents: 2_500 });
  });

  it('shows the reason the office gave for cancelling, and no reason line when there is none (issue 41)', async () => {
    server({ view: () => ({ status: 200, body: cancelled(null, 'Inspector ill; we will call you to rebook.') }) });
    renderPage();
    expect(await screen.findByText('This inspection is cancelled.')).toBeTruthy();
    expect(screen.getByText('Reason: Inspector ill; we will call you to rebook.')).toBeTruthy();
    cleanup();
    server({ view: () => ({ status: 200, body: cancelled(null) }) });
    renderPage();
    expect(await screen.findByText('This inspection is cancelled.')).toBeTruthy();
    expect(screen.queryByText(/^Reason:/)).toBeNull();
  });

  it('reads the booking again when the fee changed, and shows the new fee before the visitor confirms again', async () => {
    let view = VIEW;
    const requests = server({
      view: () => ({ status: 200, body: view }),
      cancel: (request) => {
        if ((request.body as { fee_cents: number }).fee_cents === 10_000)
          return { status: 200, body: { status: 'ok', view: cancelled('$100.00') } };
        view = withCancel({ fee_cents: 10_000, fee: '$100.00' });
        return refusal(409, 'fee_changed', 'The cancellation fee is not the one shown.');
      },
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cancel inspection' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), 'Too late, sorry');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel inspection' }));

    await waitFor(() =>
      expect(within(dialog).getByTestId('cancel-fee').textContent).toBe(
        "Cancelling now costs $100.00 (the company's late-cancellation fee).",
      ),
    );
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'The cancellation fee has changed: cancelling now costs $100.00. Confirm again if you still want to cancel.',
    );
    expect((within(dialog).getByRole('textbox') as HTMLTextAreaElement).value).toBe('Too late, sorry');
    expect(requests.filter((request) => request.method === 'GET' && request.path === BASE)).toHaveLength(2);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel inspection' }));
    expect(await screen.findByText('A cancellation fee of $100.00 applies.')).toBeTruthy();
    expect(posts(requests, 'cancel').map((request) => request.body)).toEqual([
      { reason: 'Too late, sorry', fee_cents: 7500 },
      { reason: 'Too late, sorry', fee_cents: 10_000 },
    ]);
  });

  it('keeps the reason the visitor typed after a failed cancellation, and after closing the dialog', async () => {
    const requests = server({
      cancel: () => refusal(503, 'unavailable', 'The service is briefly unavailable. Please try again in a moment.'),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cancel inspection' }));
    let dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), 'Moving abroad');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel inspection' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The booking service is briefly unavailable. Please try again in a moment, or call the office at (614)\u00a0555-0142.',
    );
    expect(within(within(dialog).getByRole('alert')).getByRole('link').getAttribute('href')).toBe('tel:6145550142');
    expect((within(dialog).getByRole('textbox') as HTMLTextAreaElement).value).toBe('Moving abroad');

    await user.click(within(dialog).getByRole('button', { name: 'Keep my inspection' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Cancel inspection' }));
    dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByRole('textbox') as HTMLTextAreaElement).value).toBe('Moving abroad');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(posts(requests, 'cancel')).toHaveLength(1);
  });

  it("shows the policy's refusal of a cancellation, reads the booking again and offers the office instead", async () => {
    let view = VIEW;
    server({
      view: () => ({ status: 200, body: view }),
      cancel: () => {
        view = withCancel({ allowed: false, reason: CANCEL_REFUSAL });
        return refusal(409, 'change_refused', CANCEL_REFUSAL);
      },
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cancel inspection' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), 'Changed plans');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel inspection' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(CANCEL_REFUSAL);
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Cancel inspection' })).toBeNull());
    expect(
      within(dialog)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toContain('mailto:schedule@example.com');
    expect((within(dialog).getByRole('textbox') as HTMLTextAreaElement).value).toBe('Changed plans');
  });

  it('reschedules: a day, a time, the hold with who would inspect, then the move from the start the page showed', async () => {
    const moved: ManageOrderView = {
      ...VIEW,
      order: {
        ...VIEW.order,
        start: slotInstant(ONE),
        when: { date: formatListDate(DAY), time: '1:00 PM – 3:30 PM EST' },
      },
    };
    const requests = server({
      hold: () => ({ status: 200, body: heldAt(ONE) }),
      reschedule: () => ({ status: 200, body: { status: 'ok', view: moved } }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Reschedule' }));
    await waitFor(() => expect(heading()?.textContent).toBe('Choose a new time'));
    expect(document.activeElement).toBe(heading());

    const holdButton = screen.getByRole('button', { name: 'Hold this time' }) as HTMLButtonElement;
    expect(holdButton.disabled).toBe(true);
    await pickDay(user);
    await user.click(screen.getByRole('radio', { name: '1:00 PM' }));
    expect(holdButton.disabled).toBe(false);
    await user.click(holdButton);

    expect((await screen.findByTestId('inspector-note')).textContent).toBe(NOTE);
    expect(heading()?.textContent).toBe('Confirm your new time');
    expect(document.activeElement).toBe(heading());
    expect(screen.getByTestId('hold-indicator').textContent).toContain('Held for you until');
    expect(section('New time').textContent).toContain(formatListDate(DAY));
    expect(section('Current time').textContent).toContain('Tuesday, December 1st 2026');
    expect(posts(requests, 'hold').map((request) => request.body)).toEqual([{ start: slotInstant(ONE) }]);

    await user.click(screen.getByRole('button', { name: 'Confirm new time' }));
    expect((await screen.findByText(/Your inspection is moved to/)).textContent).toBe(
      `Your inspection is moved to ${formatListDate(DAY)}, 1:00 PM – 3:30 PM EST.`,
    );
    expect(posts(requests, 'reschedule').map((request) => request.body)).toEqual([
      { start: slotInstant(ONE), from_start: VIEW.order.start, fee_cents: 0 },
    ]);
    expect(heading()?.textContent).toBe('Manage your inspection');
    expect(section('Date, Time and Inspector').textContent).toContain('1:00 PM – 3:30 PM EST');
  });

  it("opens the calendar on the booking's month, next month here, with this month a click back and none before (issue 42)", async () => {
    const requests = server();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Reschedule' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'December 2026' })).toBeTruthy();
    await screen.findByRole('radio', { name: new RegExp(formatListDate(DAY)) });
    expect(availabilityAsked(requests)).toEqual([{ from: '2026-12-01', to: '2026-12-31' }]);

    const previous = screen.getByRole('button', { name: 'Previous month' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(false);
    await user.click(previous);
    expect(await screen.findByRole('heading', { level: 2, name: 'November 2026' })).toBeTruthy();
    // This month's times from today on, and no month before it.
    await waitFor(() => expect(availabilityAsked(requests).at(-1)).toEqual({ from: '2026-11-20', to: '2026-11-30' }));
    expect(previous.disabled).toBe(true);
  });

  it('opens the calendar on this month when the booking is this month, from today on (issue 42)', async () => {
    const thisMonth: ManageOrderView = {
      ...VIEW,
      order: {
        ...VIEW.order,
        start: '2026-11-27T14:30:00.000Z',
        end: '2026-11-27T17:00:00.000Z',
        when: { date: 'Friday, November 27th 2026', time: '9:30 AM – 12:00 PM EST' },
      },
    };
    const requests = server({ view: () => ({ status: 200, body: thisMonth }) });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Reschedule' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'November 2026' })).toBeTruthy();
    await waitFor(() => expect(availabilityAsked(requests)).toEqual([{ from: '2026-11-20', to: '2026-11-30' }]));
    expect((screen.getByRole('button', { name: 'Previous month' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("marks the current time among its day's times, announced as such, and does not offer it as a move (issue 42)", async () => {
    const booked = '2026-12-01';
    const current: AppointmentSlot = {
      ...slotAt(booked, 9),
      id: `${booked}-current`,
      start: '9:30 AM',
      start_datetime: `${booked} 09:30:00`,
      timestamp: Date.parse(VIEW.order.start) / 1000,
    };
    const later = slotAt(booked, 13);
    const requests = server({ availability: () => ({ status: 200, body: [current, later, NINE, ONE] }) });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Reschedule' }));
    await pickDay(user, booked);
    // The day says it holds the current time, and counts only the others.
    const dayRow = screen.getByRole('radio', { name: new RegExp(formatListDate(booked)) }).closest('label');
    expect(dayRow?.textContent).toContain('Your current time and 1 other time');

    const mine = screen.getByRole('radio', { name: /^9:30 AM\s*Your current time$/ }) as HTMLInputElement;
    expect(mine.getAttribute('aria-current')).toBe('time');
    expect(mine.disabled).toBe(true);
    const holdButton = screen.getByRole('button', { name: 'Hold this time' }) as HTMLButtonElement;
    await user.click(mine);
    expect(mine.checked).toBe(false);
    expect(holdButton.disabled).toBe(true);

    // Another time of that day is a move, and unmarked.
    const other = screen.getByRole('radio', { name: '1:00 PM' }) as HTMLInputElement;
    expect(other.disabled).toBe(false);
    expect(other.getAttribute('aria-current')).toBeNull();
    await user.click(other);
    expect(holdButton.disabled).toBe(false);
    await user.click(holdButton);
    await screen.findByRole('button', { name: 'Confirm new time' });
    expect(posts(requests, 'hold').map((request) => request.body)).toEqual([{ start: slotInstant(later) }]);
  });

  it('offers the alternatives when the picked time was taken, and holds the one chosen', async () => {
    let holds = 0;
    const requests = server({
      hold: () =>
        ++holds === 1
          ? { status: 409, body: { status: 'unavailable', appointments: [NEXT_NINE] } }
          : { status: 200, body: heldAt(NEXT_NINE) },
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Reschedule' }));
    await pickDay(user);
    await user.click(screen.getByRole('radio', { name: '9:00 AM' }));
    await user.click(screen.getByRole('button', { name: 'Hold this time' }));

    const dialog = await screen.findByRole('dialog', { name: 'Sorry!' });
    const [year, month, day] = DAY.split('-').map(Number);
    expect(dialog.textContent).toContain(
      `The appointment on ${month}/${day}/${year} at 9:00AM is no longer available.`,
    );
    const [nextYear, nextMonth, nextDay] = NEXT_DAY.split('-').map(Number);
    await user.click(
      within(dialog).getByRole('button', { name: new RegExp(`${nextMonth}/${nextDay}/${nextYear} at 9:00AM`) }),
    );

    expect((await screen.findByTestId('inspector-note')).textContent).toBe(NOTE);
    expect(posts(requests, 'hold').map((request) => request.body)).toEqual([
      { start: slotInstant(NINE) },
      { start: slotInstant(NEXT_NINE) },
    ]);
  });

  it('offers the alternatives when the held time was taken before the move was confirmed', async () => {
    server({ reschedule: () => ({ status: 409, body: { status: 'unavailable', appointments: [NEXT_NINE] } }) });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Reschedule' }));
    await pickDay(user);
    await user.click(screen.getByRole('radio', { name: '9:00 AM' }));
    await user.click(screen.getByRole('button', { name: 'Hold this time' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm new time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sorry!' });
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([expect.stringContaining(' at 9:00AM'), 'Close']);
  });

  it('goes back to the booking, read again, when the policy refuses the move meanwhile', async () => {
    let view = VIEW;
    server({
      view: () => ({ status: 200, body: view }),
      reschedule: () => {
        view = { ...VIEW, reschedule: { ...VIEW.reschedule, allowed: false, reason: RESCHEDULE_REFUSAL } };
        return refusal(409, 'change_refused', RESCHEDULE_REFUSAL);
      },
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Reschedule' }));
    await pickDay(user);
    await user.click(screen.getByRole('radio', { name: '9:00 AM' }));
    await user.click(screen.getByRole('button', { name: 'Hold this time' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm new time' }));
    await waitFor(() => expect(heading()?.textContent).toBe('Manage your inspection'));
    expect(screen.getByRole('alert').textContent).toBe(RESCHEDULE_REFUSAL);
    expect(within(section('Reschedule')).getByTestId('refusal').textContent).toBe(RESCHEDULE_REFUSAL);
    expect(within(section('Reschedule')).queryByRole('button')).toBeNull();
  });

  it('says plainly when too many tries were made, and keeps the time picked', async () => {
    server({ hold: () => refusal(429, 'rate_limited', 'Too many requests. Please try again in 30 seconds.') });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Reschedule' }));
    await pickDay(user);
    await user.click(screen.getByRole('radio', { name: '9:00 AM' }));
    await user.click(screen.getByRole('button', { name: 'Hold this time' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Too many tries in a short time.');
    expect((screen.getByRole('radio', { name: '9:00 AM' }) as HTMLInputElement).checked).toBe(true);
  });

  it('says an unknown, revoked or expired link is not valid any more, with no office to name', async () => {
    stubServer(() => refusal(404, 'manage_link_invalid', 'This link is not valid any more.'));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is not valid any more' })).toBeTruthy();
    expect(screen.getByText(/Please use the link in the latest e-mail or text message/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /555/ })).toBeNull();
  });

  it("names the company the link's URL names and its phone as a tel: link, when the link is not valid any more (issue 42)", async () => {
    const requests = stubServer((request) => {
      if (request.path === BASE) return refusal(404, 'manage_link_invalid', 'This link is not valid any more.');
      if (request.path === '/demo/json/manage_contact')
        return {
          status: 200,
          body: {
            company_name: 'Scioto Valley Home Inspections',
            offices: [{ office_name: 'Columbus', office_phone: '6145550142' }],
          },
        };
      return { status: 500, body: {} };
    });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is not valid any more' })).toBeTruthy();
    const phone = await screen.findByRole('link', { name: '(614) 555-0142' });
    expect(phone.getAttribute('href')).toBe('tel:6145550142');
    expect(phone.parentElement?.textContent).toBe(
      'Please use the link in the latest e-mail or text message about your inspection, or call Scioto Valley Home Inspections at (614) 555-0142.',
    );
    expect(screen.queryByText(/call the inspection company/)).toBeNull();
    // The company's contact is asked without the token.
    expect(requests.filter((request) => request.path !== BASE).map((request) => request.path)).toEqual([
      '/demo/json/manage_contact',
    ]);
  });

  it("lists each office's phone when the company has several", async () => {
    stubServer((request) => {
      if (request.path === BASE) return refusal(404, 'manage_link_invalid', 'This link is not valid any more.');
      return {
        status: 200,
        body: {
          company_name: 'Scioto Valley Home Inspections',
          offices: [
            { office_name: 'Columbus', office_phone: '6145550142' },
            { office_name: 'Dayton', office_phone: '9375550100' },
          ],
        },
      };
    });
    renderPage();
    expect((await screen.findByRole('link', { name: '(937) 555-0100' })).parentElement?.textContent).toBe(
      'Dayton: (937) 555-0100',
    );
    expect(screen.getByText(/or call one of Scioto Valley Home Inspections's offices:$/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '(614) 555-0142' }).getAttribute('href')).toBe('tel:6145550142');
  });

  it('keeps the general words when the URL names no company the server knows', async () => {
    stubServer((request) =>
      request.path === BASE
        ? refusal(404, 'manage_link_invalid', 'This link is not valid any more.')
        : refusal(404, 'not_found', 'The company was not found.'),
    );
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is not valid any more' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText(/or call the inspection company\.$/)).toBeTruthy());
    expect(screen.queryByRole('link', { name: /555/ })).toBeNull();
  });

  it('says a link of the wrong shape is not valid without sending it to the server', async () => {
    const requests = stubServer(() => refusal(404, 'not_found', 'The company was not found.'));
    renderPage('not-a-token');
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is not valid any more' })).toBeTruthy();
    // Only the company's contact is asked, which carries no token.
    await waitFor(() => expect(requests.map((request) => request.path)).toEqual(['/demo/json/manage_contact']));
  });
});
