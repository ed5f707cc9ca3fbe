import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LedgerEntryView, OrderLedger } from '@scheduler/contracts/ledger';
import { enterText } from '../../../test-support/enter-text.ts';
import { ONLINE_PAYMENT, ORDER_PATH } from '../../../test-support/order-detail.ts';
import { renderPage, stubServer, type Answer } from '../../../test-support/render-page.tsx';
import { RefundDialog } from './RefundDialog.tsx';

const PAYMENT: LedgerEntryView = { ...ONLINE_PAYMENT, refundable_cents: 40_000 };

const AFTER: OrderLedger = {
  currency: 'USD',
  time_zone: 'America/New_York',
  today: '2026-12-01',
  total_cents: 42_500,
  paid_cents: 0,
  balance_due_cents: 42_500,
  paid: false,
  entries: [{ ...PAYMENT, refundable_cents: 0 }],
  disputes: [],
};

/** The dialog open on PAYMENT, the server answering each refund with `answer`. */
async function openRefund(answer: () => Answer) {
  const requests = stubServer((request) =>
    request.method === 'POST' && request.path === `${ORDER_PATH}/payments/${PAYMENT.id}/refund` ? answer() : undefined,
  );
  const onRefunded = vi.fn();
  renderPage(
    <RefundDialog
      entry={PAYMENT}
      companyKey="demo"
      orderId={ORDER_PATH.split('/').pop()!}
      onClose={vi.fn()}
      onRefunded={onRefunded}
    />,
    { path: '/demo', pattern: '/:companyKey' },
  );
  const dialog = await screen.findByRole('dialog', { name: 'Refund the online payment of $425.00' });
  const posted = () => requests.filter((r) => r.method === 'POST').map((r) => r.body as Record<string, unknown>);
  return { dialog, onRefunded, posted };
}

describe('the refund dialog', () => {
  it('starts at what is left to refund, refuses one cent more and no reason before asking, then refunds with a receipt', async () => {
    const { dialog, onRefunded, posted } = await openRefund(() => ({ status: 201, body: AFTER }));
    const amount = within(dialog).getByRole('textbox', { name: 'Amount to refund (USD)' }) as HTMLInputElement;
    expect(amount.value).toBe('400.00');

    await userEvent.clear(amount);
    await enterText(amount, '400.01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('At most what is left to refund, $400.00.')).toBeTruthy();
    expect(within(dialog).getByText('Say why.')).toBeTruthy();
    expect(posted()).toEqual([]);

    await userEvent.clear(amount);
    await enterText(amount, '400');
    await enterText(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Radon test not done');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'E-mail the client a receipt of the refund' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));

    await waitFor(() => expect(onRefunded).toHaveBeenCalledWith('Refunded $400.00 through Stripe.'));
    expect(posted()).toMatchObject([
      { amount_cents: 40_000, reason: 'Radon test not done', send_receipt: true, request_id: expect.any(String) },
    ]);
  });

  it("shows the server's refusal of the amount on the field, and sends the same request id again", async () => {
    const { dialog, onRefunded, posted } = await openRefund(() => ({
      status: 400,
      body: {
        error: {
          code: 'invalid_request',
          message: 'A refund can be at most what is left of this payment ($300.00).',
          field: 'amount_cents',
        },
      },
    }));
    await enterText(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Duplicate');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(
      await within(dialog).findByText('A refund can be at most what is left of this payment ($300.00).'),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(posted()).toHaveLength(2));
    expect(posted()[1]!.request_id).toBe(posted()[0]!.request_id);
    expect(onRefunded).not.toHaveBeenCalled();
  });
});
