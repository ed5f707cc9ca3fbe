import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STEPS, type StepName } from '@scheduler/domain/route-table';
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
