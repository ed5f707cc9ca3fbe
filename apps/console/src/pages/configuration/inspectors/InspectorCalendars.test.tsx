import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ConsoleMe } from '@scheduler/contracts/console';
import { ConfigurationLayout } from '../../../app/ConfigurationLayout.tsx';
import { Providers } from '../../../app/Providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { CalendarConnections } from '../../../shared/calendar-connections/CalendarConnections.tsx';
import { OWNER, serveConfigurationOf } from '../../../test-support/configuration-server.ts';
import { DOCUMENT } from '../../../test-support/configuration-documents/inspectors-test-document.ts';
import { enterText } from '../../../test-support/enter-text.ts';
import { OFFICE_ME } from '../../../test-support/fixtures.ts';
import { renderPage, stubServer, type Answer, type RecordedRequest } from '../../../test-support/render-page.tsx';
import InspectorsPage from './InspectorsPage.tsx';

/**
 * The Inspectors page's calendars (issue 45, decision 0097): the office sees at a glance how
 * each inspector's own calendar stands, and an owner or admin connects, chooses and disconnects
 * it for them; an inspector member reaches none of it.
 */

const API = '/api/console/companies/demo/calendar-connections';
const SARAH_CALENDAR = 'https://dav.example.com/sarah/work/';
const HOUR = 3_600_000;
/** Sarah (101): CalDAV, last read three hours ago, the server failing since. Mike (102): Google, access withdrawn. */
const SARAHS = {
  id: '0f0f0f0f-0000-4000-8000-000000000101',
  inspector_id: 101,
  provider: 'caldav',
  account_label: 'sarah',
  status: 'active',
  busy_calendar_ids: [SARAH_CALENDAR],
  write_calendar_id: SARAH_CALENDAR,
  last_synced_at: new Date(Date.now() - 3 * HOUR).toISOString(),
  last_error_code: 'network',
};
const MIKES = {
  ...SARAHS,
  id: '0f0f0f0f-0000-4000-8000-000000000102',
  inspector_id: 102,
  provider: 'google',
  account_label: 'mike@example.com',
  status: 'reconnect',
  last_synced_at: new Date(Date.now() - 60_000).toISOString(),
  last_error_code: 'auth_invalid_grant',
};
const WITH_CALENDARS = {
  ...SARAHS,
  calendars: [
    { id: SARAH_CALENDAR, name: 'Work', primary: true, writable: true, time_zone: null },
    { id: 'https://dav.example.com/sarah/home/', name: 'Home', primary: false, writable: true, time_zone: null },
  ],
};

const { serve: serveConfiguration } = serveConfigurationOf<Record<string, unknown>>(DOCUMENT, 'inspectors');

/** The configuration and the calendar routes: every connection of the company, or one inspector's. */
function serve({ me = OWNER, more }: { me?: ConsoleMe; more?: (request: RecordedRequest) => Answer | undefined } = {}) {
  return serveConfiguration({
    me,
    routes: (request) => {
      const answer = more?.(request);
      if (answer) return answer;
      if (request.method !== 'GET') return undefined;
      const offered = ['google', 'microsoft'];
      if (request.path === API)
        return { status: 200, body: { connections: [SARAHS, MIKES], offered_providers: offered } };
      if (request.path === `${API}?inspector_id=101`)
        return { status: 200, body: { connections: [SARAHS], offered_providers: offered } };
      if (request.path === `${API}?inspector_id=102`)
        return { status: 200, body: { connections: [MIKES], offered_providers: offered } };
      if (request.path === `${API}/${SARAHS.id}/calendars`) return { status: 200, body: WITH_CALENDARS };
      return undefined;
    },
  });
}

const open = (path = '/demo/inspectors') =>
  renderPage(<InspectorsPage />, { path, pattern: '/:companyKey/inspectors' });
const listItem = (name: string) =>
  within(screen.getByRole('navigation', { name: 'Inspectors' }))
    .getByText(name)
    .closest('li')!;

describe("the inspectors' own calendars on the Inspectors page", () => {
  it('lists how each inspector’s calendar stands, out-of-date busy times and a needed reconnect at a glance', async () => {
    serve();
    open();
    await screen.findByRole('heading', { level: 2, name: 'Sarah Chen' });
    await waitFor(() => expect(listItem('Sarah Chen').textContent).toContain('Calendar: busy times 3 hours old'));
    expect(listItem('Mike Alvarez').textContent).toContain('Calendar: reconnect Google Calendar');
    const section = await screen.findByRole('region', { name: 'Calendar connections of Sarah Chen' });
    await within(section).findByText('CalDAV: sarah');
    within(section).getByText('Out of date: Busy times read 3 hours ago');
    within(section).getByText('Last error: network');
    within(section).getByRole('heading', { name: "Reconnect Sarah Chen's CalDAV calendar" });

    await userEvent.click(within(screen.getByRole('navigation', { name: 'Inspectors' })).getByText('Mike Alvarez'));
    const mikes = await screen.findByRole('region', { name: 'Calendar connections of Mike Alvarez' });
    await within(mikes).findByText(/Reconnect needed: Google Calendar no longer lets the scheduler in/);
    within(mikes).getByText('Last error: auth_invalid_grant');
    within(mikes).getByRole('button', { name: 'Reconnect Google Calendar' });
    within(mikes).getByRole('button', { name: 'Connect Microsoft 365' });
  });

  it('connects a CalDAV calendar for the inspector and chooses the calendar taking their bookings', async () => {
    const requests = serve({
      more: (request) =>
        request.method === 'POST' && request.path === `${API}/caldav`
          ? { status: 201, body: WITH_CALENDARS }
          : request.method === 'PUT' && request.path === `${API}/${SARAHS.id}`
            ? { status: 200, body: SARAHS }
            : undefined,
    });
    open();
    const section = await screen.findByRole('region', { name: 'Calendar connections of Sarah Chen' });
    await enterText(within(section).getByLabelText(/CalDAV address/), 'https://dav.example.com/');
    await enterText(within(section).getByLabelText(/User name/), 'sarah');
    await enterText(within(section).getByLabelText(/App password/), 'app-password');
    await userEvent.click(within(section).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      inspector_id: 101,
      url: 'https://dav.example.com/',
      username: 'sarah',
      password: 'app-password',
    });
    // The calendars to choose among, in the inspector's words.
    await within(section).findByText('Calendars that keep Sarah Chen busy');
    await userEvent.click(within(section).getByRole('combobox', { name: "Calendar that takes Sarah Chen's bookings" }));
    await userEvent.click(await screen.findByRole('option', { name: 'Home' }));
    within(section).getByText('Upcoming bookings already made are written there too, a few at a time.');
    await userEvent.click(within(section).getByRole('button', { name: 'Save the calendars' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      busy_calendar_ids: [SARAH_CALENDAR],
      write_calendar_id: 'https://dav.example.com/sarah/home/',
    });
  });

  it('disconnects, removing the events we added unless that is turned off', async () => {
    const requests = serve({
      more: (request) => (request.method === 'DELETE' ? { status: 204, body: null } : undefined),
    });
    open();
    const section = await screen.findByRole('region', { name: 'Calendar connections of Sarah Chen' });
    await userEvent.click(await within(section).findByRole('button', { name: 'Disconnect' }));
    let dialog = await screen.findByRole('dialog', { name: 'Disconnect CalDAV?' });
    const remove = within(dialog).getByRole('checkbox', { name: 'Remove the events we added' }) as HTMLInputElement;
    expect(remove.checked).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'DELETE')?.path).toBe(`${API}/${SARAHS.id}?remove_events=true`);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(within(section).getByRole('button', { name: 'Disconnect' }));
    dialog = await screen.findByRole('dialog', { name: 'Disconnect CalDAV?' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Remove the events we added' }));
    within(dialog).getByText('The bookings already written stay in the calendar, and no longer follow changes.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(2));
    expect(requests.filter((r) => r.method === 'DELETE')[1]?.path).toBe(`${API}/${SARAHS.id}?remove_events=false`);
  });

  it("starts Google's consent for the inspector, not for the member signed in", async () => {
    const requests = stubServer((request) => {
      if (request.path === `${API}?inspector_id=102`)
        return { status: 200, body: { connections: [], offered_providers: ['google'] } };
      if (
        request.method === 'POST' &&
        request.path === '/api/console/companies/demo/inspectors/102/calendar-connections/oauth/google'
      )
        return { status: 200, body: { authorization_url: 'https://accounts.example.com/auth?state=s' } };
      return undefined;
    });
    const goTo = vi.fn();
    renderPage(
      <CalendarConnections
        companyKey="demo"
        inspectorId={102}
        owner={{ kind: 'inspector', name: 'Mike' }}
        goTo={goTo}
      />,
      { path: '/demo/inspectors', pattern: '/:companyKey/inspectors' },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Connect Google Calendar' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('https://accounts.example.com/auth?state=s'));
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('back from the consent page, the inspector connected is selected and told the result', async () => {
    serve();
    open('/demo/inspectors?calendar=connected&provider=google&inspector=102');
    await screen.findByRole('heading', { level: 2, name: 'Mike Alvarez' });
    const section = await screen.findByRole('region', { name: 'Calendar connections of Mike Alvarez' });
    expect(
      await within(section).findByText('Google Calendar connected. Its busy times are being read now.'),
    ).toBeTruthy();
  });

  it('an inspector member is refused the page and reads no one’s calendars', async () => {
    const inspector: ConsoleMe = {
      ...OFFICE_ME,
      memberships: [{ ...OFFICE_ME.memberships[0]!, role: 'inspector', inspector_id: 101 }],
    };
    const requests = serve({ me: inspector });
    render(
      <Providers client={createQueryClient()}>
        <MemoryRouter initialEntries={['/demo/inspectors']}>
          <Routes>
            <Route path="/:companyKey" element={<ConfigurationLayout />}>
              <Route path="inspectors" element={<InspectorsPage />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </Providers>,
    );
    expect(await screen.findByText("You don't have access to this.")).toBeTruthy();
    await waitFor(() => expect(requests.some((r) => r.path === '/api/console/me')).toBe(true));
    expect(screen.queryByRole('region', { name: /Calendar connections/ })).toBeNull();
    expect(requests.filter((r) => r.path.includes('calendar-connections'))).toEqual([]);
  });
});
