import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { INSPECTORS, OFFICE_ME, ORDER, ORDER_ID } from '../../../test-support/fixtures.ts';
import { renderPage, stubServer, type Answer } from '../../../test-support/render-page.tsx';
import type { AdminOrder } from '@scheduler/contracts/confirm';
import { decodeOrdersCursor, encodeOrdersCursor } from '@scheduler/contracts/orders-cursor';
import OrdersPage from './OrdersPage.tsx';
import { enterText } from '../../../test-support/enter-text.ts';

/** The stub's cursor leading to page `n` (its order id ends with the page's number). */
const pageCursor = (n: number) =>
  encodeOrdersCursor({ direction: 'after', at: null, id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}` });

/** The stub's pages of 50: a page by cursor names its neighbours. */
function cursorsOf(path: string, total: number) {
  const cursor = new URL(path, 'http://x').searchParams.get('cursor');
  const page = cursor === null ? 1 : Number(decodeOrdersCursor(cursor)!.id.slice(-12));
  return {
    page: cursor === null ? 1 : null,
    next_cursor: page * 50 < total ? pageCursor(page + 1) : null,
    previous_cursor: page > 1 ? pageCursor(page - 1) : null,
  };
}

function serve(total = 1) {
  return stubServer((request) => {
    if (request.path === '/api/console/me') return { status: 200, body: OFFICE_ME };
    if (request.path === '/api/console/companies/demo/inspectors') return { status: 200, body: INSPECTORS };
    if (request.path.startsWith('/api/console/companies/demo/orders?'))
      return {
        status: 200,
        body: {
          orders: [{ ...ORDER, agreement_pending: false }],
          ...cursorsOf(request.path, total),
          per_page: 50,
          total,
        },
      };
    return undefined;
  });
}

const ordersCalls = (requests: ReturnType<typeof serve>) =>
  requests.filter((r) => r.path.startsWith('/api/console/companies/demo/orders?')).map((r) => r.path);
const location = () => screen.getByTestId('location').textContent;
const csvHref = () => screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href');

describe('the orders page', () => {
  it('reads its filters from the URL, asks the API with them, and offers the same as CSV', async () => {
    const requests = serve();
    renderPage(<OrdersPage />, {
      path: '/demo/orders?from=2026-12-01&status=all&inspector_id=101',
      pattern: '/:companyKey/orders',
    });

    const row = await screen.findByRole('link', { name: 'Tue 12/1/2026 9:30 AM EST' });
    expect(row.getAttribute('href')).toBe(`/demo/orders/${ORDER_ID}`);
    expect(screen.getByRole('row', { name: /Jane Doe/ }).textContent).toContain('$572.50');
    expect(ordersCalls(requests)).toEqual([
      '/api/console/companies/demo/orders?from=2026-12-01&status=all&inspector_id=101',
    ]);
    expect(csvHref()).toBe(
      '/api/console/companies/demo/orders.csv?from=2026-12-01&status=all&inspector_id=101&all=true',
    );
  });

  it('shows the columns chosen from the Columns menu, by keyboard, kept for the next visit (issue 41)', async () => {
    localStorage.clear();
    serve();
    const { unmount } = renderPage(<OrdersPage />, { path: '/demo/orders?status=all', pattern: '/:companyKey/orders' });
    await screen.findByRole('link', { name: 'Tue 12/1/2026 9:30 AM EST' });
    const headings = () => screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headings()).toEqual(['When', 'Client', 'Address', 'Inspectors', 'Services', 'Total', 'Paid', 'Status']);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const menu = await screen.findByRole('menu');
    const item = (name: string) => within(menu).getByRole('menuitemcheckbox', { name });
    expect(item('When').getAttribute('aria-disabled')).toBe('true');
    expect(item('Order number').getAttribute('aria-checked')).toBe('false');
    item('Order number').focus();
    await user.keyboard('{Enter}');
    expect(item('Order number').getAttribute('aria-checked')).toBe('true');
    item('Paid').focus();
    await user.keyboard(' ');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(headings()).toEqual([
      'When',
      'Order number',
      'Client',
      'Address',
      'Inspectors',
      'Services',
      'Total',
      'Status',
    ]);
    expect(screen.getByRole('row', { name: /Jane Doe/ }).textContent).toContain(
      ORDER_ID.replace(/-/g, '').slice(0, 8).toUpperCase(),
    );
    unmount();
    renderPage(<OrdersPage />, { path: '/demo/orders?status=all', pattern: '/:companyKey/orders' });
    await screen.findByRole('link', { name: 'Tue 12/1/2026 9:30 AM EST' });
    expect(headings()).toEqual([
      'When',
      'Order number',
      'Client',
      'Address',
      'Inspectors',
      'Services',
      'Total',
      'Status',
    ]);
    localStorage.clear();
  });

  it('puts a changed date and a search into the URL, back to the first page, and the CSV follows', async () => {
    const requests = serve(120);
    renderPage(<OrdersPage />, { path: '/demo/orders?status=cancelled&page=2', pattern: '/:companyKey/orders' });
    // An older link's page number is dropped: the list pages by cursor (decision 0071).
    await waitFor(() =>
      expect(ordersCalls(requests).at(-1)).toBe('/api/console/companies/demo/orders?status=cancelled'),
    );
    await screen.findByText('120 orders');

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-12-31' } });
    expect(location()).toBe('/demo/orders?status=cancelled&to=2026-12-31');

    await enterText(screen.getByRole('textbox', { name: 'Search' }), 'Elm Street');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(location()).toBe('/demo/orders?status=cancelled&to=2026-12-31&q=Elm+Street');
    await waitFor(() =>
      expect(csvHref()).toBe(
        '/api/console/companies/demo/orders.csv?to=2026-12-31&status=cancelled&q=Elm+Street&all=true',
      ),
    );
    await waitFor(() =>
      expect(ordersCalls(requests).at(-1)).toBe(
        '/api/console/companies/demo/orders?to=2026-12-31&status=cancelled&q=Elm+Street',
      ),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(location()).toBe(`/demo/orders?status=cancelled&to=2026-12-31&q=Elm+Street&cursor=${pageCursor(2)}`);
    await waitFor(() =>
      expect(ordersCalls(requests).at(-1)).toBe(
        `/api/console/companies/demo/orders?to=2026-12-31&status=cancelled&q=Elm+Street&cursor=${pageCursor(2)}`,
      ),
    );
    // The download stays every order of the filters, whatever the page shown.
    expect(csvHref()).toBe(
      '/api/console/companies/demo/orders.csv?to=2026-12-31&status=cancelled&q=Elm+Street&all=true',
    );
  });
});

describe('the orders filter by inspector', () => {
  it("lists the company's inspectors with their offices, from the inspectors' list, and filters by the one chosen", async () => {
    const requests = serve();
    renderPage(<OrdersPage />, { path: '/demo/orders?status=all', pattern: '/:companyKey/orders' });
    await screen.findByText('1 order');
    await waitFor(() => expect(requests.some((r) => r.path === '/api/console/companies/demo/inspectors')).toBe(true));
    expect(requests.some((r) => r.path.includes('/schedule'))).toBe(false);

    await userEvent.click(screen.getByRole('combobox', { name: 'Inspector' }));
    const list = await screen.findByRole('listbox');
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All inspectors', 'Sarah Chen · Columbus', 'Mike Alvarez · Columbus', 'Dana Brooks · Dayton']);
    await userEvent.click(within(list).getByRole('option', { name: 'Dana Brooks · Dayton' }));
    expect(location()).toBe('/demo/orders?status=all&inspector_id=201');
    await waitFor(() =>
      expect(ordersCalls(requests).at(-1)).toBe('/api/console/companies/demo/orders?status=all&inspector_id=201'),
    );
  });
});

/** The orders as the API answers a page of them, or `answer` instead. */
function serveOrders(
  orders: Array<AdminOrder & { agreement_pending?: boolean }>,
  { total = orders.length, answer }: { total?: number; answer?: Answer } = {},
) {
  return stubServer((request) => {
    if (request.path === '/api/console/me') return { status: 200, body: OFFICE_ME };
    if (request.path === '/api/console/companies/demo/inspectors') return { status: 200, body: INSPECTORS };
    if (/^\/api\/console\/companies\/demo\/orders(\?|$)/.test(request.path))
      return (
        answer ?? {
          status: 200,
          body: {
            orders: orders.map((order) => ({ agreement_pending: false, ...order })),
            ...cursorsOf(request.path, total),
            per_page: 50,
            total,
          },
        }
      );
    return undefined;
  });
}

const listCalls = (requests: ReturnType<typeof serveOrders>) =>
  requests.filter((r) => /^\/api\/console\/companies\/demo\/orders(\?|$)/.test(r.path)).map((r) => r.path);
const openOrders = (query = '') =>
  renderPage(<OrdersPage />, { path: `/demo/orders${query}`, pattern: '/:companyKey/orders' });
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('the orders table', () => {
  it('shows each order a row: when in its own zone, client, address, inspectors, services, total, paid and status', async () => {
    serveOrders([ORDER]);
    openOrders();
    const table = await screen.findByRole('table', { name: 'Orders' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['When', 'Client', 'Address', 'Inspectors', 'Services', 'Total', 'Paid', 'Status']);
    expect(cells(within(table).getAllByRole('row')[1]!)).toEqual([
      'Tue 12/1/2026 9:30 AM EST',
      'Jane Doe',
      '12 Elm Street, Columbus, OH 43215',
      'Sarah Chen',
      'Full Home Inspection, Radon Test',
      '$572.50',
      'Not paid',
      'Booked',
    ]);
    expect(screen.getByText('1 order').getAttribute('role')).toBe('status');
  });

  it('says a cancelled, paid order without a time, inspector or total in words', async () => {
    const cancelled: AdminOrder = {
      ...ORDER,
      id: 'c0ffee00-0000-4000-8000-000000000001',
      local_date: null,
      local_time: null,
      inspectors: [],
      total_cents: null,
      paid: true,
      cancelled: {
        at: '2026-11-25T15:00:00.000Z',
        reason: 'Buyer withdrew',
        fee_cents: 0,
        by: 'office',
      } as AdminOrder['cancelled'],
    };
    serveOrders([cancelled, { ...ORDER, status: 'pending' as AdminOrder['status'] }], { total: 2 });
    openOrders('?status=all');
    const rows = within(await screen.findByRole('table', { name: 'Orders' }))
      .getAllByRole('row')
      .slice(1);
    expect(cells(rows[0]!)).toEqual([
      'No time',
      'Jane Doe',
      '12 Elm Street, Columbus, OH 43215',
      '—',
      'Full Home Inspection, Radon Test',
      '—',
      'Paid',
      'Cancelled',
    ]);
    expect(cells(rows[1]!).at(-1)).toBe('Pending');
    expect(screen.getByText('2 orders').getAttribute('role')).toBe('status');
  });

  it('marks the order whose agreement is not signed, and only it', async () => {
    const signed = { ...ORDER, id: 'c0ffee00-0000-4000-8000-000000000002', agreement_pending: false };
    serveOrders([{ ...ORDER, agreement_pending: true }, signed], { total: 2 });
    openOrders();
    const rows = within(await screen.findByRole('table', { name: 'Orders' }))
      .getAllByRole('row')
      .slice(1);
    expect(cells(rows[0]!)[0]).toBe('Tue 12/1/2026 9:30 AM ESTAgreement not signed');
    expect(within(rows[0]!).getByText('Agreement not signed')).toBeTruthy();
    expect(within(rows[1]!).queryByText('Agreement not signed')).toBeNull();
    expect(cells(rows[1]!)[0]).toBe('Tue 12/1/2026 9:30 AM EST');
  });

  it('says when no order matches, with no table', async () => {
    serveOrders([]);
    openOrders('?q=nobody');
    expect((await screen.findByText('No orders match these filters.')).getAttribute('role')).toBe('status');
    expect(screen.queryByRole('table', { name: 'Orders' })).toBeNull();
  });

  it("says the API's refusal in its words, and asks again when told to", async () => {
    // A 4xx is not retried by itself (a 5xx is, twice, before the page says so).
    const requests = serveOrders([], {
      answer: {
        status: 400,
        body: { error: { code: 'invalid_request', message: 'Choose dates at most a year apart.' } },
      },
    });
    openOrders();
    expect((await screen.findByRole('alert')).textContent).toContain('Choose dates at most a year apart.');
    const before = listCalls(requests).length;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(listCalls(requests).length).toBe(before + 1));
  });
});

describe('the orders filters and pages', () => {
  it('filters the orders whose agreement is not signed, in the URL, the API call and the CSV', async () => {
    const requests = serveOrders([ORDER]);
    openOrders('?status=all');
    await screen.findByRole('table', { name: 'Orders' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Agreement' }));
    await userEvent.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'Agreement not signed' }),
    );
    expect(location()).toBe('/demo/orders?status=all&agreement=unsigned');
    await waitFor(() =>
      expect(listCalls(requests).at(-1)).toBe('/api/console/companies/demo/orders?status=all&agreement=unsigned'),
    );
    expect(csvHref()).toBe('/api/console/companies/demo/orders.csv?status=all&agreement=unsigned&all=true');
    // Back to any agreement: the filter leaves the URL.
    await userEvent.click(screen.getByRole('combobox', { name: 'Agreement' }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Any agreement' }));
    expect(location()).toBe('/demo/orders?status=all');
  });

  it('drops an agreement filter the API would refuse', async () => {
    const requests = serveOrders([ORDER]);
    openOrders('?agreement=signed');
    await screen.findByRole('table', { name: 'Orders' });
    expect(listCalls(requests).at(-1)).toBe('/api/console/companies/demo/orders');
  });

  it('puts a status into the URL, the default (booked) as none', async () => {
    serveOrders([ORDER]);
    openOrders('?page=3');
    await screen.findByRole('table', { name: 'Orders' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Cancelled' }));
    await waitFor(() => expect(location()).toBe('/demo/orders?status=cancelled'));
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Booked' }));
    await waitFor(() => expect(location()).toBe('/demo/orders'));
  });

  it('pages through the orders by Next and Previous, and changes the page size, back to the first page', async () => {
    const requests = serveOrders([ORDER], { total: 120 });
    openOrders();
    await screen.findByRole('table', { name: 'Orders' });
    const pages = screen.getByRole('navigation', { name: 'Pages of orders' });
    const button = (name: string) => within(pages).getByRole('button', { name }) as HTMLButtonElement;
    expect([button('First page').disabled, button('Previous page').disabled, button('Next page').disabled]).toEqual([
      true,
      true,
      false,
    ]);
    await userEvent.click(button('Next page'));
    await waitFor(() => expect(location()).toBe(`/demo/orders?cursor=${pageCursor(2)}`));
    await waitFor(() =>
      expect(listCalls(requests).at(-1)).toBe(`/api/console/companies/demo/orders?cursor=${pageCursor(2)}`),
    );
    await userEvent.click(button('Next page'));
    await waitFor(() => expect(location()).toBe(`/demo/orders?cursor=${pageCursor(3)}`));
    // The last page: no next.
    await waitFor(() => expect(button('Next page').disabled).toBe(true));
    await userEvent.click(button('Previous page'));
    await waitFor(() => expect(location()).toBe(`/demo/orders?cursor=${pageCursor(2)}`));
    await userEvent.click(button('First page'));
    await waitFor(() => expect(location()).toBe('/demo/orders'));

    await userEvent.click(screen.getByRole('combobox', { name: /Per page/ }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: '100' }));
    await waitFor(() => expect(location()).toBe('/demo/orders?per_page=100'));
    expect(csvHref()).toBe('/api/console/companies/demo/orders.csv?all=true');
  });

  it('searches the trimmed words only when asked, and clears the search when emptied', async () => {
    serveOrders([ORDER]);
    openOrders('?q=Elm');
    const search = (await screen.findByRole('textbox', { name: 'Search' })) as HTMLInputElement;
    expect(search.value).toBe('Elm');
    await userEvent.clear(search);
    await enterText(search, '  Oak  ');
    expect(location()).toBe('/demo/orders?q=Elm');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(location()).toBe('/demo/orders?q=Oak'));
    await userEvent.clear(screen.getByRole('textbox', { name: 'Search' }));
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(location()).toBe('/demo/orders'));
  });
});
