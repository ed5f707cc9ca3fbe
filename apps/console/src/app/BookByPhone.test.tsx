import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ConsoleInspectors } from '@scheduler/contracts/console';
import { INSPECTORS, OFFICE, OTHER_OFFICE } from '../test-support/fixtures.ts';
import { refusal, renderPage, stubServer, type Answer, type RecordedRequest } from '../test-support/render-page.tsx';
import { BookByPhone } from './BookByPhone.tsx';

const WIZARD = `/demo/online-scheduler?t=token-1&office=${OFFICE.uuid}`;
const STARTED: Answer = { status: 201, body: { url: WIZARD, order_id: '0d9c8b7a-6f5e-4d3c-8b2a-190817161514' } };
const ONE_OFFICE: ConsoleInspectors = {
  inspectors: INSPECTORS.inspectors.filter((inspector) => inspector.office_uuid === OFFICE.uuid),
};

/**
 * "Book by phone" on a page at `path`: the company's inspectors (their offices are the choice),
 * and each start of a booking answered by `start`. The wizard is opened through
 * window.location.assign, which records where it was sent instead.
 */
async function renderBooking({
  inspectors = INSPECTORS,
  start = () => STARTED,
  path = '/demo/schedule',
}: {
  inspectors?: ConsoleInspectors;
  start?: (request: RecordedRequest, index: number) => Answer;
  path?: string;
} = {}) {
  const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
  let sent = 0;
  const requests = stubServer((request) => {
    if (request.path === '/api/console/companies/demo/inspectors') return { status: 200, body: inspectors };
    if (request.method === 'POST' && request.path === '/api/console/companies/demo/phone-bookings')
      return start(request, sent++);
    return undefined;
  });
  renderPage(<BookByPhone companyKey="demo" />, { path, pattern: '/:companyKey/schedule' });
  const button = screen.getByRole('button', { name: 'Book by phone' }) as HTMLButtonElement;
  // Until the offices are known, a click could not tell which to ask about.
  expect(button.disabled).toBe(true);
  await waitFor(() => expect(button.disabled).toBe(false));
  return { assign, requests, button };
}

const starts = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.path.endsWith('/phone-bookings')).map((r) => r.body);
const radio = (dialog: HTMLElement, name: string) => within(dialog).getByRole('radio', { name }) as HTMLInputElement;

describe('booking by phone', () => {
  it('opens the booking at once for a company of one office, in this tab', async () => {
    const { assign, requests, button } = await renderBooking({ inspectors: ONE_OFFICE });
    expect(button.getAttribute('aria-haspopup')).toBeNull();
    await userEvent.click(button);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(WIZARD));
    expect(starts(requests)).toEqual([{}]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("asks which office, the schedule's office chosen first, and books with the one chosen", async () => {
    const { assign, requests, button } = await renderBooking({ path: `/demo/schedule?office=${OTHER_OFFICE.uuid}` });
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
    await waitFor(() => expect(assign).toHaveBeenCalledWith(WIZARD));
    expect(starts(requests)).toEqual([{ office_uuid: OFFICE.uuid }]);
  });

  it('chooses the first office when the address names none it knows', async () => {
    const { button } = await renderBooking({ path: '/demo/schedule?office=somewhere-else' });
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Book by phone' });
    expect(radio(dialog, OFFICE.name).checked).toBe(true);
  });

  it('sends nothing when the choice is cancelled', async () => {
    const { assign, requests, button } = await renderBooking();
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Book by phone' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(starts(requests)).toEqual([]);
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows a refusal naming the office in the dialog, keeps the office chosen, and starts once asked again', async () => {
    const { assign, requests, button } = await renderBooking({
      start: (_, index) =>
        index === 0
          ? {
              status: 400,
              body: {
                error: { code: 'invalid_request', message: 'Dayton has no inspector to book.', field: 'office_uuid' },
              },
            }
          : STARTED,
    });
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Book by phone' });
    await userEvent.click(radio(dialog, OTHER_OFFICE.name));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start the booking' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe('Dayton has no inspector to book.');
    expect(radio(dialog, OTHER_OFFICE.name).checked).toBe(true);
    expect(assign).not.toHaveBeenCalled();
    // The refusal is said once, in the dialog, not again over the page.
    expect(screen.getAllByRole('alert')).toHaveLength(1);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Start the booking' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(WIZARD));
    expect(starts(requests)).toEqual([{ office_uuid: OTHER_OFFICE.uuid }, { office_uuid: OTHER_OFFICE.uuid }]);
  });

  it('says a refusal of the one office over the page, and lets the person try again', async () => {
    const { assign, requests, button } = await renderBooking({
      inspectors: ONE_OFFICE,
      start: (_, index) =>
        index === 0 ? refusal(409, 'conflict', 'No inspector is working in the next 60 days.') : STARTED,
    });
    await userEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe('No inspector is working in the next 60 days.');
    expect(assign).not.toHaveBeenCalled();
    expect(button.textContent).toBe('Book by phone');
    expect(button.disabled).toBe(false);

    await userEvent.click(button);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(WIZARD));
    expect(starts(requests)).toEqual([{}, {}]);
  });

  it('asks the server all the same when no office has a working inspector, and says its answer', async () => {
    const { button, requests } = await renderBooking({
      inspectors: { inspectors: [] },
      start: () => refusal(409, 'conflict', 'Add an inspector before booking.'),
    });
    await userEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe('Add an inspector before booking.');
    expect(starts(requests)).toEqual([{}]);
  });
});
