import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test-support/render-page.tsx';
import BookingChangesPage from './BookingChangesPage.tsx';
import { loads, saves, serveConfigurationOf } from '../../../test-support/configuration-server.ts';
import {
  BOOKING_CHANGES,
  DOCUMENT,
  HOME,
} from '../../../test-support/configuration-documents/booking-changes-test-document.ts';
import { enterText } from '../../../test-support/enter-text.ts';
import { accessibleDescription } from '../../../test-support/accessible-description.ts';

type Document = typeof DOCUMENT;

const { serve } = serveConfigurationOf<Document>(DOCUMENT, 'booking_changes');

const renderBookingChanges = () =>
  renderPage(<BookingChangesPage />, { path: '/demo/booking-changes', pattern: '/:companyKey/booking-changes' });
const saveButton = () => screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement;
const box = (name: string, within_: HTMLElement = document.body) =>
  within(within_).getByRole('textbox', { name }) as HTMLInputElement;
const loadedRules = () => screen.findByRole('region', { name: "The company's rules" });
const companyRules = () => screen.getByRole('region', { name: "The company's rules" });
const summary = () => screen.getByTestId('policy-summary').textContent;

async function retype(element: HTMLElement, text: string) {
  await userEvent.clear(element);
  if (text) await enterText(element, text);
}

describe('the booking changes page', () => {
  it('shows the loaded rules, each labelled and explained as the client sees it, and the policy in plain words', async () => {
    serve();
    renderBookingChanges();
    const reschedule = box('Reschedule online until (hours before)', await loadedRules());

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Booking changes');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'In plain words',
      "The company's rules",
      'What agents may do',
      'Words on the manage page',
      'Rules for a service',
    ]);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Radon Test']);
    expect((reschedule as HTMLInputElement).value).toBe('24');
    expect(reschedule.getAttribute('inputmode')).toBe('numeric');
    expect(accessibleDescription(reschedule)).toBe(
      'Clients can move their inspection themselves until 24 hours before it starts; after that they call the office.',
    );
    const rules = companyRules();
    expect(box('Most reschedules', rules).value).toBe('2');
    expect(box('Cancel online until (hours before)', rules).value).toBe('24');
    expect(box('Late cancellation within (hours before)', rules).value).toBe('48');
    expect(box('Fee (USD)', rules).value).toBe('75.00');
    expect(box('Fee (USD)', rules).getAttribute('inputmode')).toBe('decimal');
    expect(accessibleDescription(within(rules).getByRole('combobox', { name: 'Late-cancellation fee' }))).toBe(
      'What a late cancellation costs the client.',
    );
    expect(box('With Reschedule').value).toBe('Moving is free up to a day before.');
    // Words that agree with the rules ("a day" is the 24 hours of notice) raise nothing.
    expect(screen.queryByTestId('words-check')).toBeNull();
    const agents = screen.getByRole('region', { name: 'What agents may do' });
    expect(
      within(agents)
        .getAllByRole('switch')
        .map((control) => [control.closest('label')?.textContent, (control as HTMLInputElement).checked]),
    ).toEqual([
      ["Agents see the order's prices", false],
      ['Agents can move the inspection', true],
      ['Agents can cancel the inspection', false],
    ]);
    const radon = screen.getByRole('region', { name: 'Radon Test' });
    expect(box('Reschedule online until (hours before)', radon).value).toBe('72');
    expect(accessibleDescription(box('Cancel online until (hours before)', radon))).toBe('Empty: same as the company.');
    expect(summary()).toBe(
      'Free to move until 24 hours before, at most 2 times. Cancel online until 24 hours before. Cancelling within 48 hours costs $75.00.',
    );
  });

  it('says the policy again as each rule is typed, and explains the rule with its new value', async () => {
    serve();
    renderBookingChanges();
    const reschedule = box('Reschedule online until (hours before)', await loadedRules());
    await retype(reschedule, '0');
    expect(accessibleDescription(reschedule)).toBe('Clients can move their inspection themselves until it starts.');
    await retype(box('Most reschedules', companyRules()), '');
    await retype(box('Fee (USD)', companyRules()), '1,234.5');
    expect(summary()).toBe(
      'Free to move until the start. Cancel online until 24 hours before. Cancelling within 48 hours costs $1,234.50.',
    );
    await retype(box('Late cancellation within (hours before)', companyRules()), 'x');
    expect(summary()).toBe('The summary comes back once every rule below holds a valid value.');
  });

  it('saves the whole document with the changed rule, from the loaded version, the fee in exact cents', async () => {
    const requests = serve();
    renderBookingChanges();
    await retype(box('Most reschedules', await loadedRules()), '3');
    // The words on the page now say a notice no rule has: said at once, and no bar to saving.
    await retype(box('With Reschedule'), 'Moving is free up to 12 hours before.');
    expect(screen.getByTestId('words-check').textContent).toMatch(
      /^Your words say “12 hours”, which none of the rules above says\./,
    );
    await retype(box('Fee (USD)', companyRules()), '0.10');
    await userEvent.click(screen.getByRole('switch', { name: 'Agents can cancel the inspection' }));
    const refunds = screen.getByRole('switch', { name: 'Refund a cancelled paid booking through Stripe' });
    expect((refunds as HTMLInputElement).checked).toBe(true);
    await userEvent.click(refunds);
    await userEvent.click(saveButton());

    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect(saves(requests)[0]).toEqual({
      base_version: 7,
      document: {
        ...DOCUMENT,
        booking_changes: {
          ...BOOKING_CHANGES,
          max_reschedules: 3,
          late_cancel_fee: { kind: 'amount', amount_cents: 10 },
          // Written as the page shows it: no late-reschedule fee (decision 0081).
          late_reschedule_fee: null,
          reschedule_text: 'Moving is free up to 12 hours before.',
          agents: { see_prices: false, reschedule: true, cancel: true },
          refund_on_cancel: 'office',
        },
      },
    });
    expect(await screen.findByText('Saved as version 8. Clients see the new rules now.')).toBeTruthy();
    await waitFor(() => expect(loads(requests)).toBe(2));
    await waitFor(() => expect(saveButton().disabled).toBe(true));
  });

  it('adds rules for a service chosen by name, offering a service only once', async () => {
    const requests = serve();
    renderBookingChanges();
    await userEvent.click(await screen.findByRole('button', { name: 'Add rules for a service' }));
    const added = screen.getByRole('region', { name: 'A service' });
    await userEvent.click(within(added).getByRole('combobox', { name: 'Service' }));
    expect(
      within(await screen.findByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Full Home Inspection']);
    await userEvent.click(screen.getByRole('option', { name: 'Full Home Inspection' }));
    const home = screen.getByRole('region', { name: 'Full Home Inspection' });
    await retype(box('Cancel online until (hours before)', home), '48');
    expect((screen.getByRole('button', { name: 'Add rules for a service' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(saveButton());

    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect(saves(requests)[0]).toEqual({
      base_version: 7,
      document: {
        ...DOCUMENT,
        booking_changes: {
          ...BOOKING_CHANGES,
          services: [...BOOKING_CHANGES.services, { service: HOME, cancel_until_hours: 48 }],
          late_reschedule_fee: null,
          // The setting is written as the page shows it: its default, the policy refunds (decision 0076).
          refund_on_cancel: 'policy',
        },
      },
    });
  });

  it('refuses a wrong number at its field, announced, and sends nothing', async () => {
    const requests = serve();
    renderBookingChanges();
    const cancel = box('Cancel online until (hours before)', await loadedRules());
    await retype(cancel, '721');
    await userEvent.click(saveButton());
    await waitFor(() => expect(accessibleDescription(cancel)).toBe('Enter a whole number of hours from 0 to 720.'));
    expect(cancel.getAttribute('aria-invalid')).toBe('true');
    expect(saves(requests)).toEqual([]);
  });
});
