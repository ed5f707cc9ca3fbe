import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ConsoleMe } from '@scheduler/contracts/console';
import SchedulePage from '../pages/work/schedule/SchedulePage.tsx';
import { EMPTY_SCHEDULE, INSPECTORS, OFFICE, OFFICE_ME, OTHER_OFFICE } from '../test-support/fixtures.ts';
import { stubServer, type RecordedRequest } from '../test-support/render-page.tsx';
import { Providers } from './Providers.tsx';
import { createQueryClient } from './query-client.ts';
import { Shell } from './Shell.tsx';
import { SignedIn } from './SignedIn.tsx';

/** An EventSource the test drives: what the page opened, and events sent to it. */
class FakeEventSource extends EventTarget {
  static opened: FakeEventSource[] = [];
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
  }
}

function SignInProbe() {
  return <p>Sign in here{useLocation().search}</p>;
}

function renderConsole(path: string) {
  return render(
    <Providers client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/:companyKey"
            element={
              <SignedIn>
                <Shell />
              </SignedIn>
            }
          >
            <Route path="schedule" element={<SchedulePage />} />
          </Route>
          <Route path="/sign-in" element={<SignInProbe />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

describe('the console shell', () => {
  it("reads the schedule again when the company's event stream says it changed", async () => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    const requests = stubServer((request) => {
      if (request.path === '/api/console/me') return { status: 200, body: OFFICE_ME };
      if (request.path.startsWith('/api/console/companies/demo/schedule?'))
        return { status: 200, body: EMPTY_SCHEDULE };
      return undefined;
    });
    const view = renderConsole('/demo/schedule?date=2026-12-01');
    await screen.findByRole('region', { name: 'Sarah Chen' });
    const scheduleCalls = () => requests.filter((r) => r.path.includes('/schedule?')).length;
    expect(scheduleCalls()).toBe(1);
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual(['/api/console/companies/demo/events']);

    FakeEventSource.opened[0]!.dispatchEvent(new Event('ping'));
    FakeEventSource.opened[0]!.dispatchEvent(new Event('schedule'));
    await waitFor(() => expect(scheduleCalls()).toBe(2));
    expect(screen.getByRole('navigation', { name: 'Console' }).textContent).toBe('ScheduleOrdersFunnelAccount');

    view.unmount();
    expect(FakeEventSource.opened[0]!.closed).toBe(true);
  });

  it.each([
    ['owner', 'ScheduleOrdersTeamConfigurationFunnelAccount'],
    ['admin', 'ScheduleOrdersTeamConfigurationFunnelAccount'],
    ['office', 'ScheduleOrdersFunnelAccount'],
    ['inspector', 'ScheduleOrdersAccount'],
  ] as const)(
    'shows the %s the pages of their role: configuration to owner and admin only, the funnel to all but inspectors',
    async (role, links) => {
      vi.stubGlobal('EventSource', FakeEventSource);
      stubServer((request) => {
        if (request.path === '/api/console/me')
          return {
            status: 200,
            body: {
              ...OFFICE_ME,
              memberships: [{ ...OFFICE_ME.memberships[0]!, role, inspector_id: role === 'inspector' ? 101 : null }],
            },
          };
        if (request.path.startsWith('/api/console/companies/demo/schedule?'))
          return { status: 200, body: EMPTY_SCHEDULE };
        return undefined;
      });
      renderConsole('/demo/schedule?date=2026-12-01');
      await screen.findByRole('region', { name: 'Sarah Chen' });
      const navigation = screen.getByRole('navigation', { name: 'Console' });
      expect(navigation.textContent).toBe(links);
      for (const [label, path] of [
        ['Configuration', '/demo/settings'],
        ['Funnel', '/demo/funnel'],
      ] as const) {
        if (links.includes(label))
          expect(within(navigation).getByRole('link', { name: label }).getAttribute('href')).toBe(path);
      }
    },
  );

  it('sends a signed-out person to sign in, remembering the page', async () => {
    stubServer((request) =>
      request.path === '/api/console/me'
        ? { status: 401, body: { error: { code: 'unauthenticated', message: 'Please sign in.' } } }
        : undefined,
    );
    renderConsole('/demo/schedule?date=2026-12-01');
    expect(
      await screen.findByText(`Sign in here?next=${encodeURIComponent('/demo/schedule?date=2026-12-01')}`),
    ).toBeTruthy();
  });

  it('says so when the person is not a member of the company in the address', async () => {
    const stranger: ConsoleMe = { ...OFFICE_ME, memberships: [{ ...OFFICE_ME.memberships[0]!, company_key: 'other' }] };
    stubServer((request) => (request.path === '/api/console/me' ? { status: 200, body: stranger } : undefined));
    renderConsole('/demo/schedule');
    expect(await screen.findByText("You don't have access to this.")).toBeTruthy();
  });
});

describe('booking by phone', () => {
  const WIZARD = `/demo/online-scheduler?t=token-1&office=${OFFICE.uuid}`;
  function serve(
    me: ConsoleMe,
    inspectors = { inspectors: INSPECTORS.inspectors.filter((inspector) => inspector.office_uuid === OFFICE.uuid) },
  ) {
    vi.stubGlobal('EventSource', FakeEventSource);
    return stubServer((request) => {
      if (request.path === '/api/console/me') return { status: 200, body: me };
      if (request.path.startsWith('/api/console/companies/demo/schedule?'))
        return { status: 200, body: EMPTY_SCHEDULE };
      if (request.path === '/api/console/companies/demo/inspectors') return { status: 200, body: inspectors };
      if (request.method === 'POST' && request.path === '/api/console/companies/demo/phone-bookings')
        return { status: 201, body: { url: WIZARD, order_id: '0d9c8b7a-6f5e-4d3c-8b2a-190817161514' } };
      return undefined;
    });
  }
  const phoneBookings = (requests: RecordedRequest[]) =>
    requests.filter((r) => r.method === 'POST' && r.path.endsWith('/phone-bookings')).map((r) => r.body);

  it('opens a booking for the one office and goes to the wizard in this tab', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const requests = serve(OFFICE_ME);
    renderConsole('/demo/schedule?date=2026-12-01');
    const button = await screen.findByRole('button', { name: 'Book by phone' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    await userEvent.click(button);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(WIZARD));
    expect(phoneBookings(requests)).toEqual([{}]);
  });

  it('asks which office when the company has several', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const requests = serve(OFFICE_ME, INSPECTORS);
    renderConsole('/demo/schedule?date=2026-12-01');
    const button = await screen.findByRole('button', { name: 'Book by phone' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Book by phone' });
    expect((within(dialog).getByRole('radio', { name: OFFICE.name }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(within(dialog).getByRole('radio', { name: OTHER_OFFICE.name }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start the booking' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(WIZARD));
    expect(phoneBookings(requests)).toEqual([{ office_uuid: OTHER_OFFICE.uuid }]);
  });

  it('is not offered to an inspector', async () => {
    const requests = serve({
      ...OFFICE_ME,
      memberships: [{ ...OFFICE_ME.memberships[0]!, role: 'inspector', inspector_id: 101, sees_all_orders: false }],
    });
    renderConsole('/demo/schedule?date=2026-12-01');
    await screen.findByRole('region', { name: 'Sarah Chen' });
    expect(screen.queryByRole('button', { name: 'Book by phone' })).toBeNull();
    expect(phoneBookings(requests)).toEqual([]);
  });
});
