import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ConsoleTimeOffSpan } from '@scheduler/contracts/console';
import { refusal, renderPage, stubServer, type Answer } from '../../../test-support/render-page.tsx';
import { GiveBackDialog } from './GiveBackDialog.tsx';

/**
 * A time-off block's dialog on its own: what it says of the block (the zone only where there is a
 * time to name it for), and a refusal to give the time back said in it, the dialog left open.
 */

const TIME_OFF_ID = '7c1d2e3f-4a5b-4c6d-8e7f-901a2b3c4d5e';
const DELETE_PATH = `/api/console/companies/demo/time-off/${TIME_OFF_ID}`;
const SPAN: ConsoleTimeOffSpan = {
  time_off_id: TIME_OFF_ID,
  local_date: '2026-12-01',
  local_start: '13:00',
  local_end: '15:00',
  note: '',
  recurring: false,
};

/** The dialog open on `span`, each DELETE of the block answered with `answer`. */
async function openGiveBack(span: ConsoleTimeOffSpan, answer: Answer = { status: 204, body: null }) {
  const requests = stubServer((request) =>
    request.method === 'DELETE' && request.path === DELETE_PATH ? answer : undefined,
  );
  const onClose = vi.fn();
  const onGivenBack = vi.fn();
  renderPage(
    <GiveBackDialog
      companyKey="demo"
      timeOff={{ span, inspectorName: 'Sarah Chen', zone: 'EST' }}
      onClose={onClose}
      onGivenBack={onGivenBack}
    />,
    { path: '/demo', pattern: '/:companyKey' },
  );
  const dialog = await screen.findByRole('dialog', { name: 'Time off' });
  return { requests, onClose, onGivenBack, dialog };
}

const deletes = (requests: Array<{ method: string; path: string }>) =>
  requests.filter((request) => request.method === 'DELETE').map((request) => request.path);

describe('the give-back dialog', () => {
  it('says whose time off it is and when, with the zone, and nothing of a note or of weeks it does not have', async () => {
    const { dialog } = await openGiveBack(SPAN);
    expect(within(dialog).getByText('Sarah Chen, Tuesday, December 1st 2026: Off 1:00 PM – 3:00 PM EST')).toBeTruthy();
    expect(dialog.textContent).not.toContain('Note:');
    expect(dialog.textContent).not.toContain('repeats weekly');
    expect(within(dialog).getByRole('button', { name: 'Give this time back' })).toBeTruthy();
  });

  it('names no zone for a whole day off, and says its note and that a weekly block frees every date', async () => {
    const { dialog } = await openGiveBack({
      ...SPAN,
      local_start: '00:00',
      local_end: '24:00',
      note: 'Conference',
      recurring: true,
    });
    expect(within(dialog).getByText('Sarah Chen, Tuesday, December 1st 2026: Off all day')).toBeTruthy();
    expect(within(dialog).getByText('Note: Conference')).toBeTruthy();
    expect(
      within(dialog).getByText(
        'This time off repeats weekly: giving it back frees every date it covers, not only this one.',
      ),
    ).toBeTruthy();
  });

  it('closes from its first step without asking the server anything', async () => {
    const { requests, onClose, onGivenBack, dialog } = await openGiveBack(SPAN);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onGivenBack).not.toHaveBeenCalled();
    expect(deletes(requests)).toEqual([]);
  });

  it('asks once more, saying the inspector can be booked again, then deletes the block', async () => {
    const { requests, onGivenBack, dialog } = await openGiveBack(SPAN);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Give this time back' }));
    const confirm = await screen.findByRole('dialog', { name: 'Give this time back?' });
    expect(within(confirm).getByText('Sarah Chen can be booked in this time again.')).toBeTruthy();
    expect(deletes(requests)).toEqual([]);

    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, give it back' }));
    await waitFor(() => expect(onGivenBack).toHaveBeenCalledTimes(1));
    expect(deletes(requests)).toEqual([DELETE_PATH]);
  });

  it("says the server's refusal in the dialog, which stays open to try again", async () => {
    const { requests, onClose, onGivenBack } = await openGiveBack(
      SPAN,
      refusal(409, 'conflict', 'This time off was changed meanwhile: reload the schedule.'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Give this time back' }));
    const confirm = await screen.findByRole('dialog', { name: 'Give this time back?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, give it back' }));

    const alert = await within(confirm).findByRole('alert');
    expect(alert.textContent).toBe('This time off was changed meanwhile: reload the schedule.');
    expect(onGivenBack).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect((within(confirm).getByRole('button', { name: 'Yes, give it back' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect(deletes(requests)).toEqual([DELETE_PATH]);
  });
});
