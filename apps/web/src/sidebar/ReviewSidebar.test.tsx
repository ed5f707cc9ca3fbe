import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REVIEW_PANEL_SLOT_ID } from '../app/PageLayout.tsx';
import { SCREEN_HEADING_ID } from '../shared/focus.ts';
import type { HeldPick, OpenReviewPanel } from '../shared/review-panel-event.ts';
import { officeFixture, orderFixture, renderStep, stubServer } from '../test-support/render-step.tsx';
import ReviewSidebar from './ReviewSidebar.tsx';

const HOLDING = "We're holding 12/1/2026 at 9:00AM for you for 15 minutes while you finish your order.";

/** What the calendar does after a held pick. */
function pickHeld(): void {
  const name: OpenReviewPanel = 'scheduler:open-review-panel';
  act(() => void window.dispatchEvent(new CustomEvent<HeldPick>(name, { detail: { at: '2026-12-01 09:00:00', minutes: 15 } })));
}

function renderSidebar(width: number) {
  (globalThis as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }).happyDOM.setViewport({ width, height: 800 });
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
  return renderStep(Step, { office: officeFixture({ settings_data: [] }), order: orderFixture({ datetime: '2026-12-01T14:00:00.000Z' }), mode: 'calendar-last' });
}

beforeEach(() => {
  const slot = document.createElement('div');
  slot.id = REVIEW_PANEL_SLOT_ID;
  document.body.append(slot);
});
afterEach(() => {
  document.getElementById(REVIEW_PANEL_SLOT_ID)?.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the review-order panel after a held pick (spec 2.5, 4.2 step 5)', () => {
  it('below 800 px opens the drawer, described by the hold; closing it puts focus on the step heading', async () => {
    renderSidebar(375);
    await screen.findByRole('button', { name: 'Review your order' });
    expect(screen.queryByRole('dialog')).toBeNull();
    pickHeld();
    const drawer = await screen.findByRole('dialog', { name: 'Review your order' });
    expect(document.getElementById(drawer.getAttribute('aria-describedby') ?? '')?.textContent).toBe(HOLDING);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close the order review' }));
    await waitFor(() => expect(document.activeElement?.id).toBe(SCREEN_HEADING_ID));
  });

  it('opened with its toggle, the drawer carries no hold description', async () => {
    renderSidebar(375);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Review your order' }));
    const drawer = await screen.findByRole('dialog', { name: 'Review your order' });
    expect(drawer.getAttribute('aria-describedby')).toBeNull();
  });

  it('from 800 px moves focus to the panel heading and announces the hold politely', async () => {
    renderSidebar(1280);
    const panel = await screen.findByRole('complementary', { name: 'Review your order' });
    pickHeld();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Review your order'));
    expect(document.activeElement?.tagName).toBe('H2');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(HOLDING));
    expect(panel.contains(screen.getByRole('status'))).toBe(true);
  });

  it('from 800 px clears the timers a pick started when the panel goes away', async () => {
    const { unmount } = renderSidebar(1280);
    await screen.findByRole('complementary', { name: 'Review your order' });
    const started = vi.spyOn(globalThis, 'setTimeout');
    const framed = vi.spyOn(globalThis, 'requestAnimationFrame');
    const cleared = vi.spyOn(globalThis, 'clearTimeout');
    const cancelled = vi.spyOn(globalThis, 'cancelAnimationFrame');
    pickHeld();
    // The hold's announcement (after 100 ms) and the frame before the panel comes into view.
    const announce = started.mock.results[started.mock.calls.findIndex(([, ms]) => ms === 100)]?.value as unknown;
    const frame = framed.mock.results.at(-1)?.value as unknown;
    expect(announce).toBeDefined();
    expect(frame).toBeDefined();
    unmount();
    expect(cleared.mock.calls.map(([id]) => id)).toContain(announce);
    expect(cancelled.mock.calls.map(([id]) => id)).toContain(frame);
  });
});
