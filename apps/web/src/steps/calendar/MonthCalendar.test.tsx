import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MonthCalendar } from './MonthCalendar.tsx';

/** December 2026 with its 5th (a Saturday) chosen: its week began on Sunday, November 29th. */
function renderDecember(canGoBack: boolean) {
  const onMonthChange = vi.fn();
  render(
    <MonthCalendar
      month="2026-12-01"
      selectedDate="2026-12-05"
      isEnabled={() => true}
      onSelect={() => {}}
      onMonthChange={onMonthChange}
      canGoBack={canGoBack}
    />,
  );
  const saturday = document.querySelector<HTMLElement>('[data-date="2026-12-05"]')!;
  saturday.focus();
  return { saturday, onMonthChange };
}

describe('the month grid at the first month offered', () => {
  it('takes Home to the 1st when the week began in a month that is not offered', () => {
    const { saturday, onMonthChange } = renderDecember(false);
    fireEvent.keyDown(saturday, { key: 'Home' });
    expect(document.activeElement?.getAttribute('data-date')).toBe('2026-12-01');
    expect(onMonthChange).not.toHaveBeenCalled();
    // At the 1st, a move further back stays there.
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(document.activeElement?.getAttribute('data-date')).toBe('2026-12-01');
    expect(onMonthChange).not.toHaveBeenCalled();
  });

  it("takes Home to the week's Sunday in the month before when that month is offered", () => {
    const { saturday, onMonthChange } = renderDecember(true);
    fireEvent.keyDown(saturday, { key: 'Home' });
    expect(onMonthChange).toHaveBeenCalledWith('2026-11-01');
  });

  it('names the grid by its month', () => {
    renderDecember(false);
    expect(screen.getByRole('grid', { name: 'December 2026' })).toBeTruthy();
  });
});
