import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConsoleMe } from '@scheduler/contracts/console';
import type { PaymentLine, PaymentTotal, PaymentsPage } from '@scheduler/contracts/ledger';
import { OFFICE_ME, ORDER_ID } from '../../../test-support/fixtures.ts';
import { renderPage, stubServer, type RecordedRequest } from '../../../test-support/render-page.tsx';
import { bodyRows } from '../../../test-support/table-rows.ts';
import LedgerPage from './LedgerPage.tsx';

const PAYMENTS = '/api/console/companies/demo/payments';
const SPAN = '?from=2027-03-01&to=2027-03-31';

const line = (rest: Partial<PaymentLine>): PaymentLine => ({
  id: 'a0000000-0000-4000-8000-000000000001',
  on: '2027-03-01',
  at: '2027-03-01T16:00:00.000Z',
  order_id: ORDER_ID,
  order_reference: '3F1C2B4A',
  client: 'Jane Doe',
  kind: 'payment',
  method: 'online',
  amount_cents: 10_000,
  currency: 'USD',
  reference: 'pi_A',
  status: 'refunded_in_part',
  recorded_by: null,
  ...rest,
});

const total = (key: string, rest: Partial<PaymentTotal> = {}): PaymentTotal => ({
  key,
  currency: 'USD',
  payments_cents: 10_500,
  fees_cents: 0,
  refunds_cents: 3_000,
  net_cents: 7_500,
  disputed_cents: 10_000,
  lines: 4,
  ...rest,
});

const PAGE: PaymentsPage = {
  from: '2027-03-01',
  to: '2027-03-31',
  lines: [
    line({}),
    line({
      id: 'a0000000-0000-4000-8000-000000000002',
      method: 'check',
      amount_cents: 500,
      reference: '1042',
      status: 'voided',
      recorded_by: 'Ollie Office',
    }),
    line({
      id: 'dp_A',
      on: '2027-03-02',
      kind: 'dispute',
      amount_cents: -10_000,
      reference: 'dp_A',
      status: 'disputed',
    }),
    line({
      id: 'a0000000-0000-4000-8000-000000000003',
      on: '2027-03-02',
      kind: 'refund',
      amount_cents: -3_000,
      reference: 're_A',
      status: 'given_back',
      recorded_by: 'Olive Owner',
    }),
  ],
  total_lines: 4,
  next_cursor: 'bmV4dA',
  previous_cursor: null,
  totals: {
    by_day: [
      total('2027-03-01', { refunds_cents: 0, net_cents: 10_000, disputed_cents: 0, lines: 2 }),
      total('2027-03-02', { payments_cents: 0, net_cents: -3_000, lines: 2 }),
    ],
    by_month: [total('2027-03')],
    by_method: [
      total('check', { payments_cents: 0, refunds_cents: 0, net_cents: 0, disputed_cents: 0, lines: 1 }),
      total('online', { lines: 3, payments_cents: 10_000, net_cents: 7_000 }),
    ],
    all: [total('all')],
  },
};

const as = (role: ConsoleMe['memberships'][number]['role'], officeSeesPayments = true): ConsoleMe => ({
  ...OFFICE_ME,
  memberships: [{ ...OFFICE_ME.memberships[0]!, role, office_sees_payments: officeSeesPayments }],
});

function serve(me: ConsoleMe = as('office')) {
  return stubServer((request) => {
    if (request.path === '/api/console/me') return { status: 200, body: me };
    if (request.path.startsWith(`${PAYMENTS}?`)) {
      const query = new URL(request.path, 'http://x').searchParams;
      return { status: 200, body: { ...PAGE, from: query.get('from'), to: query.get('to') } };
    }
    return undefined;
  });
}

const pageCalls = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.path.startsWith(PAYMENTS)).map((request) => request.path.slice(PAYMENTS.length));
const renderLedger = (search = SPAN) =>
  renderPage(<LedgerPage />, { path: `/demo/ledger${search}`, pattern: '/:companyKey/ledger' });
const location = () => screen.getByTestId('location').textContent ?? '';

describe('the payments page', () => {
  it('lists each line with its order, client, kind, method, signed amount, Stripe id, status and who recorded it', async () => {
    const requests = serve();
    renderLedger();
    const table = await screen.findByRole('table', { name: 'Payments' });
    expect(pageCalls(requests)).toEqual([`${SPAN}`]);
    expect(bodyRows(table)).toEqual([
      [
        'Mon 3/1/2027',
        '3F1C2B4A',
        'Jane Doe',
        'Payment',
        'Online (Stripe)',
        '$100.00',
        'pi_A',
        'Refunded in part',
        'Stripe',
      ],
      ['Mon 3/1/2027', '3F1C2B4A', 'Jane Doe', 'Payment', 'Check', '$5.00', '1042', 'Voided', 'Ollie Office'],
      ['Tue 3/2/2027', '3F1C2B4A', 'Jane Doe', 'Dispute', 'Online (Stripe)', '−$100.00', 'dp_A', 'Disputed', 'Stripe'],
      [
        'Tue 3/2/2027',
        '3F1C2B4A',
        'Jane Doe',
        'Refund',
        'Online (Stripe)',
        '−$30.00',
        're_A',
        'Refund given',
        'Olive Owner',
      ],
    ]);
    // The voided amount is struck out; the order's number opens its page.
    const voided = within(table).getAllByRole('row')[2]!;
    expect(getComputedStyle(within(voided).getByText('$5.00')).textDecoration).toContain('line-through');
    expect(within(table).getAllByRole('link', { name: '3F1C2B4A' })[0]!.getAttribute('href')).toBe(
      `/demo/orders/${ORDER_ID}`,
    );
    expect(
      screen.getByText('4 lines from Mon 3/1/2027 to Wed 3/31/2027: net $75.00, disputed $100.00').getAttribute('role'),
    ).toBe('status');
  });

  it('shows the totals per method, month and day, refunds and disputes negative', async () => {
    serve();
    renderLedger();
    const months = await screen.findByRole('table', { name: 'Totals per month' });
    expect(
      within(months)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent)),
    ).toEqual([['March 2027', '$105.00', '$0.00', '−$30.00', '$75.00', '−$100.00', '4']]);
    const methods = screen.getByRole('table', { name: 'Totals per method' });
    expect(
      within(methods)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Check', 'Online (Stripe)']);
    const days = screen.getByRole('table', { name: 'Totals per day' });
    expect(
      within(days)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Mon 3/1/2027', 'Tue 3/2/2027']);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Totals per method',
      'Totals per month',
      'Totals per day',
    ]);
  });

  it('filters by kind in the URL, back to the first page, and "Any" leaves it out again', async () => {
    serve();
    renderLedger(`${SPAN}&cursor=abc`);
    await screen.findByRole('table', { name: 'Payments' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Kind' }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Refund' }));
    await waitFor(() => expect(location()).toBe(`/demo/ledger${SPAN}&kind=refund`));
    await userEvent.click(screen.getByRole('combobox', { name: 'Kind' }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Any' }));
    await waitFor(() => expect(location()).toBe(`/demo/ledger${SPAN}`));
  });

  it('asks the server for the filters of the URL and a search on Enter; the CSV follows them without the page', async () => {
    const requests = serve();
    renderLedger(`${SPAN}&method=check&status=voided&per_page=25&cursor=abc`);
    await screen.findByRole('table', { name: 'Payments' });
    expect(pageCalls(requests)).toEqual([`${SPAN}&method=check&status=voided&cursor=abc&per_page=25`]);
    const search = screen.getByRole('searchbox', { name: 'Order number or client' });
    fireEvent.change(search, { target: { value: ' Jane Doe ' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() =>
      expect(pageCalls(requests).at(-1)).toBe(`${SPAN}&method=check&status=voided&q=Jane+Doe&per_page=25`),
    );
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      `${PAYMENTS}${SPAN}&method=check&status=voided&q=Jane+Doe&format=csv`,
    );
  });

  it('pages by the cursors the server gives, never by number', async () => {
    const requests = serve();
    renderLedger();
    await screen.findByRole('table', { name: 'Payments' });
    const pages = screen.getByRole('navigation', { name: 'Pages of payments' });
    expect((within(pages).getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(pages).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(pageCalls(requests).at(-1)).toBe(`${SPAN}&cursor=bmV4dA`));
    expect(pageCalls(requests).some((path) => /[?&](page|offset)=/.test(path))).toBe(false);
  });

  it('says what is wrong with a span the server would refuse, and asks for nothing', async () => {
    const requests = serve();
    renderLedger('?from=2027-03-02&to=2027-03-01');
    expect(
      await screen.findByText('The last day comes before the first: pick a last day on or after the first.'),
    ).toBeTruthy();
    renderLedger('?from=2026-01-01&to=2027-01-02');
    expect(await screen.findByText('At most 366 days at a time: pick a shorter span.')).toBeTruthy();
    expect(pageCalls(requests)).toEqual([]);
  });

  it.each([
    ['office staff, the company allowing it', as('office'), true],
    ['office staff, the company not allowing it', as('office', false), false],
    ['an owner, whatever the setting', as('owner', false), true],
    ['an admin, whatever the setting', as('admin', false), true],
    ['an inspector', as('inspector'), false],
  ])('opens to %s, or says it does not', async (_, me, opens) => {
    const requests = serve(me);
    renderLedger();
    if (opens) await screen.findByRole('table', { name: 'Payments' });
    else {
      await screen.findByText("You don't have access to this.");
      expect(pageCalls(requests)).toEqual([]);
    }
  });
});
