import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { texts } from '../../shared/texts.ts';
import { officeFixture, orderFixture, renderStep, stubServer } from '../../test-support/render-step.tsx';
import AddressStep from './AddressStep.tsx';

const OHIO = 36;
const office = officeFixture({
  states: [
    { id: 35, abbreviation: 'ND' },
    { id: OHIO, abbreviation: 'OH' },
  ],
  office_state: 'ND',
});
/** The calendar comes first in the default walk: the address step meets an order whose time is held. */
const held = (changes: Parameters<typeof orderFixture>[0]) =>
  orderFixture({
    datetime: '2026-12-01T14:00:00.000Z',
    hold_expires_at: new Date(Date.now() + 10 * 60_000).toISOString(),
    inspectors: [{ id: 101, requested: false }],
    ...changes,
  });
const field = (name: RegExp) => screen.getByRole<HTMLInputElement>('textbox', { name });

afterEach(() => vi.unstubAllGlobals());

/** The company's page filled the address in (issue 27): the form starts from it, and a locked postal code stays as it was filled in. */
describe('the address form, filled in by the company’s page', () => {
  it('starts from the page’s street, city and state, and from the order’s own postal code', () => {
    stubServer(() => ({ status: 200, body: {} }));
    renderStep(AddressStep, {
      office,
      order: held({ postal_code: '43017', prefill: { address1: '123 Main St', city: 'Dublin', state: OHIO } }),
    });
    expect(field(/Address Line 1/).value).toBe('123 Main St');
    expect(field(/City/).value).toBe('Dublin');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: /State/ }).value).toBe(String(OHIO));
    expect(field(/Zip Code/).value).toBe('43017');
    expect(field(/Zip Code/).readOnly).toBe(false);
  });

  it('keeps what the visitor saved over what the page filled in', () => {
    stubServer(() => ({ status: 200, body: {} }));
    renderStep(AddressStep, {
      office,
      order: held({
        address1: '9 Elm St',
        city: 'Columbus',
        state: 35,
        prefill: { address1: '123 Main St', city: 'Dublin', state: OHIO },
      }),
    });
    expect(field(/Address Line 1/).value).toBe('9 Elm St');
    expect(field(/City/).value).toBe('Columbus');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: /State/ }).value).toBe('35');
  });

  it('shows a locked postal code read-only, saying why', () => {
    stubServer(() => ({ status: 200, body: {} }));
    renderStep(AddressStep, { office, order: held({ postal_code: '43017', locked: ['postal_code'] }) });
    expect(field(/Zip Code/).readOnly).toBe(true);
    expect(field(/Zip Code/).getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(field(/Zip Code/).getAttribute('aria-describedby')!)?.textContent).toBe(
      texts.lockedField,
    );
    expect(field(/City/).readOnly).toBe(false);
  });
});
