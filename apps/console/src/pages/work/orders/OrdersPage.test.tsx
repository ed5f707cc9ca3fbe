import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { INSPECTORS, OFFICE_ME, ORDER, ORDER_ID } from '../../../test-support/fixtures.ts';
import { renderPage, stubServer } from '../../../test-support/render-page.tsx';
import OrdersPage from './OrdersPage.tsx';
import { enterText } from '../../../test-support/enter-text.ts';

function serve(total = 1) {
  return stubServer((request) => {
    if (request.path === '/api/console/me') return { status: 200, body: OFFICE_ME };
    if (request.path === '/api/console/companies/demo/inspectors') return { status: 200, body: INSPECTORS };
    if (request.path.startsWith('/api/console/companies/demo/orders?')) return { status: 200, body: { orders: [ORDER], page: Number(new URL(request.path, 'http://x').searchParams.get('page') ?? 1), per_page: 50, total } };
    return undefined;
  });
}

const ordersCalls = (requests: ReturnType<typeof serve>) => requests.filter((r) => r.path.startsWith('/api/console/companies/demo/orders?')).map((r) => r.path);
const location = () => screen.getByTestId('location').textContent;
const csvHref = () => screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href');

describe('the orders page', () => {
  it('reads its filters from the URL, asks the API with them, and offers the same as CSV', async () => {
    const requests = serve();
    renderPage(<OrdersPage />, { path: '/demo/orders?from=2026-12-01&status=all&inspector_id=101', pattern: '/:companyKey/orders' });

    const row = await screen.findByRole('link', { name: 'Tue 12/1/2026 9:30 AM EST' });
    expect(row.getAttribute('href')).toBe(`/demo/orders/${ORDER_ID}`);
    expect(screen.getByRole('row', { name: /Jane Doe/ }).textContent).toContain('$572.50');
    expect(ordersCalls(requests)).toEqual(['/api/console/companies/demo/orders?from=2026-12-01&status=all&inspector_id=101']);
    expect(csvHref()).toBe('/api/console/companies/demo/orders.csv?from=2026-12-01&status=all&inspector_id=101');
  });

  it('puts a changed date and a search into the URL, back to the first page, and the CSV follows', async () => {
    const requests = serve(120);
    renderPage(<OrdersPage />, { path: '/demo/orders?status=cancelled&page=2', pattern: '/:companyKey/orders' });
    await screen.findByText('120 orders');

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-12-31' } });
    expect(location()).toBe('/demo/orders?status=cancelled&to=2026-12-31');

    await enterText(screen.getByRole('textbox', { name: 'Search' }), 'Elm Street');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(location()).toBe('/demo/orders?status=cancelled&to=2026-12-31&q=Elm+Street');
    await waitFor(() => expect(csvHref()).toBe('/api/console/companies/demo/orders.csv?to=2026-12-31&status=cancelled&q=Elm+Street'));
    await waitFor(() => expect(ordersCalls(requests).at(-1)).toBe('/api/console/companies/demo/orders?to=2026-12-31&status=cancelled&q=Elm+Street'));

    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(location()).toBe('/demo/orders?status=cancelled&to=2026-12-31&q=Elm+Street&page=2');
    await waitFor(() => expect(ordersCalls(requests).at(-1)).toBe('/api/console/companies/demo/orders?to=2026-12-31&status=cancelled&q=Elm+Street&page=2'));
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
    expect(within(list).getAllByRole('option').map((option) => option.textContent)).toEqual(['All inspectors', 'Sarah Chen · Columbus', 'Mike Alvarez · Columbus', 'Dana Brooks · Dayton']);
    await userEvent.click(within(list).getByRole('option', { name: 'Dana Brooks · Dayton' }));
    expect(location()).toBe('/demo/orders?status=all&inspector_id=201');
    await waitFor(() => expect(ordersCalls(requests).at(-1)).toBe('/api/console/companies/demo/orders?status=all&inspector_id=201'));
  });
});
