import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REVIEW_PANEL_SLOT_ID } from '../app/PageLayout.tsx';
import { SCREEN_HEADING_ID } from '../shared/focus.ts';
import { officeFixture, orderFixture, renderStep, stubServer } from '../test-support/render-step.tsx';
import ReviewSidebar from './ReviewSidebar.tsx';

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

describe('the review-order panel (spec 2.10)', () => {
  it('below 800 px is a toggle that opens a drawer, whose close button closes it and gives focus back to the toggle', async () => {
    renderSidebar(375);
    const toggle = await screen.findByRole('button', { name: 'Review your order' });
    expect(screen.queryByRole('dialog')).toBeNull();
    const user = userEvent.setup();
    await user.click(toggle);
    const drawer = await screen.findByRole('dialog', { name: 'Review your order' });
    expect(drawer.getAttribute('aria-describedby')).toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Close the order review' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(toggle));
  });

  it('from 800 px is a panel beside the step, with no toggle and no dialog', async () => {
    renderSidebar(1280);
    await screen.findByRole('complementary', { name: 'Review your order' });
    expect(screen.queryByRole('button', { name: 'Review your order' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
