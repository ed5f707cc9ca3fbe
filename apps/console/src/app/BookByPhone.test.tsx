import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConsoleInspectors } from '@scheduler/contracts/console';
import { INSPECTORS, OFFICE, OTHER_OFFICE } from '../test-support/fixtures.ts';
import { renderPage, stubServer, type RecordedRequest } from '../test-support/render-page.tsx';
import { BookByPhone } from './BookByPhone.tsx';

const ONE_OFFICE: ConsoleInspectors = {
  inspectors: INSPECTORS.inspectors.filter((inspector) => inspector.office_uuid === OFFICE.uuid),
};

/**
 * "Book by phone" on a page at `path`: the company's inspectors (their offices are the choice).
 * The button opens the console's phone-booking form (decision 0072), which starts the booking
 * itself (BookPage.test.tsx): the button sends nothing.
 */
async function renderBooking({
  inspectors = INSPECTORS,
  path = '/demo/schedule',
}: {
  inspectors?: ConsoleInspectors;
  path?: string;
} = {}) {
  const requests = stubServer((request) =>
    request.path === '/api/console/companies/demo/inspectors' ? { status: 200, body: inspectors } : undefined,
  );
  renderPage(<BookByPhone companyKey="demo" />, {
    path,
    pattern: '/:companyKey/schedule',
    extraRoutes: [{ path: '/:companyKey/book', element: <p>The phone-booking form</p> }],
  });
  const button = screen.getByRole('button', { name: 'Book by phone' }) as HTMLButtonElement;
  // Until the offices are known, a click could not tell which to ask about.
  expect(button.disabled).toBe(true);
  await waitFor(() => expect(button.disabled).toBe(false));
  return { requests, button };
}

const writes = (requests: RecordedRequest[]) => requests.filter((r) => r.method !== 'GET');
const radio = (dialog: HTMLElement, name: string) => within(dialog).getByRole('radio', { name }) as HTMLInputElement;
const location = () => screen.getByTestId('location').textContent;

describe('booking by phone', () => {
  it('opens the form at once for a company of one office', async () => {
    const { requests, button } = await renderBooking({ inspectors: ONE_OFFICE });
    expect(button.getAttribute('aria-haspopup')).toBeNull();
    await userEvent.click(button);
    await screen.findByText('The phone-booking form');
    expect(location()).toBe('/demo/book');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(writes(requests)).toEqual([]);
  });

  it("asks which office, the schedule's office chosen first, and opens the form for the one chosen", async () => {
    const { button } = await renderBooking({ path: `/demo/schedule?office=${OTHER_OFFICE.uuid}` });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Book by phone' });
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((option) => option.getAttribute('value')),
    ).toEqual([OFFICE.uuid, OTHER_OFFICE.uuid]);
    expect(radio(dialog, OTHER_OFFICE.name).checked).toBe(true);

    await userEvent.click(radio(dialog, OFFICE.name));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start the booking' }));
    await screen.findByText('The phone-booking form');
    expect(location()).toBe(`/demo/book?office=${OFFICE.uuid}`);
  });

  it('chooses the first office when the address names none it knows', async () => {
    const { button } = await renderBooking({ path: '/demo/schedule?office=somewhere-else' });
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Book by phone' });
    expect(radio(dialog, OFFICE.name).checked).toBe(true);
  });

  it('goes nowhere when the choice is cancelled', async () => {
    const { requests, button } = await renderBooking();
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Book by phone' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location()).toBe('/demo/schedule');
    expect(writes(requests)).toEqual([]);
  });
});
