import { screen, waitFor } from '@testing-library/react';
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
  DOCUMENT,
  KEYS_PATH,
  KEYS_SET,
  LINK,
  NO_KEYS,
  SECRET,
  SIGNING,
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
const documentSaves = (requests: RecordedRequest[]) => saves(requests.filter((r) => r.path === CONFIGURATION_PATH));

describe('the payments page', () => {
  it('shows the choice in plain words, the link, "No keys yet" and the webhook address for Stripe', async () => {
    serve();
    renderPayments();
    await screen.findByRole('radio', { name: 'A payment page of your own' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'How visitors pay',
      'Stripe keys',
    ]);
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
    await userEvent.click(saveButton());
    await waitFor(() => expect(documentSaves(requests)).toHaveLength(1));
    expect(documentSaves(requests)[0]).toEqual({
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
    await userEvent.click(saveButton());
    await waitFor(() => expect(documentSaves(requests)).toHaveLength(1));
    expect(documentSaves(requests)[0]).toEqual({
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
