import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stepOrder, STEPS, type SchedulerMode, type StepName } from '@scheduler/domain/route-table';
import { REVIEW_PANEL_SLOT_ID } from '../shared/page-slots.ts';
import { orderFixture, renderStep, stubServer } from '../test-support/render-step.tsx';
import { StepFrame } from './StepFrame.tsx';

const NOTICE = 'Booking by phone for the office \u2014 Frank Ortiz';

afterEach(() => vi.unstubAllGlobals());

// Issue 25: every step sits in the frame, so the frame says it for all of them.
describe('the step frame of a booking the office makes by phone', () => {
  it.each(STEPS)('says so above the %s step, as a note', async (step: StepName) => {
    stubServer(() => ({ status: 200, body: {} }));
    renderStep(() => <StepFrame step={step} />, {
      order: orderFixture({ office_booking: { booked_by: 'Frank Ortiz' } }),
    });
    const notice = await screen.findByText(NOTICE);
    expect(notice.getAttribute('role')).toBe('note');
    expect(notice.closest('[aria-live]')).toBeNull();
    expect(
      notice.compareDocumentPosition(screen.getByRole('heading', { level: 1 })) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it("says nothing of the kind on a visitor's own order", async () => {
    stubServer(() => ({ status: 200, body: {} }));
    renderStep(() => <StepFrame step="contacts" />, { order: orderFixture() });
    await screen.findByRole('heading', { level: 1 });
    // Given the time a lazy part takes to load, had it been asked for.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/Booking by phone/)).toBeNull();
    expect(screen.queryByRole('note')).toBeNull();
  });
});

// Spec 2.10 and issue 42: the panel, with Start Over, is on the step that opens the walk too, in every step order.
describe('the review-order panel beside the opening step', () => {
  afterEach(() => document.getElementById(REVIEW_PANEL_SLOT_ID)?.remove());

  it.each(['default', 'zip-restrict', 'calendar-last'] as SchedulerMode[])(
    'is drawn beside the first step of the %s order, once the screen is up',
    async (mode) => {
      (
        globalThis as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }
      ).happyDOM.setViewport({ width: 1280, height: 800 });
      const slot = document.createElement('div');
      slot.id = REVIEW_PANEL_SLOT_ID;
      document.body.append(slot);
      const requests = stubServer(() => ({
        status: 500,
        body: { error: { code: 'internal', message: 'not in this test' } },
      }));
      const opening = stepOrder(mode)[0]!;
      renderStep(() => <StepFrame step={opening} />, { order: orderFixture(), mode });
      const panel = await screen.findByRole('complementary', { name: 'Review your order' }, { timeout: 5000 });
      expect(slot.contains(panel)).toBe(true);
      expect((await screen.findByRole('link', { name: 'Start Over' })).getAttribute('href')).toMatch(
        /\/online-scheduler\//,
      );
      // Nothing in the cart yet: the panel asks the server nothing (an expired session is found on the step's own save).
      expect(requests.map((request) => request.path)).toEqual([]);
    },
  );
});
