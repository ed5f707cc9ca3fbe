import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConsoleMe } from '@scheduler/contracts/console';
import type { VersionConflict, VersionSummary } from '@scheduler/contracts/configuration';
import { consoleKeys } from '../../../shared/queries.ts';
import { renderPage, type Answer, type RecordedRequest } from '../../../test-support/render-page.tsx';
import BookingChangesPage from './BookingChangesPage.tsx';
import { OWNER, asRole, loads, saves, serveConfiguration, versionSummary } from '../../../test-support/configuration-server.ts';

configure({ asyncUtilTimeout: 5000 });

const RADON = '6a1f0c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const HOME = '7b2e1d3f-4c5e-4f60-9b0c-1d2e3f4a5b6c';

const version = (number: number, rest: Partial<VersionSummary> = {}) => versionSummary(number, { changed_paths: ['booking_changes'], ...rest });

const BOOKING_CHANGES = {
  reschedule_until_hours: 24,
  max_reschedules: 2,
  cancel_until_hours: 24,
  late_cancel_within_hours: 48,
  late_cancel_fee: { kind: 'amount', amount_cents: 7500 },
  reschedule_text: 'Moving is free up to a day before.',
  cancel_text: '',
  services: [{ service: RADON, reschedule_until_hours: 72 }],
};

/** A company document as the server sends it: the section this page edits, and others it must send back as they came. */
const DOCUMENT = {
  key: 'demo',
  name: 'Scioto Valley Home Inspections',
  currency: 'USD',
  services: [
    { uuid: HOME, name: 'Full Home Inspection' },
    { uuid: RADON, name: 'Radon <b>Test</b>' },
  ],
  notifications: { brand_color: '#1f4e79' },
  booking_changes: BOOKING_CHANGES,
};
type Document = typeof DOCUMENT;


/** The server: "who am I", the configuration (as `current()` says at each call), and the answer to a save. */
function serve({ me = OWNER, current = () => ({ version: version(7), document: DOCUMENT as Document }), put }: { me?: ConsoleMe; current?: () => { version: VersionSummary; document: Document }; put?: (request: RecordedRequest) => Answer }) {
  return serveConfiguration({ me, current, put });
}

const renderBookingChanges = () => renderPage(<BookingChangesPage />, { path: '/demo/booking-changes', pattern: '/:companyKey/booking-changes' });
const saveButton = () => screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement;
const box = (name: string, within_: HTMLElement = document.body) => within(within_).getByRole('textbox', { name }) as HTMLInputElement;
const loadedRules = () => screen.findByRole('region', { name: "The company's rules" });
const companyRules = () => screen.getByRole('region', { name: "The company's rules" });
const summary = () => screen.getByTestId('policy-summary').textContent;

function description(element: HTMLElement): string {
  const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim();
}

async function retype(element: HTMLElement, text: string) {
  await userEvent.clear(element);
  if (text) await userEvent.type(element, text);
}

describe('the booking changes page', () => {
  it('shows the loaded rules, each labelled and explained as the client sees it, and the policy in plain words', async () => {
    serve({});
    renderBookingChanges();
    const reschedule = box('Reschedule online until (hours before)', await loadedRules());

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Booking changes');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['In plain words', "The company's rules", 'Words on the manage page', 'Rules for a service']);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Radon Test']);
    expect((reschedule as HTMLInputElement).value).toBe('24');
    expect(reschedule.getAttribute('inputmode')).toBe('numeric');
    expect(description(reschedule)).toBe('Clients can move their inspection themselves until 24 hours before it starts; after that they call the office.');
    const rules = companyRules();
    expect(box('Most reschedules', rules).value).toBe('2');
    expect(box('Cancel online until (hours before)', rules).value).toBe('24');
    expect(box('Late cancellation within (hours before)', rules).value).toBe('48');
    expect(box('Fee (USD)', rules).value).toBe('75.00');
    expect(box('Fee (USD)', rules).getAttribute('inputmode')).toBe('decimal');
    expect(description(within(rules).getByRole('combobox', { name: 'Late-cancellation fee' }))).toBe('What a late cancellation costs the client.');
    expect(box('With Reschedule').value).toBe('Moving is free up to a day before.');
    const radon = screen.getByRole('region', { name: 'Radon Test' });
    expect(box('Reschedule online until (hours before)', radon).value).toBe('72');
    expect(description(box('Cancel online until (hours before)', radon))).toBe('Empty: same as the company.');
    expect(summary()).toBe('Free to move until 24 hours before, at most 2 times. Cancel online until 24 hours before. Cancelling within 48 hours costs $75.00.');
  });

  it('says the policy again as each rule is typed, and explains the rule with its new value', async () => {
    serve({});
    renderBookingChanges();
    const reschedule = box('Reschedule online until (hours before)', await loadedRules());
    await retype(reschedule, '0');
    expect(description(reschedule)).toBe('Clients can move their inspection themselves until it starts.');
    await retype(box('Most reschedules', companyRules()), '');
    await retype(box('Fee (USD)', companyRules()), '1,234.5');
    expect(summary()).toBe('Free to move until the start. Cancel online until 24 hours before. Cancelling within 48 hours costs $1,234.50.');
    await retype(box('Late cancellation within (hours before)', companyRules()), 'x');
    expect(summary()).toBe('The summary comes back once every rule below holds a valid value.');
  });

  it('saves the whole document with the changed rule, from the loaded version, the fee in exact cents', async () => {
    let current = { version: version(7), document: DOCUMENT };
    const requests = serve({
      current: () => current,
      put: (request) => {
        current = { version: version(8), document: (request.body as { document: Document }).document };
        return { status: 200, body: { version: current.version } };
      },
    });
    renderBookingChanges();
    await retype(box('Most reschedules', await loadedRules()), '3');
    await retype(box('Fee (USD)', companyRules()), '0.10');
    await userEvent.click(saveButton());

    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect(saves(requests)[0]).toEqual({ base_version: 7, document: { ...DOCUMENT, booking_changes: { ...BOOKING_CHANGES, max_reschedules: 3, late_cancel_fee: { kind: 'amount', amount_cents: 10 } } } });
    expect(await screen.findByText('Saved as version 8. Clients see the new rules now.')).toBeTruthy();
    await waitFor(() => expect(loads(requests)).toBe(2));
    await waitFor(() => expect(saveButton().disabled).toBe(true));
  });

  it('adds rules for a service chosen by name, offering a service only once', async () => {
    const requests = serve({ put: () => ({ status: 200, body: { version: version(8) } }) });
    renderBookingChanges();
    await userEvent.click(await screen.findByRole('button', { name: 'Add rules for a service' }));
    const added = screen.getByRole('region', { name: 'A service' });
    await userEvent.click(within(added).getByRole('combobox', { name: 'Service' }));
    expect(within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Full Home Inspection']);
    await userEvent.click(screen.getByRole('option', { name: 'Full Home Inspection' }));
    const home = screen.getByRole('region', { name: 'Full Home Inspection' });
    await retype(box('Cancel online until (hours before)', home), '48');
    expect((screen.getByRole('button', { name: 'Add rules for a service' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(saveButton());

    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect(saves(requests)[0]).toEqual({ base_version: 7, document: { ...DOCUMENT, booking_changes: { ...BOOKING_CHANGES, services: [...BOOKING_CHANGES.services, { service: HOME, cancel_until_hours: 48 }] } } });
  });

  it('refuses a wrong number at its field, announced, and sends nothing', async () => {
    const requests = serve({});
    renderBookingChanges();
    const cancel = box('Cancel online until (hours before)', await loadedRules());
    await retype(cancel, '721');
    await userEvent.click(saveButton());
    await waitFor(() => expect(description(cancel)).toBe('Enter a whole number of hours from 0 to 720.'));
    expect(cancel.getAttribute('aria-invalid')).toBe('true');
    expect(saves(requests)).toEqual([]);
  });

  it("shows the server's refusal at the fee it names, and keeps the edit", async () => {
    const message = 'Invalid company document field "booking_changes.late_cancel_fee.amount_cents": Too big: expected number to be <=100000000';
    const requests = serve({ put: () => ({ status: 400, body: { error: { code: 'invalid_document', message, field: 'booking_changes.late_cancel_fee.amount_cents' } } }) });
    renderBookingChanges();
    const fee = await screen.findByRole('textbox', { name: 'Fee (USD)' });
    await retype(fee, '80');
    await userEvent.click(saveButton());

    await waitFor(() => expect(description(fee)).toBe('Too big: expected number to be <=100000000'));
    expect(fee.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect((fee as HTMLInputElement).value).toBe('80');
    expect(saves(requests)).toHaveLength(1);
  });

  it("shows someone else's save with what they changed, and keeps the edits", async () => {
    const conflict: VersionConflict = {
      error: { code: 'version_conflict', message: 'Dana Admin saved version 8 after the version 7 you started from. Review their changes, then make yours again on the new version.', field: 'base_version' },
      current: version(8, { saved_by: 'Dana Admin' }),
      changes: [{ path: 'booking_changes.cancel_until_hours', kind: 'changed', before: 24, after: 12 }],
      truncated: false,
    };
    const requests = serve({ put: () => ({ status: 409, body: conflict }) });
    renderBookingChanges();
    const most = box('Most reschedules', await loadedRules());
    await retype(most, '5');
    await userEvent.click(saveButton());

    const alert = (await screen.findByText('Someone else saved a change')).closest('.MuiAlert-root') as HTMLElement;
    expect(within(within(alert).getByRole('list', { name: 'What Dana Admin changed' })).getAllByRole('listitem').map((i) => i.textContent)).toEqual(['booking_changes.cancel_until_hours changed: 24 → 12']);
    expect((most as HTMLInputElement).value).toBe('5');
    expect(saveButton().disabled).toBe(false);
    expect(loads(requests)).toBe(1);
  });

  it.each(['office', 'inspector'] as const)('tells an %s member it is not theirs, and reads no configuration', async (role) => {
    const requests = serve({ me: asRole(role) });
    const { client } = renderBookingChanges();
    await waitFor(() => expect(client.getQueryData(consoleKeys.me)).toBeDefined());
    expect(await screen.findByText("You don't have access to this.")).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Booking changes');
    expect(loads(requests)).toBe(0);
  });
});
