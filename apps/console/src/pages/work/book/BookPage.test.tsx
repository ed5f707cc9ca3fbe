import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConsoleSchedule } from '@scheduler/contracts/console';
import type { OfficeResponse } from '@scheduler/contracts/office';
import type { OrderResponse } from '@scheduler/contracts/order';
import type { Pricing } from '@scheduler/contracts/pricing';
import { EMPTY_SCHEDULE, OFFICE } from '../../../test-support/fixtures.ts';
import {
  refusal,
  renderPage,
  stubServer,
  type Answer,
  type RecordedRequest,
} from '../../../test-support/render-page.tsx';
import { enterText } from '../../../test-support/enter-text.ts';
import { PRICING_FLAGS } from './book-test-data.ts';
import BookPage from './BookPage.tsx';

const ORDER_ID = '7a0c3e2d-1b4f-4a6e-9c8d-2f1e0d3c4b5a';
const WIZARD = '/demo/json/online_scheduler';
const HOME = 'a1c0ffee-0000-4000-8000-000000000001';
const RADON = 'a1c0ffee-0000-4000-8000-000000000006';

const office = (): OfficeResponse => ({
  ...{ company_key: 'demo', company_name: 'Scioto Valley', office_uuid: OFFICE.uuid, office_name: OFFICE.name },
  ...{ office_phone: '', office_email: '', office_state: 'OH', time_zone: 'America/New_York', country: 'US' },
  ...{ currency_code: 'USD', enabled: true, settings_data: [], users: [], state_label: 'State', contact_types: [] },
  ...{ services_count: 2, max_clients: 1, pac_enabled: false, pac_service_uuid: null, rer_rush_amount: 0 },
  google_tag_id: null,
  states: [{ id: 36, abbreviation: 'OH' }],
  controls: [
    { id: 1, slug: 'sqft', type: 'SquareFeet', label: 'Square feet', required: true, options: [], value: null },
    {
      id: 5,
      slug: 'occupancy',
      type: 'DropDown',
      label: 'Occupancy',
      required: true,
      value: null,
      options: [
        { id: 1, value: 'Occupied' },
        { id: 2, value: 'Vacant' },
      ],
    },
    { id: 6, slug: 'utilities', type: 'CheckBox', label: 'Utilities on', required: false, options: [], value: null },
  ].map((control) => ({
    length: 0,
    fee: false,
    checked: false,
    textBoxLabel: '',
    description: '',
    ...control,
  })) as OfficeResponse['controls'],
});

/** The draft order as the stub server holds it: only what the form reads changes. */
function draft(): OrderResponse {
  const none = {
    client: null,
    clients: null,
    buyers_agent: null,
    sellers_agent: null,
    insurance_agent: null,
    user: null,
  };
  return {
    ...{ id: ORDER_ID, saved: false, complete: false, confirmed: false, cancelled: false, paid: false, pay_url: null },
    ...{ balance_due_cents: null, datetime: null, hold_expires_at: null, duration: 180, inspectors: [] },
    ...{ address1: '', address2: '', city: '', state: null, postal_code: '', latitude: null, longitude: null },
    ...{ county: '', sqft: null, yb: null, foundation_type: null, sales_price: '', refer_reason: '' },
    ...{ refer_reason_other: '', controls: [], packages: [], services: [], contacts: [], rush_rer: false },
    ...{ services_changed: false, special_note: '', revision: 'r1', prefill: {}, locked: [] },
    ...none,
    office_booking: { booked_by: 'Olivia Office' },
  };
}

const priced = (services: string[]): Pricing => {
  const lines = services.map((id) => ({
    ...{
      id,
      name: id === HOME ? 'Home inspection' : 'Radon test',
      base: 0,
      subtotal: 0,
      fees: [],
      modifier_savings: 0,
    },
    ...{ amount: id === HOME ? 42_500 : 15_000, is_pac: false, ancillary: false, rer: false },
  }));
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const trip = services.length > 0 ? 2_500 : 0;
  return {
    package: null,
    services: lines,
    additional: { total: trip, fees: trip ? [{ code: 'trip', value: trip, description: 'Trip fee' }] : [] },
    taxes: [],
    coupons: [],
    ...PRICING_FLAGS,
    totals: {
      subtotal,
      discounts: 0,
      additional: trip,
      taxes: 0,
      grand_total: subtotal + trip,
      display_total: subtotal + trip,
    },
  };
};

// The catalogue's names are the company's sanitised HTML: the form reads them as text.
const catalogue = [HOME, RADON].map((id) => ({
  ...{
    id,
    name: id === HOME ? 'Home inspection' : 'Radon test <i>&amp; air</i>',
    description: '',
    base: 0,
    subtotal: 0,
  },
  ...{ amount: id === HOME ? 42_500 : 15_000, total: 0, savings: 0, ancillary: false, is_pac: false, label: false },
  ...{ rer: false, duration: 120, fees: [] },
}));

/** Mike works 8 to 5 on the day asked, with an inspection from 9 to noon; Sarah does not work then. */
function day(date: string): ConsoleSchedule {
  const booking = {
    ...{
      start: `${date}T14:00:00Z`,
      end: `${date}T17:00:00Z`,
      local_date: date,
      local_start: '09:00',
      local_end: '12:00',
    },
    ...{
      order_id: ORDER_ID.replace('7a', '7b'),
      reference: '7B0C3E2D',
      client_name: 'Lee Park',
      address_line: '1 Elm',
    },
    ...{
      services: ['Home inspection'],
      paid: false,
      booked_by: 'online',
      latitude: null,
      longitude: null,
      agreement_unsigned: false,
    },
  };
  const [sarah, mike] = EMPTY_SCHEDULE.inspectors;
  return {
    ...EMPTY_SCHEDULE,
    from: date,
    dates: [date],
    inspectors: [
      sarah!,
      {
        ...mike!,
        working_hours: [{ local_date: date, local_start: '08:00', local_end: '17:00' }],
        bookings: [booking],
      },
    ],
  };
}

/**
 * The console and the wizard's API at the network edge, holding one draft order: the cart and the
 * held time change as the calls say. `override` answers a call first (a refusal, say).
 */
function renderBook(override: (request: RecordedRequest) => Answer | undefined = () => undefined) {
  const order = draft();
  const requests = stubServer((request) => {
    const overridden = override(request);
    if (overridden) return overridden;
    const { method, path } = request;
    const body = request.body as Record<string, unknown>;
    const ok = { status: 200, body: { status: 'ok' } };
    if (method === 'POST' && path === '/api/console/companies/demo/phone-bookings')
      return {
        status: 201,
        body: {
          url: `/demo/online-scheduler?t=tok&office=${OFFICE.uuid}&try=1`,
          order_id: ORDER_ID,
          token: 'tok',
          office_uuid: OFFICE.uuid,
        },
      };
    if (path.startsWith('/api/console/companies/demo/schedule?'))
      return { status: 200, body: day(new URLSearchParams(path.split('?')[1]).get('from')!) };
    if (path === '/demo/online-scheduler/office') return { status: 200, body: office() };
    if (path === '/demo/online-scheduler/order') return { status: 200, body: order };
    if (path === `${WIZARD}/packages`) return { status: 200, body: [] };
    if (path === `${WIZARD}/services`) return { status: 200, body: catalogue };
    if (path === `${WIZARD}/pricing`) return { status: 200, body: priced(order.services) };
    if (path.startsWith(`${WIZARD}/geocode?`))
      return {
        status: 200,
        body: {
          ...{ no_results: false, address1: '123 Main St', address2: '', city: 'Columbus', state: 'OH', state_id: 36 },
          ...{
            postal_code: '43215',
            county: 'Franklin',
            latitude: 39.96,
            longitude: -83,
            conflicts: [],
            refusal: null,
          },
        },
      };
    if (path === `${WIZARD}/add_service` || path === `${WIZARD}/remove_service`) {
      const id = (body as { id: string }).id;
      order.services = path.endsWith('add_service') ? [...order.services, id] : order.services.filter((s) => s !== id);
      return { status: 200, body: { status: 'ok', duration: 180, services_changed: false, pac_removed: false } };
    }
    if (path === `${WIZARD}/office_hold`) {
      if (!body.accept_warnings)
        return {
          status: 409,
          body: { status: 'warnings', warnings: ["7:00 PM on Tuesday is outside Mike Alvarez's working hours."] },
        };
      order.datetime = body.datetime as string;
      order.inspectors = (body.inspectors as number[]).map((id) => ({ id, requested: true }));
      return { status: 200, body: { status: 'ok', hold_expires_at: null } };
    }
    if (path === `${WIZARD}/set_property_info`) return { status: 200, body: { status: 'ok', duration: 180 } };
    if (path === `${WIZARD}/confirm`) return { status: 200, body: { status: 'ok', pay_url: null } };
    if (
      method === 'POST' &&
      [`${WIZARD}/set_address`, `${WIZARD}/set_user_type`, `${WIZARD}/set_clients`].includes(path)
    )
      return ok;
    return undefined;
  });
  const view = renderPage(<BookPage />, {
    path: '/demo/book',
    pattern: '/:companyKey/book',
    extraRoutes: [{ path: '/:companyKey/orders/:orderId', element: <p>The order page</p> }],
  });
  return { ...view, requests, order };
}

const calls = (requests: RecordedRequest[], path: string) =>
  requests.filter((request) => request.method === 'POST' && request.path === `${WIZARD}/${path}`).map((r) => r.body);
const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;

async function fillCaller() {
  await enterText(field('First name'), 'Dana');
  await enterText(field('Last name'), 'Whitfield');
  await enterText(field('E-mail'), 'dana@example.com');
  await enterText(field('Phone'), '614-555-0188');
}

async function fillAddressAndService() {
  await enterText(field('Street address'), '123 Main St');
  await enterText(field('City'), 'Columbus');
  await enterText(field('Postal code'), '43215');
  await userEvent.click(screen.getByRole('button', { name: 'Check the address' }));
  await screen.findByText('Address found on the map and saved.');
  await enterText(field('Square feet'), '1800');
  await userEvent.click(screen.getByRole('checkbox', { name: /Home inspection/ }));
  await waitFor(() =>
    expect(within(screen.getByRole('table', { name: 'Price' })).getByText('Home inspection')).toBeTruthy(),
  );
}

describe('book by phone, on one page', () => {
  it(
    'books the caller at a time the office accepts after the warning, and opens the order page',
    { timeout: 60_000 },
    async () => {
      const { requests } = renderBook();
      await screen.findByRole('heading', { name: 'Client' });
      await fillCaller();
      await fillAddressAndService();
      // The address went as the geocoder placed it, the state the office's id for it.
      expect(calls(requests, 'set_address')).toEqual([
        {
          ...{ address1: '123 Main St', address2: '', city: 'Columbus', state: 36, postal_code: '43215' },
          ...{ latitude: 39.96, longitude: -83, county: 'Franklin' },
        },
      ]);
      // Leaving the square feet saved the property's answers.
      expect(calls(requests, 'set_property_info')[0]).toMatchObject({
        sqft: 1800,
        controls: [
          { id: 5, value: null },
          { id: 6, checked: false },
        ],
      });
      expect(calls(requests, 'add_service')).toEqual([{ id: HOME }]);

      // The lines add up to the total: $425.00 + $25.00.
      await userEvent.click(screen.getByRole('checkbox', { name: 'Radon test & air — $150.00' }));
      const price = screen.getByRole('table', { name: 'Price' });
      await waitFor(() => expect(within(price).getByText('Radon test')).toBeTruthy());
      expect(
        within(price)
          .getAllByRole('row')
          .map((row) => row.textContent),
      ).toEqual(['Home inspection$425.00', 'Radon test$150.00', 'Trip fee$25.00', 'Total$600.00']);
      await userEvent.click(screen.getByRole('checkbox', { name: /Radon test/ }));
      await waitFor(() => expect(within(price).queryByText('Radon test')).toBeNull());
      await userEvent.selectOptions(screen.getByRole('combobox', { name: /Occupancy/ }), '1');

      // Mike's column: 9:00 AM is booked (not offered), 7:00 PM is outside his hours.
      const mike = screen.getByRole('group', { name: 'Start times for Mike Alvarez' });
      expect((within(mike).getByRole('button', { name: '9:00 AM' }) as HTMLButtonElement).disabled).toBe(true);
      await userEvent.click(within(mike).getByRole('button', { name: '7:00 PM' }));
      const warning = await screen.findByText('A visitor could not book this time:');
      expect(warning.closest('[role="alert"]')!.textContent).toContain("outside Mike Alvarez's working hours");
      await userEvent.click(screen.getByRole('button', { name: 'Book it anyway' }));
      await screen.findByText(/^Held: .* 7:00 PM EST with Mike Alvarez\.$/);
      const holds = calls(requests, 'office_hold') as Array<{
        datetime: string;
        inspectors: number[];
        accept_warnings: boolean;
      }>;
      expect(holds.map((hold) => hold.accept_warnings)).toEqual([false, true]);
      expect(holds[1]!.inspectors).toEqual([102]);
      expect(new Date(holds[1]!.datetime).getUTCHours()).toBe(0); // 7 PM EST is midnight UTC

      await userEvent.click(screen.getByRole('button', { name: 'Book the inspection' }));
      await screen.findByText('The order page');
      expect(screen.getByTestId('location').textContent).toBe(`/demo/orders/${ORDER_ID}`);
      expect(calls(requests, 'set_user_type')).toEqual([{ type: 'CLIENT_BUYER', text: 'Home Buyer' }]);
      expect(calls(requests, 'set_clients')).toEqual([
        { clients: [{ first: 'Dana', last: 'Whitfield', email: 'dana@example.com', mobile_phone: '614-555-0188' }] },
      ]);
      expect(calls(requests, 'set_property_info').at(-1)).toMatchObject({
        sqft: 1800,
        controls: [{ id: 5, value: '1' }, { id: 6 }],
      });
      expect(calls(requests, 'confirm')).toEqual([{ special_note: '' }]);
      // No upsell dialog at any point; the session was started once.
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(requests.filter((request) => request.path.endsWith('/phone-bookings'))).toHaveLength(1);
    },
  );

  it('says what is missing next to each field, and books nothing', async () => {
    const { requests } = renderBook();
    await screen.findByRole('heading', { name: 'Client' });
    await enterText(field('E-mail'), 'dana@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Book the inspection' }));
    await screen.findByText("Enter the client's first name.");
    expect(field('First name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText("Enter the client's last name.")).toBeTruthy();
    expect(screen.getByText('Enter the street address.')).toBeTruthy();
    expect(screen.getByText("Pick a time in an inspector's column.")).toBeTruthy();
    expect(field('E-mail').value).toBe('dana@example.com');
    // The time waits for the address and a service.
    const mike = screen.getByRole('group', { name: 'Start times for Mike Alvarez' });
    expect((within(mike).getByRole('button', { name: '7:00 PM' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls(requests, 'confirm')).toEqual([]);
    expect(calls(requests, 'set_clients')).toEqual([]);
    // Typing clears the field's message.
    await enterText(field('First name'), 'D');
    expect(screen.queryByText("Enter the client's first name.")).toBeNull();
  });

  it("puts the server's refusal next to the field it names, keeping everything typed", async () => {
    const { requests } = renderBook((request) =>
      request.path === `${WIZARD}/set_clients`
        ? {
            status: 400,
            body: {
              error: { code: 'invalid_request', message: 'Enter a valid e-mail address', field: 'clients.0.email' },
            },
          }
        : undefined,
    );
    await screen.findByRole('heading', { name: 'Client' });
    await fillCaller();
    await fillAddressAndService();
    const mike = screen.getByRole('group', { name: 'Start times for Mike Alvarez' });
    await userEvent.click(within(mike).getByRole('button', { name: '7:00 PM' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Book it anyway' }));
    await screen.findByText(/^Held: /);
    await userEvent.click(screen.getByRole('button', { name: 'Book the inspection' }));
    await screen.findByText('Enter a valid e-mail address');
    expect(field('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(field('E-mail').value).toBe('dana@example.com');
    expect(field('First name').value).toBe('Dana');
    expect(field('Street address').value).toBe('123 Main St');
    expect(calls(requests, 'confirm')).toEqual([]);
    expect(screen.getByTestId('location').textContent).toBe('/demo/book');
  });

  it('says a wrong property answer when its field is left, and leaves the questions not reached yet alone', async () => {
    const { requests } = renderBook((request) => {
      if (request.path !== `${WIZARD}/set_property_info`) return undefined;
      const body = request.body as { sqft: number | null };
      const [field, message] =
        body.sqft === 0 ? ['sqft', 'Square feet must be at least 1'] : ['controls.5', 'Occupancy is required'];
      return { status: 400, body: { error: { code: 'invalid_request', message, field } } };
    });
    await screen.findByRole('heading', { name: 'Property' });
    await enterText(field('Square feet'), '0');
    await userEvent.tab();
    await screen.findByText('Square feet must be at least 1');
    expect(field('Square feet').getAttribute('aria-invalid')).toBe('true');
    await userEvent.clear(field('Square feet'));
    await enterText(field('Square feet'), '1800');
    expect(screen.queryByText('Square feet must be at least 1')).toBeNull();
    await userEvent.tab();
    // Occupancy, still on "Select", is not called missing before Confirm.
    await waitFor(() =>
      expect(calls(requests, 'set_property_info').some((body) => (body as { sqft: number }).sqft === 1800)).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText('Occupancy is required')).toBeNull();
    expect(field('Square feet').value).toBe('1800');
  });

  it('refuses a PO box next to the street address, as the wizard does', async () => {
    renderBook((request) =>
      request.path.startsWith(`${WIZARD}/geocode?`)
        ? {
            status: 200,
            body: {
              ...{
                no_results: false,
                address1: 'PO Box 12',
                address2: '',
                city: 'Columbus',
                state: 'OH',
                state_id: 36,
              },
              ...{ postal_code: '43215', county: '', latitude: 39.96, longitude: -83, conflicts: [] },
              refusal: { code: 'po_box', field: 'address1', message: 'A PO box cannot be inspected.' },
            },
          }
        : undefined,
    );
    await screen.findByRole('heading', { name: 'Client' });
    await enterText(field('Street address'), 'PO Box 12');
    await enterText(field('City'), 'Columbus');
    await enterText(field('Postal code'), '43215');
    await userEvent.click(screen.getByRole('button', { name: 'Check the address' }));
    await screen.findByText('A PO box cannot be inspected.');
    expect(field('Street address').getAttribute('aria-invalid')).toBe('true');
    expect(field('Street address').value).toBe('PO Box 12');
  });
});

describe('starting the booking', () => {
  it("starts it with the office the address names, says the server's refusal, and starts once asked again", async () => {
    let starts = 0;
    const { requests } = renderBook((request) =>
      request.path.endsWith('/phone-bookings') && starts++ === 0
        ? refusal(409, 'conflict', 'No inspector is working in the next 60 days.')
        : undefined,
    );
    expect((await screen.findByRole('alert')).textContent).toContain('No inspector is working in the next 60 days.');
    expect(screen.queryByRole('heading', { name: 'Client' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'Client' });
    expect(requests.filter((request) => request.path.endsWith('/phone-bookings')).map((r) => r.body)).toEqual([{}, {}]);
    // The wizard stays one link away, on the same session.
    expect(screen.getByRole('link', { name: 'Open the wizard instead' }).getAttribute('href')).toBe(
      `/demo/online-scheduler?t=tok&office=${OFFICE.uuid}&try=1`,
    );
  });

  it('books with the office the address names', async () => {
    const requests = stubServer((request) =>
      request.path.endsWith('/phone-bookings')
        ? refusal(400, 'invalid_request', 'No such office takes bookings.')
        : undefined,
    );
    renderPage(<BookPage />, { path: `/demo/book?office=${OFFICE.uuid}`, pattern: '/:companyKey/book' });
    await screen.findByText('No such office takes bookings.');
    expect(requests.filter((request) => request.method === 'POST').map((r) => r.body)).toEqual([
      { office_uuid: OFFICE.uuid },
    ]);
  });
});
