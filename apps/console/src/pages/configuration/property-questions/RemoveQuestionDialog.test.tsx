import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DocumentFee } from './questions-form.ts';
import { RemoveQuestionDialog } from './RemoveQuestionDialog.tsx';

/**
 * Removing a question that fees follow, on its own: the fees named, one fee said in the singular,
 * and the question removed only on the person's word.
 */

const fee = (code: string, description: string): DocumentFee => ({
  code,
  description,
  scope: 'order',
  rule: { kind: 'control', control: 'occupancy' },
});
const VACANT_FEE = fee('vacant', 'Vacant home surcharge');
const TENANT_FEE = fee('tenant', 'Tenant coordination');

function renderDialog(fees: readonly DocumentFee[]) {
  const onCancel = vi.fn();
  const onConfirm = vi.fn();
  render(<RemoveQuestionDialog question="Occupancy" fees={fees} onCancel={onCancel} onConfirm={onConfirm} />);
  const dialog = screen.getByRole('dialog', { name: 'Remove “Occupancy” and its fees?' });
  return { dialog, onCancel, onConfirm };
}

describe('the remove-question dialog', () => {
  it('names each fee removed with the question, and says nothing changes until the save', () => {
    const { dialog } = renderDialog([VACANT_FEE, TENANT_FEE]);
    expect(
      within(dialog).getByText('These fees follow the answer to this question. They are removed with it:'),
    ).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Vacant home surcharge', 'Tenant coordination']);
    expect(
      within(dialog).getByText('Nothing changes for visitors until you save; Discard brings both back.'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Remove the question and its fees' })).toBeTruthy();
  });

  it('speaks of one fee in the singular', () => {
    const { dialog } = renderDialog([VACANT_FEE]);
    expect(
      within(dialog).getByText('This fee follows the answer to this question. It is removed with it:'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Remove the question and its fee' })).toBeTruthy();
  });

  it('removes the question only when confirmed', async () => {
    const { dialog, onConfirm, onCancel } = renderDialog([VACANT_FEE]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove the question and its fee' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('keeps the question on "Keep the question" and on Escape', async () => {
    const { dialog, onConfirm, onCancel } = renderDialog([VACANT_FEE, TENANT_FEE]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep the question' }));
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
