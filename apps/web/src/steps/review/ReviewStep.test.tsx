import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emotionCssOf } from '@scheduler/ui/test-support/emotion-styles';
import type { Pricing, PricedService } from '@scheduler/contracts/pricing';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import {
  officeFixture,
  orderFixture,
  renderStep,
  stubServer,
  type RecordedRequest,
} from '../../test-support/render-step.tsx';
import { issue20Pricing, shownCents } from '@scheduler/domain/pricing/display-fixtures';
import type { FunnelEvent } from '@scheduler/contracts/analytics';
import { orderReference } from '@scheduler/domain/order-reference';
import { connectFunnel } from '../../shared/embed/funnel.ts';
import { ESIGN_CONSENT_TEXT, type ReviewAgreements } from '@scheduler/contracts/agreements';
import type { BookingPaymentReturnResponse, BookingPaymentView } from '@scheduler/contracts/confirm';
import ReviewStep from './ReviewStep.tsx';
import { ThankYou } from './ThankYou.tsx';

const OHIO = 36;
const HOME = 'a1c0ffee-0000-4000-8000-000000000001';
const TERMITE = 'a1c0ffee-0000-4000-8000-000000000002';
const RADON = 'a1c0ffee-0000-4000-8000-000000000006';

const setting = (key: string, value = 'Y') => ({ key: `ONLINE_SCHEDULER_V3_${key}`, value });
const office = (...settings: Array<{ key: string; value: string }>) =>
  officeFixture({
    settings_data: settings,
    users: [
      { id: 101, display: 'Mike Alvarez' },
      { id: 102, display: 'Sarah Chen' },
    ],
    states: [{ id: OHIO, abbreviation: 'OH' }],
  });

const dana = {
  id: 7,
  first: 'Dana',
  last: 'Whitfield',
  email: 'dana@example.com',
  mobile_phone: '6145550188',
  work_phone: '',
  home_phone: '',
  work_fax: '',
  home_fax: '',
  address1: '',
  address2: '',
  city: '',
  state: null,
  postal_code: '',
};
const ray = { ...dana, id: 8, first: 'Ray', last: 'Ortiz', email: 'ray@realty.example', company: 'Ortiz Realty' };

/** A held order of a home owner, at 9:00 AM office time on 12/1/2026, with two inspectors. */
const order = (changes = {}) =>
  orderFixture({
    datetime: '2026-12-01T14:00:00.000Z',
    hold_expires_at: new Date(Date.now() + 10 * 60_000).toISOString(),
    inspectors: [
      { id: 101, requested: false },
      { id: 102, requested: false },
    ],
    address1: '1105 Schrock Rd',
    city: 'Columbus',
    state: OHIO,
    postal_code: '43229',
    services: [HOME],
    user: { type: 'CLIENT_HOMEOWNER', text: 'Home Owner', other: '' },
    clients: [dana],
    client: dana,
    ...changes,
  });

const priced = (id: string, name: string, subtotal: number): PricedService => ({
  id,
  name,
  base: subtotal,
  subtotal,
  fees: [],
  modifier_savings: 0,
  amount: subtotal,
  is_pac: false,
  ancillary: false,
  rer: false,
});

/** A package with termite in it, termite listed again among the services, radon on its own, a trip fee, a waived fee and a tax. */
const pricing = (changes: Partial<Pricing> = {}): Pricing => ({
  package: {
    id: 2,
    name: "Buyer's Essentials",
    base: 42500,
    subtotal: 57500,
    amount: 51000,
    savings: 6500,
    rer: false,
    services: [{ id: TERMITE, fees: [] }],
  },
  services: [priced(TERMITE, 'Termite Inspection', 9500), priced(RADON, 'Radon Testing', 15000)],
  additional: {
    total: 3500,
    fees: [
      { code: 'trip', value: 3500, description: 'Trip fee' },
      { code: 'zero', value: 0, description: 'Waived fee' },
    ],
  },
  taxes: [{ code: 'oh', name: 'Ohio sales tax', total: 2730 }],
  coupons: [],
  totals: { subtotal: 66000, discounts: 0, additional: 3500, taxes: 2730, grand_total: 72230, display_total: 72230 },
  convenience_fee_message: '',
  pac_eligible: false,
  pac_removed: false,
  fees_hidden: false,
  taxes_hidden: false,
  ...changes,
});

const alternative: AppointmentSlot = {
  id: 'alt',
  date: '2026-12-02',
  start: '1:00 PM',
  start_datetime: '2026-12-02 13:00:00',
  end_datetime: '2026-12-02 16:00:00',
  timestamp: 1796230800,
  users: [102],
};

interface Answers {
  pricing?: Pricing;
  /** While `down` is true, /pricing fails (500). */
  pricingOutage?: { down: boolean };
  available?: boolean;
  confirm?: Array<{ status: number; body: unknown }>;
  /** POST /manage_link answers 503. */
  manageLinkDown?: boolean;
  /** GET /review_agreements: by default nothing to sign (the company signs after booking). */
  agreements?: ReviewAgreements;
  /** GET /booking_payment: by default nothing is paid at booking. */
  bookingPayment?: BookingPaymentView;
  /** POST /booking_payment/return and /cancel. */
  paymentReturn?: BookingPaymentReturnResponse;
}

const NOTHING_DUE: BookingPaymentView = { due: null, state: 'none', checkout_url: null, held_until: null, paid: null };

const NOTHING_TO_SIGN: ReviewAgreements = {
  sign_now: false,
  signer_name: null,
  agreements: [],
  consent_text: ESIGN_CONSENT_TEXT,
};

/** The server as the review meets it; the headers of each call are kept beside the requests. */
function server(answers: Answers = {}) {
  const confirms = [...(answers.confirm ?? [{ status: 200, body: { status: 'ok', pay_url: null } }])];
  const requests = stubServer((request: RecordedRequest) => {
    if (request.path.endsWith('/pricing') && answers.pricingOutage?.down) return { status: 500, body: {} };
    if (request.path.endsWith('/pricing')) return { status: 200, body: answers.pricing ?? pricing() };
    if (request.path.endsWith('/review_agreements'))
      return { status: 200, body: answers.agreements ?? NOTHING_TO_SIGN };
    if (request.path.endsWith('/booking_payment')) return { status: 200, body: answers.bookingPayment ?? NOTHING_DUE };
    if (request.path.endsWith('/booking_payment/return') || request.path.endsWith('/booking_payment/cancel'))
      return { status: 200, body: answers.paymentReturn ?? { status: 'cancelled' } };
    if (request.path.includes('/time_available'))
      return {
        status: 200,
        body:
          answers.available === false
            ? { status: 'no', appointments: [alternative] }
            : { status: 'yes', appointments: [] },
      };
    if (request.path.endsWith('/set_datetime'))
      return { status: 200, body: { status: 'ok', hold_expires_at: new Date(Date.now() + 15 * 60_000).toISOString() } };
    if (request.path.endsWith('/confirm'))
      return confirms.shift() ?? { status: 200, body: { status: 'ok', pay_url: null } };
    if (request.path.endsWith('/manage_link'))
      return answers.manageLinkDown
        ? { status: 503, body: { error: { code: 'unavailable', message: 'down' } } }
        : { status: 200, body: { url: 'https://book.example.com/acme/manage/tok' } };
    return { status: 200, body: {} };
  });
  const stubbed = globalThis.fetch;
  const headers: Array<Record<string, string>> = [];
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
    headers.push({ ...(init.headers as Record<string, string>) });
    return stubbed(input, init);
  });
  return { requests, headers };
}

const panelTitles = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
const panel = (title: string) => screen.getByRole('region', { name: title });
const confirmButton = () => screen.getByRole('button', { name: /Confirm My Inspection|Please wait/ });

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('the review panels (spec 2.11)', () => {
  it("shows a home owner's order in the spec's order: date, time and inspectors, My Info, address, agents, cart", async () => {
    server();
    renderStep(ReviewStep, {
      office: office(setting('SHOW_INSPECTOR_NAMES')),
      order: order({ buyers_agent: ray }),
      mode: 'default',
    });
    await screen.findByRole('heading', { level: 1, name: 'Review your order' });
    expect(panelTitles()).toEqual([
      'Date, Time and Inspector',
      'My Info (Home Owner)',
      'Address',
      "Buyer's Agent",
      'Shopping Cart',
    ]);
    expect(panel('Date, Time and Inspector').textContent).toContain('12/1/2026 at 9:00AM');
    expect(panel('Date, Time and Inspector').textContent).toContain('Mike Alvarez, Sarah Chen');
    expect(panel('My Info (Home Owner)').textContent).toContain('Dana Whitfield');
    expect(panel('My Info (Home Owner)').textContent).toContain('dana@example.com');
    expect(panel('Address').textContent).toBe('AddressChange1105 Schrock RdColumbus, OH 43229');
    expect(panel("Buyer's Agent").textContent).toContain('Ray Ortiz');
  });

  it('says "Date and Time" without the names when inspector names are hidden, and "n/a" without a time', async () => {
    server();
    renderStep(ThankYou, { office: office(), order: order({ datetime: null, confirmed: true }) });
    await screen.findByRole('heading', { level: 1, name: 'Thank you!' });
    expect(panelTitles()[0]).toBe('Date and Time');
    expect(panel('Date and Time').textContent).toBe('Date and Timen/a');
  });

  it("shows an agent visitor's own record as My Info, the clients apart, the enabled agents with their none text, and each contact by its type", async () => {
    server();
    const inspectorContact = { ...dana, id: 9, first: 'Lee', last: 'Park', type: { id: 3, name: 'Attorney' } };
    renderStep(ReviewStep, {
      office: office(setting('SELLERS_AGENT')),
      order: order({
        user: { type: 'BUYERS_AGENT', text: "Buyer's Agent", other: '' },
        buyers_agent: ray,
        contacts: [inspectorContact],
      }),
      mode: 'default',
    });
    await screen.findByRole('heading', { level: 1, name: 'Review your order' });
    expect(panelTitles()).toEqual([
      'Date and Time',
      "My Info (Buyer's Agent)",
      'Address',
      'Client',
      "Seller's Agent",
      'Attorney',
      'Shopping Cart',
    ]);
    expect(panel("My Info (Buyer's Agent)").textContent).toContain('Ortiz Realty');
    expect(panel('Client').textContent).toContain('Dana Whitfield');
    expect(panel("Seller's Agent").textContent).toContain("No Seller's Agent");
    expect(panel('Attorney').textContent).toContain('Lee Park');
  });

  // Decision 0026: "(if enabled)" decides whether an empty agent panel is shown; an agent the order
  // lists is part of the booking (the confirmation goes to them), so it is shown whatever the setting.
  it("shows a listed seller's or insurance agent with their setting off, and no empty panel for an agent not asked for", async () => {
    server();
    const sam = { ...ray, id: 10, first: 'Sam', last: 'Lee', company: 'Lee Insurance' };
    const listed = renderStep(ReviewStep, {
      office: office(),
      order: order({
        user: { type: 'BUYERS_AGENT', text: "Buyer's Agent", other: '' },
        buyers_agent: ray,
        sellers_agent: { ...ray, id: 11, first: 'Kim', last: 'Novak' },
        insurance_agent: sam,
      }),
      mode: 'default',
    });
    await screen.findByRole('heading', { level: 1, name: 'Review your order' });
    expect(panelTitles()).toEqual([
      'Date and Time',
      "My Info (Buyer's Agent)",
      'Address',
      'Client',
      "Seller's Agent",
      'Insurance Agent',
      'Shopping Cart',
    ]);
    expect(panel("Seller's Agent").textContent).toContain('Kim Novak');
    expect(panel('Insurance Agent').textContent).toContain('Sam Lee');
    listed.unmount();

    renderStep(ReviewStep, {
      office: office(),
      order: order({ user: { type: 'BUYERS_AGENT', text: "Buyer's Agent", other: '' }, buyers_agent: ray }),
      mode: 'default',
    });
    await screen.findByRole('heading', { level: 1, name: 'Review your order' });
    expect(panelTitles()).toEqual(['Date and Time', "My Info (Buyer's Agent)", 'Address', 'Client', 'Shopping Cart']);
  });

  it('shows "Other: {value}" for a visitor of another role, and the clients apart', async () => {
    server();
    renderStep(ReviewStep, {
      office: office(),
      order: order({ user: { type: 'OTHER', text: 'Other', other: 'Relocation coordinator' } }),
      mode: 'default',
    });
    await screen.findByRole('heading', { level: 1, name: 'Review your order' });
    expect(panel('My Info (Other)').textContent).toContain('Other: Relocation coordinator');
    expect(panel('Client').textContent).toContain('Dana Whitfield');
  });

  it('lists the cart without the package services again and without fees of 0', async () => {
    server();
    renderStep(ReviewStep, { office: office(), order: order(), mode: 'default' });
    const cart = await screen.findByRole('region', { name: 'Shopping Cart' });
    await within(cart).findByText('Total:');
    const lines = [...cart.querySelectorAll('[data-line]')].map((line) => line.textContent);
    expect(lines).toEqual([
      "Buyer's Essentials$575.00",
      'Bundle Savings- $65.00',
      'Radon Testing$150.00',
      'Trip fee$35.00',
      'Ohio sales tax (tax)$27.30',
      'Total:$722.30',
    ]);
  });

  it.each([
    ['the review', ReviewStep, {}],
    ['the thank-you', ThankYou, { confirmed: true }],
  ] as const)(
    "shows issue 20's cart on %s as lines that add up to its total: the package before its savings, the coupon, then the tax",
    async (_screen, Screen, changes) => {
      // Termite is inside the package: the review does not list it again.
      const issue20 = issue20Pricing({
        package: { ...issue20Pricing().package!, services: [{ id: TERMITE, fees: [] }] },
      });
      server({ pricing: issue20 });
      renderStep(Screen, { office: office(), order: order(changes), mode: 'default' });
      const cart = await screen.findByRole('region', { name: 'Shopping Cart' });
      await within(cart).findByText('Total:');
      const lines = [...cart.querySelectorAll('[data-line]')].map((line) => line.textContent ?? '');
      expect(lines).toEqual([
        "Buyer's Essentials$520.00",
        'Bundle Savings- $40.00',
        'Radon Testing$150.00',
        'Coupon10% off- $63.00',
        'Franklin County sales tax (tax)$42.53',
        'Total:$609.53',
      ]);
      const cents = shownCents;
      expect(lines.slice(0, -1).reduce((sum, line) => sum + cents(line), 0)).toBe(cents(lines.at(-1)!));
    },
  );

  it('says so when the cart is empty, rather than showing an empty card', async () => {
    server({ pricing: pricing({ package: null, services: [] }) });
    renderStep(ReviewStep, { office: office(), order: order(), mode: 'default' });
    const cart = await screen.findByRole('region', { name: 'Shopping Cart' });
    expect(cart.textContent).toBe('Shopping CartChangeNothing entered yet.');
  });

  it('hides every amount, the fees, the taxes and the total with HIDE_ALL_FEES', async () => {
    server();
    renderStep(ReviewStep, { office: office(setting('HIDE_ALL_FEES')), order: order(), mode: 'default' });
    const cart = await screen.findByRole('region', { name: 'Shopping Cart' });
    await within(cart).findByText('Radon Testing');
    const lines = [...cart.querySelectorAll('[data-line]')].map((line) => line.textContent);
    expect(lines).toEqual(["Buyer's Essentials", 'Bundle Savings', 'Radon Testing']);
    expect(cart.textContent).not.toMatch(/\$|Total|tax|Trip fee/);
  });

  it('shows the special note kept in this browser when the company asks for one, and sends it with the confirm', async () => {
    const { requests } = server();
    localStorage.setItem('isn-test-token-special_note', 'Gate code 4412.\nDog in the yard.');
    const user = userEvent.setup();
    renderStep(ReviewStep, { office: office(setting('PROPERTY_INFO_NOTE')), order: order(), mode: 'default' });
    const note = await screen.findByRole('region', { name: 'Special instructions and notes' });
    expect(note.textContent).toContain('Gate code 4412.\nDog in the yard.');
    await user.click(confirmButton());
    await waitFor(() =>
      expect(requests.find((r) => r.path.endsWith('/confirm'))?.body).toEqual({
        special_note: 'Gate code 4412.\nDog in the yard.',
        order_revision: 'rev-1',
      }),
    );
  });

  it("shows the confirmed order's own note on the thank-you, in a browser that never kept it", async () => {
    server();
    localStorage.clear();
    renderStep(ThankYou, {
      office: office(setting('PROPERTY_INFO_NOTE')),
      order: order({ confirmed: true, special_note: 'Side door; the dog is friendly.' }),
    });
    const note = await screen.findByRole('region', { name: 'Special instructions and notes' });
    expect(note.textContent).toContain('Side door; the dog is friendly.');
    expect(note.textContent).not.toContain('None');
  });

  it('leaves the note out, on screen and in the confirm, when the setting is off', async () => {
    const { requests } = server();
    localStorage.setItem('isn-test-token-special_note', 'Gate code 4412.');
    const user = userEvent.setup();
    renderStep(ReviewStep, { office: office(), order: order(), mode: 'default' });
    await screen.findByRole('heading', { level: 1, name: 'Review your order' });
    expect(screen.queryByRole('region', { name: 'Special instructions and notes' })).toBeNull();
    await user.click(confirmButton());
    await waitFor(() =>
      expect(requests.find((r) => r.path.endsWith('/confirm'))?.body).toEqual({
        special_note: '',
        order_revision: 'rev-1',
      }),
    );
  });
});

describe('Change', () => {
  it('leads each panel to its step while the order is unconfirmed', async () => {
    server();
    renderStep(ReviewStep, { office: office(setting('SHOW_INSPECTOR_NAMES')), order: order(), mode: 'default' });
    await screen.findByRole('heading', { level: 1, name: 'Review your order' });
    const target = (name: string) => screen.getByRole('link', { name: `Change ${name}` }).getAttribute('href');
    expect(target('Date, Time and Inspector')).toBe('/demo/online-scheduler/calendar');
    expect(target('My Info (Home Owner)')).toBe('/demo/online-scheduler/contacts');
    expect(target('Address')).toBe('/demo/online-scheduler/address');
    expect(target("Buyer's Agent")).toBe('/demo/online-scheduler/contacts');
    expect(target('Shopping Cart')).toBe('/demo/online-scheduler/packages');
  });

  it('is hidden once the order is confirmed', async () => {
    server();
    renderStep(ThankYou, { office: office(setting('SHOW_INSPECTOR_NAMES')), order: order({ confirmed: true }) });
    await screen.findByRole('heading', { level: 1, name: 'Thank you!' });
    expect(panelTitles()).toContain('Shopping Cart');
    expect(screen.queryByRole('link', { name: /^Change/ })).toBeNull();
    expect(screen.queryByText('Change')).toBeNull();
  });
});

describe('Confirm My Inspection (spec 4.8, 7.7)', () => {
  it('checks the time for its length, then confirms once with an Idempotency-Key, saying "Please wait" meanwhile', async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    const { requests, headers } = server();
    const stubbed = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      if (input.endsWith('/confirm')) await answered;
      return stubbed(input, init);
    });
    const user = userEvent.setup();
    renderStep(ReviewStep, { office: office(), order: order(), mode: 'default' });
    await screen.findByRole('heading', { level: 1, name: 'Review your order' });
    await user.click(confirmButton());
    await screen.findByRole('button', { name: 'Please wait' });
    expect((confirmButton() as HTMLButtonElement).disabled).toBe(true);
    const check = requests.find((r) => r.path.includes('/time_available'))!;
    const query = new URL(check.path, 'http://x').searchParams;
    expect(query.get('from')).toBe('2026-12-01T14:00:00.000Z');
    expect(query.get('to')).toBe('2026-12-01T17:00:00.000Z');
    expect(query.get('inspectors')).toBe('[101,102]');
    release();
    await waitFor(() => expect(requests.filter((r) => r.path.endsWith('/confirm'))).toHaveLength(1));
    const confirmHeaders = headers.find((h, index) => requests[index]?.path.endsWith('/confirm'));
    expect(confirmHeaders?.['idempotency-key']).toMatch(/^[\x21-\x7e]{8,}$/);
  });

  it("tells the funnel the confirmed order's number and total, and nothing about the person", async () => {
    server();
    const events: FunnelEvent[] = [];
    connectFunnel((event) => events.push(event));
    try {
      const user = userEvent.setup();
      const held = order();
      renderStep(ReviewStep, { office: office(), order: held, mode: 'default' });
      await screen.findByRole('heading', { level: 1, name: 'Review your order' });
      await waitFor(() => expect(confirmButton().textContent).toBe('Confirm My Inspection'));
      await user.click(confirmButton());
      await waitFor(() => expect(events.some((event) => event.name === 'order_confirmed')).toBe(true));
      const confirmed = events.find((event) => event.name === 'order_confirmed')!;
      expect(confirmed).toMatchObject({ order_reference: orderReference(held.id), total_cents: 72230 });
      expect(Object.keys(confirmed).sort()).toEqual(['name', 'order_reference', 'step', 'total_cents']);
    } finally {
      connectFunnel(null);
    }
  });

  it('sends one confirm for a double click', async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    const { requests } = server();
    const stubbed = globalThis.fetch;
    // The server is slow to answer the check: the second click comes while the first attempt runs.
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      if (input.includes('/time_available')) await answered;
      return stubbed(input, init);
    });
    renderStep(ReviewStep, { office: office(), order: order(), mode: 'default' });
    await screen.findByRole('heading', { level: 1, name: 'Review your order' });
    // Both clicks land before React renders again, so the button is not disabled yet for the
    // second: only the step's in-flight guard stops it.
    const button = confirmButton();
    act(() => {
      button.click();
      button.click();
    });
    release();
    await waitFor(() => expect(requests.some((r) => r.path.endsWith('/confirm'))).toBe(true));
    await waitFor(() => expect(confirmButton().textContent).toBe('Confirm My Inspection'));
    expect(requests.filter((r) => r.path.endsWith('/confirm'))).toHaveLength(1);
    expect(requests.filter((r) => r.path.includes('/time_available'))).toHaveLength(1);
  });

  it('offers the alternatives when the time is gone, holds the one chosen and confirms it', async () => {
    const { requests } = server({ available: false });
    const user = userEvent.setup();
    renderStep(ReviewStep, { office: office(), order: order(), mode: 'default' });
    await screen.findByRole('heading', { level: 1, name: 'Review your order' });
    await user.click(confirmButton());
    const dialog = await screen.findByRole('dialog', { name: 'Sorry!' }, { timeout: 5000 }); // its chunk loads on first use
    expect(dialog.textContent).toContain('The appointment on 12/1/2026 at 9:00AM is no longer available.');
    expect(requests.some((r) => r.path.endsWith('/confirm'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: /12\/2\/2026 at 1:00PM/ }));
    await waitFor(() => expect(requests.some((r) => r.path.endsWith('/confirm'))).toBe(true));
    const paths = requests.filter((r) => r.method === 'POST').map((r) => r.path.split('/').at(-1));
    expect(paths).toEqual(['set_datetime', 'confirm']);
    expect(requests.find((r) => r.path.endsWith('/set_datetime'))?.body).toEqual({
      datetime: new Date(alternative.timestamp * 1000).toISOString(),
      duration: 180,
      inspectors: [102],
    });
    // The chosen alternative changed the order on purpose: this confirm books it as it now is.
    expect(requests.find((r) => r.path.endsWith('/confirm'))?.body).toEqual({ special_note: '' });
  });

  it("opens the same dialog on confirm's 409, and a new attempt gets a new key", async () => {
    const { requests, headers } = server({
      confirm: [{ status: 409, body: { status: 'unavailable', appointments: [alternative] } }],
    });
    const user = userEvent.setup();
    renderStep(ReviewStep, { office: office(), order: order(), mode: 'default' });
    await screen.findByRole('heading', { level: 1, name: 'Review your order' });
    await user.click(confirmButton());
    const dialog = await screen.findByRole('dialog', { name: 'Sorry!' }, { timeout: 5000 }); // its chunk loads on first use
    await user.click(within(dialog).getByRole('button', { name: /12\/2\/2026 at 1:00PM/ }));
    await waitFor(() => expect(requests.filter((r) => r.path.endsWith('/confirm'))).toHaveLength(2));
    const keys = requests.flatMap((r, index) =>
      r.path.endsWith('/confirm') ? [headers[index]?.['idempotency-key']] : [],
    );
    expect(new Set(keys).size).toBe(2);
  });

  it('names what is missing when the order is incomplete, with a way to that step, and keeps the panels', async () => {
    const message = 'The order is not complete yet: it needs a client.';
    server({ confirm: [{ status: 400, body: { error: { code: 'order_incomplete', message, field: 'client' } } }] });
    const user = userEvent.setup();
    renderStep(ReviewStep, { office: office(), order: order({ clients: [], client: null }), mode: 'default' });
    await screen.findByRole('heading', { level: 1, name: 'Review your order' });
    await user.click(confirmButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(message);
    expect(within(alert).getByRole('link', { name: 'Go to Contact Info' }).getAttribute('href')).toBe(
      '/demo/online-scheduler/contacts',
    );
    expect(panelTitles()).toContain('Shopping Cart');
    expect(confirmButton().textContent).toBe('Confirm My Inspection');
  });

  it('sends the revision the review shows, and says so when another tab changed the order, reloading it', async () => {
    const message = 'Your order was changed in another window or tab. Please check it below and confirm again.';
    const { requests } = server({ confirm: [{ status: 409, body: { error: { code: 'order_changed', message } } }] });
    const user = userEvent.setup();
    renderStep(ReviewStep, { office: office(), order: order({ revision: 'shown-revision' }), mode: 'default' });
    await screen.findByRole('heading', { level: 1, name: 'Review your order' });
    const pricingsBefore = requests.filter((r) => r.path.endsWith('/pricing')).length;
    await user.click(confirmButton());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Your order changed')).toBeTruthy();
    expect(alert.textContent).toContain(message);
    expect(requests.find((r) => r.path.endsWith('/confirm'))?.body).toMatchObject({ order_revision: 'shown-revision' });
    // The price is asked for again (and the order, which the page holds), so that the panels show what would be booked.
    await waitFor(() =>
      expect(requests.filter((r) => r.path.endsWith('/pricing')).length).toBeGreaterThan(pricingsBefore),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(confirmButton().textContent).toBe('Confirm My Inspection');
  });

  it('says the coupon could not be used when its last use went to another order, not that something failed', async () => {
    server({
      confirm: [
        {
          status: 409,
          body: { error: { code: 'coupon_used_up', message: 'This coupon is no longer available.', field: 'coupon' } },
        },
      ],
    });
    const user = userEvent.setup();
    renderStep(ReviewStep, { office: office(), order: order(), mode: 'default' });
    await screen.findByRole('heading', { level: 1, name: 'Review your order' });
    await user.click(confirmButton());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Your coupon could not be used')).toBeTruthy();
    expect(alert.textContent).toContain('This coupon is no longer available.');
    expect(screen.queryByText(/Thank you/)).toBeNull();
  });

  it('goes Back to the packages step even with the calendar last', async () => {
    server();
    const user = userEvent.setup();
    const { goTo } = renderStep(ReviewStep, { office: office(), order: order(), mode: 'calendar-last' });
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(goTo).toHaveBeenCalledWith('packages');
  });

  it('gives the time up when the cart changed with the calendar last, to pick it again', async () => {
    const { requests } = server();
    renderStep(ReviewStep, { office: office(), order: order({ services_changed: true }), mode: 'calendar-last' });
    await waitFor(() =>
      expect(requests.find((r) => r.path.endsWith('/set_datetime'))?.body).toEqual({ datetime: null }),
    );
    expect(screen.queryByRole('button', { name: 'Confirm My Inspection' })).toBeNull();
  });

  it('keeps the time when the cart changed with the calendar first', async () => {
    const { requests } = server();
    renderStep(ReviewStep, { office: office(), order: order({ services_changed: true }), mode: 'default' });
    await screen.findByRole('button', { name: 'Confirm My Inspection' });
    expect(requests.some((r) => r.path.endsWith('/set_datetime'))).toBe(false);
  });
});

describe('the agreement signed on the review (issue 43)', () => {
  const TEMPLATE = '5f0c1c2e-7f1d-4c2a-9e61-3d4f8a2b9c10';
  const SHA = 'a'.repeat(64);
  const toSign: ReviewAgreements = {
    sign_now: true,
    signer_name: 'Dana Whitfield',
    agreements: [
      {
        template_id: TEMPLATE,
        title: 'Pre-inspection agreement',
        html: '<p>Dana Whitfield engages Acme to inspect 1105 Schrock Rd.</p><script>window.hacked = 1</script>',
        document_sha256: SHA,
      },
    ],
    consent_text: ESIGN_CONSENT_TEXT,
  };

  async function signByTyping(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('checkbox', { name: ESIGN_CONSENT_TEXT }));
    await user.type(screen.getByRole('textbox', { name: /Full name/ }), 'Dana Whitfield');
    await user.click(screen.getByRole('radio', { name: 'Type' }));
    await user.click(screen.getByRole('button', { name: 'Sign the agreement' }));
  }

  it('shows the agreement, confirms nothing before it is signed, and sends the signature bound to the document with Confirm', async () => {
    const { requests } = server({ agreements: toSign });
    const user = userEvent.setup();
    renderStep(ReviewStep, { office: office(), order: order(), mode: 'default' });
    await screen.findByRole('heading', { level: 2, name: 'Your inspection agreement' });
    const documentRegion = screen.getByRole('region', { name: 'Pre-inspection agreement' });
    expect(documentRegion.textContent).toContain('Dana Whitfield engages Acme');
    expect(documentRegion.innerHTML).not.toContain('script');
    await user.click(confirmButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Read and sign the agreement above before you confirm your inspection.',
    );
    expect(requests.some((r) => r.path.endsWith('/confirm'))).toBe(false);

    await signByTyping(user);
    expect(await screen.findByText(/Signed as Dana Whitfield/)).toBeTruthy();
    await user.click(confirmButton());
    await waitFor(() => expect(requests.some((r) => r.path.endsWith('/confirm'))).toBe(true));
    expect(requests.find((r) => r.path.endsWith('/confirm'))?.body).toMatchObject({
      agreement_signature: {
        consent: true,
        typed_name: 'Dana Whitfield',
        method: 'typed',
        signature_png: null,
        documents: [{ template_id: TEMPLATE, document_sha256: SHA }],
      },
    });
  });

  it('takes the signature back with Change, and asks for it anew when the agreement changed before Confirm', async () => {
    const message = 'The agreement changed since this page was opened. Please read it again before you sign.';
    server({
      agreements: toSign,
      confirm: [{ status: 409, body: { error: { code: 'agreement_changed', message, field: 'agreement_signature' } } }],
    });
    const user = userEvent.setup();
    renderStep(ReviewStep, { office: office(), order: order(), mode: 'default' });
    await signByTyping(user);
    await user.click(await screen.findByRole('button', { name: 'Change my signature' }));
    expect(screen.getByRole('button', { name: 'Sign the agreement' })).toBeTruthy();
    await signByTyping(user);
    await user.click(confirmButton());
    const alert = await screen.findByText('The agreement changed');
    expect(alert.closest('[role="alert"]')?.textContent).toContain(message);
    // The signature was of the old document: the form is back, to sign the one shown now.
    expect(await screen.findByRole('button', { name: 'Sign the agreement' })).toBeTruthy();
  });

  it('shows nothing to sign where the company signs after booking, and confirms without a signature', async () => {
    const { requests } = server();
    const user = userEvent.setup();
    renderStep(ReviewStep, { office: office(), order: order(), mode: 'default' });
    await screen.findByRole('heading', { level: 1, name: 'Review your order' });
    expect(screen.queryByRole('heading', { name: 'Your inspection agreement' })).toBeNull();
    await user.click(confirmButton());
    await waitFor(() => expect(requests.some((r) => r.path.endsWith('/confirm'))).toBe(true));
    expect(requests.find((r) => r.path.endsWith('/confirm'))?.body).not.toHaveProperty('agreement_signature');
  });
});

describe('the thank-you state', () => {
  it('(the review too) says so when the cart cannot be loaded, rather than going back to its skeleton', async () => {
    const outage = { down: true };
    server({ pricingOutage: outage });
    const user = userEvent.setup();
    renderStep(ReviewStep, { office: office(), order: order(), mode: 'default' });
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 6000 });
    outage.down = false;
    await user.click(retry);
    await within(await screen.findByRole('region', { name: 'Shopping Cart' })).findByText('Total:');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  }, 10_000);

  it('says so when the cart cannot be loaded, with Try again, rather than an empty Shopping Cart', async () => {
    const outage = { down: true };
    server({ pricingOutage: outage });
    const user = userEvent.setup();
    renderStep(ThankYou, { office: office(), order: order({ confirmed: true }) });
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 6000 });
    screen.getByText(/^Something went wrong\. Please try again, or call our office at/);
    outage.down = false;
    await user.click(retry);
    const cart = screen.getByRole('region', { name: 'Shopping Cart' });
    await within(cart).findByText('Total:');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  }, 10_000);

  it('shows the default text with the office e-mail and phone, Pay Online for an unpaid order with the payment link on, and Schedule Again', async () => {
    server();
    renderStep(ThankYou, {
      office: office(setting('SHOW_PAYMENT_LINK')),
      order: order({ confirmed: true, pay_url: 'https://pay.example.com/o/1' }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Thank you!' });
    screen.getByText(
      'Your inspection order has been placed. Someone from our office will contact you soon for further confirmation.',
    );
    expect(screen.getByRole('link', { name: 'schedule@example.com' }).getAttribute('href')).toBe(
      'mailto:schedule@example.com',
    );
    const pay = screen.getByRole('link', { name: 'Pay Online' });
    expect(pay.getAttribute('href')).toBe('https://pay.example.com/o/1');
    expect(pay.getAttribute('target')).toBe('_blank');
    screen.getByRole('link', { name: 'Schedule Again' });
  });

  it('says what Pay Online charges, tax included, before it is pressed, where the prices shown are before tax (issue 42)', async () => {
    server({ pricing: pricing({ taxes_hidden: true, totals: { ...pricing().totals, display_total: 69500 } }) });
    renderStep(ThankYou, {
      office: office(setting('SHOW_PAYMENT_LINK')),
      order: order({ confirmed: true, pay_url: 'https://pay.example.com/o/1' }),
    });
    const pay = await screen.findByRole('link', { name: 'Pay Online' });
    const said = screen.getByText('Paying online charges $722.30, tax included.');
    expect(pay.getAttribute('aria-describedby')).toBe(said.id);
    expect(said.compareDocumentPosition(pay) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The cart above it says its total is before tax.
    expect(within(screen.getByRole('region', { name: 'Shopping Cart' })).getByText('Prices before tax')).toBeTruthy();
  });

  it('says the balance Pay Online charges once the office took part of the order (issue 44)', async () => {
    server();
    renderStep(ThankYou, {
      office: office(setting('SHOW_PAYMENT_LINK')),
      order: order({ confirmed: true, pay_url: 'https://pay.example.com/o/1', balance_due_cents: 1 }),
    });
    const pay = await screen.findByRole('link', { name: 'Pay Online' });
    const said = screen.getByText('Paying online charges the balance due, $0.01, tax included.');
    expect(pay.getAttribute('aria-describedby')).toBe(said.id);
  });

  it('says nothing of the kind where the tax is shown in the total', async () => {
    server();
    renderStep(ThankYou, {
      office: office(setting('SHOW_PAYMENT_LINK')),
      order: order({ confirmed: true, pay_url: 'https://pay.example.com/o/1' }),
    });
    const pay = await screen.findByRole('link', { name: 'Pay Online' });
    expect(pay.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByText(/Paying online charges/)).toBeNull();
  });

  it('shows the custom banner with its line breaks, and no Pay Online once paid or without the setting', async () => {
    server();
    const banner = 'Thanks for booking!\nWe will call you within the hour.';
    renderStep(ThankYou, {
      office: office(setting('CONFIRMATION_BANNER', banner), setting('SHOW_PAYMENT_LINK')),
      order: order({ confirmed: true, paid: true, pay_url: 'https://pay.example.com/o/1' }),
    });
    const text = await screen.findByText(/Thanks for booking!/);
    expect(text.textContent).toBe(banner);
    expect(emotionCssOf(text)).toMatch(/[{;]white-space:pre-line;/);
    expect(screen.queryByText(/Your inspection order has been placed/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Pay Online' })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Paid');
  });

  it('says nothing of payment for an order that is not paid', async () => {
    server();
    renderStep(ThankYou, {
      office: office(setting('SHOW_PAYMENT_LINK')),
      order: order({ confirmed: true, pay_url: 'https://pay.example.com/o/1' }),
    });
    await screen.findByRole('link', { name: 'Pay Online' });
    expect(screen.queryByText('Paid')).toBeNull();
  });

  it("opens the booking's manage page with a link of the visitor's own, and says so when it cannot", async () => {
    const { requests } = server();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const user = userEvent.setup();
    renderStep(ThankYou, { office: office(), order: order({ confirmed: true }) });
    await user.click(await screen.findByRole('button', { name: 'Manage your inspection' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://book.example.com/acme/manage/tok'));
    expect(
      requests.filter((request) => request.path.endsWith('/manage_link')).map((request) => request.method),
    ).toEqual(['POST']);
  });

  it('says the manage page could not be opened when the link is refused', async () => {
    server({ manageLinkDown: true });
    const user = userEvent.setup();
    renderStep(ThankYou, { office: office(), order: order({ confirmed: true }) });
    await user.click(await screen.findByRole('button', { name: 'Manage your inspection' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^The manage page could not be opened/);
  });

  it('says a cancelled booking is cancelled, without Pay Online', async () => {
    server();
    renderStep(ThankYou, {
      office: office(setting('SHOW_PAYMENT_LINK')),
      order: order({ confirmed: true, cancelled: true, pay_url: 'https://pay.example.com/o/1' }),
    });
    await screen.findByText('This inspection was cancelled. To book another, choose Schedule Again.');
    expect(screen.queryByRole('link', { name: 'Pay Online' })).toBeNull();
  });

  it('offers the redirect button when the company configures one', async () => {
    server();
    renderStep(ThankYou, {
      office: office(
        setting('REDIRECT_BUTTON_ENABLED'),
        setting('REDIRECT_BUTTON_URL', 'https://example.com/home'),
        setting('REDIRECT_BUTTON_TEXT', 'Back to our website'),
      ),
      order: order({ confirmed: true }),
    });
    const link = await screen.findByRole('link', { name: 'Back to our website' });
    expect(link.getAttribute('href')).toBe('https://example.com/home');
  });
});

describe('a payment at booking (issue 44, decision 0085)', () => {
  const deposit: BookingPaymentView = {
    ...NOTHING_DUE,
    due: {
      kind: 'deposit',
      amount_cents: 18_058,
      amount: '$180.58',
      due_later_cents: 54_172,
      due_later: '$541.72',
      total_cents: 72_230,
      total: '$722.30',
      currency: 'USD',
      save_card: true,
    },
  };

  it('says before Confirm what is paid to book, tax included, and that the card is kept for the policy’s fees; Confirm goes to Stripe’s page in this tab', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const checkout = 'https://checkout.stripe.test/c/cs_test_1';
    server({
      bookingPayment: deposit,
      confirm: [
        {
          status: 200,
          body: {
            status: 'payment_required',
            checkout_url: checkout,
            held_until: new Date(Date.now() + 35 * 60_000).toISOString(),
          },
        },
      ],
    });
    renderStep(ReviewStep, { office: office(), order: order() });
    const section = await screen.findByRole('region', { name: 'Payment to book' });
    expect(section.textContent).toContain(
      'A deposit of $180.58 is paid by card to book this inspection; the remaining $541.72 is due at the inspection. Total $722.30, tax included.',
    );
    expect(section.textContent).toContain(
      'Stripe keeps your card for the fees of our rescheduling and cancellation policy',
    );
    // The deposit and the rest add up to the total.
    expect(deposit.due!.amount_cents + deposit.due!.due_later_cents).toBe(deposit.due!.total_cents);
    await userEvent.click(confirmButton());
    await waitFor(() => expect(assign).toHaveBeenCalledWith(checkout));
    expect(screen.getByRole('button', { name: /Opening the payment page/ })).toBeTruthy();
  });

  it('says nothing of a payment where nothing is taken at booking', async () => {
    server();
    renderStep(ReviewStep, { office: office(), order: order() });
    await screen.findByRole('heading', { level: 1, name: 'Review your order' });
    await waitFor(() => expect(confirmButton()).toBeTruthy());
    expect(screen.queryByRole('region', { name: 'Payment to book' })).toBeNull();
  });

  it('back from Stripe with the session: tells the server once and takes the query off the address', async () => {
    const { requests } = server({ paymentReturn: { status: 'ok', pay_url: null } });
    renderStep(ReviewStep, {
      office: office(),
      order: order(),
      initialPath: '/acme/online-scheduler/review?booking_payment=cs_test_000123',
    });
    await waitFor(() => expect(requests.filter((r) => r.path.endsWith('/booking_payment/return'))).toHaveLength(1));
    const sent = requests.find((r) => r.path.endsWith('/booking_payment/return'))!;
    expect(sent.body).toEqual({ session_id: 'cs_test_000123' });
  });

  it('back from Stripe without paying: the page is closed, and the review says nothing was charged and until when the time is held', async () => {
    const { requests } = server({ paymentReturn: { status: 'cancelled' } });
    const until = new Date(Date.now() + 15 * 60_000).toISOString();
    renderStep(ReviewStep, {
      office: office(),
      order: order({ hold_expires_at: until }),
      initialPath: '/acme/online-scheduler/review?booking_payment=cancelled',
    });
    const said = await screen.findByText(
      /Your payment was not completed, and nothing was charged\. Your time is held until/,
    );
    expect(said.textContent).toMatch(/held until \d{1,2}:\d{2}\s?[AP]M/);
    expect(requests.filter((r) => r.path.endsWith('/booking_payment/cancel'))).toHaveLength(1);
  });

  it('paid but not booked: says the money goes back in full', async () => {
    server({ paymentReturn: { status: 'not_booked' } });
    renderStep(ReviewStep, {
      office: office(),
      order: order(),
      initialPath: '/acme/online-scheduler/review?booking_payment=cs_test_000124',
    });
    await screen.findByText(/The payment is being refunded to your card in full/);
  });

  it('the thank-you says what was paid at booking and what is due at the inspection', async () => {
    server({
      bookingPayment: {
        ...NOTHING_DUE,
        state: 'booked',
        paid: { kind: 'deposit', amount: '$180.58', due_later_cents: 54_172, due_later: '$541.72' },
      },
    });
    renderStep(ThankYou, { office: office(), order: order({ confirmed: true }) });
    await screen.findByText('Deposit paid, $541.72 due at the inspection.');
  });
});
