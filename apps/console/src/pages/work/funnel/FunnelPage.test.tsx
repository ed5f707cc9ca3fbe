import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FunnelResponse, OfficeFunnel } from '@scheduler/contracts/analytics';
import type { ConsoleMe } from '@scheduler/contracts/console';
import { OFFICE, OFFICE_ME, OTHER_OFFICE } from '../../../test-support/fixtures.ts';
import { renderPage, stubServer, type RecordedRequest } from '../../../test-support/render-page.tsx';
import FunnelPage from './FunnelPage.tsx';
import { defaultRange } from './funnel-range.ts';

const asRole = (role: ConsoleMe['memberships'][number]['role']): ConsoleMe => ({
  ...OFFICE_ME,
  memberships: [{ ...OFFICE_ME.memberships[0]!, role, inspector_id: role === 'inspector' ? 101 : null }],
});

const apart = (booked_by_phone: number, booked_by_api: number) => ({ booked_by_phone, booked_by_api });
const COLUMBUS: OfficeFunnel = {
  office_uuid: OFFICE.uuid,
  office_name: OFFICE.name,
  time_zone: 'America/New_York',
  step_order: ['postal-code', 'calendar', 'contacts', 'packages', 'review'],
  totals: { started: 200, reached: [190, 150, 90, 80, 72], confirmed: 60, ...apart(5, 2) },
  days: [
    { date: '2026-11-01', started: 120, reached: [115, 90, 50, 45, 40], confirmed: 33, ...apart(3, 2) },
    { date: '2026-11-02', started: 80, reached: [75, 60, 40, 35, 32], confirmed: 27, ...apart(2, 0) },
    { date: '2026-11-03', started: 0, reached: [0, 0, 0, 0, 0], confirmed: 0, ...apart(0, 0) },
  ],
  sources: [
    { source: 'google', started: 150, reached: [140, 110, 70, 60, 55], confirmed: 50, ...apart(0, 0) },
    { source: 'direct', started: 40, reached: [40, 35, 18, 18, 15], confirmed: 9, ...apart(5, 2) },
    { source: 'x'.repeat(200), started: 6, reached: [6, 3, 1, 1, 1], confirmed: 1, ...apart(0, 0) },
    { source: null, started: 4, reached: [4, 2, 1, 1, 1], confirmed: 0, ...apart(0, 0) },
  ],
};
const DAYTON: OfficeFunnel = {
  ...COLUMBUS,
  office_uuid: OTHER_OFFICE.uuid,
  office_name: OTHER_OFFICE.name,
  step_order: ['calendar', 'postal-code', 'review'],
  totals: { started: 0, reached: [0, 0, 0], confirmed: 0, ...apart(0, 0) },
  days: COLUMBUS.days.map((day) => ({ ...day, started: 0, reached: [0, 0, 0], confirmed: 0, ...apart(0, 0) })),
  sources: [],
};

const FUNNEL = '/api/console/companies/demo/funnel';
const funnelCalls = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.path.startsWith(FUNNEL)).map((r) => r.path);

function serve({ me = OFFICE_ME, offices = [COLUMBUS, DAYTON] }: { me?: ConsoleMe; offices?: OfficeFunnel[] } = {}) {
  return stubServer((request) => {
    if (request.path === '/api/console/me') return { status: 200, body: me };
    if (request.path.startsWith(`${FUNNEL}?`)) {
      const query = new URL(request.path, 'http://localhost').searchParams;
      const office = query.get('office');
      const body: FunnelResponse = {
        company_key: 'demo',
        from: query.get('from')!,
        to: query.get('to')!,
        offices: offices.filter((item) => office === null || item.office_uuid === office),
      };
      return { status: 200, body };
    }
    return undefined;
  });
}

const renderFunnel = (search = '?from=2026-11-01&to=2026-11-03') =>
  renderPage(<FunnelPage />, { path: `/demo/funnel${search}`, pattern: '/:companyKey/funnel' });
const rowsOf = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('the funnel page', () => {
  it('shows the span step by step with shares of started, and the step most visitors leave at', async () => {
    const requests = serve();
    renderFunnel();
    await screen.findByRole('table', { name: 'Step by step' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Funnel');
    expect(funnelCalls(requests)).toEqual([`${FUNNEL}?from=2026-11-01&to=2026-11-03`]);
    expect(screen.getByText(/visits started/).textContent).toBe(
      '200 visits started at Columbus from Sun 11/1/2026 to Tue 11/3/2026; 60 booked online. Also booked, not counted as visits: 5 by phone and 2 through the API.',
    );
    expect(screen.getByRole('note').textContent).toBe(
      'Most visitors leave at Date and time: 40% of those who reached it.',
    );
    expect(rowsOf('Step by step')).toEqual([
      ['Step', 'Sessions', 'Share of started', 'Left at this step'],
      ['Started', '200', '100.0%', '—'],
      ['Postal code', '190', '95.0%', '40 (21.1%)'],
      ['Date and time', '150', '75.0%', '60 (40.0%)'],
      ['People', '90', '45.0%', '10 (11.1%)'],
      ['Services', '80', '40.0%', '8 (10.0%)'],
      ['Review', '72', '36.0%', '12 (16.7%)'],
      ['Confirmed', '60', '30.0%', '—'],
    ]);
    expect(rowsOf('By source')).toEqual([
      ['Source', 'Started', 'Reached review', 'Confirmed', 'Conversion'],
      ['google', '150', '55', '50', '33.3%'],
      ['Direct (no campaign in the link)', '40', '15', '9', '22.5%'],
      ['x'.repeat(200), '6', '1', '1', '16.7%'],
      ['Other sources', '4', '1', '0', '0.0%'],
    ]);
    expect(rowsOf('Day by day')).toEqual([
      ['Date', 'Started', 'Confirmed', 'Conversion', 'By phone or API'],
      ['Sun 11/1/2026', '120', '33', '27.5%', '5'],
      ['Mon 11/2/2026', '80', '27', '33.8%', '2'],
      ['Tue 11/3/2026', '0', '0', '—', '0'],
    ]);
    const steps = screen.getByRole('table', { name: 'Step by step' });
    expect(within(steps).getAllByRole('columnheader')).toHaveLength(4);
    expect(
      within(steps)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Started', 'Postal code', 'Date and time', 'People', 'Services', 'Review', 'Confirmed']);
    // Each table scrolls in a box of its own that a keyboard can reach, named as its table is.
    for (const name of ['Step by step', 'By source', 'Day by day'])
      expect(screen.getByRole('region', { name }).getAttribute('tabindex')).toBe('0');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Step by step',
      'By source',
      'Day by day',
    ]);
  });

  it('asks for the chosen office, and says when nobody started there', async () => {
    const requests = serve();
    renderFunnel();
    await screen.findByRole('table', { name: 'Step by step' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Office' }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: OTHER_OFFICE.name }));

    expect(
      await screen.findByText('No visitor started the scheduler at Dayton from Sun 11/1/2026 to Tue 11/3/2026.'),
    ).toBeTruthy();
    expect(funnelCalls(requests)).toContain(`${FUNNEL}?from=2026-11-01&to=2026-11-03&office=${OTHER_OFFICE.uuid}`);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe(
      `/demo/funnel?from=2026-11-01&to=2026-11-03&office=${OTHER_OFFICE.uuid}`,
    );
  });

  it('offers no office choice for a company of one office, and shows the empty state', async () => {
    serve({ offices: [{ ...DAYTON }] });
    renderFunnel();
    expect(
      await screen.findByText('No visitor started the scheduler from Sun 11/1/2026 to Tue 11/3/2026.'),
    ).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Office' })).toBeNull();
  });

  it('says what was booked apart even when no visit started', async () => {
    serve({ offices: [{ ...DAYTON, totals: { ...DAYTON.totals, ...apart(0, 3) } }] });
    renderFunnel();
    expect(
      await screen.findByText(
        'No visitor started the scheduler from Sun 11/1/2026 to Tue 11/3/2026. Also booked, not counted as visits: 3 through the API.',
      ),
    ).toBeTruthy();
  });

  it('starts from the last 30 days ending today', async () => {
    const requests = serve();
    renderFunnel('');
    await screen.findByRole('table', { name: 'Step by step' });
    const { from, to } = defaultRange(new Date());
    expect(funnelCalls(requests)).toEqual([`${FUNNEL}?from=${from}&to=${to}`]);
    expect((screen.getByLabelText('First day') as HTMLInputElement).value).toBe(from);
    expect((screen.getByLabelText('Last day') as HTMLInputElement).value).toBe(to);
  });

  it('refuses a span over 92 days before asking the server, and asks once it is right', async () => {
    const requests = serve();
    renderFunnel('?from=2026-01-01&to=2026-04-03');
    const last = (await screen.findByLabelText('Last day')) as HTMLInputElement;
    expect(await screen.findByText('At most 92 days at a time: pick a shorter span.')).toBeTruthy();
    expect(last.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('table')).toBeNull();
    expect(funnelCalls(requests)).toEqual([]);

    fireEvent.change(last, { target: { value: '2026-04-02' } });
    await screen.findByRole('table', { name: 'Step by step' });
    expect(funnelCalls(requests)).toEqual([`${FUNNEL}?from=2026-01-01&to=2026-04-02`]);
  });

  it('says so when the server refuses, in words', async () => {
    stubServer((request) => {
      if (request.path === '/api/console/me') return { status: 200, body: OFFICE_ME };
      if (request.path.startsWith(`${FUNNEL}?`))
        return { status: 403, body: { error: { code: 'forbidden', message: "Your role doesn't allow this." } } };
      return undefined;
    });
    renderFunnel();
    expect((await screen.findByRole('alert')).textContent).toContain("You don't have access to this.");
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('tells an inspector it is not theirs, and asks for nothing', async () => {
    const requests = serve({ me: asRole('inspector') });
    renderFunnel();
    await waitFor(() => expect(requests.some((r) => r.path === '/api/console/me')).toBe(true));
    expect(await screen.findByText("You don't have access to this.")).toBeTruthy();
    expect(funnelCalls(requests)).toEqual([]);
  });
});
