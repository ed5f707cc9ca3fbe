import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConsoleOrderDetail } from '@scheduler/contracts/console';
import { CANCEL_REASON_MAX } from '@scheduler/contracts/manage';
import { enterText } from '../../../test-support/enter-text.ts';
import { DETAIL, openOrderDialog, VIEW } from '../../../test-support/order-detail.ts';
import { refusal, type Answer, type RecordedRequest } from '../../../test-support/render-page.tsx';
import { CancelDialog } from './CancelDialog.tsx';

const CANCELLED = {
  status: 200,
  body: {
    status: 'ok',
    view: {
      ...VIEW,
      order: { ...VIEW.order, state: 'cancelled', cancelled: { at: VIEW.order.start, fee: null, reason: null } },
    },
  },
};
const POLICY_REFUSES = refusal(409, 'change_refused', 'Cancellations within 24 hours: please call (614) 555-0142');

/** The dialog open on `detail`, the server answering each cancel with `answer` (404 without one). */
async function openCancel(answer?: (request: RecordedRequest, index: number) => Answer, detail = DETAIL) {
  const { onDone, ...opened } = await openOrderDialog({
    action: 'cancel',
    name: 'Cancel the inspection',
    answer,
    dialog: ({ onClose, onDone }) => (
      <CancelDialog open detail={detail} companyKey="demo" onClose={onClose} onCancelled={onDone} />
    ),
  });
  return { ...opened, onCancelled: onDone };
}

const cancels = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.path.endsWith('/cancel')).map((r) => r.body);
const reason = (dialog: HTMLElement) =>
  within(dialog).getByRole('textbox', { name: 'Reason (the client sees it)' }) as HTMLTextAreaElement;
const withCancel = (cancel: Partial<ConsoleOrderDetail['view']['cancel']>): ConsoleOrderDetail => ({
  ...DETAIL,
  view: { ...VIEW, cancel: { ...VIEW.cancel, ...cancel } },
});

describe('the cancel dialog', () => {
  it('says when the inspection is and the fee the policy sets, and cancels keeping the fee, the reason trimmed', async () => {
    const { requests, onCancelled, dialog } = await openCancel(() => CANCELLED);
    expect(within(dialog).getByText('Tuesday, December 1st 2026, 9:30 AM – 12:00 PM EST')).toBeTruthy();
    expect(
      within(dialog).getByText('The policy sets a late-cancellation fee of $75.00 for cancelling now.'),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();

    await enterText(reason(dialog), '  Buyer withdrew  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the inspection' }));

    await waitFor(() => expect(onCancelled).toHaveBeenCalledTimes(1));
    expect(cancels(requests)).toEqual([{ reason: 'Buyer withdrew', override: false, waive_fee: false }]);
  });

  it('waives the late fee when ticked', async () => {
    const { requests, onCancelled, dialog } = await openCancel(() => CANCELLED);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Waive the late fee' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the inspection' }));
    await waitFor(() => expect(onCancelled).toHaveBeenCalled());
    expect(cancels(requests)).toEqual([{ reason: '', override: false, waive_fee: true }]);
  });

  it('offers no waiver when cancelling costs nothing, and sends none', async () => {
    const { requests, onCancelled, dialog } = await openCancel(
      () => CANCELLED,
      withCancel({ fee_cents: 0, fee: null, text: 'Free to cancel until the day before.' }),
    );
    expect(within(dialog).getByText('Cancelling now costs nothing under the policy.')).toBeTruthy();
    expect(within(dialog).getByText('Free to cancel until the day before.')).toBeTruthy();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the inspection' }));
    await waitFor(() => expect(onCancelled).toHaveBeenCalled());
    expect(cancels(requests)).toEqual([{ reason: '', override: false, waive_fee: false }]);
  });

  it("says the policy's refusal in its own words when it gives none, offering only the override", async () => {
    const { dialog } = await openCancel(undefined, withCancel({ allowed: false, reason: null }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'The cancellation policy does not allow cancelling now.',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel anyway (override the policy)' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Cancel the inspection' })).toBeNull();
  });

  it('turns to the override when the policy refuses as it is sent, keeping the reason and the waiver', async () => {
    const { requests, onCancelled, dialog } = await openCancel((_, index) =>
      index === 0 ? POLICY_REFUSES : CANCELLED,
    );
    await enterText(reason(dialog), 'Buyer withdrew');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Waive the late fee' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the inspection' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Cancellations within 24 hours: please call (614) 555-0142',
    );
    expect(onCancelled).not.toHaveBeenCalled();
    expect(reason(dialog).value).toBe('Buyer withdrew');
    expect((within(dialog).getByRole('checkbox', { name: 'Waive the late fee' }) as HTMLInputElement).checked).toBe(
      true,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel anyway (override the policy)' }));

    await waitFor(() => expect(onCancelled).toHaveBeenCalledTimes(1));
    expect(cancels(requests)).toEqual([
      { reason: 'Buyer withdrew', override: false, waive_fee: true },
      { reason: 'Buyer withdrew', override: true, waive_fee: true },
    ]);
  });

  it('shows a refusal naming the reason, keeps what was typed, and stays open to try again', async () => {
    const { requests, onCancelled, onClose, dialog } = await openCancel(() => ({
      status: 400,
      body: { error: { code: 'invalid_request', message: 'The reason is too long.', field: 'reason' } },
    }));
    await enterText(reason(dialog), 'Buyer withdrew');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the inspection' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe('The reason is too long.');
    expect(reason(dialog).value).toBe('Buyer withdrew');
    // Not the policy: no override is offered, the plain cancel stays.
    expect(within(dialog).getByRole('button', { name: 'Cancel the inspection' })).toBeTruthy();
    expect(onCancelled).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(cancels(requests)).toHaveLength(1);
  });

  it('shows that the order changed meanwhile (409) without offering to override it', async () => {
    const { onCancelled, dialog } = await openCancel(() =>
      refusal(409, 'order_changed', 'This booking changed meanwhile: read it again.'),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the inspection' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This booking changed meanwhile: read it again.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Cancel anyway (override the policy)' })).toBeNull();
    expect(onCancelled).not.toHaveBeenCalled();
  });

  it("says plainly when the server fails, rather than the server's words", async () => {
    const { dialog } = await openCancel(() => refusal(500, 'internal_error', 'TypeError at line 3'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the inspection' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Something went wrong on our side. Please try again in a moment.',
    );
  });

  it('takes a reason of the longest length the server takes, and is kept to it', async () => {
    const { requests, onCancelled, dialog } = await openCancel(() => CANCELLED);
    expect(reason(dialog).maxLength).toBe(CANCEL_REASON_MAX);
    const longest = 'x'.repeat(CANCEL_REASON_MAX);
    await enterText(reason(dialog), longest);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the inspection' }));
    await waitFor(() => expect(onCancelled).toHaveBeenCalled());
    expect(cancels(requests)).toEqual([{ reason: longest, override: false, waive_fee: false }]);
  });

  it('sends nothing when kept', async () => {
    const { requests, onClose, dialog } = await openCancel(() => CANCELLED);
    await enterText(reason(dialog), 'Changed my mind');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(cancels(requests)).toEqual([]);
  });
});
