import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Control } from '@scheduler/contracts/office';
import {
  officeFixture,
  orderFixture,
  renderStep,
  stubServer,
  type RecordedRequest,
} from '../../test-support/render-step.tsx';
import PropertyInfoStep from './PropertyInfoStep.tsx';

const question = (changes: Partial<Control> & Pick<Control, 'id' | 'type' | 'label'>): Control => ({
  slug: `q${changes.id}`,
  length: 0,
  required: false,
  fee: false,
  options: [],
  value: null,
  checked: false,
  textBoxLabel: '',
  description: '',
  ...changes,
});

const CONTROLS: Control[] = [
  question({ id: 1, type: 'SquareFeet', label: 'Square Feet', required: true, fee: true }),
  question({ id: 2, type: 'YearBuilt', label: 'Year Built', length: 4 }),
  question({
    id: 4,
    type: 'FoundationType',
    label: 'Foundation',
    options: [
      { id: 1, value: 'Basement' },
      { id: 2, value: 'Crawlspace' },
    ],
  }),
  question({
    id: 5,
    type: 'DropDown',
    label: 'Occupancy',
    required: true,
    options: [
      { id: 1, value: 'Occupied' },
      { id: 3, value: 'Vacant' },
    ],
  }),
  question({ id: 6, type: 'CheckBox', label: 'Water, gas and electric will be on', required: true }),
  question({
    id: 7,
    type: 'TriggeredDropDown',
    label: 'The property has a pool or spa',
    options: ['In-ground pool', 'Hot tub or spa'],
  }),
  question({ id: 11, type: 'Date', label: 'Inspection contingency deadline' }),
];

const office = (settings: Array<{ key: string; value: string }> = []) =>
  officeFixture({ controls: CONTROLS, settings_data: settings });
const saved = () => (request: RecordedRequest) =>
  request.path.endsWith('/set_property_info')
    ? { status: 200, body: { status: 'ok', duration: 180 } }
    : { status: 200, body: {} };

afterEach(() => vi.unstubAllGlobals());

/** An order with the required questions answered and the deadline question (id 11) holding `iso`. */
const orderWithDeadline = (iso: string) =>
  orderFixture({
    sqft: 1800,
    controls: [
      { id: 5, value: '1', checked: false },
      { id: 6, value: null, checked: true },
      { id: 11, value: iso, checked: false },
    ],
  });

describe('the property-info step', () => {
  it('shows every question in order, required ones marked, a long label cut short with the whole as its name and readable under it', () => {
    stubServer(saved());
    renderStep(PropertyInfoStep, { office: office() });
    expect(screen.getByRole('textbox', { name: /Square Feet/ })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Occupancy' })).toBeTruthy();
    // Spec 2.8: a required dropdown starts on "Select"; another on its first option.
    expect((screen.getByRole('combobox', { name: 'Occupancy' }) as HTMLSelectElement).value).toBe('');
    expect((screen.getByRole('combobox', { name: 'Foundation' }) as HTMLSelectElement).value).toBe('1');
    expect(screen.getAllByText('Inspection contingen...').length).toBeGreaterThan(0);
    // A date is typed as the company writes dates (spec 3.3), not in a browser picker's locale order.
    expect(
      document.querySelector('input[inputmode="numeric"][aria-label="Inspection contingency deadline"]'),
    ).not.toBeNull();
    // Decision 0027: the whole question is readable without hovering, under its field; a checkbox's is never cut.
    expect(screen.getByText('Inspection contingency deadline · As MM/DD/YYYY')).toBeTruthy();
    expect(screen.getByText('Water, gas and electric will be on')).toBeTruthy();
    expect(screen.queryByText(/^Water, gas and elect/, { selector: 'span' })?.textContent).not.toMatch(/\.\.\.$/);
    expect(screen.getAllByText('Required').length).toBeGreaterThanOrEqual(3);
  });

  it('keeps only digits in square feet, checks required answers and focuses the first that fails, without a request', async () => {
    const requests = stubServer(saved());
    const user = userEvent.setup();
    renderStep(PropertyInfoStep, { office: office() });
    const sqft = screen.getByRole('textbox', { name: /Square Feet/ });
    await user.type(sqft, 'ab1,2x');
    expect((sqft as HTMLInputElement).value).toBe('12');
    await user.clear(sqft);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Square Feet is required.');
    expect(document.activeElement).toBe(sqft);
    expect(screen.getByText('Occupancy: choose one of the options.')).toBeTruthy();
    expect(requests.filter((r) => r.path.endsWith('/set_property_info'))).toEqual([]);
  });

  // Issue 20: "-50" used to become 50 without a word; a number out of range names the range it wants.
  it.each([
    ['-50', '', 'Square Feet must be a whole number from 1 to 100,000.'],
    ['100001', '', 'Square Feet must be a whole number from 1 to 100,000.'],
    // (The last year is the office's current one, whatever this machine's date.)
    ['2400', '1200', /^Year Built must be a year from 1201 to \d{4}\.$/],
  ])(
    'refuses square feet %s or year built "%s" with the range, without a request',
    async (squareFeet, yearBuilt, message) => {
      const requests = stubServer(saved());
      const user = userEvent.setup();
      renderStep(PropertyInfoStep, { office: office() });
      const sqft = screen.getByRole('textbox', { name: /Square Feet/ });
      await user.type(sqft, squareFeet);
      expect((sqft as HTMLInputElement).value).toBe(squareFeet);
      if (yearBuilt) await user.type(screen.getByRole('textbox', { name: /Year Built/ }), yearBuilt);
      await user.selectOptions(screen.getByRole('combobox', { name: 'Occupancy' }), '3');
      await user.click(screen.getByRole('checkbox', { name: 'Water, gas and electric will be on' }));
      await user.click(screen.getByRole('button', { name: 'Next' }));
      await screen.findByText(message);
      expect(requests.filter((r) => r.path.endsWith('/set_property_info'))).toEqual([]);
    },
  );

  it('reveals a triggered question with its box, and saves the answers on Enter, then goes to packages', async () => {
    const requests = stubServer(saved());
    const user = userEvent.setup();
    const { goTo } = renderStep(PropertyInfoStep, { office: office() });
    await user.type(screen.getByRole('textbox', { name: /Square Feet/ }), '2400');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Occupancy' }), '3');
    await user.click(screen.getByRole('checkbox', { name: 'Water, gas and electric will be on' }));
    expect(screen.queryByRole('combobox', { name: 'The property has a pool or spa' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'The property has a pool or spa' }));
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'The property has a pool or spa' }),
      'Hot tub or spa',
    );
    await user.type(screen.getByRole('textbox', { name: /Year Built/ }), '1987{Enter}');
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('packages'));
    expect(requests.find((r) => r.path.endsWith('/set_property_info'))?.body).toEqual({
      sqft: 2400,
      yb: 1987,
      sales_price: '',
      foundation_type: 1,
      refer_reason: '',
      refer_reason_other: '',
      controls: [
        { id: 5, value: '3', checked: false },
        { id: 6, value: null, checked: true },
        { id: 7, value: 'Hot tub or spa', checked: true },
        { id: 11, value: null, checked: false },
      ],
    });
  });

  it('shows the pricing banner only while the cart has services and fees are shown, and keeps the note in this browser', async () => {
    stubServer(saved());
    const user = userEvent.setup();
    const first = renderStep(PropertyInfoStep, {
      office: office([{ key: 'ONLINE_SCHEDULER_V3_PROPERTY_INFO_NOTE', value: 'Y' }]),
      order: orderFixture({ services: ['a1c0ffee-0000-4000-8000-000000000001'] }),
    });
    expect(
      screen.getByText('Changing property information may affect the pricing of items in your shopping cart.'),
    ).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Special instructions and notes' }), 'Dog in the yard');
    expect(localStorage.getItem(`isn-${first.token}-special_note`)).toBe('Dog in the yard');
    first.unmount();
    renderStep(PropertyInfoStep, {
      office: office([{ key: 'ONLINE_SCHEDULER_V3_HIDE_ALL_FEES', value: 'Y' }]),
      order: orderFixture({ services: ['a1c0ffee-0000-4000-8000-000000000001'] }),
    });
    expect(screen.queryByText(/may affect the pricing/)).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Special instructions and notes' })).toBeNull();
  });

  it("shows and takes a date in the company's DATE_FORMAT, sends it as an ISO date, and refuses one that is not a day, without a request", async () => {
    const requests = stubServer(saved());
    const user = userEvent.setup();
    const order = orderWithDeadline('2026-12-01');
    renderStep(PropertyInfoStep, { office: office([{ key: 'DATE_FORMAT', value: 'DD/MM/YYYY' }]), order });
    const date = screen.getByRole('textbox', { name: 'Inspection contingency deadline' }) as HTMLInputElement;
    expect(date.value).toBe('01/12/2026');
    expect(screen.getByText(/As DD\/MM\/YYYY/)).toBeTruthy();
    await user.clear(date);
    await user.type(date, '12/31/2026{Enter}');
    expect(
      await screen.findByText('Inspection contingency deadline must be a date written as DD/MM/YYYY.'),
    ).toBeTruthy();
    expect(requests.some((r) => r.path.endsWith('/set_property_info'))).toBe(false);
    await user.clear(date);
    await user.type(date, '31/12/2026{Enter}');
    await waitFor(() => expect(requests.some((r) => r.path.endsWith('/set_property_info'))).toBe(true));
    const body = requests.find((r) => r.path.endsWith('/set_property_info'))!.body as {
      controls: Array<{ id: number; value: string | null }>;
    };
    expect(body.controls.find((c) => c.id === 11)?.value).toBe('2026-12-31');
  });

  it('picks a date on a calendar opened on the date typed, by keyboard, and writes it in the DATE_FORMAT (issue 42)', async () => {
    stubServer(saved());
    const user = userEvent.setup();
    const order = orderWithDeadline('2026-12-01');
    renderStep(PropertyInfoStep, { office: office([{ key: 'DATE_FORMAT', value: 'DD.MM.YYYY' }]), order });
    const date = screen.getByRole('textbox', { name: 'Inspection contingency deadline' }) as HTMLInputElement;
    expect(date.value).toBe('01.12.2026');
    const button = screen.getByRole('button', { name: 'Choose Inspection contingency deadline on a calendar' });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    await user.click(button);
    const calendar = await screen.findByRole(
      'dialog',
      { name: 'Calendar: Inspection contingency deadline' },
      { timeout: 5000 },
    );
    // It opens on the month of the date typed, that day chosen; a day later by the arrow key, picked with Enter.
    const chosen = within(calendar).getByRole('gridcell', { selected: true });
    expect(chosen.textContent).toBe('1');
    await waitFor(() => expect(document.activeElement).toBe(chosen));
    await user.keyboard('{ArrowRight}{Enter}');
    await waitFor(() => expect(date.value).toBe('02.12.2026'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });
});
