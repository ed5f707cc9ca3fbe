import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { OrderLedger } from '@scheduler/contracts/ledger';
import { enterText } from '../../../test-support/enter-text.ts';
import { ORDER_PATH } from '../../../test-support/order-detail.ts';
import { refusal, renderPage, stubServer, type Answer } from '../../../test-support/render-page.tsx';
import { RecordPaymentDialog } from './RecordPaymentDialog.tsx';

const LEDGER: OrderLedger = {
  currency: 'USD',
  time_zone: 'America/New_York',
  today: '2026-12-01',
  total_cents: 42_500,
  paid_cents: 10_000,
  balance_due_cents: 32_500,
  paid: false,
  entries: [],
  disputes: [],
};

/** The dialog open on LEDGER, the server answering each recorded payment with `answer`. */
async function openRecord(answer: () => Answer) {
  const requests = stubServer((request) =>
    request.method === 'POST' && request.path === `${ORDER_PATH}/payments` ? answer() : undefined,
  );
  const onRecorded = vi.fn();
  renderPage(
    <RecordPaymentDialog
      open
      ledger={LEDGER}
      companyKey="demo"
      orderId={ORDER_PATH.split('/').pop()!}
      onClose={vi.fn()}
      onRecorded={onRecorded}
    />,
    { path: '/demo', pattern: '/:companyKey' },
  );
  const dialog = await screen.findByRole('dialog', { name: 'Record a payment' });
  const posted = () => requests.filter((r) => r.method === 'POST').map((r) => r.body);
  return { dialog, onRecorded, posted };
}

describe('the record-a-payment dialog', () => {
  it("starts at the balance due and today's office date, and records a check with its number and a receipt", async () => {
    const { dialog, onRecorded, posted } = await openRecord(() => ({
      status: 201,
      body: { ...LEDGER, paid_cents: 42_500, balance_due_cents: 0, paid: true },
    }));
    const amount = within(dialog).getByRole('textbox', { name: 'Amount (USD)' }) as HTMLInputElement;
    expect(amount.value).toBe('325.00');
    expect((within(dialog).getByLabelText('Received on') as HTMLInputElement).value).toBe('2026-12-01');
    expect(within(dialog).getByText("The office's calendar (America/New_York)")).toBeTruthy();

    await enterText(within(dialog).getByRole('textbox', { name: 'Reference (check number, card slip…)' }), '1042');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'E-mail the client a receipt' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record the payment' }));

    await waitFor(() => expect(onRecorded).toHaveBeenCalledWith('Recorded $325.00 (check). The order is paid.'));
    expect(posted()).toEqual([
      {
        amount_cents: 32_500,
        method: 'check',
        reference: '1042',
        received_on: '2026-12-01',
        note: '',
        send_receipt: true,
      },
    ]);
  });

  it('refuses one cent more than the balance before asking, and shows the server’s refusal', async () => {
    const { dialog, onRecorded, posted } = await openRecord(() =>
      refusal(400, 'invalid_request', 'The amount is more than the balance due ($100.00).'),
    );
    const amount = within(dialog).getByRole('textbox', { name: 'Amount (USD)' });
    await userEvent.clear(amount);
    await enterText(amount, '325.01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record the payment' }));
    expect(within(dialog).getByText('At most the balance due, $325.00.')).toBeTruthy();
    expect(posted()).toEqual([]);

    await userEvent.clear(amount);
    await enterText(amount, '100');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record the payment' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('more than the balance due'),
    );
    expect(posted()).toMatchObject([{ amount_cents: 10_000 }]);
    expect(onRecorded).not.toHaveBeenCalled();
  });
});
