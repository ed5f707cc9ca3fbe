import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { SorryDialog } from './SorryDialog.tsx';

const slot = (id: string, day: string): AppointmentSlot => ({
  id,
  date: `2026-12-0${day}`,
  start: '1:00 PM',
  start_datetime: `2026-12-0${day} 13:00:00`,
  end_datetime: `2026-12-0${day} 16:00:00`,
  timestamp: 1796230800,
  users: [102],
});
const first = slot('a', '2');
const second = slot('b', '3');

function open() {
  const onChoose = vi.fn();
  render(
    <SorryDialog
      message="The appointment on 12/1/2026 at 9:00AM is no longer available."
      alternatives={[first, second]}
      describe={(s) => ({ slot: s, label: '', detail: 'with Sarah Chen' })}
      noAlternatives=""
      phone="6145550100"
      onChoose={onChoose}
      onClose={() => {}}
    />,
  );
  return { onChoose, dialog: screen.getByRole('dialog', { name: 'Sorry!' }) };
}

/** WCAG 3.2.2: a choice in the dialog holds (on the review, confirms) the time, so only an explicit activation may act. */
describe('the "Sorry!" dialog\'s alternatives', () => {
  it('do not act on the arrow keys', async () => {
    const user = userEvent.setup();
    const { onChoose, dialog } = open();
    await user.tab();
    expect(within(dialog).getByText('12/2/2026 at 1:00PM').closest('li, label')?.contains(document.activeElement)).toBe(
      true,
    );
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}{ArrowRight}{ArrowLeft}');
    expect(onChoose).not.toHaveBeenCalled();
  });

  it('act on Enter, Space and a click, each on the alternative named', async () => {
    const user = userEvent.setup();
    const { onChoose, dialog } = open();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(onChoose).toHaveBeenLastCalledWith(first);
    await user.tab();
    await user.keyboard(' ');
    expect(onChoose).toHaveBeenLastCalledWith(second);
    await user.click(within(dialog).getByText('12/2/2026 at 1:00PM'));
    expect(onChoose).toHaveBeenLastCalledWith(first);
    expect(onChoose).toHaveBeenCalledTimes(3);
  });

  it('read as a list named by "Please select another appointment:", each with its time and inspectors', () => {
    const { dialog } = open();
    const list = within(dialog).getByRole('list', { name: 'Please select another appointment:' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['12/2/2026 at 1:00PMwith Sarah Chen', '12/3/2026 at 1:00PMwith Sarah Chen']);
  });
});
