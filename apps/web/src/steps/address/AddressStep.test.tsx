import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GeocodeSuggestion } from '@scheduler/contracts/address';
import { ADDRESS_MESSAGES } from '@scheduler/contracts/forms/address';
import { POSTAL_CODE_MESSAGES } from '@scheduler/contracts/postal-code';
import {
  officeFixture,
  orderFixture,
  renderStep,
  stubServer,
  type RecordedRequest,
} from '../../test-support/render-step.tsx';
import AddressStep from './AddressStep.tsx';

const OHIO = 36;
const office = officeFixture({
  states: [
    { id: 35, abbreviation: 'ND' },
    { id: OHIO, abbreviation: 'OH' },
  ],
  state_label: 'State / Province',
});
/** An order whose time is held for another ten minutes, as the calendar leaves it. */
const heldOrder = (changes = {}) =>
  orderFixture({
    datetime: '2026-12-01T14:00:00.000Z',
    hold_expires_at: new Date(Date.now() + 10 * 60_000).toISOString(),
    inspectors: [{ id: 101, requested: false }],
    ...changes,
  });

const suggestion: GeocodeSuggestion = {
  no_results: false,
  address1: '6000 Sawmill Rd',
  address2: 'Apt 4B',
  city: 'Dublin',
  state: 'OH',
  state_id: OHIO,
  postal_code: '43017-4410',
  county: 'Franklin',
  latitude: 40.1093,
  longitude: -83.1146,
  conflicts: [],
  refusal: null,
};
const alternative = {
  id: 'alt',
  date: '2026-12-02',
  start: '1:00 PM',
  start_datetime: '2026-12-02 13:00:00',
  end_datetime: '2026-12-02 16:00:00',
  timestamp: 1796230800,
  users: [102],
};

/** The server as this step meets it: a geocoder that knows one address, and set_address answering `answers` in turn. */
function server(answers: Array<{ status: number; body: unknown }> = [{ status: 200, body: { status: 'ok' } }]) {
  return (request: RecordedRequest) => {
    if (request.path.includes('/geocode')) return { status: 200, body: suggestion };
    if (request.path.endsWith('/set_address')) return answers.shift() ?? { status: 200, body: { status: 'ok' } };
    if (request.path.endsWith('/set_datetime'))
      return { status: 200, body: { status: 'ok', hold_expires_at: new Date(Date.now() + 15 * 60_000).toISOString() } };
    return { status: 200, body: {} };
  };
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });
const saved = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.path.endsWith('/set_address')).map((r) => r.body);

async function typeAddress(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field(/Address Line 1/), '6000 sawmill road apt 4b');
  await user.type(field(/City/), 'dublin');
  await user.type(field(/Zip Code/), '43017');
}

afterEach(() => vi.unstubAllGlobals());

// The Verify Address box and the hold before a save load on demand (decision 0056). Compiled here
// once, a test waits for what it checks rather than for the worker's compiler on a busy machine.
beforeAll(() => Promise.all([import('./VerifyAddressBox.tsx'), import('./hold-before-save.ts')]));

describe('the address form', () => {
  it('names its fields as the spec does, with autofill tokens, the state label and a numeric keypad for a ZIP code', () => {
    stubServer(server());
    renderStep(AddressStep, { office, order: heldOrder() });
    expect(field(/Address Line 1/).getAttribute('autocomplete')).toBe('address-line1');
    expect(field(/Address Line 2/).getAttribute('autocomplete')).toBe('address-line2');
    expect(field(/City/).getAttribute('autocomplete')).toBe('address-level2');
    expect(field(/Zip Code/).getAttribute('autocomplete')).toBe('postal-code');
    expect(field(/Zip Code/).getAttribute('inputmode')).toBe('numeric');
    const state = screen.getByRole('combobox', { name: 'State / Province' });
    expect(state.getAttribute('autocomplete')).toBe('address-level1');
    expect(
      within(state)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['', 'ND', 'OH']);
    expect(screen.getAllByText('Required')).toHaveLength(3);
  });

  it('calls the postal code "Postal Code" and takes free text outside the United States', () => {
    stubServer(server());
    renderStep(AddressStep, { office: officeFixture({ country: 'CA' }), order: heldOrder() });
    expect(field(/Postal Code/).getAttribute('inputmode')).toBe('text');
  });

  it('refuses to save without address1, city and postal code, focusing the first, sending nothing', async () => {
    const requests = stubServer(server());
    const user = userEvent.setup();
    renderStep(AddressStep, { office, order: heldOrder() });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText(ADDRESS_MESSAGES.address1Required);
    screen.getByText(ADDRESS_MESSAGES.cityRequired);
    screen.getByText(POSTAL_CODE_MESSAGES.required);
    expect(field(/Address Line 1/).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field(/Address Line 1/));
    expect(saved(requests)).toEqual([]);
  });

  it('checks a ZIP code when the visitor leaves the field', async () => {
    stubServer(server());
    const user = userEvent.setup();
    renderStep(AddressStep, { office, order: heldOrder() });
    await user.type(field(/Zip Code/), '4301');
    await user.tab();
    await screen.findByText(POSTAL_CODE_MESSAGES.usFormat);
  });

  it('keeps what the order has and saves it as it is with Enter, then goes on', async () => {
    const requests = stubServer(server());
    const user = userEvent.setup();
    const order = heldOrder({
      address1: '6000 Sawmill Rd',
      city: 'Dublin',
      state: OHIO,
      postal_code: '43017',
      latitude: 40.1,
      longitude: -83.1,
      county: 'Franklin',
    });
    const { goTo } = renderStep(AddressStep, { office, order });
    await user.type(field(/City/), '{Enter}');
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('contacts'));
    expect(saved(requests)).toEqual([
      {
        address1: '6000 Sawmill Rd',
        address2: '',
        city: 'Dublin',
        state: OHIO,
        postal_code: '43017',
        latitude: 40.1,
        longitude: -83.1,
        county: 'Franklin',
      },
    ]);
    expect(requests.some((r) => r.path.includes('/geocode'))).toBe(false);
  });
});

describe('verifying the address', () => {
  it('asks the geocoder once the visitor pauses, and Yes applies the suggestion with its coordinates and county', async () => {
    const requests = stubServer(server());
    const user = userEvent.setup();
    const { goTo } = renderStep(AddressStep, { office, order: heldOrder() });
    await typeAddress(user);
    const box = await screen.findByRole('group', { name: 'Verify Address, is this correct?' }, { timeout: 3000 });
    expect(box.textContent).toContain('6000 Sawmill Rd, Apt 4B');
    expect(box.textContent).toContain('Dublin, OH 43017-4410');
    // Debounced: one lookup for the whole typed address, not one a key.
    const lookups = requests.filter((r) => r.path.includes('/geocode'));
    expect(lookups).toHaveLength(1);
    // The state starts as the office's (issue 20 item 10), so the lookup names it.
    expect(decodeURIComponent(lookups[0]!.path.split('address=')[1]!.replace(/\+/g, ' '))).toBe(
      '6000 sawmill road apt 4b, dublin, OH 43017',
    );

    await user.click(within(box).getByRole('button', { name: 'Yes' }));
    expect(box.isConnected).toBe(false);
    expect(field(/Address Line 1/)).toHaveProperty('value', '6000 Sawmill Rd');
    expect(field(/Address Line 2/)).toHaveProperty('value', 'Apt 4B');
    expect(screen.getByRole('combobox', { name: 'State / Province' })).toHaveProperty('value', String(OHIO));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('contacts'));
    expect(saved(requests)).toEqual([
      {
        address1: '6000 Sawmill Rd',
        address2: 'Apt 4B',
        city: 'Dublin',
        state: OHIO,
        postal_code: '43017',
        latitude: 40.1093,
        longitude: -83.1146,
        county: 'Franklin',
      },
    ]);
  });

  it('takes an address whose verified form is what was typed as verified, with no box to answer (issue 20 item 10)', async () => {
    const requests = stubServer(server());
    const user = userEvent.setup();
    const { goTo } = renderStep(AddressStep, { office, order: heldOrder() });
    await user.type(field(/Address Line 1/), '6000 Sawmill Rd');
    await user.type(field(/Address Line 2/), 'Apt 4B');
    await user.type(field(/City/), 'Dublin');
    await user.type(field(/Zip Code/), '43017-4410');
    await waitFor(() => expect(requests.some((r) => r.path.includes('/geocode'))).toBe(true), { timeout: 3000 });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('contacts'));
    expect(screen.queryByRole('group', { name: 'Verify Address, is this correct?' })).toBeNull();
    expect(saved(requests)[0]).toMatchObject({
      address1: '6000 Sawmill Rd',
      state: OHIO,
      latitude: 40.1093,
      longitude: -83.1146,
      county: 'Franklin',
    });
  });

  it('No keeps the typed address, unverified at 0,0', async () => {
    const requests = stubServer(server());
    const user = userEvent.setup();
    renderStep(AddressStep, { office, order: heldOrder() });
    await typeAddress(user);
    const box = await screen.findByRole('group', { name: 'Verify Address, is this correct?' }, { timeout: 3000 });
    await user.click(within(box).getByRole('button', { name: "No, let me use the address i've entered" }));
    expect(box.isConnected).toBe(false);
    expect(field(/Address Line 1/)).toHaveProperty('value', '6000 sawmill road apt 4b');
    await user.type(field(/Zip Code/), '{Enter}');
    await waitFor(() => expect(saved(requests)).toHaveLength(1));
    expect(saved(requests)[0]).toEqual({
      address1: '6000 sawmill road apt 4b',
      address2: '',
      city: 'dublin',
      state: OHIO,
      postal_code: '43017',
      latitude: 0,
      longitude: 0,
      county: '',
    });
  });

  it("puts the geocoder's refusal of a PO box on Address Line 1, with no box to verify", async () => {
    const message = 'A PO box cannot be inspected: enter the street address of the property.';
    stubServer((request) =>
      request.path.includes('/geocode')
        ? {
            status: 200,
            body: {
              ...suggestion,
              no_results: true,
              address1: '',
              address2: '',
              refusal: { code: 'po_box', field: 'address1', message },
            },
          }
        : server()(request),
    );
    const user = userEvent.setup();
    renderStep(AddressStep, { office, order: heldOrder() });
    await user.type(field(/Address Line 1/), 'PO Box 123');
    await user.type(field(/City/), 'Columbus');
    await screen.findByText(message, {}, { timeout: 3000 });
    expect(field(/Address Line 1/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('group', { name: 'Verify Address, is this correct?' })).toBeNull();
  });

  it('clears the coordinates of an accepted suggestion when the address is edited again', async () => {
    const requests = stubServer(server());
    const user = userEvent.setup();
    renderStep(AddressStep, { office, order: heldOrder() });
    await typeAddress(user);
    await user.click(
      within(
        await screen.findByRole('group', { name: 'Verify Address, is this correct?' }, { timeout: 3000 }),
      ).getByRole('button', { name: 'Yes' }),
    );
    await user.type(field(/Address Line 2/), ' Rear{Enter}');
    await waitFor(() => expect(saved(requests)).toHaveLength(1));
    expect(saved(requests)[0]).toMatchObject({ address2: 'Apt 4B Rear', latitude: 0, longitude: 0, county: '' });
  });
});

describe('a location the held time cannot serve (spec 8.2)', () => {
  const refusal = (status: string, message: string, appointments: unknown[]) => ({
    status: 409,
    body: { status, message, appointments },
  });

  it('shows the unserved postal code as a banner with the office phone, cleared when the postal code is edited', async () => {
    stubServer(
      server([
        refusal(
          'ERROR_NO_INSPECTORS_FOR_ZIP',
          "Sorry! We don't service that postal code. If you'd like further assistance, please call our office at (614) 555-0142.",
          [],
        ),
      ]),
    );
    const user = userEvent.setup();
    const { goTo } = renderStep(AddressStep, {
      office: officeFixture({ office_phone: '(614) 555-0142' }),
      order: heldOrder({ address1: '801 Plum St', city: 'Cincinnati', postal_code: '45202' }),
    });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain("Sorry! We don't service that postal code.");
    expect(within(banner).getByRole('link', { name: '(614) 555-0142' }).getAttribute('href')).toBe('tel:6145550142');
    expect(goTo).not.toHaveBeenCalled();
    // Other fields leave it; the postal code clears it.
    await user.type(field(/City/), 'x');
    expect(banner.isConnected).toBe(true);
    await user.type(field(/Zip Code/), '{Backspace}');
    expect(banner.isConnected).toBe(false);
  });

  it('offers the alternatives in a Sorry! dialog; choosing one holds it, saves the address again and goes on', async () => {
    const requests = stubServer(
      server([
        refusal(
          'ERROR_EXCEEDS_RADIUS',
          'The appointment you have selected at 12/1/2026 at 9:00AM is out of driving range.',
          [alternative],
        ),
      ]),
    );
    const user = userEvent.setup();
    const { goTo } = renderStep(AddressStep, {
      office,
      order: heldOrder({ address1: '40 W Main St', city: 'Newark', postal_code: '43055' }),
    });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sorry!' });
    within(dialog).getByText('The appointment you have selected at 12/1/2026 at 9:00AM is out of driving range.');
    within(dialog).getByText('Please select another appointment:');
    await user.click(within(dialog).getByRole('button', { name: /12\/2\/2026 at 1:00PM/ }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('contacts'));
    const writes = requests.filter((r) => r.method === 'POST').map((r) => r.path.split('/').at(-1));
    expect(writes).toEqual(['set_address', 'set_datetime', 'set_address']);
    expect(requests.find((r) => r.path.endsWith('/set_datetime'))?.body).toEqual({
      datetime: new Date(alternative.timestamp * 1000).toISOString(),
      duration: 180,
      inspectors: [102],
    });
    expect(saved(requests)[1]).toEqual(saved(requests)[0]);
  });

  it('says when there is no other appointment, with the office phone, and Close leaves the visitor on the step', async () => {
    stubServer(
      server([
        refusal(
          'ERROR_INSPECTOR_DOES_NOT_SERVICE_ZIP',
          'The appointment selected cannot be serviced by the assigned inspectors.',
          [],
        ),
      ]),
    );
    const user = userEvent.setup();
    const { goTo } = renderStep(AddressStep, {
      office,
      order: heldOrder({ address1: '64 E Broadway Ave', city: 'Westerville', postal_code: '43081' }),
    });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sorry!' });
    expect(dialog.textContent).toContain('There are no other appointments available. Please call our office at');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(goTo).not.toHaveBeenCalled();
  });

  it('holds a lapsed time again before saving, and offers alternatives when it was taken meanwhile', async () => {
    const requests = stubServer((request) =>
      request.path.endsWith('/set_datetime')
        ? { status: 409, body: { status: 'unavailable', appointments: [alternative] } }
        : server()(request),
    );
    const user = userEvent.setup();
    const lapsed = heldOrder({
      hold_expires_at: new Date(Date.now() - 60_000).toISOString(),
      address1: '6000 Sawmill Rd',
      city: 'Dublin',
      postal_code: '43017',
    });
    renderStep(AddressStep, { office, order: lapsed });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sorry!' });
    // The order's 14:00 UTC is 9:00 AM in Columbus.
    within(dialog).getByText('The appointment on 12/1/2026 at 9:00AM is no longer available.');
    expect(requests.find((r) => r.path.endsWith('/set_datetime'))?.body).toEqual({
      datetime: '2026-12-01T14:00:00.000Z',
      duration: 180,
      inspectors: [101],
    });
    expect(saved(requests)).toEqual([]);
  });
});

describe('arriving without a time', () => {
  it('sends the visitor to the calendar first when the calendar comes before this step', () => {
    stubServer(server());
    renderStep(AddressStep, { office, order: orderFixture() });
    screen.getByTestId('step-skeleton');
    expect(screen.queryByRole('textbox', { name: /Address Line 1/ })).toBeNull();
  });

  it('shows the form without Back when the calendar is last', () => {
    stubServer(server());
    renderStep(AddressStep, { office, order: orderFixture(), mode: 'calendar-last' });
    field(/Address Line 1/);
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });
});
