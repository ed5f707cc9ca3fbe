import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ConsoleOrderEditPreview, ConsoleOrderEditState } from '@scheduler/contracts/order-edit';
import { enterText } from '../../../test-support/enter-text.ts';
import { ORDER_PATH } from '../../../test-support/order-detail.ts';
import {
  refusal,
  renderPage,
  stubServer,
  type Answer,
  type RecordedRequest,
} from '../../../test-support/render-page.tsx';
import { EditOrderDialog, typedCents } from './EditOrderDialog.tsx';

const HOME = 'a1c0ffee-0000-4000-8000-000000000001';
const RADON = 'a1c0ffee-0000-4000-8000-000000000006';
const STATE: ConsoleOrderEditState = {
  version: 3,
  package_id: null,
  service_ids: [HOME],
  prices: [{ kind: 'service', id: HOME, price_cents: 42_500 }],
  discount_cents: 0,
  special_note: 'Side door',
  people: [
    {
      id: 'b0000000-0000-4000-8000-000000000001',
      role: 'client',
      first: 'Dana',
      last: 'Doe',
      email: 'dana@example.com',
      mobile_phone: '',
      work_phone: '',
      home_phone: '(614) 555-0100',
    },
  ],
  contact_types: [{ id: 2, name: 'Title Company' }],
  property: {
    questions: [
      { id: 1, type: 'SquareFeet', label: 'Square Feet', length: 0, required: true, options: [] },
      {
        id: 4,
        type: 'FoundationType',
        label: 'Foundation',
        length: 0,
        required: true,
        options: ['Basement', 'Crawlspace'].map((value, index) => ({ id: index + 1, value })),
      },
      { id: 6, type: 'CheckBox', label: 'Utilities on', length: 0, required: false, options: [] },
    ],
    answers: {
      sqft: 2000,
      yb: null,
      sales_price: '',
      foundation_type: 1,
      refer_reason: '',
      refer_reason_other: '',
      controls: [{ id: 6, value: null, checked: true }],
    },
  },
  client_limit: 2,
  address: {
    address1: '12 Oak St',
    address2: '',
    city: 'Dublin',
    state: 36,
    postal_code: '43017',
    latitude: 40.1093,
    longitude: -83.1146,
    county: 'Franklin',
  },
  states: [{ id: 36, abbreviation: 'OH' }],
  agents: {
    buyers_agent: { id: null, name: 'Ray Ortiz', email: 'ray@example.com' },
    sellers_agent: { id: 201, name: 'Jessica Moreno', email: 'jessica@example.com' },
  },
  currency: 'USD',
  packages: [],
  services: [
    { id: HOME, name: 'Single-Family Home Inspection', price_cents: 42_500, offered: true },
    { id: RADON, name: 'Radon Testing', price_cents: 15_000, offered: true },
  ],
  lines: [{ key: `service-${HOME}`, kind: 'service', label: 'Single-Family Home Inspection', amount: 42_500 }],
  total_cents: 42_500,
};
/** The server's price of the edit: each service ordered at the price sent, or its own. */
function priced(body: {
  service_ids: string[];
  prices: Array<{ id: string; price_cents: number }>;
  property: { foundation_type: number | '' | null } | null;
}): ConsoleOrderEditPreview {
  const crawlspace =
    body.property?.foundation_type === 2
      ? [{ key: 'fee-crawlspace', kind: 'fee' as const, label: 'Crawlspace access', amount: 3_500 }]
      : [];
  const lines: ConsoleOrderEditPreview['lines'] = [
    ...STATE.services
      .filter((service) => body.service_ids.includes(service.id))
      .map((service) => ({
        key: `service-${service.id}`,
        kind: 'service' as const,
        label: service.name,
        amount: body.prices.find((price) => price.id === service.id)?.price_cents ?? service.price_cents,
      })),
    ...crawlspace,
  ];
  return {
    lines,
    total_cents: lines.reduce((sum, line) => sum + (line.amount ?? 0), 0),
    before_total_cents: 42_500,
    changes: body.service_ids.includes(RADON) ? ['Radon Testing added ($150.00)'] : [],
    reason_required: body.prices.some((price) => price.price_cents !== 42_500),
    message: { to: ['dana@example.com'], subject: 'Your inspection order, updated', text: 'Radon Testing: $150.00' },
  };
}

const OUTSIDE =
  'This address is outside the inspector\'s area: Mike Alvarez drives at most 35 miles from home, and this address is 35.1 miles away. Tick "Book outside the inspector\'s area" to keep it anyway.';

const PAST_HOURS =
  'The inspection would end at 5:30 PM, after Mike Alvarez\'s working hours. Tick "Keep it anyway" to save it so.';
/** Whether the booking is late in the inspector's day, so that a longer cart ends past their hours. */
let lateDay = false;
/** What GET …/edit answers: the order as STATE has it, unless a test says otherwise. */
let opened: ConsoleOrderEditState = STATE;

/** The server's answer to a save that e-mailed nobody. */
const savedAs = (total: number) => () => ({
  status: 200,
  body: { version: 4, changes: [], total_cents: total, emailed: [] },
});

/** The one save the dialog sent, once it has. */
async function savedRequest(requests: RecordedRequest[]): Promise<RecordedRequest> {
  const saves = () => requests.filter((request) => request.method === 'POST' && request.path.endsWith('/edit'));
  await waitFor(() => expect(saves()).toHaveLength(1));
  return saves()[0]!;
}

function openEdit(save: (request: RecordedRequest) => Answer) {
  const requests = stubServer((request) => {
    if (request.path === `${ORDER_PATH}/edit` && request.method === 'GET') return { status: 200, body: opened };
    if (request.path === `${ORDER_PATH}/edit/preview`) {
      const body = request.body as Parameters<typeof priced>[0] & {
        address: unknown;
        book_outside_area: boolean;
        keep_length: boolean;
      };
      // The server refuses a new address outside the inspector's area unless the office overrides it.
      if (body.address !== null && !body.book_outside_area) return refusal(400, 'invalid_request', OUTSIDE);
      if (lateDay && body.service_ids.includes(RADON) && !body.keep_length)
        return refusal(409, 'change_refused', PAST_HOURS);
      return { status: 200, body: priced(body) };
    }
    if (request.path === `${ORDER_PATH}/edit` && request.method === 'POST') return save(request);
    if (request.path.startsWith('/api/console/companies/demo/agent-search?'))
      return {
        status: 200,
        body: request.path.includes('query=kow')
          ? [
              {
                id: 202,
                display: 'Brian Kowalski, Short North Properties',
                add_new: false,
                first: 'Brian',
                last: 'Kowalski',
              },
            ]
          : [],
      };
    return undefined;
  });
  const onSaved = vi.fn();
  renderPage(
    <EditOrderDialog orderId={ORDER_PATH.split('/').at(-1)!} companyKey="demo" onClose={vi.fn()} onSaved={onSaved} />,
    { path: '/demo', pattern: '/:companyKey' },
  );
  return { requests, onSaved };
}

describe('typedCents', () => {
  it('reads dollars as typed, zero included, and refuses anything else', () => {
    expect(typedCents('445')).toBe(44_500);
    expect(typedCents(' $1,200.5 ')).toBe(120_050);
    expect(typedCents('0')).toBe(0);
    expect(typedCents('4.456')).toBeNull();
    expect(typedCents('-5')).toBeNull();
    expect(typedCents('')).toBeNull();
  });
});

describe('the edit dialog', () => {
  it('adds a service, shows old total → new total and the e-mail, and saves with the version it opened on', async () => {
    const { requests, onSaved } = openEdit(() => ({
      status: 200,
      body: { version: 4, changes: [], total_cents: 57_500, emailed: ['dana@example.com'] },
    }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the order' });
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Radon Testing ($150.00)' }));
    expect(await within(dialog).findByText('Total: $425.00 → $575.00')).toBeTruthy();
    const changes = within(dialog).getByRole('list', { name: 'Price changes' });
    expect(within(changes).getByText('Radon Testing added ($150.00)')).toBeTruthy();
    const client = within(dialog).getByRole('group', { name: 'Client: Dana Doe' });
    const last = within(client).getByRole('textbox', { name: 'Last name' });
    await userEvent.clear(last);
    await enterText(last, 'Dole');
    await enterText(within(client).getByRole('textbox', { name: 'Work phone' }), '614-555-0199');
    expect((within(client).getByRole('textbox', { name: 'Home phone' }) as HTMLInputElement).value).toBe(
      '(614) 555-0100',
    );
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'E-mail the people concerned' }));
    const email = within(dialog).getByRole('region', { name: 'The e-mail' });
    expect(within(email).getByText('To: dana@example.com')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.stringContaining('dana@example.com')));
    const saved = requests.filter((request) => request.method === 'POST' && request.path.endsWith('/edit'));
    expect(saved.map((request) => request.body)).toEqual([
      {
        version: 3,
        package_id: null,
        service_ids: [HOME, RADON],
        prices: [],
        discount_cents: 0,
        reason: '',
        special_note: 'Side door',
        people: [
          {
            id: 'b0000000-0000-4000-8000-000000000001',
            first: 'Dana',
            last: 'Dole',
            email: 'dana@example.com',
            mobile_phone: '',
            work_phone: '614-555-0199',
            home_phone: '(614) 555-0100',
          },
        ],
        added: [],
        removed: [],
        property: null,
        address: null,
        book_outside_area: false,
        keep_length: false,
        agents: {},
        notify: true,
      },
    ]);
  });

  it("changes the buyer's agent from the directory's lookup and removes the listing agent", async () => {
    const { requests } = openEdit(savedAs(42_500));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the order' });
    const buyers = await within(dialog).findByRole('group', { name: "Buyer's agent" });
    expect(within(buyers).getByText('Ray Ortiz (ray@example.com)')).toBeTruthy();
    await enterText(within(buyers).getByRole('textbox', { name: "Find a buyer's agent" }), 'kow');
    const found = await within(buyers).findByRole('list', { name: "Buyer's agents found" });
    await userEvent.click(within(found).getByRole('button', { name: 'Brian Kowalski, Short North Properties' }));
    expect(within(buyers).getByText('Brian Kowalski')).toBeTruthy();
    const listing = within(dialog).getByRole('group', { name: 'Listing agent' });
    await userEvent.click(within(listing).getByRole('button', { name: 'Remove the listing agent' }));
    expect(within(listing).getByText('None')).toBeTruthy();
    // Agents do not change the price: the preview is not asked about them.
    const previews = requests.filter((request) => request.path.endsWith('/edit/preview'));
    expect(previews.every((request) => JSON.stringify((request.body as { agents: unknown }).agents) === '{}')).toBe(
      true,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    const saved = await savedRequest(requests);
    expect((saved.body as { agents: unknown }).agents).toEqual({ buyers_agent: 202, sellers_agent: null });
    expect(requests.some((request) => request.path.includes('agent-search?type=buyers_agent&query=kow'))).toBe(true);
  });

  it('asks for a reason when a price changes, and says so when someone saved first', async () => {
    openEdit(() => refusal(409, 'order_changed', 'Someone saved a change to this order after you opened it.'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the order' });
    const price = await within(dialog).findByRole('textbox', { name: 'Single-Family Home Inspection price ($)' });
    await userEvent.clear(price);
    await enterText(price, '445');
    expect(await within(dialog).findByText('Total: $425.00 → $445.00')).toBeTruthy();
    const save = within(dialog).getByRole('button', { name: 'Save changes' });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(true));
    await enterText(within(dialog).getByRole('textbox', { name: /Reason for the price change/ }), 'Larger house');
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    await userEvent.click(save);
    expect(await within(dialog).findByText('Someone saved a change to this order after you opened it.')).toBeTruthy();
  });

  it('adds a client and a contact, takes the first client off once another is there, and never offers the last one', async () => {
    const { requests } = openEdit(savedAs(42_500));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the order' });
    await within(dialog).findByRole('group', { name: 'Client: Dana Doe' });
    expect(within(dialog).queryByRole('button', { name: 'Take Dana Doe off the order' })).toBeNull();
    const addClient = within(dialog).getByRole('button', { name: 'Add a client' });
    await userEvent.click(addClient);
    // The company's limit is two clients: a third is not offered.
    expect(addClient.hasAttribute('disabled')).toBe(true);
    const newClient = within(dialog).getByRole('group', { name: 'New client' });
    await enterText(within(newClient).getByRole('textbox', { name: 'First name' }), 'Sam');
    await enterText(within(newClient).getByRole('textbox', { name: 'Last name' }), 'Lee');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Take Dana Doe off the order' }));
    expect(within(dialog).queryByRole('group', { name: 'Client: Dana Doe' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add a contact' }));
    const newContact = within(dialog).getByRole('group', { name: 'New contact' });
    await userEvent.click(within(newContact).getByRole('combobox', { name: 'Contact type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Title Company' }));
    await enterText(within(newContact).getByRole('textbox', { name: 'First name' }), 'Jo');
    await enterText(within(newContact).getByRole('textbox', { name: 'Last name' }), 'Smith');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    const saved = await savedRequest(requests);
    const blank = { email: '', mobile_phone: '', work_phone: '', home_phone: '' };
    expect(saved.body).toMatchObject({
      people: [],
      removed: ['b0000000-0000-4000-8000-000000000001'],
      added: [
        { role: 'client', contact_type_id: null, first: 'Sam', last: 'Lee', ...blank },
        { role: 'contact', contact_type_id: 2, first: 'Jo', last: 'Smith', ...blank },
      ],
    });
  });

  it('edits the property answers, asks the price with them, and sends them whole', async () => {
    const { requests } = openEdit(savedAs(46_000));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the order' });
    const property = await within(dialog).findByRole('region', { name: 'Property' });
    const sqft = within(property).getByRole('textbox', { name: 'Square Feet' });
    await userEvent.clear(sqft);
    await enterText(sqft, '2,400 sq');
    await userEvent.click(within(property).getByRole('combobox', { name: 'Foundation' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Crawlspace' }));
    await userEvent.click(within(property).getByRole('checkbox', { name: 'Utilities on' }));
    expect(await within(dialog).findByText('Total: $425.00 → $460.00')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    const saved = await savedRequest(requests);
    expect((saved.body as { property: unknown }).property).toEqual({
      ...STATE.property.answers,
      sqft: 2400,
      foundation_type: 2,
      controls: [{ id: 6, value: null, checked: false }],
    });
  });

  it('changes the address, shows the area\'s refusal, and sends it with "Book outside the inspector\'s area" ticked', async () => {
    const { requests } = openEdit(savedAs(42_500));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the order' });
    const address = await within(dialog).findByRole('region', { name: 'Address' });
    // The override is offered only once the address changed.
    expect(within(address).queryByRole('checkbox', { name: "Book outside the inspector's area" })).toBeNull();
    const line1 = within(address).getByRole('textbox', { name: 'Address line 1' });
    await userEvent.clear(line1);
    await enterText(line1, '40 Elm St');
    expect(await within(dialog).findByText(OUTSIDE)).toBeTruthy();
    const override = within(address).getByRole('checkbox', { name: "Book outside the inspector's area" });
    await userEvent.click(override);
    expect(await within(dialog).findByText('Total: $425.00 → $425.00')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    const saved = await savedRequest(requests);
    expect(saved.body).toMatchObject({
      address: { ...STATE.address, address1: '40 Elm St', latitude: 0, longitude: 0, county: '' },
      book_outside_area: true,
    });
  });

  it('refuses a longer inspection past the hours and sends "Keep it anyway" once ticked', async () => {
    lateDay = true;
    try {
      const { requests } = openEdit(savedAs(57_500));
      const dialog = await screen.findByRole('dialog', { name: 'Edit the order' });
      expect(within(dialog).queryByRole('checkbox', { name: 'Keep it anyway' })).toBeNull();
      await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Radon Testing ($150.00)' }));
      expect(await within(dialog).findByText(PAST_HOURS)).toBeTruthy();
      await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Keep it anyway' }));
      expect(await within(dialog).findByText('Total: $425.00 → $575.00')).toBeTruthy();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
      const saved = await savedRequest(requests);
      expect(saved.body).toMatchObject({ service_ids: [HOME, RADON], keep_length: true, book_outside_area: false });
    } finally {
      lateDay = false;
    }
  });

  it('shows a service the catalogue dropped ticked and named so, and takes it off', async () => {
    opened = {
      ...STATE,
      service_ids: [HOME, RADON],
      services: STATE.services.map((service) => (service.id === RADON ? { ...service, offered: false } : service)),
    };
    try {
      const { requests } = openEdit(savedAs(42_500));
      const dialog = await screen.findByRole('dialog', { name: 'Edit the order' });
      const dropped = await within(dialog).findByRole('checkbox', {
        name: 'Radon Testing ($150.00), no longer offered',
      });
      expect((dropped as HTMLInputElement).checked).toBe(true);
      await userEvent.click(dropped);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
      expect((await savedRequest(requests)).body).toMatchObject({ service_ids: [HOME] });
    } finally {
      opened = STATE;
    }
  });
});
