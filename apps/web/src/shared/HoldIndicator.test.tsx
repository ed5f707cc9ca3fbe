import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { zoneSuffix } from '@scheduler/domain/time-zone-text';
import HoldIndicator from './HoldIndicator.tsx';
import { markJustHeld, takeJustHeld } from './just-held.ts';

const held = (minutesLeft: number) => ({
  datetime: '2026-12-01T14:00:00.000Z',
  holdExpiresAt: new Date(Date.now() + minutesLeft * 60_000).toISOString(),
  timeZone: 'America/New_York',
});
// The office's zone follows when this machine's clock reads otherwise (decision 0029).
const SAID = new RegExp(
  `^We're holding 12/1/2026 at 9:00AM${zoneSuffix('America/New_York', Date.parse('2026-12-01T14:00:00.000Z'))} for you for 15 minutes while you finish your order\\.$`,
);

afterEach(() => void takeJustHeld());

describe('the held-time notice', () => {
  it('says once, on the step right after the calendar held the time, how long it is held (DECISIONS 4.2 step 5)', () => {
    markJustHeld();
    const first = render(<HoldIndicator held={held(15)} />);
    expect(screen.getByText(SAID)).toBeTruthy();
    first.unmount();
    // The step after that shows the hold, not the sentence again.
    render(<HoldIndicator held={held(14)} />);
    expect(screen.queryByText(/^We're holding/)).toBeNull();
    expect(screen.getByText(/^Held for you until/)).toBeTruthy();
  });

  it('says nothing of the kind when no time was just held', () => {
    render(<HoldIndicator held={held(15)} />);
    expect(screen.queryByText(/^We're holding/)).toBeNull();
  });
});
