import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ConsoleMe } from '@scheduler/contracts/console';
import SchedulePage from '../pages/work/schedule/SchedulePage.tsx';
import { EMPTY_SCHEDULE, INSPECTORS, OFFICE_ME } from '../test-support/fixtures.ts';
import { stubServer } from '../test-support/render-page.tsx';
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

/** An office member signed in, and their office's empty schedule: the requests the page made. */
function serveOfficeSchedule() {
  return stubServer((request) => {
    if (request.path === '/api/console/me') return { status: 200, body: OFFICE_ME };
    if (request.path.startsWith('/api/console/companies/demo/schedule?')) return { status: 200, body: EMPTY_SCHEDULE };
    return undefined;
  });
}

describe('the console shell', () => {
  it("reads the schedule again when the company's event stream says it changed", async () => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    const requests = serveOfficeSchedule();
    const view = renderConsole('/demo/schedule?date=2026-12-01');
    await screen.findByRole('region', { name: 'Sarah Chen' });
    const scheduleCalls = () => requests.filter((r) => r.path.includes('/schedule?')).length;
    expect(scheduleCalls()).toBe(1);
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual(['/api/console/companies/demo/events']);

    FakeEventSource.opened[0]!.dispatchEvent(new Event('ping'));
    FakeEventSource.opened[0]!.dispatchEvent(new Event('schedule'));
    await waitFor(() => expect(scheduleCalls()).toBe(2));
    expect(screen.getByRole('navigation', { name: 'Console' }).textContent).toBe(
      'ScheduleOrdersPaymentsMy tasksFunnelAccount',
    );

    view.unmount();
    expect(FakeEventSource.opened[0]!.closed).toBe(true);
  });

  it.each([
    ['owner', 'ScheduleOrdersPaymentsMy tasksTeamConfigurationFunnelReportsAccount'],
    ['admin', 'ScheduleOrdersPaymentsMy tasksTeamConfigurationFunnelReportsAccount'],
    ['office', 'ScheduleOrdersPaymentsMy tasksFunnelAccount'],
    ['inspector', 'ScheduleOrdersMy tasksAccount'],
  ] as const)(
    'shows the %s the pages of their role: configuration and reports to owner and admin only, the funnel to all but inspectors',
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
        ['Reports', '/demo/reports'],
        ['Payments', '/demo/ledger'],
        ['My tasks', '/demo/my-tasks'],
      ] as const) {
        if (links.includes(label))
          expect(within(navigation).getByRole('link', { name: label }).getAttribute('href')).toBe(path);
      }
    },
  );

  it('keeps the pages behind Menu on a phone, opens them on a click, and closes them when one is chosen', async () => {
    const happyDOM = (window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } })
      .happyDOM;
    const initialWidth = window.innerWidth;
    happyDOM.setViewport({ width: 375, height: 812 });
    try {
      vi.stubGlobal('EventSource', FakeEventSource);
      serveOfficeSchedule();
      renderConsole('/demo/schedule?date=2026-12-01');
      await screen.findByRole('heading', { level: 1, name: 'Schedule' });
      const menu = screen.getByRole('button', { name: 'Menu' });
      expect(menu.getAttribute('aria-expanded')).toBe('false');
      expect(screen.queryByRole('navigation', { name: 'Console' })).toBeNull();
      expect(document.getElementById(menu.getAttribute('aria-controls')!)?.getAttribute('aria-label')).toBe('Console');

      await userEvent.click(menu);
      expect(menu.getAttribute('aria-expanded')).toBe('true');
      const navigation = screen.getByRole('navigation', { name: 'Console' });
      expect(within(navigation).getByRole('link', { name: 'Schedule' }).getAttribute('aria-current')).toBe('page');
      // The page already shown: the menu closes and focus comes back to Menu, not to a hidden link.
      await userEvent.click(within(navigation).getByRole('link', { name: 'Schedule' }));
      expect(menu.getAttribute('aria-expanded')).toBe('false');
      expect(screen.queryByRole('navigation', { name: 'Console' })).toBeNull();
      expect(document.activeElement).toBe(menu);
    } finally {
      happyDOM.setViewport({ width: initialWidth, height: 800 });
    }
  });

  it("shows the pages in the bar from a laptop's width, with no Menu", async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    serveOfficeSchedule();
    renderConsole('/demo/schedule?date=2026-12-01');
    await screen.findByRole('heading', { level: 1, name: 'Schedule' });
    screen.getByRole('navigation', { name: 'Console' });
    expect(window.innerWidth).toBeGreaterThanOrEqual(900);
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
  });

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
  // What the button does is BookByPhone.test.tsx's; here, to whom the shell offers it.
  function serve(me: ConsoleMe) {
    vi.stubGlobal('EventSource', FakeEventSource);
    return stubServer((request) => {
      if (request.path === '/api/console/me') return { status: 200, body: me };
      if (request.path.startsWith('/api/console/companies/demo/schedule?'))
        return { status: 200, body: EMPTY_SCHEDULE };
      if (request.path === '/api/console/companies/demo/inspectors') return { status: 200, body: INSPECTORS };
      return undefined;
    });
  }

  it('is offered to the office', async () => {
    serve(OFFICE_ME);
    renderConsole('/demo/schedule?date=2026-12-01');
    expect(await screen.findByRole('button', { name: 'Book by phone' })).toBeTruthy();
  });

  it('is not offered to an inspector', async () => {
    const requests = serve({
      ...OFFICE_ME,
      memberships: [{ ...OFFICE_ME.memberships[0]!, role: 'inspector', inspector_id: 101, sees_all_orders: false }],
    });
    renderConsole('/demo/schedule?date=2026-12-01');
    await screen.findByRole('region', { name: 'Sarah Chen' });
    expect(screen.queryByRole('button', { name: 'Book by phone' })).toBeNull();
    expect(requests.some((r) => r.path.endsWith('/phone-bookings'))).toBe(false);
  });
});
