import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleMe } from '@scheduler/contracts/console';
import {
  refusal,
  renderPage,
  stubServer,
  type Answer,
  type RecordedRequest,
} from '../../../test-support/render-page.tsx';
import { versionSummary } from '../../../test-support/configuration-server.ts';
import NewCompanyPage from './NewCompanyPage.tsx';

const PLACE = {
  address1: '4200 Sawmill Rd',
  address2: '',
  city: 'Columbus',
  state: 'OH',
  postal_code: '43220',
  latitude: 40.05,
  longitude: -83.07,
  time_zone: 'America/New_York',
};
const founder = (verified: boolean): ConsoleMe => ({
  user: { id: 'u9', name: 'Fran Founder', email: 'fran@example.com', email_verified: verified, has_password: true },
  memberships: [],
});
const CREATED = {
  company_key: 'buckeye',
  scheduler_url: 'http://localhost:3000/buckeye/online-scheduler/11111111-1111-4111-8111-111111111111',
};
/** The new company's configuration as the server reads it: a phone and an e-mail for visitors, nothing else set up yet. */
const NEW_DOCUMENT = {
  key: 'buckeye',
  logo: null,
  offices: [{ name: 'Buckeye Home Inspections', phone: '614-555-0100', email: 'office@buckeye.example', logo: null }],
  services: [{ name: 'Home inspection', ancillary: false }],
  inspectors: [{ id: 1, postal_codes: [], weekly_hours: { mon: [{ start: '08:00', end: '17:00' }] } }],
  fees: [],
  taxes: [],
  pricing: { fees: [], taxes: [] },
  booking_changes: { cancel_text: '', late_cancel_fee: null },
  payments: { provider: 'link' },
  notifications: { office_email: 'fran@example.com' },
};

function serve({
  verified = () => true,
  create,
}: {
  verified?: () => boolean;
  create?: (request: RecordedRequest) => Answer;
}) {
  return stubServer((request) => {
    if (request.path === '/api/console/me') return { status: 200, body: founder(verified()) };
    if (request.path.startsWith('/api/console/geocode?')) {
      const address = new URLSearchParams(request.path.split('?')[1]).get('address') ?? '';
      return address.includes('43220')
        ? { status: 200, body: PLACE }
        : refusal(404, 'address_not_found', 'We could not find this address.');
    }
    if (request.method === 'POST' && request.path === '/api/console/companies')
      return create?.(request) ?? { status: 201, body: CREATED };
    if (request.path === '/api/auth/send-verification-email') return { status: 200, body: { status: true } };
    if (request.path === '/api/console/companies/buckeye/configuration')
      return { status: 200, body: { version: versionSummary(1), document: NEW_DOCUMENT, highest_inspector_id: 1 } };
    return undefined;
  });
}

const show = () => renderPage(<NewCompanyPage />, { path: '/new-company', pattern: '/new-company' });

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: 'Company name' }), 'Buckeye Home Inspections');
  await user.type(screen.getByRole('textbox', { name: 'Office address' }), '4200 Sawmill Rd, Columbus, OH 43220');
  await user.tab();
  await user.type(screen.getByRole('textbox', { name: 'Price' }), '425');
}

afterEach(() => vi.useRealTimers());

describe('NewCompanyPage', () => {
  it('waits for the confirmed address, offers the link again, and moves on by itself once it is confirmed', async () => {
    let verified = false;
    const requests = serve({ verified: () => verified });
    const user = userEvent.setup();
    show();
    expect(await screen.findByRole('heading', { name: 'Confirm your e-mail address' })).toBeTruthy();
    expect(screen.getByText('fran@example.com')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('We sent the link again. It may take a minute to arrive.')).toBeTruthy();
    expect(requests.find((r) => r.path === '/api/auth/send-verification-email')?.body).toEqual({
      email: 'fran@example.com',
      callbackURL: '/console/new-company',
    });
    verified = true;
    expect(await screen.findByRole('heading', { name: 'Set up your company' }, { timeout: 6_000 })).toBeTruthy();
  }, 10_000);

  it('makes the company from the form: the key follows the name, the address is placed on leaving it, and the link is shown', async () => {
    const requests = serve({});
    const user = userEvent.setup();
    show();
    await fillIn(user);
    expect((screen.getByRole('textbox', { name: 'Web address' }) as HTMLInputElement).value).toBe(
      'buckeye-home-inspections',
    );
    expect(
      await screen.findByText(/Found: 4200 Sawmill Rd, Columbus, OH 43220\. Time zone: America\/New York\./),
    ).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'First name' }) as HTMLInputElement).value).toBe('Fran');
    await user.click(screen.getByRole('checkbox', { name: 'Saturday' }));
    await user.click(screen.getByRole('button', { name: 'Create my scheduler' }));

    expect(await screen.findByRole('heading', { name: 'Your scheduler is ready' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: "Your scheduler's link" }) as HTMLInputElement).value).toBe(
      CREATED.scheduler_url,
    );
    expect(screen.getByRole('link', { name: 'Go to your console' }).getAttribute('href')).toBe('/buckeye/schedule');
    const sent = requests.filter((r) => r.method === 'POST' && r.path === '/api/console/companies');
    expect(sent.map((r) => r.body)).toEqual([
      {
        company: { name: 'Buckeye Home Inspections', key: 'buckeye-home-inspections' },
        office: { ...PLACE, phone: '', email: '' },
        inspector: {
          first: 'Fran',
          last: 'Founder',
          weekdays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
          start: '08:00',
          end: '17:00',
          radius_miles: 30,
        },
        service: { name: 'Home inspection', price_cents: 42_500, duration_minutes: 180 },
      },
    ]);
    // The address was looked up once, on leaving its field: creating asked for nothing more.
    expect(requests.filter((r) => r.path.startsWith('/api/console/geocode')).length).toBe(1);
  });

  it('lists what is left to set up, each ticked from the configuration and one link to its editor (issue 41)', async () => {
    serve({});
    const user = userEvent.setup();
    show();
    await fillIn(user);
    await screen.findByText(/Found:/);
    await user.click(screen.getByRole('button', { name: 'Create my scheduler' }));
    const list = await screen.findByRole('list', { name: 'Finish setting up' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')[1]!.textContent).toContain('(done)'));
    const items = within(list)
      .getAllByRole('listitem')
      .map((item) => {
        const link = within(item).getByRole('link');
        return [link.textContent, link.getAttribute('href'), item.textContent!.includes('(done)')];
      });
    expect(items).toEqual([
      ['Add your logo', '/buckeye/offices', false],
      ['Your phone and e-mail for visitors', '/buckeye/offices', true],
      ['Price by square footage', '/buckeye/fees-taxes-coupons', false],
      ['Add-ons', '/buckeye/services', false],
      ['Sales tax', '/buckeye/fees-taxes-coupons', false],
      ['Your service area by postal code', '/buckeye/inspectors', false],
      ['Hours with a lunch break', '/buckeye/inspectors', false],
      ['Your cancellation policy', '/buckeye/booking-changes', false],
      ['Payments', '/buckeye/payments', false],
    ]);
    expect(screen.getByText('1 of 9 done')).toBeTruthy();
  });

  it('shows the ready page again, not the form, when the person comes back to it (Back from an editor)', async () => {
    serve({});
    renderPage(<NewCompanyPage />, { path: '/new-company', pattern: '/new-company', state: { created: CREATED } });
    expect(await screen.findByRole('heading', { name: 'Your scheduler is ready' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Set up your company' })).toBeNull();
    expect(await screen.findByRole('list', { name: 'Finish setting up' })).toBeTruthy();
  });

  it('shows a taken key at the web address, keeping everything typed, and an address nobody finds at the address', async () => {
    const requests = serve({
      create: () => ({
        status: 409,
        body: {
          error: {
            code: 'company_key_taken',
            message: 'Another company already uses "buckeye-home-inspections": choose another.',
            field: 'company.key',
          },
        },
      }),
    });
    const user = userEvent.setup();
    show();
    await fillIn(user);
    await screen.findByText(/Found:/);
    await user.click(screen.getByRole('button', { name: 'Create my scheduler' }));
    const key = screen.getByRole('textbox', { name: 'Web address' });
    await waitFor(() => expect(key.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Another company already uses "buckeye-home-inspections": choose another.')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Company name' }) as HTMLInputElement).value).toBe(
      'Buckeye Home Inspections',
    );
    expect((screen.getByRole('textbox', { name: 'Price' }) as HTMLInputElement).value).toBe('425');

    const address = screen.getByRole('textbox', { name: 'Office address' });
    await user.clear(address);
    await user.type(address, '1 Nowhere Lane');
    await user.click(screen.getByRole('button', { name: 'Create my scheduler' }));
    await waitFor(() => expect(address.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('We have not found this address yet. Check it, with its postal code.')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST' && r.path === '/api/console/companies')).toHaveLength(1);
  });
});
