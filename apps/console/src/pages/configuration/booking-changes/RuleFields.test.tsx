import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { accessibleDescription } from '../../../test-support/accessible-description.ts';
import { enterText } from '../../../test-support/enter-text.ts';
import {
  EMPTY_SERVICE_RULES,
  hoursProblem,
  MAX_NOTICE_HOURS,
  MAX_RESCHEDULES,
  reschedulesProblem,
  type BookingChangesFormValues,
} from './booking-changes-form.ts';
import { RuleFields } from './RuleFields.tsx';

/**
 * The five rules of a booking-change policy in a form of their own, for the company and for one
 * service: each rule's meaning under it as the value is typed (up to its limit and past it), the
 * fee's kinds each offers, and the fee's own field for the kind chosen.
 */

const RADON = 'a1c0ffee-0000-4000-8000-000000000006';
const VALUES: BookingChangesFormValues = {
  rescheduleUntil: '24',
  maxReschedules: '2',
  cancelUntil: '24',
  lateWithin: '48',
  feeKind: 'amount',
  feeAmount: '75.00',
  feePercent: '',
  moveFeeKind: 'none',
  moveFeeAmount: '',
  moveFeePercent: '',
  rescheduleText: '',
  cancelText: '',
  services: [{ ...EMPTY_SERVICE_RULES, service: RADON, cancelUntil: '48' }],
  agents: { see_prices: false, reschedule: true, cancel: false },
  refundOnCancel: true,
};

function renderRules({ service = false, currency = 'USD' }: { service?: boolean; currency?: string } = {}) {
  const held: { form?: UseFormReturn<BookingChangesFormValues> } = {};
  function Harness() {
    const form = useForm<BookingChangesFormValues>({ defaultValues: VALUES });
    held.form = form;
    return service ? (
      <RuleFields control={form.control} prefix="services.0." currency={currency} service />
    ) : (
      <RuleFields control={form.control} prefix="" currency={currency} />
    );
  }
  render(<Harness />);
  return { form: () => held.form! };
}

const box = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const feeKind = () => screen.getByRole('combobox', { name: 'Late-cancellation fee' });
const helpOf = (name: string) => accessibleDescription(box(name));

async function retype(name: string, text: string) {
  await userEvent.clear(box(name));
  if (text) await enterText(box(name), text);
}

/** Opens the fee's kinds: their names, and a way to choose one (which closes the list). */
async function openFeeKinds() {
  await userEvent.click(feeKind());
  const list = within(await screen.findByRole('listbox'));
  return {
    names: list.getAllByRole('option').map((option) => option.textContent),
    choose: (name: string) => userEvent.click(list.getByRole('option', { name })),
  };
}

describe("the company's rules", () => {
  it('labels each rule and explains it with its loaded value, as the client will see it', () => {
    renderRules();
    expect(box('Reschedule online until (hours before)').value).toBe('24');
    expect(helpOf('Reschedule online until (hours before)')).toBe(
      'Clients can move their inspection themselves until 24 hours before it starts; after that they call the office.',
    );
    expect(helpOf('Most reschedules')).toBe(
      'After moving their inspection 2 times, clients call the office to move it again.',
    );
    expect(helpOf('Cancel online until (hours before)')).toBe(
      'Clients can cancel their inspection themselves until 24 hours before it starts; after that they call the office.',
    );
    expect(helpOf('Late cancellation within (hours before)')).toBe(
      'Cancelling less than 48 hours before the start costs the fee below.',
    );
    expect(accessibleDescription(feeKind())).toBe('What a late cancellation costs the client.');
    expect(box('Fee (USD)').value).toBe('75.00');
    expect(helpOf('Fee (USD)')).toBe('In USD, like 75 or 75.50.');
    expect(box('Fee (USD)').getAttribute('inputmode')).toBe('decimal');
    expect(box('Most reschedules').getAttribute('inputmode')).toBe('numeric');
  });

  it('explains the hours at their limit, and asks for hours past it', async () => {
    renderRules();
    await retype('Reschedule online until (hours before)', String(MAX_NOTICE_HOURS));
    expect(helpOf('Reschedule online until (hours before)')).toBe(
      `Clients can move their inspection themselves until ${MAX_NOTICE_HOURS} hours before it starts; after that they call the office.`,
    );
    await retype('Reschedule online until (hours before)', String(MAX_NOTICE_HOURS + 1));
    expect(helpOf('Reschedule online until (hours before)')).toBe('Hours before the start, 0 for until it starts.');
    await retype('Cancel online until (hours before)', '0');
    expect(helpOf('Cancel online until (hours before)')).toBe(
      'Clients can cancel their inspection themselves until it starts.',
    );
    await retype('Late cancellation within (hours before)', '1');
    expect(helpOf('Late cancellation within (hours before)')).toBe(
      'Cancelling less than 1 hour before the start costs the fee below.',
    );
    await retype('Late cancellation within (hours before)', '0');
    expect(helpOf('Late cancellation within (hours before)')).toBe(
      'No cancellation is late: the fee is never charged.',
    );
  });

  it('says no limit only for an empty "Most reschedules", and asks for a number for one past the limit', async () => {
    renderRules();
    await retype('Most reschedules', String(MAX_RESCHEDULES));
    expect(helpOf('Most reschedules')).toBe(
      `After moving their inspection ${MAX_RESCHEDULES} times, clients call the office to move it again.`,
    );
    await retype('Most reschedules', '');
    expect(helpOf('Most reschedules')).toBe('Empty: clients can move their inspection as often as they like.');
    // Past the limit is not "as often as they like": the field says what it takes.
    await retype('Most reschedules', String(MAX_RESCHEDULES + 1));
    expect(helpOf('Most reschedules')).toBe(reschedulesProblem);
    await retype('Most reschedules', 'two');
    expect(helpOf('Most reschedules')).toBe(reschedulesProblem);
    await retype('Most reschedules', '0');
    expect(helpOf('Most reschedules')).toBe(
      'Clients cannot move their inspection online at all; they call the office.',
    );
  });

  it('offers no fee, an amount or a percentage, never "same as the company", and shows the field of the kind chosen', async () => {
    const { form } = renderRules();
    const kinds = await openFeeKinds();
    expect(kinds.names).toEqual(['No fee', 'A fixed amount', "A percentage of the order's total"]);

    await kinds.choose("A percentage of the order's total");
    expect(form().getValues('feeKind')).toBe('percent');
    expect(screen.queryByRole('textbox', { name: 'Fee (USD)' })).toBeNull();
    expect(helpOf("Fee (% of the order's total)")).toBe('More than 0 and at most 100, like 50.');

    await (await openFeeKinds()).choose('No fee');
    expect(form().getValues('feeKind')).toBe('none');
    expect(screen.queryByRole('textbox', { name: /^Fee \(/ })).toBeNull();
  });

  it("names the company's currency in the fee's label and example", () => {
    renderRules({ currency: 'JPY' });
    expect(helpOf('Fee (JPY)')).toBe('In JPY, like 7550.');
  });

  it("shows a rule's refusal in place of its meaning, the field marked", () => {
    const { form } = renderRules();
    act(() => form().setError('cancelUntil', { message: hoursProblem }));
    expect(helpOf('Cancel online until (hours before)')).toBe(hoursProblem);
    expect(box('Cancel online until (hours before)').getAttribute('aria-invalid')).toBe('true');
    expect(box('Reschedule online until (hours before)').getAttribute('aria-invalid')).toBe('false');
  });
});

describe("a service's rules", () => {
  it('says an empty rule is the same as the company, and explains one of its own', () => {
    renderRules({ service: true });
    expect(box('Cancel online until (hours before)').value).toBe('48');
    expect(helpOf('Cancel online until (hours before)')).toBe(
      'Clients can cancel their inspection themselves until 48 hours before it starts; after that they call the office.',
    );
    for (const name of [
      'Reschedule online until (hours before)',
      'Most reschedules',
      'Late cancellation within (hours before)',
    ])
      expect(helpOf(name), name).toBe('Empty: same as the company.');
    expect(accessibleDescription(feeKind())).toBe(
      "Empty: the company's fee. A service's fee counts when it is more than the company's on the order.",
    );
    expect(screen.queryByRole('textbox', { name: /^Fee \(/ })).toBeNull();
  });

  it('explains 0 as 0 (not as empty), and asks for a number past the limit', async () => {
    renderRules({ service: true });
    await retype('Most reschedules', '0');
    expect(helpOf('Most reschedules')).toBe(
      'Clients cannot move their inspection online at all; they call the office.',
    );
    await retype('Most reschedules', String(MAX_RESCHEDULES + 1));
    expect(helpOf('Most reschedules')).toBe(reschedulesProblem);
    await retype('Reschedule online until (hours before)', 'soon');
    expect(helpOf('Reschedule online until (hours before)')).toBe('Hours before the start, 0 for until it starts.');
  });

  it("offers the company's fee, an amount or a percentage, never no fee, and writes the chosen fee into its own row", async () => {
    const { form } = renderRules({ service: true });
    const kinds = await openFeeKinds();
    expect(kinds.names).toEqual(['Same as the company', 'A fixed amount', "A percentage of the order's total"]);
    await kinds.choose("A percentage of the order's total");
    expect(form().getValues('services.0.feeKind')).toBe('percent');
    await enterText(box("Fee (% of the order's total)"), '50');
    expect(form().getValues('services.0.feePercent')).toBe('50');
    // The company's own fee is another row's: untouched.
    expect(form().getValues(['feeKind', 'feePercent'])).toEqual(['amount', '']);
  });
});
