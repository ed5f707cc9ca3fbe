import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PrivacyEraseResult, PrivacyExport, PrivacyLookup } from '@scheduler/contracts/privacy';
import { accessibleDescription } from '../../../test-support/accessible-description.ts';
import { saves, serveConfigurationOf } from '../../../test-support/configuration-server.ts';
import {
  DOCUMENT,
  EMAIL,
  ERASED,
  LOOKUP,
  PAST,
  UPCOMING,
} from '../../../test-support/configuration-documents/privacy-test-document.ts';
import { enterText } from '../../../test-support/enter-text.ts';
import { bodyRows } from '../../../test-support/table-rows.ts';
import { refusal, renderPage, type Answer, type RecordedRequest } from '../../../test-support/render-page.tsx';
import { YEARS_PROBLEM } from './privacy-form.ts';
import PrivacyPage from './PrivacyPage.tsx';

type Document =
  typeof DOCUMENT | (Omit<typeof DOCUMENT, 'privacy'> & { privacy: { client_data_years: number | null } });

const { serve } = serveConfigurationOf<Document>(DOCUMENT, 'privacy');

const PRIVACY = '/api/console/companies/demo/privacy';
const query = (email: string) => `?${new URLSearchParams({ email }).toString()}`;

/** The three privacy routes as the server answers them: the lookup, the export and the erasure. */
function privacyRoutes({
  lookup = () => ({ status: 200, body: LOOKUP }),
  exported,
  erase,
}: {
  lookup?: (request: RecordedRequest) => Answer;
  exported?: Answer;
  erase?: Answer;
} = {}) {
  return (request: RecordedRequest): Answer | undefined => {
    if (request.method === 'GET' && request.path.startsWith(`${PRIVACY}/orders?`)) return lookup(request);
    if (request.method === 'GET' && request.path.startsWith(`${PRIVACY}/export?`)) return exported;
    if (request.method === 'POST' && request.path === `${PRIVACY}/erase`) return erase;
    return undefined;
  };
}

const renderPrivacy = () => renderPage(<PrivacyPage />, { path: '/demo/privacy', pattern: '/:companyKey/privacy' });
const saveButton = () => screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement;
const yearsField = () => screen.getByRole('textbox', { name: 'Years after the inspection' }) as HTMLInputElement;
const emailField = () => screen.getByRole('textbox', { name: 'Their e-mail' }) as HTMLInputElement;
const lookups = (requests: RecordedRequest[]) => requests.filter((r) => r.path.startsWith(`${PRIVACY}/orders?`));
const erasures = (requests: RecordedRequest[]) => requests.filter((r) => r.path === `${PRIVACY}/erase`);
const rows = () => bodyRows(screen.getByRole('table', { name: `Orders with ${EMAIL}` }));

async function find(email = EMAIL) {
  await enterText(await screen.findByRole('textbox', { name: 'Their e-mail' }), email);
  await userEvent.click(screen.getByRole('button', { name: 'Find' }));
}

async function retypeYears(text: string) {
  await userEvent.clear(yearsField());
  if (text) await enterText(yearsField(), text);
}

describe('the privacy page: keeping clients’ data', () => {
  it('shows the loaded years under its heading, and says what an erasure replaces and what stays', async () => {
    serve({ routes: privacyRoutes() });
    renderPrivacy();
    const years = await screen.findByRole('radio', { name: 'For a number of years after the inspection' });
    expect((years as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Privacy');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      "Keeping clients' data",
      "A person's request",
    ]);
    expect(screen.getByRole('radiogroup', { name: "Keep clients' personal data on past inspections" })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Always' }) as HTMLInputElement).checked).toBe(false);
    expect(yearsField().value).toBe('7');
    expect(accessibleDescription(yearsField())).toBe('From 1 to 50 years.');
    expect(
      screen.getByText(
        /After that, the names, e-mails, phone numbers and the address on the order are replaced by “\(erased\)”; the order, its prices and its history stay\.$/,
      ),
    ).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
  });

  it('refuses 0 and 51 years at the field, and saves 1 and then 50 into the document', async () => {
    const requests = serve({
      document: { ...DOCUMENT, privacy: { client_data_years: null } },
      routes: privacyRoutes(),
    });
    renderPrivacy();
    expect(((await screen.findByRole('radio', { name: 'Always' })) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('textbox', { name: 'Years after the inspection' })).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'For a number of years after the inspection' }));

    for (const refused of ['', '0', '51', '2.5']) {
      await retypeYears(refused);
      await userEvent.click(saveButton());
      await waitFor(() => expect(accessibleDescription(yearsField())).toBe(YEARS_PROBLEM));
      expect(yearsField().getAttribute('aria-invalid')).toBe('true');
      expect(document.activeElement).toBe(yearsField());
    }
    expect(saves(requests)).toEqual([]);

    await retypeYears('1');
    await userEvent.click(saveButton());
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect(saves(requests)[0]).toEqual({
      base_version: 7,
      document: { ...DOCUMENT, privacy: { client_data_years: 1 } },
    });
    expect(await screen.findByText('Saved as version 8. The pruning job follows it from its next run.')).toBeTruthy();
    expect(yearsField().getAttribute('aria-invalid')).toBe('false');

    await retypeYears('50');
    await userEvent.click(saveButton());
    await waitFor(() => expect(saves(requests)).toHaveLength(2));
    expect((saves(requests)[1] as { document: Document }).document.privacy).toEqual({ client_data_years: 50 });
  });

  it('saves "Always" as null, whatever years were typed', async () => {
    const requests = serve({ routes: privacyRoutes() });
    renderPrivacy();
    await userEvent.click(await screen.findByRole('radio', { name: 'Always' }));
    expect(screen.queryByRole('textbox', { name: 'Years after the inspection' })).toBeNull();
    await userEvent.click(saveButton());
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect(saves(requests)[0]).toEqual({
      base_version: 7,
      document: { ...DOCUMENT, privacy: { client_data_years: null } },
    });
  });

  it('reads a document without the section as keeping always', async () => {
    const { privacy: _left, ...older } = DOCUMENT;
    serve({ document: older as Document, routes: privacyRoutes() });
    renderPrivacy();
    expect(((await screen.findByRole('radio', { name: 'Always' })) as HTMLInputElement).checked).toBe(true);
  });
});

describe("the privacy page: a person's request", () => {
  it("lists the person's orders with each inspection on its office's clock, the zone named, what they are on it and what became of their data", async () => {
    const requests = serve({ routes: privacyRoutes() });
    renderPrivacy();
    await find('  Jane@Example.com ');
    await screen.findByRole('table', { name: 'Orders with Jane@Example.com' });
    expect(lookups(requests).map((r) => r.path)).toEqual([`${PRIVACY}/orders${query('Jane@Example.com')}`]);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Order', 'Inspection', 'Status', 'On it as', 'Their data']);
    expect(bodyRows(table)).toEqual([
      [
        UPCOMING.reference,
        'Tuesday, December 1st 2026 at 9:30 AM EST',
        'Booked',
        'Client',
        'Kept: inspection still to come',
      ],
      [PAST.reference, 'Tuesday, July 14th 2026 at 9:00 AM EDT', 'Booked', "Buyer's agent, Contact", 'On file'],
      [
        ERASED.reference,
        'Monday, March 3rd 2025 at 10:00 AM CST',
        'Cancelled',
        'Client',
        'Erased on Thursday, November 19th 2026',
      ],
    ]);
    expect(within(table).getByRole('link', { name: UPCOMING.reference }).getAttribute('href')).toBe(
      `/demo/orders/${UPCOMING.id}`,
    );
    expect(screen.getByRole('region', { name: 'Their orders, scrolls sideways' }).getAttribute('tabindex')).toBe('0');
    expect(screen.getByText(/^Also listed in/).textContent).toBe('Also listed in People: remove them there.');
    expect(screen.getByRole('link', { name: 'People' }).getAttribute('href')).toBe('/demo/people');
    expect(screen.queryByText('No orders or contacts with this e-mail.')).toBeNull();
  });

  it('says when nobody has the e-mail, offering nothing to download or erase', async () => {
    serve({
      routes: privacyRoutes({
        lookup: () => ({ status: 200, body: { email: 'nobody@example.com', orders: [], directory_contacts: 0 } }),
      }),
    });
    renderPrivacy();
    await find('nobody@example.com');
    expect(await screen.findByText('No orders or contacts with this e-mail.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText(/^Also listed in/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download their data' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Erase their data' })).toBeNull();
  });

  it('names a person found only in People, with their data to download and nothing to erase', async () => {
    serve({
      routes: privacyRoutes({
        lookup: () => ({ status: 200, body: { email: EMAIL, orders: [], directory_contacts: 2 } }),
      }),
    });
    renderPrivacy();
    await find();
    expect(await screen.findByText('No orders with this e-mail.')).toBeTruthy();
    expect(screen.getByText(/^Also listed in/).textContent).toBe('Also listed in People: remove them there.');
    expect(screen.getByRole('button', { name: 'Download their data' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Erase their data' })).toBeNull();
  });

  it('refuses a typed e-mail that is none before asking the server', async () => {
    const requests = serve({ routes: privacyRoutes() });
    renderPrivacy();
    await find('jane@');
    await waitFor(() =>
      expect(accessibleDescription(emailField())).toBe('Enter their e-mail address, like jane@example.com.'),
    );
    expect(lookups(requests)).toEqual([]);
  });

  it('says a 400 at the e-mail field, keeping what was typed, and another failure above the list', async () => {
    let answer: Answer = {
      status: 400,
      body: { error: { code: 'invalid_request', message: 'This e-mail is too long to look up.', field: 'email' } },
    };
    serve({ routes: privacyRoutes({ lookup: () => answer }) });
    renderPrivacy();
    await find('jane.long@example.com');
    await waitFor(() => expect(accessibleDescription(emailField())).toBe('This e-mail is too long to look up.'));
    expect(emailField().getAttribute('aria-invalid')).toBe('true');
    expect(emailField().value).toBe('jane.long@example.com');
    expect(screen.queryByRole('table')).toBeNull();

    answer = refusal(503, 'unavailable', 'Down.');
    await userEvent.clear(emailField());
    await find('june@example.com');
    expect(await screen.findByText('Something went wrong on our side. Please try again in a moment.')).toBeTruthy();
    expect(emailField().value).toBe('june@example.com');
  });

  it('says what an erasure takes and keeps; Cancel sends nothing; Erase posts the e-mail, says what it did and reads the list again', async () => {
    let lookup: PrivacyLookup = LOOKUP;
    const result: PrivacyEraseResult = { erased: [{ id: PAST.id, reference: PAST.reference }], kept: [UPCOMING] };
    const requests = serve({
      routes: privacyRoutes({
        lookup: () => ({ status: 200, body: lookup }),
        erase: { status: 200, body: result },
      }),
    });
    renderPrivacy();
    await find();
    await userEvent.click(await screen.findByRole('button', { name: 'Erase their data' }));
    let dialog = await screen.findByRole('dialog', { name: `Erase the data of ${EMAIL}?` });
    expect(within(dialog).getByText(/will be erased/).textContent).toBe(
      '1 order will be erased: the names, e-mails, phone numbers and the address on it are replaced by “(erased)”. This cannot be undone.',
    );
    expect(within(dialog).getByText(/kept/).textContent).toBe(
      '1 order is kept: the inspection is still to come. Cancel it first if they want it erased too.',
    );
    expect(within(dialog).getByRole('button', { name: 'Erase' }).className).toContain('MuiButton-colorError');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(erasures(requests)).toEqual([]);
    expect(rows()[1]).toEqual([PAST.reference, expect.any(String), 'Booked', "Buyer's agent, Contact", 'On file']);

    lookup = { ...LOOKUP, orders: [UPCOMING, { ...PAST, erased_at: '2026-11-30T00:20:00.000Z' }, ERASED] };
    await userEvent.click(screen.getByRole('button', { name: 'Erase their data' }));
    dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Erase' }));
    expect(await screen.findByText(/^Erased 1 order\./)).toBeTruthy();
    expect(erasures(requests)).toEqual([{ method: 'POST', path: `${PRIVACY}/erase`, body: { email: EMAIL } }]);
    expect(screen.getByText(/^Erased 1 order\./).textContent).toBe(
      `Erased 1 order. Kept, their inspection still to come: ${UPCOMING.reference}.`,
    );
    expect(screen.getByText(/^Erased 1 order\./).closest('[role="status"]')).not.toBeNull();
    await waitFor(() => expect(rows()[1]?.[4]).toBe('Erased on Sunday, November 29th 2026'));
    expect(lookups(requests)).toHaveLength(2);
    expect(screen.queryByRole('dialog')).toBeNull();
    // Nothing is left to erase: the upcoming order stays until the office cancels it.
    expect(screen.queryByRole('button', { name: 'Erase their data' })).toBeNull();
    expect(screen.getByText(/^Nothing to erase now/)).toBeTruthy();
  });

  it('keeps the dialog open with the failure said when the erasure fails', async () => {
    const requests = serve({ routes: privacyRoutes({ erase: refusal(503, 'unavailable', 'Down.') }) });
    renderPrivacy();
    await find();
    await userEvent.click(await screen.findByRole('button', { name: 'Erase their data' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Erase' }));
    expect(
      await within(dialog).findByText('Something went wrong on our side. Please try again in a moment.'),
    ).toBeTruthy();
    expect(erasures(requests)).toHaveLength(1);
    expect(lookups(requests)).toHaveLength(1);
    expect(screen.queryByText(/^Erased \d+ order/)).toBeNull();
  });

  it('says an erasure refused for its e-mail (400) at the e-mail field, closing the dialog, the typed e-mail kept', async () => {
    serve({
      routes: privacyRoutes({
        erase: { status: 400, body: { error: { code: 'invalid_request', message: 'Not an e-mail.', field: 'email' } } },
      }),
    });
    renderPrivacy();
    await find();
    await userEvent.click(await screen.findByRole('button', { name: 'Erase their data' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Erase' }));
    await waitFor(() => expect(accessibleDescription(emailField())).toBe('Not an e-mail.'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(emailField().value).toBe(EMAIL);
  });

  it('downloads their data as personal-data-<email>.json, the export as the server sent it', async () => {
    const exported: PrivacyExport = {
      email: EMAIL,
      company: { key: 'demo', name: 'Scioto Valley Home Inspections' },
      exported_at: '2026-11-30T00:20:00.000Z',
      orders: [],
      directory_contacts: [{ first_name: 'Jane', email: EMAIL }],
    };
    const requests = serve({ routes: privacyRoutes({ exported: { status: 200, body: exported } }) });
    renderPrivacy();
    await find();
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = vi.fn((blob: Blob) => {
          blobs.push(blob);
          return 'blob:personal-data';
        });
        static override revokeObjectURL = vi.fn();
      },
    );
    const clicked: Array<{ download: string; href: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href });
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Download their data' }));
    await waitFor(() =>
      expect(clicked).toEqual([{ download: `personal-data-${EMAIL}.json`, href: 'blob:personal-data' }]),
    );
    expect(requests.filter((r) => r.path.startsWith(`${PRIVACY}/export`)).map((r) => r.path)).toEqual([
      `${PRIVACY}/export${query(EMAIL)}`,
    ]);
    expect(blobs[0]!.type).toBe('application/json');
    expect(JSON.parse(await blobs[0]!.text())).toEqual(exported);
  });
});
