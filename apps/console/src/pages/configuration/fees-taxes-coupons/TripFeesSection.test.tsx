import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { OFFICE, OTHER_OFFICE } from '../../../test-support/fixtures.ts';
import { enterText } from '../../../test-support/enter-text.ts';
import { EditableRows } from './EditableRows.tsx';
import { newTripFee, type PricingFormValues, type TripFeeValues } from './pricing-values.ts';
import { TripFeesSection } from './TripFeesSection.tsx';
import { accessibleDescription } from '../../../test-support/accessible-description.ts';

/**
 * The trip fees of the pricing page in a form of their own: what each says of itself when
 * closed, its zones or distance bands as rows, and the values the form holds as they are edited.
 */

const LOADED: TripFeeValues = {
  ...newTripFee(),
  loadedIndex: 0,
  codeTouched: true,
  code: 'north',
  description: 'North side',
  office: OFFICE.uuid,
  zones: [
    { postalCodes: '43015, 43040', amount: '35.00' },
    { postalCodes: '43064', amount: '50.00' },
  ],
};

function renderTripFees(tripFees: TripFeeValues[]) {
  const held: { form?: UseFormReturn<PricingFormValues> } = {};
  function Harness() {
    const form = useForm<PricingFormValues>({ defaultValues: { fees: [], tripFees, taxes: [], coupons: [] } });
    held.form = form;
    return <TripFeesSection form={form} currency="USD" offices={[OFFICE, OTHER_OFFICE]} />;
  }
  render(<Harness />);
  return () => held.form!.getValues('tripFees');
}

const heading = (name: string | RegExp) => screen.getByRole('button', { name });
const box = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('the trip fees', () => {
  it('says when there are none, and adds one open, by postal code for every office, with one zone', async () => {
    const values = renderTripFees([]);
    expect(screen.getByText('No trip fees: visits cost the same everywhere.')).toBeTruthy();
    await userEvent.click(button('Add a trip fee'));

    expect(heading(/^New trip fee/).getAttribute('aria-expanded')).toBe('true');
    expect(screen.queryByText('No trip fees: visits cost the same everywhere.')).toBeNull();
    expect(box('Zone 1 postal codes')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Zone 2 postal codes' })).toBeNull();
    expect(values()).toEqual([newTripFee()]);
  });

  it('names each loaded one by its description, with its code, office and how it charges, closed', () => {
    renderTripFees([
      LOADED,
      { ...LOADED, loadedIndex: 1, code: 'far', description: 'Far', office: '', kind: 'distance_bands' },
      { ...LOADED, loadedIndex: 2, code: 'gone', description: 'Old office', office: 'not-an-office' },
    ]);
    expect(heading(/^North side/).textContent).toBe('North side north · Columbus · 2 zones of postal codes');
    expect(heading(/^Far/).textContent).toBe('Far far · every office · 1 distance band');
    expect(heading(/^Old office/).textContent).toContain('an office no longer listed');
    expect(heading(/^North side/).getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('adds and removes zones, never the last one, and counts the postal codes typed', async () => {
    const values = renderTripFees([LOADED]);
    await userEvent.click(heading(/^North side/));
    expect(accessibleDescription(box('Zone 1 postal codes'))).toBe(
      'Separated by commas, like 43015, 43040 (2 now; at most 2,000).',
    );
    await userEvent.click(button('Add a zone'));
    await enterText(box('Zone 3 postal codes'), '43081 43082, 43081');
    expect(accessibleDescription(box('Zone 3 postal codes'))).toBe(
      'Separated by commas, like 43015, 43040 (2 now; at most 2,000).',
    );
    expect(heading(/^North side/).textContent).toContain('3 zones of postal codes');

    await userEvent.click(button('Remove zone 1'));
    expect(values()[0]!.zones.map((zone) => zone.postalCodes)).toEqual(['43064', '43081 43082, 43081']);
    await userEvent.click(button('Remove zone 1'));
    expect(button('Remove zone 1').disabled).toBe(true);
    expect(values()[0]!.zones).toEqual([{ postalCodes: '43081 43082, 43081', amount: '' }]);
  });

  it('charges by road miles when chosen, in distance bands of their own', async () => {
    const values = renderTripFees([LOADED]);
    await userEvent.click(heading(/^North side/));
    await userEvent.click(screen.getByRole('combobox', { name: 'Charged' }));
    await userEvent.click(
      within(screen.getByRole('listbox')).getByRole('option', { name: 'By road miles from the office' }),
    );

    expect(screen.queryByRole('textbox', { name: 'Zone 1 postal codes' })).toBeNull();
    await enterText(box('Tier 1 up to (miles by road)'), '25');
    await enterText(box('Tier 1 amount (USD)'), '40');
    expect(accessibleDescription(box('Tier 1 up to (miles by road)'))).toBe('Empty: and above. Or 0 to 10,000.');
    expect(values()[0]).toMatchObject({ kind: 'distance_bands', bands: [{ upTo: '25', amount: '40' }] });
    // The zones stay as they were, should the person choose postal codes again.
    expect(values()[0]!.zones).toEqual(LOADED.zones);
  });

  it("makes a new trip fee's code from its description until a code is typed", async () => {
    const values = renderTripFees([]);
    await userEvent.click(button('Add a trip fee'));
    await enterText(box('Description'), 'Lake Erie islands');
    expect(box('Code').value).toBe('lake-erie-islands');
    await userEvent.clear(box('Code'));
    await enterText(box('Code'), 'islands');
    await enterText(box('Description'), ' (ferry)');
    expect(values()[0]).toMatchObject({ description: 'Lake Erie islands (ferry)', code: 'islands', codeTouched: true });
  });

  it('keeps a loaded code when the description changes', async () => {
    const values = renderTripFees([LOADED]);
    await userEvent.click(heading(/^North side/));
    await enterText(box('Description'), ' and Delaware');
    expect(values()[0]).toMatchObject({ description: 'North side and Delaware', code: 'north' });
  });

  it('shows one it cannot read as kept, with nothing to edit or remove', async () => {
    renderTripFees([{ ...LOADED, locked: true }]);
    await userEvent.click(heading(/^North side/));
    expect(screen.getByText('This page cannot read this trip fee: it is kept exactly as it is.')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove this trip fee' })).toBeNull();
  });

  it('removes a trip fee', async () => {
    const values = renderTripFees([LOADED, { ...LOADED, loadedIndex: 1, code: 'south', description: 'South side' }]);
    await userEvent.click(heading(/^North side/));
    await userEvent.click(button('Remove this trip fee'));
    expect(values().map((row) => row.code)).toEqual(['south']);
  });
});

describe('EditableRows', () => {
  function renderRows(count: number, max: number) {
    const onAdd = vi.fn();
    const onRemove = vi.fn();
    const { unmount } = render(
      <EditableRows
        noun="band"
        intro="The first band the distance fits applies."
        rows={Array.from({ length: count }, (_, index) => ({ id: `row-${index}` }))}
        max={max}
        columns="minmax(0, 1fr)"
        fields={(index) => <input aria-label={`Band ${index + 1} miles`} />}
        onAdd={onAdd}
        onRemove={onRemove}
      />,
    );
    return { onAdd, onRemove, unmount };
  }

  it('numbers the rows from 1 in a list, each with its fields and its own Remove', async () => {
    const { onRemove } = renderRows(3, 5);
    expect(screen.getByText('The first band the distance fits applies.')).toBeTruthy();
    expect(
      screen
        .getAllByRole('listitem')
        .map((item) => [
          within(item).getByRole('textbox').getAttribute('aria-label'),
          within(item).getByRole('button').getAttribute('aria-label'),
        ]),
    ).toEqual([
      ['Band 1 miles', 'Remove band 1'],
      ['Band 2 miles', 'Remove band 2'],
      ['Band 3 miles', 'Remove band 3'],
    ]);
    await userEvent.click(button('Remove band 2'));
    expect(onRemove).toHaveBeenCalledWith(1);
  });

  it('adds rows up to one less than the most, and none at the most', async () => {
    const below = renderRows(4, 5);
    await userEvent.click(button('Add a band'));
    expect(below.onAdd).toHaveBeenCalledTimes(1);
    below.unmount();
    renderRows(5, 5);
    expect(button('Add a band').disabled).toBe(true);
  });

  it('keeps the one row a rule needs', () => {
    renderRows(1, 5);
    expect(button('Remove band 1').disabled).toBe(true);
  });
});
