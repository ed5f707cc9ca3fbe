import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { POSTAL_CODE_MESSAGES } from '@scheduler/contracts/postal-code';
import {
  officeFixture,
  orderFixture,
  renderStep,
  stubServer,
  type RecordedRequest,
} from '../../test-support/render-step.tsx';
import PostalCodeStep from './PostalCodeStep.tsx';

const slot = {
  id: 's1',
  date: '2026-12-01',
  start: '9:00 AM',
  start_datetime: '2026-12-01 09:00:00',
  end_datetime: '2026-12-01 12:00:00',
  timestamp: 1,
  users: [101],
};

/** The server as the postal-code step meets it: saves anything, and has times for 43017 only. */
function serverWithTimesFor43017() {
  return (request: RecordedRequest) => {
    if (request.path.includes('/set_postal_code')) return { status: 200, body: { status: 'ok' } };
    if (request.path.includes('/availability'))
      return { status: 200, body: request.path.includes('postal_code=43017') ? [slot] : [] };
    return { status: 200, body: {} };
  };
}

const field = () => screen.getByRole('textbox', { name: /Postal Code/ });

afterEach(() => vi.unstubAllGlobals());

describe('the postal-code step', () => {
  it('shows a format error on the field, focused, without any request', async () => {
    const requests = stubServer(serverWithTimesFor43017());
    const user = userEvent.setup();
    renderStep(PostalCodeStep);
    await user.type(field(), 'ABCDE{Enter}');
    await screen.findByText(POSTAL_CODE_MESSAGES.usFormat);
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(field().getAttribute('aria-describedby')).toBe(screen.getByText(POSTAL_CODE_MESSAGES.usFormat).id);
    expect(document.activeElement).toBe(field());
    expect(requests).toEqual([]);
  });

  it('offers a numeric keypad and postal-code autofill for a US office, free text elsewhere', () => {
    stubServer(serverWithTimesFor43017());
    const { unmount } = renderStep(PostalCodeStep);
    expect(field().getAttribute('inputmode')).toBe('numeric');
    expect(field().getAttribute('autocomplete')).toBe('postal-code');
    unmount();
    renderStep(PostalCodeStep, { office: officeFixture({ country: 'CA' }) });
    expect(field().getAttribute('inputmode')).toBe('text');
  });

  it('saves a ZIP+4 as its five digits and moves on to the calendar', async () => {
    const requests = stubServer(serverWithTimesFor43017());
    const user = userEvent.setup();
    const { goTo, token } = renderStep(PostalCodeStep);
    await user.type(field(), '43017-1234');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('calendar'));
    expect(requests.find((r) => r.path.endsWith('/set_postal_code'))?.body).toEqual({ postal_code: '43017' });
    expect(localStorage.getItem(`isn-demo-${token}_postal_code`)).toBe('43017');
  });

  it('says when nobody serves the code, and clears that when the code changes', async () => {
    stubServer(serverWithTimesFor43017());
    const user = userEvent.setup();
    const { goTo } = renderStep(PostalCodeStep);
    await user.type(field(), '90210{Enter}');
    const banner = await screen.findByText(/no upcoming availability in the 90210 postal code/);
    expect(goTo).not.toHaveBeenCalled();
    await user.type(field(), '{Backspace}');
    expect(banner.isConnected).toBe(false);
  });

  it('keeps the postal code saved before in the field to edit', () => {
    stubServer(serverWithTimesFor43017());
    renderStep(PostalCodeStep, { order: orderFixture({ postal_code: '43017' }) });
    expect(field()).toHaveProperty('value', '43017');
  });

  it("puts the server's refusal of the field onto the field", async () => {
    stubServer(() => ({
      status: 400,
      body: {
        error: { code: 'invalid_postal_code', message: 'We do not know that postal code.', field: 'postal_code' },
      },
    }));
    const user = userEvent.setup();
    renderStep(PostalCodeStep);
    await user.type(field(), '43017{Enter}');
    await screen.findByText('We do not know that postal code.');
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(/Something went wrong/)).toBeNull();
  });

  it('ends the session on a 401 instead of reporting a failure', async () => {
    stubServer(() => ({ status: 401, body: { error: { code: 'unauthorized', message: 'Your session expired.' } } }));
    const user = userEvent.setup();
    const { unauthorized, token } = renderStep(PostalCodeStep);
    await user.type(field(), '43017{Enter}');
    await waitFor(() => expect(unauthorized.has(token)).toBe(true));
    expect(screen.queryByText(/Something went wrong/)).toBeNull();
  });

  it('tells of any other failure, with the office phone', async () => {
    stubServer(() => ({ status: 500, body: { error: { code: 'internal_error', message: 'Internal error' } } }));
    const user = userEvent.setup();
    renderStep(PostalCodeStep);
    await user.type(field(), '43017{Enter}');
    await screen.findByText(/Something went wrong\. Please try again, or call our office at/);
  });
});
