import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReportResponse } from '@scheduler/contracts/reports';
import type { ConsoleMe } from '@scheduler/contracts/console';
import { OFFICE_ME } from '../../../test-support/fixtures.ts';
import { renderPage, stubServer, type RecordedRequest } from '../../../test-support/render-page.tsx';
import ReportsPage from './ReportsPage.tsx';
import { defaultReportRange } from './report-range.ts';

const asRole = (role: ConsoleMe['memberships'][number]['role']): ConsoleMe => ({
  ...OFFICE_ME,
  memberships: [{ ...OFFICE_ME.memberships[0]!, role, inspector_id: role === 'inspector' ? 101 : null }],
});

const REPORT: ReportResponse = {
  company_key: 'demo',
  from: '2026-01-01',
  to: '2026-03-31',
  currency: 'USD',
  totals: {
    inspections: 3,
    cancelled: 1,
    revenue_cents: 75_000,
    average_value_cents: 25_000,
    average_lead_days: 5.8,
  },
  by_month: [
    { month: '2026-01', inspections: 1, cancelled: 0, revenue_cents: 40_000 },
    { month: '2026-02', inspections: 1, cancelled: 1, revenue_cents: 25_000 },
    { month: '2026-03', inspections: 1, cancelled: 0, revenue_cents: 10_000 },
  ],
  by_inspector: [
    { inspector_id: 101, name: 'Mike Brennan', inspections: 2, cancelled: 0, revenue_cents: 65_000 },
    { inspector_id: 102, name: 'Sarah Chen', inspections: 2, cancelled: 1, revenue_cents: 35_000 },
  ],
  by_service: [
    { kind: 'package', id: '7', name: 'Full Home', orders: 2, amount_cents: 55_000 },
    { kind: 'service', id: 'radon-1', name: 'Radon', orders: 2, amount_cents: 10_000 },
  ],
  by_agent: [
    { name: 'Ray Ortiz', orders: 2, revenue_cents: 65_000 },
    { name: null, orders: 1, revenue_cents: 10_000 },
  ],
};

const REPORTS = '/api/console/companies/demo/reports';
const reportCalls = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.path.startsWith(REPORTS)).map((r) => r.path);

function serve(me: ConsoleMe = asRole('owner')) {
  return stubServer((request) => {
    if (request.path === '/api/console/me') return { status: 200, body: me };
    if (request.path.startsWith(`${REPORTS}?`)) {
      const query = new URL(request.path, 'http://localhost').searchParams;
      return { status: 200, body: { ...REPORT, from: query.get('from')!, to: query.get('to')! } };
    }
    return undefined;
  });
}

const renderReports = (search = '?from=2026-01-01&to=2026-03-31') =>
  renderPage(<ReportsPage />, { path: `/demo/reports${search}`, pattern: '/:companyKey/reports' });
const rowsOf = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('the reports page', () => {
  it('shows the headline figures, the chart with its summary, and each table with its CSV', async () => {
    const requests = serve();
    renderReports();
    await screen.findByRole('table', { name: 'By month' });
    expect(reportCalls(requests)).toEqual([`${REPORTS}?from=2026-01-01&to=2026-03-31`]);
    const terms = [...document.querySelectorAll('dt')].map((term) => term.textContent);
    const values = [...document.querySelectorAll('dd')].map((value) => value.textContent);
    expect(terms).toEqual(['Inspections', 'Cancellations', 'Revenue', 'Average value', 'Average lead time']);
    expect(values).toEqual(['3', '1', '$750.00', '$250.00', '5.8 days']);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      'Bar chart of revenue and inspections by month, Jan 2026 to Mar 2026. Highest revenue in Jan 2026: $400.00 from 1 inspection. The table "By month" gives every month\'s figures.',
    );
    // The chart library drew its bars (an SVG) inside the named image.
    expect(screen.getByRole('img').querySelector('svg')).not.toBeNull();
    expect(rowsOf('By month')).toEqual([
      ['Month', 'Inspections', 'Cancelled', 'Revenue'],
      ['Jan 2026', '1', '0', '$400.00'],
      ['Feb 2026', '1', '1', '$250.00'],
      ['Mar 2026', '1', '0', '$100.00'],
    ]);
    expect(rowsOf('By inspector')).toEqual([
      ['Inspector', 'Inspections', 'Cancelled', 'Revenue'],
      ['Mike Brennan', '2', '0', '$650.00'],
      ['Sarah Chen', '2', '1', '$350.00'],
    ]);
    expect(rowsOf('By service')).toEqual([
      ['Package or service', 'Kind', 'Inspections', 'Amount'],
      ['Full Home', 'Package', '2', '$550.00'],
      ['Radon', 'Service', '2', '$100.00'],
    ]);
    expect(rowsOf("By buyer's agent")).toEqual([
      ['Agent', 'Inspections', 'Revenue'],
      ['Ray Ortiz', '2', '$650.00'],
      ['Others', '1', '$100.00'],
    ]);
    const tables = [
      ['By month', 'by_month'],
      ['By inspector', 'by_inspector'],
      ['By service', 'by_service'],
      ["By buyer's agent", 'by_agent'],
    ] as const;
    for (const [name, table] of tables) {
      // Each table scrolls in a region of its own that a keyboard can reach, named as its table is.
      expect(screen.getByRole('region', { name }).getAttribute('tabindex')).toBe('0');
      expect(screen.getByRole('link', { name: `Download CSV: ${name}` }).getAttribute('href')).toBe(
        `${REPORTS}?from=2026-01-01&to=2026-03-31&format=csv&table=${table}`,
      );
    }
  });

  it('opens on the last 12 months, asks again for a changed span, and refuses one too long in words', async () => {
    const requests = serve();
    renderReports('');
    await screen.findByRole('table', { name: 'By month' });
    const fallback = defaultReportRange(new Date());
    expect(reportCalls(requests)).toEqual([`${REPORTS}?from=${fallback.from}&to=${fallback.to}`]);

    fireEvent.change(screen.getByLabelText('First day'), { target: { value: '2025-06-01' } });
    await waitFor(() => expect(reportCalls(requests)).toContain(`${REPORTS}?from=2025-06-01&to=${fallback.to}`));

    const before = reportCalls(requests).length;
    fireEvent.change(screen.getByLabelText('First day'), { target: { value: '2020-01-01' } });
    expect(await screen.findByText('At most 24 months at a time: pick a shorter span.')).toBeTruthy();
    expect(reportCalls(requests)).toHaveLength(before);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says "none booked" for the averages of a span without inspections', async () => {
    stubServer((request) => {
      if (request.path === '/api/console/me') return { status: 200, body: asRole('admin') };
      if (request.path.startsWith(`${REPORTS}?`))
        return {
          status: 200,
          body: {
            ...REPORT,
            totals: { inspections: 0, cancelled: 0, revenue_cents: 0, average_value_cents: null, average_lead_days: null },
            by_month: REPORT.by_month.map((row) => ({ ...row, inspections: 0, cancelled: 0, revenue_cents: 0 })),
            by_inspector: [],
            by_service: [],
            by_agent: [],
          },
        };
      return undefined;
    });
    renderReports();
    await screen.findByRole('table', { name: 'By month' });
    expect([...document.querySelectorAll('dd')].map((value) => value.textContent)).toEqual([
      '0',
      '0',
      '$0.00',
      'none booked',
      'none booked',
    ]);
    expect(screen.getByRole('img').getAttribute('aria-label')).toContain('No revenue in these months.');
    expect(screen.getByText('No inspections in these months.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'By inspector' })).toBeNull();
  });

  it.each(['office', 'inspector'] as const)('tells the %s they have no access, and asks nothing', async (role) => {
    const requests = serve(asRole(role));
    renderReports();
    expect(await screen.findByText("You don't have access to this.")).toBeTruthy();
    expect(reportCalls(requests)).toEqual([]);
  });
});
