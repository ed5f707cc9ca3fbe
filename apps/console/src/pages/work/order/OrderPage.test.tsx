import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConsoleMe, ConsoleOrderDetail } from '@scheduler/contracts/console';
import type { OrderAgreement } from '@scheduler/contracts/agreements';
import type { OrderLedger } from '@scheduler/contracts/ledger';
import { disputeOutcomeText } from '@scheduler/domain/payments/disputes';
import type { ManageOrderView } from '@scheduler/contracts/manage';
import { OWNER } from '../../../test-support/configuration-server.ts';
import { OFFICE_ME, ORDER_ID } from '../../../test-support/fixtures.ts';
import {
  DETAIL,
  MOVED,
  NINE,
  ONE,
  ONLINE_PAYMENT,
  ORDER_PATH,
  PENDING_AGREEMENT,
  VIEW,
} from '../../../test-support/order-detail.ts';
import {
  refusal,
  renderPage,
  stubServer,
  type Answer,
  type RecordedRequest,
} from '../../../test-support/render-page.tsx';
import OrderPage from './OrderPage.tsx';
import { historyText } from './order-history.ts';
import { refundNoticeText } from './RefundNotices.tsx';
import { enterText } from '../../../test-support/enter-text.ts';

const BASE = ORDER_PATH;

function serve(
  writes: { reschedule?: (request: RecordedRequest) => Answer; cancel?: (request: RecordedRequest) => Answer },
  detail: ConsoleOrderDetail = DETAIL,
  agreements?: OrderAgreement[],
) {
  return stubServer((request) => {
    if (request.path === '/api/console/me') return { status: 200, body: OFFICE_ME };
    if (request.method === 'GET' && request.path === BASE) return { status: 200, body: detail };
    if (request.method === 'GET' && request.path === `${BASE}/notes`) return { status: 200, body: { notes: [] } };
    if (request.method === 'GET' && request.path === `${BASE}/tasks`) return { status: 200, body: { tasks: [] } };
    if (request.method === 'GET' && request.path === `${BASE}/agreements`)
      return { status: 200, body: { agreements: agreements ?? [] } };
    if (request.method === 'GET' && request.path.startsWith(`${BASE}/availability?`))
      return { status: 200, body: [NINE, ONE] };
    if (request.method === 'POST' && request.path === `${BASE}/reschedule`) return writes.reschedule?.(request);
    if (request.method === 'POST' && request.path === `${BASE}/cancel`) return writes.cancel?.(request);
    return undefined;
  });
}

const renderOrder = () =>
  renderPage(<OrderPage />, { path: `/demo/orders/${ORDER_ID}`, pattern: '/:companyKey/orders/:orderId' });
const posts = (requests: RecordedRequest[], action: string) =>
  requests.filter((r) => r.method === 'POST' && r.path.endsWith(action)).map((r) => r.body);

describe('the order page', () => {
  it('shows what the order holds: people with links, the map, the price lines as given, messages', async () => {
    serve({});
    renderOrder();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order SV-1042' })).toBeTruthy();
    expect(screen.getByText('Tuesday, December 1st 2026, 9:30 AM – 12:00 PM EST')).toBeTruthy();
    expect(screen.getByText('Source: google / cpc · campaign Spring sale')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'jane@example.com' }).getAttribute('href')).toBe('mailto:jane@example.com');
    expect(screen.getByRole('link', { name: /555-0100/ }).getAttribute('href')).toMatch(/^tel:/);
    expect(screen.getByRole('link', { name: /Open in Google Maps/ }).getAttribute('href')).toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('12 Elm Street, Columbus, OH 43215')}`,
    );
    const price = screen.getByRole('region', { name: 'Price and payment' });
    expect(within(price).getByText('- $40.00')).toBeTruthy();
    expect(within(price).getByText('$572.50')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Messages' })).getByText('Sent')).toBeTruthy();
    expect(
      await within(screen.getByRole('region', { name: 'Notes and follow-ups' })).findByText('No notes yet.'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'History' })).getByText(
        'Booked for Tuesday, December 1st 2026 at 9:30 AM EST',
      ),
    ).toBeTruthy();
  });

  it('says plainly when a payment arrived that the order could not take, and that it is to be refunded in Stripe', async () => {
    const cancelledView: ManageOrderView = {
      ...VIEW,
      order: {
        ...VIEW.order,
        state: 'cancelled',
        cancelled: { at: '2026-11-28T15:00:00.000Z', fee: null, reason: null },
      },
    };
    const late = {
      provider: 'stripe',
      reason: 'order_cancelled',
      amount_cents: 57250,
      currency: 'USD',
      amount: '$572.50',
      paid_at: '2026-11-28T15:12:00.000Z',
      payment_intent_id: 'pi_3QxLate',
      checkout_session_id: 'cs_test_late',
    } as const;
    serve(
      {},
      {
        ...DETAIL,
        view: cancelledView,
        payments_to_refund: [
          late,
          {
            ...late,
            reason: 'paid_twice',
            amount: '$100.00',
            payment_intent_id: null,
            checkout_session_id: 'cs_test_twice',
          },
        ],
      },
    );
    renderOrder();
    const notices = within(await screen.findByRole('region', { name: 'Payments to refund' })).getAllByRole('note');
    expect(notices.map((notice) => notice.textContent)).toEqual([
      'Paid $572.50 after it was cancelled: refund to do in Stripe.Paid on Saturday, November 28th 2026 at 10:12 AM EST · Stripe payment pi_3QxLate',
      'Paid $100.00 a second time: refund to do in Stripe.Paid on Saturday, November 28th 2026 at 10:12 AM EST',
    ]);
  });

  it('shows the agreements sent with the order (issue 43)', async () => {
    serve({}, DETAIL, [PENDING_AGREEMENT]);
    renderOrder();
    const section = await screen.findByRole('region', { name: 'Agreements' });
    expect(within(section).getByRole('article', { name: 'Pre-inspection agreement' }).textContent).toContain(
      'Waiting for signatures',
    );
  });

  it('warns near the top when the agreement is flagged unsigned, pointing to Agreements (issue 43)', async () => {
    serve({}, { ...DETAIL, agreement_unsigned: true }, [PENDING_AGREEMENT]);
    renderOrder();
    const warning = await screen.findByRole('alert');
    expect(warning.textContent).toBe('The agreement is not signed yet: Agreements, below, says who has not signed.');
    // Before the appointment's section: the first thing the office reads under the heading.
    const appointment = screen.getByRole('region', { name: 'Appointment' });
    expect(warning.compareDocumentPosition(appointment) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows no refund notice for an order without such a payment', async () => {
    serve({});
    renderOrder();
    await screen.findByRole('heading', { level: 1, name: 'Order SV-1042' });
    expect(screen.queryByRole('region', { name: 'Payments to refund' })).toBeNull();
    expect(screen.queryByText(/refund to do/)).toBeNull();
    // Nor an agreement's warning, when it is not flagged.
    expect(screen.queryByText(/not signed yet/)).toBeNull();
  });

  it('reschedules: the policy refuses, then the office moves it anyway', async () => {
    const requests = serve({
      reschedule: (request) =>
        (request.body as { override: boolean }).override
          ? { status: 200, body: { status: 'ok', view: MOVED } }
          : refusal(409, 'change_refused', 'Changes within 24 hours of the inspection: please call (614) 555-0142'),
    });
    renderOrder();
    await userEvent.click(await screen.findByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule the inspection' });
    await userEvent.click(await within(dialog).findByRole('button', { name: '9:00 AM EST' }));
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Move it to Tuesday, December 8th 2026, 9:00 AM EST' }),
    );

    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'Changes within 24 hours of the inspection',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move it anyway (override the policy)' }));

    expect(await screen.findByText('Moved to Tuesday, December 8th 2026, 9:00 AM – 11:30 AM EST.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(requests, '/reschedule')).toEqual([
      { start: '2026-12-08T14:00:00.000Z', from_start: VIEW.order.start, override: false, inspector_ids: [101] },
      { start: '2026-12-08T14:00:00.000Z', from_start: VIEW.order.start, override: true, inspector_ids: [101] },
    ]);
  });

  it('cancels with the late fee waived, and past a refusing policy only when told to', async () => {
    const requests = serve(
      {
        cancel: () => ({
          status: 200,
          body: {
            status: 'ok',
            view: {
              ...VIEW,
              order: {
                ...VIEW.order,
                state: 'cancelled',
                cancelled: { at: '2026-11-30T16:00:00.000Z', fee: null, reason: 'Buyer withdrew' },
              },
            },
          },
        }),
      },
      {
        ...DETAIL,
        view: {
          ...VIEW,
          cancel: {
            ...VIEW.cancel,
            allowed: false,
            reason: 'Cancellations within 24 hours: please call (614) 555-0142',
          },
        },
      },
    );
    renderOrder();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel the inspection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the inspection' });
    expect(
      within(dialog).getByText('The policy sets a late-cancellation fee of $75.00 for cancelling now.'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toContain('Cancellations within 24 hours');
    // Refused by the policy: no plain cancel is offered, only the override.
    expect(within(dialog).queryByRole('button', { name: 'Cancel the inspection' })).toBeNull();

    await enterText(within(dialog).getByRole('textbox', { name: 'Reason (the client sees it)' }), 'Buyer withdrew');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Waive the late fee' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel anyway (override the policy)' }));

    expect(await screen.findByText('The inspection is cancelled.')).toBeTruthy();
    expect(posts(requests, '/cancel')).toEqual([{ reason: 'Buyer withdrew', override: true, waive_fee: true }]);
  });

  it('cancels within the policy without an override, keeping the fee unless waived', async () => {
    const requests = serve({ cancel: () => ({ status: 200, body: { status: 'ok', view: VIEW } }) });
    renderOrder();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel the inspection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the inspection' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the inspection' }));
    await screen.findByText('The inspection is cancelled.');
    expect(posts(requests, '/cancel')).toEqual([{ reason: '', override: false, waive_fee: false }]);
  });
});

describe('the refund notice', () => {
  it('names the amount and why the order could not take it', () => {
    expect(refundNoticeText({ amount: '$572.50', reason: 'amount_changed' })).toBe(
      "Paid $572.50, which is not the order's total: refund to do in Stripe.",
    );
  });
});

describe("the order's history", () => {
  const at = '2026-11-30T16:00:00.000Z';
  it('names who moved it, from when to when, and a policy overridden', () => {
    const moved = {
      at,
      type: 'rescheduled' as const,
      data: {
        from: { start: '2026-12-01T14:30:00.000Z' },
        to: { start: '2026-12-08T14:00:00.000Z' },
        by: { kind: 'office', override: true, name: 'Olive Office' },
        overridden: ['cutoff'],
      },
    };
    expect(historyText(moved, 'America/New_York', 'USD')).toBe(
      'Moved from Tuesday, December 1st 2026 at 9:30 AM EST to Tuesday, December 8th 2026 at 9:00 AM EST by Olive Office (policy overridden)',
    );
  });

  it('says a late fee charged, or waived, and the reason', () => {
    const cancelled = (fee: number) => ({
      at,
      type: 'cancelled' as const,
      data: {
        reason: 'Buyer withdrew',
        fee_cents: fee,
        policy_fee_cents: 7500,
        by: { kind: 'office', override: false, name: 'Olive Office' },
        overridden: [],
      },
    });
    expect(historyText(cancelled(0), 'America/New_York', 'USD')).toBe(
      'Cancelled by Olive Office, late-cancellation fee of $75.00 waived. Reason: Buyer withdrew',
    );
    expect(historyText(cancelled(7500), 'America/New_York', 'USD')).toBe(
      'Cancelled by Olive Office, with a late-cancellation fee of $75.00. Reason: Buyer withdrew',
    );
  });
});

describe("the order page's payments (decision 0067)", () => {
  const PAYMENT = ONLINE_PAYMENT;
  const LEDGER: OrderLedger = {
    currency: 'USD',
    time_zone: 'America/New_York',
    today: '2026-12-01',
    total_cents: 57_250,
    paid_cents: 42_500,
    balance_due_cents: 14_750,
    paid: false,
    entries: [PAYMENT],
    disputes: [
      {
        id: 'dp_test_1',
        amount_cents: 42_500,
        currency: 'USD',
        reason: 'fraudulent',
        at: '2026-12-02T15:00:00.000Z',
        status: 'needs_response',
        closed_at: null,
        outcome: null,
      },
    ],
  };
  const serveLedger = (me: ConsoleMe) =>
    stubServer((request) => {
      if (request.path === '/api/console/me') return { status: 200, body: me };
      if (request.method === 'GET' && request.path === BASE) return { status: 200, body: DETAIL };
      if (request.method === 'GET' && request.path === `${BASE}/payments`) return { status: 200, body: LEDGER };
      if (request.method === 'GET' && request.path === `${BASE}/notes`) return { status: 200, body: { notes: [] } };
      if (request.method === 'GET' && request.path === `${BASE}/tasks`) return { status: 200, body: { tasks: [] } };
      return undefined;
    });

  it('offers an owner Refund on an online payment, opening the refund dialog, and says a dispute', async () => {
    serveLedger(OWNER);
    renderOrder();
    const refund = await screen.findByRole('button', { name: 'Refund $425.00 online' });
    expect(screen.getByText(/Disputed: the client's bank disputes \$425\.00 \(fraudulent\)/)).toBeTruthy();
    await userEvent.click(refund);
    const dialog = await screen.findByRole('dialog', { name: 'Refund the online payment of $425.00' });
    expect((within(dialog).getByRole('textbox', { name: 'Amount to refund (USD)' }) as HTMLInputElement).value).toBe(
      '425.00',
    );
  });

  it("says a decided dispute's outcome in place of the open dispute's notice", async () => {
    const lost = {
      ...LEDGER.disputes[0]!,
      status: 'lost',
      closed_at: '2026-12-20T15:00:00.000Z',
      outcome: disputeOutcomeText('lost', 42_500, 'USD'),
    };
    const won = { ...lost, id: 'dp_test_2', status: 'won', outcome: disputeOutcomeText('won', 42_500, 'USD') };
    stubServer((request) => {
      if (request.path === '/api/console/me') return { status: 200, body: OWNER };
      if (request.method === 'GET' && request.path === BASE) return { status: 200, body: DETAIL };
      if (request.method === 'GET' && request.path === `${BASE}/payments`)
        return { status: 200, body: { ...LEDGER, disputes: [lost, won] } };
      if (request.method === 'GET' && request.path === `${BASE}/notes`) return { status: 200, body: { notes: [] } };
      if (request.method === 'GET' && request.path === `${BASE}/tasks`) return { status: 200, body: { tasks: [] } };
      return undefined;
    });
    renderOrder();
    expect(
      await screen.findByText(/Disputed: The bank decided the dispute of \$425\.00 for the client: lost\./),
    ).toBeTruthy();
    expect(screen.getByText(/Disputed: The bank decided the dispute of \$425\.00 for the company: won\./)).toBeTruthy();
    expect(screen.queryByText(/the client's bank disputes/)).toBeNull();
    // Each entry's receipt is a PDF under the ledger's route (decision 0082).
    const receipt = screen.getByRole('link', { name: 'Receipt (PDF) of the payment of $425.00' });
    expect(receipt.getAttribute('href')).toBe(`${BASE}/payments/${PAYMENT.id}/receipt`);
  });

  it('offers the office no refund', async () => {
    serveLedger(OFFICE_ME);
    renderOrder();
    await screen.findByRole('button', { name: 'Record a payment' });
    expect(screen.queryByRole('button', { name: /^Refund/ })).toBeNull();
  });

  describe('of a cancelled order with a late fee of $75.00', () => {
    const cancelledDetail = {
      ...DETAIL,
      view: {
        ...VIEW,
        order: {
          ...VIEW.order,
          state: 'cancelled' as const,
          cancelled: { at: '2026-11-28T15:00:00.000Z', fee: '$75.00', reason: null },
        },
      },
    };
    const feeLedger = (paidCents: number) => ({
      ...LEDGER,
      total_cents: 7_500,
      paid_cents: paidCents,
      balance_due_cents: 7_500 - paidCents,
      paid: paidCents >= 7_500,
      entries: [],
      disputes: [],
    });
    const serveCancelled = (paidCents: number) =>
      stubServer((request) => {
        if (request.path === '/api/console/me') return { status: 200, body: OFFICE_ME };
        if (request.method === 'GET' && request.path === BASE) return { status: 200, body: cancelledDetail };
        if (request.method === 'GET' && request.path === `${BASE}/payments`)
          return { status: 200, body: feeLedger(paidCents) };
        if (request.method === 'GET' && request.path === `${BASE}/notes`) return { status: 200, body: { notes: [] } };
        if (request.method === 'GET' && request.path === `${BASE}/tasks`) return { status: 200, body: { tasks: [] } };
        return undefined;
      });

    it('offers to record a payment while the fee is due', async () => {
      serveCancelled(0);
      renderOrder();
      await screen.findByRole('button', { name: 'Record a payment' });
    });

    it('offers none once the fee is paid', async () => {
      serveCancelled(7_500);
      renderOrder();
      await screen.findByText('Balance due');
      expect(screen.queryByRole('button', { name: 'Record a payment' })).toBeNull();
    });
  });
});
