import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OFFICE_ME } from '../../../test-support/fixtures.ts';
import { enterText } from '../../../test-support/enter-text.ts';
import { renderPage, stubServer } from '../../../test-support/render-page.tsx';
import AccountPage from './AccountPage.tsx';
import { CalendarConnections } from '../../../shared/calendar-connections/CalendarConnections.tsx';

const INSPECTOR_ME = {
  ...OFFICE_ME,
  memberships: [{ ...OFFICE_ME.memberships[0]!, role: 'inspector' as const, inspector_id: 101 }],
};
const CALENDAR = 'https://dav.example.com/mike/work/';
const CONNECTION = {
  id: '0f0f0f0f-0000-4000-8000-000000000001',
  inspector_id: 101,
  provider: 'caldav',
  account_label: 'mike',
  status: 'active',
  busy_calendar_ids: [CALENDAR],
  write_calendar_id: CALENDAR,
  last_synced_at: new Date(Date.now() - 3 * 60_000).toISOString(),
  last_error_code: null,
};
const WITH_CALENDARS = {
  ...CONNECTION,
  calendars: [
    { id: CALENDAR, name: 'Work', primary: true, writable: true, time_zone: null },
    { id: 'https://dav.example.com/mike/family/', name: 'Family', primary: false, writable: true, time_zone: null },
  ],
};

function serve(connections: unknown[], connect: { status: number; body: unknown }) {
  return stubServer((request) => {
    if (request.path === '/api/console/me') return { status: 200, body: INSPECTOR_ME };
    if (request.path === '/api/auth/passkey/list-user-passkeys') return { status: 200, body: [] };
    if (request.path === '/api/auth/list-sessions') return { status: 200, body: [] };
    if (request.path === '/api/console/companies/demo/calendar-connections?inspector_id=101')
      return { status: 200, body: { connections, offered_providers: [] } };
    if (request.method === 'POST' && request.path === '/api/console/companies/demo/calendar-connections/caldav')
      return connect;
    if (request.path === `/api/console/companies/demo/calendar-connections/${CONNECTION.id}/calendars`)
      return { status: 200, body: WITH_CALENDARS };
    if (
      request.method === 'PUT' &&
      request.path === `/api/console/companies/demo/calendar-connections/${CONNECTION.id}`
    )
      return { status: 200, body: CONNECTION };
    return undefined;
  });
}

const open = () => renderPage(<AccountPage />, { path: '/demo/account', pattern: '/:companyKey/account' });

describe("calendar connections on an inspector's account page", () => {
  it('connects a CalDAV calendar, saying clearly when the server refuses the password', async () => {
    const requests = serve([], {
      status: 400,
      body: {
        error: {
          code: 'calendar_auth_failed',
          message: 'The calendar server refused this user and password.',
          field: 'password',
        },
      },
    });
    open();
    const section = await screen.findByRole('region', { name: 'Calendar connections' });
    await enterText(within(section).getByLabelText(/CalDAV address/), 'https://dav.example.com/');
    await enterText(within(section).getByLabelText(/User name/), 'mike');
    await enterText(within(section).getByLabelText(/App password/), 'wrong');
    await userEvent.click(within(section).getByRole('button', { name: 'Connect' }));
    expect((await within(section).findByRole('alert')).textContent).toContain(
      'The calendar server refused this user and password.',
    );
    const sent = requests.find((r) => r.method === 'POST');
    expect(sent?.body).toEqual({
      inspector_id: 101,
      url: 'https://dav.example.com/',
      username: 'mike',
      password: 'wrong',
    });
  });

  it('says how the busy times are kept fresh: by push, or each minute because the public address is not https', async () => {
    serve(
      [
        { ...CONNECTION, provider: 'google', account_label: 'mike@example.com', updates: 'push' },
        {
          ...CONNECTION,
          id: '0f0f0f0f-0000-4000-8000-000000000002',
          provider: 'microsoft',
          account_label: 'Microsoft 365: Calendar',
          updates: 'polling_public_url_not_https',
        },
      ],
      { status: 201, body: WITH_CALENDARS },
    );
    open();
    const section = await screen.findByRole('region', { name: 'Calendar connections' });
    await within(section).findByText('Changes arrive as they are made (and are read every 5 minutes besides)');
    within(section).getByText(
      "Read every minute: instant updates need the scheduler's public address (PUBLIC_URL) on https",
    );
  });

  it('shows the status and age of the busy times, and saves the chosen calendars', async () => {
    const requests = serve([CONNECTION], { status: 201, body: WITH_CALENDARS });
    open();
    const section = await screen.findByRole('region', { name: 'Calendar connections' });
    await within(section).findByText('Connected');
    within(section).getByText('Busy times read 3 minutes ago');
    within(section).getByRole('heading', { name: 'Reconnect your CalDAV calendar' });
    await userEvent.click(within(section).getByRole('button', { name: 'Choose calendars' }));
    await userEvent.click(await within(section).findByRole('checkbox', { name: 'Family' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Save the calendars' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      busy_calendar_ids: [CALENDAR, 'https://dav.example.com/mike/family/'],
      write_calendar_id: CALENDAR,
    });
  });

  it('is not shown to a member who is no inspector', async () => {
    stubServer((request) => {
      if (request.path === '/api/console/me') return { status: 200, body: OFFICE_ME };
      if (request.path === '/api/auth/passkey/list-user-passkeys') return { status: 200, body: [] };
      if (request.path === '/api/auth/list-sessions') return { status: 200, body: [] };
      return undefined;
    });
    open();
    await screen.findByRole('region', { name: 'Sign out' });
    expect(screen.queryByRole('region', { name: 'Calendar connections' })).toBeNull();
  });

  it('connects Google Calendar through its consent page, offering only the providers the server has', async () => {
    const requests = stubServer((request) => {
      if (request.path === '/api/console/companies/demo/calendar-connections?inspector_id=101')
        return { status: 200, body: { connections: [], offered_providers: ['google'] } };
      if (
        request.method === 'POST' &&
        request.path === '/api/console/companies/demo/inspectors/101/calendar-connections/oauth/google'
      )
        return { status: 200, body: { authorization_url: 'https://accounts.example.com/auth?state=s' } };
      return undefined;
    });
    const goTo = vi.fn();
    renderPage(<CalendarConnections companyKey="demo" inspectorId={101} goTo={goTo} />, {
      path: '/demo/account',
      pattern: '/:companyKey/account',
    });
    const connect = await screen.findByRole('button', { name: 'Connect Google Calendar' });
    expect(screen.queryByRole('button', { name: 'Connect Microsoft 365' })).toBeNull();
    await userEvent.click(connect);
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('https://accounts.example.com/auth?state=s'));
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it("says in words what the callback's result was, and offers to reconnect a withdrawn grant", async () => {
    const withdrawn = { ...CONNECTION, provider: 'google', account_label: 'mike@example.com', status: 'reconnect' };
    const requests = stubServer((request) => {
      if (request.path === '/api/console/companies/demo/calendar-connections?inspector_id=101')
        return { status: 200, body: { connections: [withdrawn], offered_providers: ['google', 'microsoft'] } };
      if (request.method === 'POST' && request.path.endsWith('/calendar-connections/oauth/google'))
        return { status: 200, body: { authorization_url: 'https://accounts.example.com/auth?state=again' } };
      return undefined;
    });
    const goTo = vi.fn();
    renderPage(<CalendarConnections companyKey="demo" inspectorId={101} goTo={goTo} />, {
      path: '/demo/account?calendar=refused&provider=google',
      pattern: '/:companyKey/account',
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Google Calendar refused the connection. Please try connecting again.',
    );
    await screen.findByText('Google Calendar: mike@example.com');
    screen.getByText(/Reconnect needed: Google Calendar no longer lets the scheduler in/);
    // Google is connected already (it asks to be reconnected from its row); Microsoft may be added.
    expect(screen.queryByRole('button', { name: 'Connect Google Calendar' })).toBeNull();
    screen.getByRole('button', { name: 'Connect Microsoft 365' });
    await userEvent.click(screen.getByRole('button', { name: 'Reconnect Google Calendar' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('https://accounts.example.com/auth?state=again'));
    expect(requests.find((r) => r.method === 'POST')?.path).toBe(
      '/api/console/companies/demo/inspectors/101/calendar-connections/oauth/google',
    );
  });

  it('shows a successful connection as good news', async () => {
    stubServer((request) => {
      if (request.path === '/api/console/companies/demo/calendar-connections?inspector_id=101')
        return { status: 200, body: { connections: [], offered_providers: [] } };
      return undefined;
    });
    renderPage(<CalendarConnections companyKey="demo" inspectorId={101} />, {
      path: '/demo/account?calendar=connected&provider=microsoft',
      pattern: '/:companyKey/account',
    });
    expect(await screen.findByText('Microsoft 365 connected. Its busy times are being read now.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
