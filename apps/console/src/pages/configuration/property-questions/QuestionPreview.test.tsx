import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accessibleDescription } from '../../../test-support/accessible-description.ts';
import { QuestionPreview } from './QuestionPreview.tsx';
import type { QuestionRow } from './questions-form.ts';

/**
 * A question's preview, kind by kind, as the wizard's property step draws it: its label (or a
 * stand-in while it has none), "Required" where the visitor meets it, what a ticked box reveals,
 * and the choices in words with what each adds once the question may change the price.
 */

const ROW: QuestionRow = {
  questionId: 1,
  slug: '',
  type: 'TextBox',
  label: 'Gate code',
  required: false,
  description: '',
  textBoxLabel: '',
  length: '',
  fee: false,
  checkedPrice: '',
  choices: [],
};

const choice = (choiceId: number, value: string, price = '') => ({ choiceId, value, price });

function renderPreview(row: Partial<QuestionRow>, currency = 'USD') {
  return render(<QuestionPreview row={{ ...ROW, ...row }} currency={currency} />);
}

const choicesLine = () => screen.getByText(/^(Its choices: |No choices yet\.)/).textContent;

describe('a question of text', () => {
  it('draws a short text as a disabled line under its label, "Your question" until it has one', () => {
    renderPreview({ label: '   ' });
    const box = screen.getByRole('textbox', { name: 'Your question' }) as HTMLInputElement;
    expect(box.disabled).toBe(true);
    expect(accessibleDescription(box)).toBe('');
  });

  it('says "Required" under a required one', () => {
    renderPreview({ required: true });
    expect(accessibleDescription(screen.getByRole('textbox', { name: 'Gate code' }))).toBe('Required');
  });

  it('draws a long text as a box of lines', () => {
    renderPreview({ type: 'Text', label: 'Anything else?' });
    const box = screen.getByRole('textbox', { name: 'Anything else?' });
    expect(box.tagName).toBe('TEXTAREA');
  });

  it('says a date is typed the way the company writes dates, and "Required" first when it is', () => {
    const { unmount } = renderPreview({ type: 'Date', label: 'Inspection wanted by' });
    expect(accessibleDescription(screen.getByRole('textbox', { name: 'Inspection wanted by' }))).toBe(
      'Typed the way your company writes dates',
    );
    unmount();
    renderPreview({ type: 'ClosingDate', label: 'Closing date', required: true });
    expect(accessibleDescription(screen.getByRole('textbox', { name: 'Closing date' }))).toBe(
      'Required · Typed the way your company writes dates',
    );
  });
});

describe('a question of choices', () => {
  it('lists its choices in words, the empty ones left out, the first shown when it is not required', () => {
    renderPreview({
      type: 'DropDown',
      label: 'Who will be there?',
      choices: [choice(1, ' The seller '), choice(2, '  '), choice(3, 'Nobody')],
    });
    expect(choicesLine()).toBe('Its choices: The seller, Nobody.');
    const list = screen.getByRole('combobox');
    expect(list.getAttribute('aria-disabled')).toBe('true');
    expect(list.textContent).toBe('The seller');
  });

  it('shows "Select" and "Required" when a choice must be made', () => {
    renderPreview({ type: 'DropDown', required: true, choices: [choice(1, 'The seller')] });
    expect(screen.getByRole('combobox').textContent).toBe('Select');
    expect(accessibleDescription(screen.getByRole('combobox'))).toBe('Required');
  });

  it('says there are no choices yet', () => {
    renderPreview({ type: 'FoundationType', label: 'Foundation' });
    expect(choicesLine()).toBe('No choices yet.');
    expect(screen.getByRole('combobox').textContent).toBe('Select');
  });

  it('says what each choice adds once the question may change the price, and nothing for 0 or a wrong amount', () => {
    renderPreview({
      type: 'DropDown',
      fee: true,
      choices: [
        choice(1, 'Basement', '40'),
        choice(2, 'Crawlspace', '$12.5'),
        choice(3, 'Slab', '0'),
        choice(4, 'Pier', 'lots'),
      ],
    });
    expect(choicesLine()).toBe('Its choices: Basement (adds $40.00), Crawlspace (adds $12.50), Slab, Pier.');
  });

  it('says no amounts while the question may not change the price', () => {
    renderPreview({ type: 'DropDown', fee: false, choices: [choice(1, 'Basement', '40')] });
    expect(choicesLine()).toBe('Its choices: Basement.');
  });

  it("writes the amounts in the company's currency", () => {
    renderPreview({ type: 'FoundationType', fee: true, choices: [choice(1, 'Basement', '40')] }, 'CAD');
    expect(choicesLine()).toBe('Its choices: Basement (adds CA$40.00).');
  });

  it('ends "How they heard of you" with the Other visitors type in, and prices none of its choices', () => {
    renderPreview({ type: 'ReferReason', fee: true, choices: [choice(1, 'A friend', '10')] });
    expect(choicesLine()).toBe('Its choices: A friend, Other (they type it).');
  });
});

describe('a box to tick', () => {
  it('draws the box unticked and disabled, saying what ticking it adds, and "Required" when it must be ticked', () => {
    renderPreview({ type: 'CheckBox', label: 'Pool on site', fee: true, checkedPrice: '35', required: true });
    const box = screen.getByRole('checkbox', { name: 'Pool on site (adds $35.00)' }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(box.disabled).toBe(true);
    expect(screen.getByText('Required')).toBeTruthy();
  });

  it('adds nothing to the label with no amount, or while the question may not change the price', () => {
    const { unmount } = renderPreview({ type: 'CheckBox', label: 'Pool on site', fee: true, checkedPrice: '' });
    expect(screen.getByRole('checkbox', { name: 'Pool on site' })).toBeTruthy();
    expect(screen.queryByText('Required')).toBeNull();
    unmount();
    renderPreview({ type: 'CheckBox', label: 'Pool on site', fee: false, checkedPrice: '35' });
    expect(screen.getByRole('checkbox', { name: 'Pool on site' })).toBeTruthy();
  });

  it('shows the list a ticked box reveals, under its own label, always required, its choices priced', () => {
    renderPreview({
      type: 'TriggeredDropDown',
      label: 'Outbuildings',
      textBoxLabel: 'Which one?',
      fee: true,
      checkedPrice: '50',
      choices: [choice(1, 'Barn', '25'), choice(2, 'Shed')],
    });
    expect((screen.getByRole('checkbox', { name: 'Outbuildings (adds $50.00)' }) as HTMLInputElement).checked).toBe(
      true,
    );
    const list = screen.getByRole('combobox', { name: /^Which one\?/ });
    expect(accessibleDescription(list)).toBe('Required');
    expect(list.textContent).toBe('Select');
    expect(choicesLine()).toBe('Its choices: Barn (adds $25.00), Shed.');
  });

  it('names the revealed list after the question when it has no label of its own', () => {
    renderPreview({ type: 'TriggeredDropDown', label: 'Outbuildings', textBoxLabel: ' ', choices: [] });
    expect(screen.getByRole('combobox', { name: /^Outbuildings/ })).toBeTruthy();
  });

  it('shows the line a ticked box reveals, named by its description, required once ticked', () => {
    renderPreview({ type: 'TriggeredTextBox', label: 'Septic tank', description: 'Where is it?' });
    expect((screen.getByRole('checkbox', { name: 'Septic tank' }) as HTMLInputElement).checked).toBe(true);
    const line = screen.getByRole('textbox', { name: 'Where is it?' });
    expect(accessibleDescription(line)).toBe('Required once the box is ticked');
  });
});
