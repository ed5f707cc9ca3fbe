import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ControlType } from '@scheduler/contracts/company-document';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { accessibleDescription } from '../../../test-support/accessible-description.ts';
import { enterText } from '../../../test-support/enter-text.ts';
import { PRICE_PROBLEM } from './price-text.ts';
import { PriceEffect } from './PriceEffect.tsx';
import type { DocumentFee, QuestionRow, QuestionsFormValues } from './questions-form.ts';

/**
 * A question's "Price" part on its own: the switch, what the answer does to the price for each
 * kind in words, the amount a ticked box adds, and the fees page's fees that follow the answer
 * named (not edited).
 */

const ROW: QuestionRow = {
  questionId: 1,
  slug: 'pool',
  type: 'CheckBox',
  label: 'Pool on site',
  required: false,
  description: '',
  textBoxLabel: '',
  length: '',
  fee: true,
  checkedPrice: '',
  choices: [],
};

const POOL_FEE: DocumentFee = {
  code: 'pool-fee',
  description: 'Pool inspection',
  scope: 'order',
  rule: { kind: 'control', control: 'pool' },
};

function renderEffect(type: ControlType, { fee = true, otherFees = [] as DocumentFee[] } = {}) {
  const held: { form?: UseFormReturn<QuestionsFormValues> } = {};
  function Harness() {
    const form = useForm<QuestionsFormValues>({
      defaultValues: { questions: [{ ...ROW, type, fee }], removedFees: [] },
    });
    held.form = form;
    const on = useWatch({ control: form.control, name: 'questions.0.fee' });
    return <PriceEffect form={form} index={0} type={type} fee={on} otherFees={otherFees} currencySymbol="$" />;
  }
  render(<Harness />);
  return { form: () => held.form! };
}

const toggle = () => screen.getByRole('switch', { name: 'May change the price' }) as HTMLInputElement;
const ONCE = 'It is added to the order once, as an additional charge named after the question.';

describe("a question's price", () => {
  it('asks what ticking a box adds, in dollars, and says it is added once', () => {
    renderEffect('CheckBox');
    expect(toggle().checked).toBe(true);
    expect(screen.getByText('Set what ticking the box adds to the order.')).toBeTruthy();
    const amount = screen.getByRole('textbox', { name: 'When ticked, add' });
    expect(accessibleDescription(amount)).toBe('In dollars, like 35 or 35.00, up to 1,000,000. Empty adds nothing.');
    expect(amount.getAttribute('inputmode')).toBe('decimal');
    expect(amount.parentElement!.textContent).toContain('$');
    expect(screen.getByText(ONCE)).toBeTruthy();
  });

  it('writes the amount typed into the question', async () => {
    const { form } = renderEffect('TriggeredTextBox');
    await enterText(screen.getByRole('textbox', { name: 'When ticked, add' }), '35.00');
    expect(form().getValues('questions.0.checkedPrice')).toBe('35.00');
  });

  it("shows the amount's refusal in place of its help", () => {
    const { form } = renderEffect('CheckBox');
    act(() => form().setError('questions.0.checkedPrice', { message: PRICE_PROBLEM }));
    const amount = screen.getByRole('textbox', { name: 'When ticked, add' });
    expect(accessibleDescription(amount)).toBe(PRICE_PROBLEM);
    expect(amount.getAttribute('aria-invalid')).toBe('true');
  });

  it.each([
    ['DropDown', 'Set what each choice adds to the order, beside the choice above.'],
    ['FoundationType', 'Set what each choice adds to the order, beside the choice above.'],
  ] as const)('prices a %s by its choices, with no amount for the question itself', (type, words) => {
    renderEffect(type);
    expect(screen.getByText(words)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'When ticked, add' })).toBeNull();
    expect(screen.getByText(ONCE)).toBeTruthy();
  });

  it('prices a box with a list both by the tick and by each choice', () => {
    renderEffect('TriggeredDropDown');
    expect(
      screen.getByText('Set what ticking the box adds, and what each choice adds on top, beside the choice above.'),
    ).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'When ticked, add' })).toBeTruthy();
  });

  it.each([
    ['SquareFeet', 'square feet'],
    ['YearBuilt', "the home's age (or a year it was built before)"],
    ['SalesPrice', 'sales price'],
  ] as const)('sends a %s to the tiers of a fee on the fees page', (type, tiers) => {
    renderEffect(type);
    expect(
      screen.getByText(
        `What ${tiers} adds to a price is set as the tiers of a fee, on the “Fees, taxes and coupons” page.`,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'When ticked, add' })).toBeNull();
    expect(screen.queryByText(ONCE)).toBeNull();
  });

  it('says no price follows a kind that prices nothing', () => {
    renderEffect('Date');
    expect(
      screen.getByText(
        'No price follows the answer to this kind of question: visitors are only told the price may change.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(ONCE)).toBeNull();
  });

  it('says what turning it off does, and asks nothing more until it is on', async () => {
    const { form } = renderEffect('CheckBox', { fee: false });
    expect(toggle().checked).toBe(false);
    expect(
      screen.getByText('Off: the answer adds nothing of its own. Turning it off removes what the question added.'),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'When ticked, add' })).toBeNull();

    await userEvent.click(toggle());
    expect(form().getValues('questions.0.fee')).toBe(true);
    expect(screen.getByRole('textbox', { name: 'When ticked, add' })).toBeTruthy();
  });

  it('names the fees on the fees page that follow the answer, on or off', () => {
    renderEffect('CheckBox', {
      fee: false,
      otherFees: [POOL_FEE, { ...POOL_FEE, code: 'pool-2', description: 'Second pool' }],
    });
    expect(
      screen.getByText('Fees on the “Fees, taxes and coupons” page that follow this answer too (change them there):'),
    ).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Pool inspection', 'Second pool']);
  });

  it('names no fees when none follow the answer', () => {
    renderEffect('CheckBox');
    expect(screen.queryByText(/^Fees on the/)).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
