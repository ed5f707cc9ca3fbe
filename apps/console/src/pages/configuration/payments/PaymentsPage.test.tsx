import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StripeSecretsStatus } from '@scheduler/contracts/payments';
import { refusal, renderPage, type Answer, type RecordedRequest } from '../../../test-support/render-page.tsx';
import {
  CONFIGURATION_PATH,
  saves,
  serveConfigurationOf,
  type ServeOptions,
} from '../../../test-support/configuration-server.ts';
import PaymentsPage from './PaymentsPage.tsx';
import {
  BUYERS,
  DOCUMENT,
  HOME,
  KEYS_PATH,
  KEYS_SET,
  LINK,
  NO_KEYS,
  SECRET,
  SIGNING,
  STRIPE_DOCUMENT,
  STRIPE_PAYMENTS,
} from '../../../test-support/configuration-documents/payments-test-document.ts';
import { enterText } from '../../../test-support/enter-text.ts';
import { accessibleDescription } from '../../../test-support/accessible-description.ts';

type Document = Record<string, unknown>;

const server = serveConfigurationOf<Document>(DOCUMENT, 'payments.provider');
/** The server: who am I, the configuration and its save, and the keys route. */
const serve = ({
  keys = NO_KEYS,
  putKeys,
  ...options
}: ServeOptions<Document> & { keys?: StripeSecretsStatus; putKeys?: (request: RecordedRequest) => Answer } = {}) =>
  server.serve({
    ...options,
    routes: (request) => {
      if (request.method === 'GET' && request.path === KEYS_PATH) return { status: 200, body: keys };
      if (request.method === 'PUT' && request.path === KEYS_PATH)
        return putKeys?.(request) ?? { status: 200, body: KEYS_SET };
      return undefined;
    },
  });

const renderPayments = () => renderPage(<PaymentsPage />, { path: '/demo/payments', pattern: '/:companyKey/payments' });
const saveButton = () => screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement;
const linkField = () => screen.getByRole('textbox', { name: "Your payment page's address" }) as HTMLInputElement;
const secretKey = () => screen.getByLabelText('Secret key') as HTMLInputElement;
const signingSecret = () => screen.getByLabelText('Webhook signing secret') as HTMLInputElement;
const keySaves = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'PUT' && r.path === KEYS_PATH).map((r) => r.body);
const atBooking = () => screen.getByRole('region', { name: 'At booking' });
const companyRule = () => within(atBooking()).getByRole('radiogroup', { name: 'What clients pay when they book' });
const summary = () => screen.getByTestId('at-booking-summary').textContent;
const box = (region: HTMLElement, name: string) => within(region).getByRole('textbox', { name }) as HTMLInputElement;
const choose = (region: HTMLElement, name: string) => userEvent.click(within(region).getByRole('radio', { name }));
async function pick(region: HTMLElement, label: string, option: string) {
  await userEvent.click(within(region).getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}
async function retype(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  if (text) await enterText(field, text);
}
/** The server with the Stripe company, its payments section as given. */
const serveStripe = (payments: Record<string, unknown> = STRIPE_PAYMENTS, options: ServeOptions<Document> = {}) =>
  serve({ document: { ...STRIPE_DOCUMENT, payments }, keys: KEYS_SET, ...options });
/** Saves, and the one document the page sent. */
async function savedOnce(requests: RecordedRequest[]) {
  await userEvent.click(saveButton());
  await waitFor(() => expect(documentSaves(requests)).toHaveLength(1));
  return documentSaves(requests)[0];
}
const loadedStripe = () => screen.findByRole('region', { name: 'At booking' });
const documentSaves = (requests: RecordedRequest[]) => saves(requests.filter((r) => r.path === CONFIGURATION_PATH));

describe('the payments page', () => {
  it('shows the choice in plain words, the link, "No keys yet" and the webhook address for Stripe', async () => {
    serve();
    renderPayments();
    await screen.findByRole('radio', { name: 'A payment page of your own' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'How visitors pay',
      'At booking',
      'Stripe keys',
    ]);
    // Without Stripe, payment at booking is explained, not offered.
    expect(atBooking().textContent).toMatch(/needs Stripe: choose Stripe above to set it\.$/);
    expect(within(atBooking()).queryByRole('radio')).toBeNull();
    expect((screen.getByRole('radio', { name: 'A payment page of your own' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('radio', { name: 'Stripe' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'No online payment' })).toBeTruthy();
    expect(linkField().value).toBe(LINK);
    expect(await screen.findByText('No keys yet')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Webhook address for Stripe' }) as HTMLInputElement).value).toBe(
      `${window.location.origin}/api/payments/stripe/webhook/demo`,
    );
    expect(secretKey().type).toBe('password');
    expect(signingSecret().type).toBe('password');
  });

  it('saves Stripe as the provider, the link kept as it was', async () => {
    const requests = serve({ keys: KEYS_SET });
    renderPayments();
    expect(await screen.findByText('Keys set on November 20, 2026')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'Stripe' }));
    expect(screen.queryByRole('textbox', { name: "Your payment page's address" })).toBeNull();
    expect(await savedOnce(requests)).toEqual({
      base_version: 7,
      document: { ...DOCUMENT, payments: { provider: 'stripe' } },
    });
    expect(await screen.findByText('Saved as version 8. The next bookings use it.')).toBeTruthy();
  });

  it('edits the link, refusing one that is not an address at its field', async () => {
    const requests = serve();
    renderPayments();
    await screen.findByRole('radio', { name: 'Stripe' });
    await userEvent.clear(linkField());
    await enterText(linkField(), 'pay.example');
    await userEvent.click(saveButton());
    await waitFor(() =>
      expect(accessibleDescription(linkField())).toMatch(/^Enter an address beginning with https:\/\//),
    );
    expect(documentSaves(requests)).toEqual([]);
    await userEvent.clear(linkField());
    await enterText(linkField(), 'https://pay.example/{{order_id}');
    expect(await savedOnce(requests)).toEqual({
      base_version: 7,
      document: { ...DOCUMENT, notifications: { office_email: '', payment_link: 'https://pay.example/{order_id}' } },
    });
  });

  it('sends the keys once to their own route, empties the fields and says when they were set', async () => {
    const requests = serve();
    renderPayments();
    await screen.findByText('No keys yet');
    await enterText(secretKey(), ` ${SECRET}`);
    await enterText(signingSecret(), SIGNING);
    await userEvent.click(screen.getByRole('button', { name: 'Save the keys' }));
    await waitFor(() => expect(keySaves(requests)).toEqual([{ secret_key: SECRET, webhook_secret: SIGNING }]));
    expect(await screen.findByText('Keys saved. They are kept encrypted and are never shown again.')).toBeTruthy();
    expect(screen.getByText('Keys set on November 20, 2026')).toBeTruthy();
    expect(secretKey().value).toBe('');
    expect(signingSecret().value).toBe('');
    // The document is not touched by the keys.
    expect(documentSaves(requests)).toEqual([]);
  });

  it('checks the keys before sending them, naming each field', async () => {
    const requests = serve();
    renderPayments();
    await screen.findByText('No keys yet');
    await enterText(secretKey(), 'pk_test_abcdEFGH1234');
    await userEvent.click(screen.getByRole('button', { name: 'Save the keys' }));
    await waitFor(() => expect(accessibleDescription(secretKey())).toMatch(/^Paste the secret key from Stripe/));
    expect(accessibleDescription(signingSecret())).toMatch(/^Paste the signing secret/);
    expect(keySaves(requests)).toEqual([]);
  });

  it("shows the server's message when it cannot keep keys (409), keeping what was typed", async () => {
    const message = 'Online payment is not set up on this server (DATA_ENCRYPTION_KEY is not set).';
    serve({ putKeys: () => refusal(409, 'payments_not_configured', message) });
    renderPayments();
    await screen.findByText('No keys yet');
    await enterText(secretKey(), SECRET);
    await enterText(signingSecret(), SIGNING);
    await userEvent.click(screen.getByRole('button', { name: 'Save the keys' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(secretKey().value).toBe(SECRET);
    expect(screen.getByText('No keys yet')).toBeTruthy();
  });

  it("shows the route's refusal of a key at its field", async () => {
    serve({
      putKeys: () => ({
        status: 400,
        body: {
          error: {
            code: 'invalid_request',
            message: 'a Stripe webhook signing secret (whsec_...)',
            field: 'webhook_secret',
          },
        },
      }),
    });
    renderPayments();
    await screen.findByText('No keys yet');
    await enterText(secretKey(), SECRET);
    await enterText(signingSecret(), SIGNING);
    await userEvent.click(screen.getByRole('button', { name: 'Save the keys' }));
    await waitFor(() =>
      expect(accessibleDescription(signingSecret())).toBe('a Stripe webhook signing secret (whsec_...)'),
    );
  });
});

describe('payment at booking (issue 44)', () => {
  it("shows the company's rule, the services' own and what a client will be asked, in plain words", async () => {
    serveStripe();
    renderPayments();
    const section = await loadedStripe();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'How visitors pay',
      'At booking',
      'Rules for a service',
      'Rules for a package',
      'Stripe keys',
    ]);
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Radon Testing',
    ]);
    expect(
      within(companyRule())
        .getAllByRole('radio')
        .map((radio) => [radio.closest('label')?.textContent, (radio as HTMLInputElement).checked]),
    ).toEqual([
      ['Nothing: clients pay after booking', false],
      ['A deposit of a fixed amount', true],
      ['A deposit of a percent of the total', false],
      ['The whole total', false],
    ]);
    const deposit = box(section, 'Deposit (USD)');
    expect(deposit.value).toBe('100.00');
    expect(deposit.getAttribute('inputmode')).toBe('decimal');
    expect(accessibleDescription(deposit)).toBe(
      "In USD, like 75 or 75.50. When an order's total is less, the whole total is taken.",
    );
    const card = within(section).getByRole('checkbox', { name: "Save the client's card at booking" });
    expect((card as HTMLInputElement).checked).toBe(false);
    expect(accessibleDescription(card)).toMatch(
      /^Stripe keeps the card, not this system\. It is used only for the fees of your booking-change policy/,
    );
    expect(summary()).toBe(
      'Clients pay a deposit of $100.00 when they book; the rest is due at the inspection. Radon Testing: the whole total at booking. An order pays the most that any of its services or packages asks, on its total with tax.',
    );
    const radon = screen.getByRole('region', { name: 'Radon Testing' });
    expect((within(radon).getByRole('radio', { name: 'The whole total' }) as HTMLInputElement).checked).toBe(true);
    // The row's own service stays on offer with the others; a heading of the services list is not one.
    await userEvent.click(within(radon).getByRole('combobox', { name: 'Service' }));
    expect(
      within(await screen.findByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Full Home Inspection', 'Radon Testing']);
    await userEvent.keyboard('{Escape}');
    expect(within(screen.getByRole('region', { name: 'Rules for a package' })).getAllByRole('button')).toHaveLength(1);
  });

  it.each([
    ['A deposit of a fixed amount', 'Deposit (USD)', '0', { kind: 'deposit_amount', amount_cents: 0 }],
    [
      'A deposit of a fixed amount',
      'Deposit (USD)',
      '1,000,000',
      { kind: 'deposit_amount', amount_cents: 100_000_000 },
    ],
    [
      'A deposit of a percent of the total',
      'Deposit (% of the total with tax)',
      '100',
      { kind: 'deposit_percent', percent: 100 },
    ],
    [
      'A deposit of a percent of the total',
      'Deposit (% of the total with tax)',
      '0',
      { kind: 'deposit_percent', percent: 0 },
    ],
    ['The whole total', null, '', { kind: 'full' }],
  ] as const)(
    'writes "%s" %s %j as the company\'s rule, and nothing else of the section',
    async (choice, field, text, rule) => {
      const requests = serveStripe({ provider: 'stripe' });
      renderPayments();
      const section = await loadedStripe();
      expect(summary()).toBe('Clients pay nothing when they book; they pay after booking.');
      await choose(section, choice);
      if (field) {
        expect(box(section, field).getAttribute('inputmode')).toBe(field === 'Deposit (USD)' ? 'decimal' : 'numeric');
        await retype(box(section, field), text);
      }
      await userEvent.click(saveButton());
      await waitFor(() => expect(documentSaves(requests)).toHaveLength(1));
      expect(documentSaves(requests)[0]).toEqual({
        base_version: 7,
        document: { ...STRIPE_DOCUMENT, payments: { provider: 'stripe', at_booking: rule } },
      });
    },
  );

  it('refuses a percent of 101 and an amount past 1,000,000.00 at their fields, and sends nothing', async () => {
    const requests = serveStripe();
    renderPayments();
    const section = await loadedStripe();
    await retype(box(section, 'Deposit (USD)'), '1,000,000.01');
    const radon = screen.getByRole('region', { name: 'Radon Testing' });
    await choose(radon, 'A deposit of a percent of the total');
    await retype(box(radon, 'Deposit (% of the total with tax)'), '101');
    expect(summary()).toBe('The summary comes back once every amount below holds a valid value.');
    await userEvent.click(saveButton());
    await waitFor(() =>
      expect(accessibleDescription(box(section, 'Deposit (USD)'))).toBe(
        'Enter an amount in USD from 0 to 1,000,000.00, like 75 or 75.50, without a currency sign.',
      ),
    );
    const percent = box(radon, 'Deposit (% of the total with tax)');
    expect(accessibleDescription(percent)).toBe('Enter a whole number from 0 to 100, like 25.');
    expect(percent.getAttribute('aria-invalid')).toBe('true');
    expect(documentSaves(requests)).toEqual([]);
  });

  it("adds a service's and a package's own rule, removes one, and says so in the summary", async () => {
    const requests = serveStripe();
    renderPayments();
    await loadedStripe();
    const services = screen.getByRole('region', { name: 'Rules for a service' });
    await userEvent.click(within(services).getByRole('button', { name: 'Add a rule for a service' }));
    const added = screen.getByRole('region', { name: 'A service' });
    // Radon Testing has its rule already: only the other service is offered.
    await userEvent.click(within(added).getByRole('combobox', { name: 'Service' }));
    expect(
      within(await screen.findByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Full Home Inspection']);
    await userEvent.click(screen.getByRole('option', { name: 'Full Home Inspection' }));
    const home = screen.getByRole('region', { name: 'Full Home Inspection' });
    await choose(home, 'A deposit of a percent of the total');
    await retype(box(home, 'Deposit (% of the total with tax)'), '50');
    expect(
      (within(services).getByRole('button', { name: 'Add a rule for a service' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Remove the rule for Radon Testing' }));
    expect(screen.queryByRole('region', { name: 'Radon Testing' })).toBeNull();

    const packages = screen.getByRole('region', { name: 'Rules for a package' });
    await userEvent.click(within(packages).getByRole('button', { name: 'Add a rule for a package' }));
    await pick(screen.getByRole('region', { name: 'A package' }), 'Package', "Buyer's Package");
    await choose(screen.getByRole('region', { name: "Buyer's Package" }), 'The whole total');
    expect(summary()).toBe(
      "Clients pay a deposit of $100.00 when they book; the rest is due at the inspection. Full Home Inspection: a deposit of 50% of the total at booking. Buyer's Package: the whole total at booking. An order pays the most that any of its services or packages asks, on its total with tax.",
    );
    expect(await savedOnce(requests)).toEqual({
      base_version: 7,
      document: {
        ...STRIPE_DOCUMENT,
        payments: {
          ...STRIPE_PAYMENTS,
          services: [{ service: HOME, at_booking: { kind: 'deposit_percent', percent: 50 } }],
          packages: [{ package: BUYERS, at_booking: { kind: 'full' } }],
        },
      },
    });
  });

  it('saves the card and nothing at booking, in plain words', async () => {
    const requests = serveStripe();
    renderPayments();
    const section = await loadedStripe();
    await choose(section, 'Nothing: clients pay after booking');
    expect(within(section).queryByRole('textbox', { name: 'Deposit (USD)' })).toBeNull();
    await userEvent.click(within(section).getByRole('checkbox', { name: "Save the client's card at booking" }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove the rule for Radon Testing' }));
    expect(summary()).toBe(
      "Clients pay nothing when they book; they pay after booking. The client's card is saved with Stripe, for the fees of your booking-change policy.",
    );
    expect(await savedOnce(requests)).toEqual({
      base_version: 7,
      document: {
        ...STRIPE_DOCUMENT,
        payments: { ...STRIPE_PAYMENTS, at_booking: { kind: 'later' }, save_card: true, services: [] },
      },
    });
  });

  it("shows the server's refusal of the rule without Stripe at the rule, and of a service at its row", async () => {
    const answers = [
      {
        path: 'payments.at_booking',
        message: 'Payment at booking and saved cards need Stripe as the way visitors pay',
      },
      { path: 'payments.services.0.service', message: 'a service listed twice' },
    ];
    let saved = 0;
    serveStripe(STRIPE_PAYMENTS, {
      put: () => {
        const { path, message } = answers[saved++]!;
        return {
          status: 400,
          body: {
            error: {
              code: 'invalid_document',
              message: `Invalid company document field "${path}": ${message}`,
              field: path,
            },
          },
        };
      },
    });
    renderPayments();
    const section = await loadedStripe();
    await choose(section, 'The whole total');
    await userEvent.click(saveButton());
    await waitFor(() =>
      expect(accessibleDescription(companyRule())).toBe(
        'Payment at booking and saved cards need Stripe as the way visitors pay',
      ),
    );
    await userEvent.click(saveButton());
    const service = within(screen.getByRole('region', { name: 'Radon Testing' })).getByRole('combobox', {
      name: 'Service',
    });
    await waitFor(() => expect(accessibleDescription(service)).toBe('A service listed twice'));
    expect(saved).toBe(2);
  });

  it('warns that leaving Stripe turns payment at booking off, and saves it off', async () => {
    const requests = serveStripe();
    renderPayments();
    await loadedStripe();
    await userEvent.click(screen.getByRole('radio', { name: 'No online payment' }));
    expect(screen.queryByRole('region', { name: 'Rules for a service' })).toBeNull();
    expect(within(atBooking()).getByRole('alert').textContent).toMatch(
      /^Saving with this choice turns payment at booking off: clients will pay nothing when they book/,
    );
    expect(await savedOnce(requests)).toEqual({
      base_version: 7,
      document: {
        ...STRIPE_DOCUMENT,
        payments: { ...STRIPE_PAYMENTS, provider: 'none', at_booking: { kind: 'later' }, services: [] },
      },
    });
  });
});
