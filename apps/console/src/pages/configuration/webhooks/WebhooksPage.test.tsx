import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  WEBHOOK_EVENTS,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointInput,
} from '@scheduler/contracts/webhooks';
import { asRole, OWNER } from '../../../test-support/configuration-server.ts';
import { enterText } from '../../../test-support/enter-text.ts';
import {
  refusal,
  renderPage,
  stubServer,
  type Answer,
  type RecordedRequest,
} from '../../../test-support/render-page.tsx';
import { bodyRows } from '../../../test-support/table-rows.ts';
import WebhooksPage from './WebhooksPage.tsx';

const WEBHOOKS = '/api/console/companies/demo/webhooks';
const ID = 'e1c0ffee-0000-4000-8000-000000000001';
const NEW_ID = 'e1c0ffee-0000-4000-8000-000000000002';
const AT = '2026-11-20T15:00:00.000Z';
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const ROTATED = 'whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD';

const ENDPOINT: WebhookEndpoint = {
  id: ID,
  url: 'https://hooks.example.com/in',
  description: 'Report writer',
  events: ['order.confirmed', 'order.cancelled'],
  enabled: true,
  disabled_reason: null,
  failing_since: null,
  previous_secret_expires_at: null,
  made_by_key: null,
  created_at: AT,
};

const delivery = (id: number, rest: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id,
  event_id: `evt_${String(id).padStart(32, '0')}`,
  event_type: 'order.confirmed',
  state: 'delivered',
  attempts: 1,
  created_at: AT,
  last_attempt_at: AT,
  next_attempt_at: null,
  outcome: null,
  request: { headers: { 'webhook-id': `evt_${id}` }, body: '{"type":"order.confirmed"}' },
  response: { status: 200, headers: { 'content-type': 'text/plain' }, body: 'thanks' },
  ...rest,
});

/** The webhook routes as the server answers them, over endpoints it keeps. */
function serveWebhooks({
  me = OWNER,
  endpoints = [ENDPOINT],
  refuseSave,
}: { me?: ReturnType<typeof asRole>; endpoints?: WebhookEndpoint[]; refuseSave?: Answer } = {}) {
  const kept = [...endpoints];
  return stubServer((request: RecordedRequest): Answer | undefined => {
    if (request.path === '/api/console/me') return { status: 200, body: me };
    if (request.method === 'GET' && request.path === WEBHOOKS)
      return {
        status: 200,
        body: { endpoints: kept, events: WEBHOOK_EVENTS.map(({ type, description }) => ({ type, description })) },
      };
    if (request.method === 'POST' && request.path === WEBHOOKS) {
      if (refuseSave) return refuseSave;
      const made = { ...ENDPOINT, ...(request.body as WebhookEndpointInput), id: NEW_ID };
      kept.push(made);
      return { status: 201, body: made };
    }
    if (request.method === 'PUT' && request.path === `${WEBHOOKS}/${ID}`) {
      Object.assign(kept[0]!, request.body as WebhookEndpointInput);
      return { status: 200, body: kept[0] };
    }
    if (request.method === 'POST' && request.path === `${WEBHOOKS}/${ID}/secret`)
      return { status: 200, body: { secret: SECRET, previous_secret_expires_at: null } };
    if (request.method === 'POST' && request.path === `${WEBHOOKS}/${ID}/secret/rotate`)
      return { status: 200, body: { secret: ROTATED, previous_secret_expires_at: '2026-11-21T15:00:00.000Z' } };
    if (request.method === 'POST' && request.path === `${WEBHOOKS}/${ID}/test`)
      return { status: 202, body: { delivery_id: 9 } };
    if (request.method === 'GET' && request.path === `${WEBHOOKS}/${ID}/deliveries?limit=20`)
      return {
        status: 200,
        body: {
          deliveries: [
            delivery(3, {
              state: 'pending',
              attempts: 2,
              outcome: 'http_500',
              response: { status: 500, headers: {}, body: 'oops' },
            }),
            delivery(2),
          ],
          next_before: 2,
        },
      };
    if (request.method === 'GET' && request.path === `${WEBHOOKS}/${ID}/deliveries?limit=20&before=2`)
      return { status: 200, body: { deliveries: [delivery(1, { event_type: 'webhook.test' })], next_before: null } };
    if (request.method === 'POST' && request.path === `${WEBHOOKS}/${ID}/deliveries/2/resend`)
      return { status: 202, body: { delivery_id: 10 } };
    if (request.method === 'DELETE' && request.path === `${WEBHOOKS}/${ID}`) {
      kept.splice(0, 1);
      return { status: 204, body: null };
    }
    return undefined;
  });
}

const renderWebhooks = () => renderPage(<WebhooksPage />, { path: '/demo/webhooks', pattern: '/:companyKey/webhooks' });

describe('the webhooks page', () => {
  it("says which API key subscribed a REST hook, and nothing of the kind for the console's own endpoints", async () => {
    const hook: WebhookEndpoint = {
      ...ENDPOINT,
      id: NEW_ID,
      url: 'https://hooks.zapier.example/abc',
      description: '',
      events: ['order.paid'],
      made_by_key: { id: 'a1c0ffee-0000-4000-8000-000000000003', name: 'Zapier' },
    };
    serveWebhooks({ endpoints: [ENDPOINT, hook] });
    renderWebhooks();
    const table = await screen.findByRole('table', { name: 'The webhook endpoints' });
    expect(bodyRows(table)).toEqual([
      ['https://hooks.example.com/inReport writer', 'order.confirmed, order.cancelled', 'On', 'Open'],
      [
        'https://hooks.zapier.example/abcSubscribed through the API key “Zapier”: revoking that key deletes it.',
        'order.paid',
        'On',
        'Open',
      ],
    ]);
  });

  it('lists the endpoints and adds one with the events chosen by their checkboxes', async () => {
    const requests = serveWebhooks();
    renderWebhooks();
    const table = await screen.findByRole('table', { name: 'The webhook endpoints' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Webhooks');
    expect(bodyRows(table)).toEqual([
      ['https://hooks.example.com/inReport writer', 'order.confirmed, order.cancelled', 'On', 'Open'],
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Add an endpoint' }));
    const form = screen.getByRole('form', { name: 'New endpoint' });
    // Nothing chosen: refused in the form, nothing sent.
    await userEvent.click(within(form).getByRole('button', { name: 'Add the endpoint' }));
    expect(await within(form).findByText('Enter the full address, starting with https://.')).toBeTruthy();
    expect(within(form).getByText('Choose at least one event.')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await enterText(within(form).getByRole('textbox', { name: 'URL' }), 'https://crm.example.com/hooks');
    const paid = within(form).getByRole('checkbox', { name: /order\.paid/ });
    // Each checkbox is described by what its event means.
    expect(paid.getAttribute('aria-describedby')).toBe('event-order.paid');
    await userEvent.click(paid);
    await userEvent.click(within(form).getByRole('checkbox', { name: /order\.refunded/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add the endpoint' }));
    await screen.findByText('The endpoint was added.');
    // The keyboard's focus is where the button it pressed was: on the added endpoint's form.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save the endpoint' })));
    const post = requests.find((request) => request.method === 'POST' && request.path === WEBHOOKS);
    expect(post?.body).toEqual({
      url: 'https://crm.example.com/hooks',
      description: '',
      events: ['order.paid', 'order.refunded'],
      enabled: true,
    });
  });

  it('takes the keyboard back to "Add an endpoint" when the new endpoint is cancelled', async () => {
    serveWebhooks();
    renderWebhooks();
    await userEvent.click(await screen.findByRole('button', { name: 'Add an endpoint' }));
    const form = screen.getByRole('form', { name: 'New endpoint' });
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'New endpoint' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add an endpoint' }));
  });

  it("says the server's refusal of a URL at its field", async () => {
    serveWebhooks({
      refuseSave: {
        ...refusal(400, 'invalid_url', 'The URL leads to a private, loopback or link-local address.'),
        body: { error: { code: 'invalid_url', message: 'The URL leads to a private address.', field: 'url' } },
      },
    });
    renderWebhooks();
    await userEvent.click(await screen.findByRole('button', { name: 'Add an endpoint' }));
    const form = screen.getByRole('form', { name: 'New endpoint' });
    await enterText(within(form).getByRole('textbox', { name: 'URL' }), 'https://10.0.0.1/in');
    await userEvent.click(within(form).getByRole('checkbox', { name: /order\.paid/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add the endpoint' }));
    const url = within(form).getByRole('textbox', { name: 'URL' });
    await waitFor(() => expect(url.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText('The URL leads to a private address.')).toBeTruthy();
  });

  it('shows and rotates the secret, sends a test event, pages the log, shows a delivery and resends it', async () => {
    const requests = serveWebhooks();
    renderWebhooks();
    await userEvent.click(await screen.findByRole('button', { name: 'Open https://hooks.example.com/in' }));
    await userEvent.click(screen.getByRole('button', { name: 'Show the secret' }));
    expect(((await screen.findByRole('textbox', { name: 'Secret' })) as HTMLInputElement).value).toBe(SECRET);
    await userEvent.click(screen.getByRole('button', { name: 'Rotate the secret' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Rotate the secret?' })).getByRole('button', { name: 'Rotate' }),
    );
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Secret' }) as HTMLInputElement).value).toBe(ROTATED),
    );
    expect(screen.getByText(/The previous secret also signs until/)).toBeTruthy();
    // The dialog gives the keyboard's focus back to the button that opened it, enabled while the rotation runs.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rotate the secret' })));

    await userEvent.click(screen.getByRole('button', { name: 'Send a test event' }));
    expect(await screen.findByText('A test event was queued: it shows here once sent.')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST' && request.path === `${WEBHOOKS}/${ID}/test`)).toBe(
      true,
    );

    const log = await screen.findByRole('table', { name: 'The deliveries' });
    expect(bodyRows(log).map((row) => row.slice(0, 3))).toEqual([
      ['order.confirmed', 'Retrying (HTTP 500)', '2'],
      ['order.confirmed', 'Delivered (HTTP 200)', '1'],
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Older deliveries' }));
    const older = await screen.findByRole('table', { name: 'Older deliveries' });
    expect(bodyRows(older).map((row) => row[0])).toEqual(['webhook.test']);
    expect(screen.queryByRole('button', { name: 'Older deliveries' })).toBeNull();

    const details = screen.getByRole('button', { name: 'Show details of delivery 2' });
    await userEvent.click(details);
    expect(details.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(/HTTP 200\s+content-type: text\/plain\s+thanks/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('Queued to be sent again.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST' && r.path === `${WEBHOOKS}/${ID}/deliveries/2/resend`)).toBe(true);
  });

  it('deletes an endpoint once confirmed', async () => {
    const requests = serveWebhooks();
    renderWebhooks();
    await userEvent.click(await screen.findByRole('button', { name: 'Open https://hooks.example.com/in' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete the endpoint' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this endpoint?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The endpoint was deleted.')).toBeTruthy();
    expect(requests.some((request) => request.method === 'DELETE')).toBe(true);
    expect(await screen.findByText('No endpoints yet. Nothing is sent until one is added.')).toBeTruthy();
    // The keyboard's focus was in the sections deleted with the endpoint: it goes to adding one.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add an endpoint' }));
  });

  it('tells an office member the webhooks are the owners’ and admins’, asking the server nothing of them', async () => {
    const requests = serveWebhooks({ me: asRole('office') });
    renderWebhooks();
    expect(await screen.findByText("Only the company's owners and administrators manage its webhooks.")).toBeTruthy();
    expect(requests.some((request) => request.path.startsWith(WEBHOOKS))).toBe(false);
  });
});
