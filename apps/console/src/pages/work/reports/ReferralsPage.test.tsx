import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ConsoleMe } from '@scheduler/contracts/console';
import type { ReferralResponse } from '@scheduler/contracts/referrals';
import { OFFICE_ME } from '../../../test-support/fixtures.ts';
import { renderPage, stubServer } from '../../../test-support/render-page.tsx';
import ReferralsPage from './ReferralsPage.tsx';

const asRole = (role: ConsoleMe['memberships'][number]['role']): ConsoleMe => ({
  ...OFFICE_ME,
  memberships: [{ ...OFFICE_ME.memberships[0]!, role, inspector_id: role === 'inspector' ? 101 : null }],
});

const month = (m: string, inspections: number, revenue_cents: number) => ({
  month: m,
  inspections,
  cancelled: 0,
  revenue_cents,
});

const REFERRALS: ReferralResponse = {
  company_key: 'demo',
  from: '2026-01-01',
  to: '2026-02-28',
  currency: 'USD',
  as_of: '2026-03-01',
  months: ['2026-01', '2026-02'],
  totals: { inspections: 3, cancelled: 1, revenue_cents: 90_000, agents: 2, agencies: 1 },
  new_vs_returning: [
    { month: '2026-01', new_agents: 0, returning_agents: 1, new_inspections: 0, returning_inspections: 1 },
    { month: '2026-02', new_agents: 1, returning_agents: 1, new_inspections: 1, returning_inspections: 1 },
  ],
  agents: [
    {
      agent_key: 'id:201',
      agent_id: 201,
      name: 'Jessica Moreno',
      email: 'jessica@example.com',
      agency: 'Olentangy Realty Group',
      first_referral: '2025-06-10',
      new_in_span: false,
      inspections: 2,
      cancelled: 1,
      revenue_cents: 65_000,
      by_month: [month('2026-01', 1, 40_000), month('2026-02', 1, 25_000)],
    },
    {
      agent_key: 'name:dana lee',
      agent_id: null,
      name: 'Dana Lee',
      email: '',
      agency: '',
      first_referral: '2026-02-03',
      new_in_span: true,
      inspections: 1,
      cancelled: 0,
      revenue_cents: 25_000,
      by_month: [month('2026-02', 1, 25_000)],
    },
  ],
  agents_more: 0,
  agencies: [
    {
      agency: 'Olentangy Realty Group',
      agents: 1,
      inspections: 2,
      cancelled: 1,
      revenue_cents: 65_000,
      by_month: [{ ...month('2026-01', 1, 40_000), agents: 1 }],
    },
  ],
  agencies_more: 0,
  stopped: [
    {
      agent_key: 'id:202',
      agent_id: 202,
      name: 'Brian Kowalski',
      email: 'brian@example.com',
      agency: 'Buckeye Realty',
      referrals: 7,
      last_referral: '2025-10-02',
    },
  ],
};

const PATH = '/api/console/companies/demo/reports/referrals';

function serve(me: ConsoleMe = asRole('owner')) {
  return stubServer((request) => {
    if (request.path === '/api/console/me') return { status: 200, body: me };
    if (request.path.startsWith(`${PATH}?`)) return { status: 200, body: REFERRALS };
    return undefined;
  });
}

const renderReferrals = () =>
  renderPage(<ReferralsPage />, {
    path: '/demo/reports/referrals?from=2026-01-01&to=2026-02-28',
    pattern: '/:companyKey/reports/referrals',
  });
const rowsOf = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('the referrals page', () => {
  it('shows the agents, agencies, new and returning, and who stopped, each with its CSV', async () => {
    const requests = serve();
    renderReferrals();
    await screen.findByRole('table', { name: 'By agent' });
    expect(requests.filter((r) => r.path.startsWith(PATH)).map((r) => r.path)).toEqual([
      `${PATH}?from=2026-01-01&to=2026-02-28`,
    ]);
    expect([...document.querySelectorAll('dd')].map((value) => value.textContent)).toEqual(['2', '1', '3', '$900.00']);
    expect(rowsOf('By agent')).toEqual([
      ['Agent', 'Agency', 'First inspection', 'Inspections', 'Cancelled', 'Revenue'],
      ['Jessica Moreno', 'Olentangy Realty Group', 'Tue 6/10/2025', '2', '1', '$650.00'],
      ['Dana Lee', '—', 'Tue 2/3/2026New', '1', '0', '$250.00'],
    ]);
    expect(rowsOf('New and returning agents')[2]).toEqual(['Feb 2026', '1', '1', '1', '1']);
    // Its figures are the agents' CSV's, month by month: no CSV of its own.
    expect(screen.queryByRole('link', { name: 'Download CSV: New and returning agents' })).toBeNull();
    expect(rowsOf('Agents who stopped sending work')[1]).toEqual([
      'Brian Kowalski',
      'Buckeye Realty',
      '7',
      'Thu 10/2/2025',
    ]);
    // From an agent's row to their orders over the same span.
    expect(screen.getByRole('link', { name: 'Orders of Jessica Moreno' }).getAttribute('href')).toBe(
      '/demo/orders?q=jessica%40example.com&from=2026-01-01&to=2026-02-28&status=all',
    );
    expect(screen.getByRole('link', { name: 'Orders of Dana Lee' }).getAttribute('href')).toContain('q=Dana+Lee');
    expect(screen.getByRole('link', { name: 'Download CSV: Agents who stopped sending work' }).getAttribute('href')).toBe(
      `${PATH}?from=2026-01-01&to=2026-02-28&format=csv&table=stopped`,
    );
  });

  it('is the owner’s and admin’s: the office sees a refusal and asks nothing', async () => {
    const requests = serve(asRole('office'));
    renderReferrals();
    expect(await screen.findByText("You don't have access to this.")).toBeTruthy();
    expect(requests.some((r) => r.path.startsWith(PATH))).toBe(false);
  });
});
