import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REVIEW_PANEL_SLOT_ID } from '../shared/page-slots.ts';
import { SCREEN_HEADING_ID } from '@scheduler/ui/focus';
import { officeFixture, orderFixture, renderStep, stubServer } from '../test-support/render-step.tsx';
import { swipeDirection } from './horizontal-swipe.ts';
import ReviewSidebar from './ReviewSidebar.tsx';

const PANEL = 'Review your order';
const CLOSE = 'Close the order review';

function setViewport(width: number) {
  (
    globalThis as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }
  ).happyDOM.setViewport({ width, height: 800 });
}

function renderSidebar(width: number, { entered = true } = {}) {
  setViewport(width);
  // The panel's prices are not what these tests look at: /pricing fails, and the Services section stays empty.
  stubServer(() => ({ status: 500, body: { error: { code: 'internal', message: 'not in this test' } } }));
  const Step = () => (
    <>
      <h1 id={SCREEN_HEADING_ID} tabIndex={-1}>
        When would you like your inspection?
      </h1>
      <ReviewSidebar step="calendar" />
    </>
  );
  return renderStep(Step, {
    office: officeFixture({ settings_data: [] }),
    order: orderFixture(entered ? { datetime: '2026-12-01T14:00:00.000Z' } : {}),
    mode: 'calendar-last',
  });
}

const panel = () => screen.queryByRole('complementary', { name: PANEL });
const toggle = () => screen.queryByRole('button', { name: PANEL });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  const slot = document.createElement('div');
  slot.id = REVIEW_PANEL_SLOT_ID;
  document.body.append(slot);
});
afterEach(() => {
  document.getElementById(REVIEW_PANEL_SLOT_ID)?.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the review-order panel (spec 2.10, decision 0038)', () => {
  it('below 800 px, once something is entered, is open by default in the page (not a dialog over the step)', async () => {
    renderSidebar(375);
    // The file's first render waits for the panel's chunk: on a busy machine, more than a second.
    await screen.findByRole('complementary', { name: PANEL }, { timeout: 5000 });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toggle()).toBeNull();
  });

  it('below 800 px on a first screen, with nothing to review, is the toggle; it opens in place and its close icon closes it, focus following', async () => {
    renderSidebar(375, { entered: false });
    const button = await screen.findByRole('button', { name: PANEL });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(panel()).toBeNull();
    const user = userEvent.setup();
    await user.click(button);
    const close = await screen.findByRole('button', { name: CLOSE });
    expect(panel()).not.toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(close.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(close));
    await user.click(close);
    const again = await screen.findByRole('button', { name: PANEL });
    expect(panel()).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(again));
  });

  it('from 800 px is open beside the step (a first screen too), collapses to the toggle with its close icon, and stays closed on the next step', async () => {
    const first = renderSidebar(1280, { entered: false });
    await screen.findByRole('complementary', { name: PANEL });
    expect(toggle()).toBeNull();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: CLOSE }));
    await screen.findByRole('button', { name: PANEL });
    expect(panel()).toBeNull();
    first.unmount();
    renderSidebar(1280);
    await screen.findByRole('button', { name: PANEL });
    expect(panel()).toBeNull();
  });

  it('on a touch screen, a swipe right closes it and a swipe left on the toggle opens it; a vertical scroll does neither', async () => {
    renderSidebar(375);
    const aside = await screen.findByRole('complementary', { name: PANEL });
    const swipe = (element: Element, from: [number, number], to: [number, number]) => {
      fireEvent.touchStart(element, { touches: [{ clientX: from[0], clientY: from[1] }] });
      fireEvent.touchEnd(element, { changedTouches: [{ clientX: to[0], clientY: to[1] }] });
    };
    swipe(aside, [100, 300], [110, 500]);
    expect(panel()).not.toBeNull();
    swipe(aside, [100, 300], [220, 310]);
    const button = await screen.findByRole('button', { name: PANEL });
    swipe(button, [300, 300], [150, 305]);
    await screen.findByRole('complementary', { name: PANEL });
  });
});

describe("the panel's time, on the office's clock (decision 0029)", () => {
  const machineZone = process.env.TZ;
  afterEach(() => {
    // Node reads TZ again whenever it is set: the rest of the run keeps the machine's zone.
    if (machineZone === undefined) delete process.env.TZ;
    else process.env.TZ = machineZone;
  });

  it("names the office's zone for a visitor whose clock differs, and not for one on the office's clock", async () => {
    process.env.TZ = 'America/Los_Angeles';
    const first = renderSidebar(1280);
    expect(await screen.findByText('Time: 9:00 AM EST')).toBeTruthy();
    first.unmount();

    process.env.TZ = 'America/New_York';
    renderSidebar(1280);
    expect(await screen.findByText('Time: 9:00 AM')).toBeTruthy();
  });
});

describe('swipeDirection', () => {
  it('is a swipe from 50 px sideways when at least twice as sideways as down', () => {
    expect(swipeDirection({ x: 0, y: 0 }, { x: 50, y: 25 })).toBe('right');
    expect(swipeDirection({ x: 0, y: 0 }, { x: -50, y: -25 })).toBe('left');
    expect(swipeDirection({ x: 0, y: 0 }, { x: 49, y: 0 })).toBeNull();
    expect(swipeDirection({ x: 0, y: 0 }, { x: 50, y: 26 })).toBeNull();
    expect(swipeDirection({ x: 0, y: 0 }, { x: 0, y: 0 })).toBeNull();
  });
});
