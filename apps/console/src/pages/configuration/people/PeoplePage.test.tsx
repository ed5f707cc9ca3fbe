import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage, type RecordedRequest } from '../../../test-support/render-page.tsx';
import { saves, serveConfigurationOf } from '../../../test-support/configuration-server.ts';
import PeoplePage from './PeoplePage.tsx';
import { enterText } from '../../../test-support/enter-text.ts';
import {
  ATTORNEY,
  DOCUMENT,
  INGRID,
  LENDER,
  LINDA,
  SAM,
  VISITOR,
} from '../../../test-support/configuration-documents/people-test-document.ts';
import { accessibleDescription } from '../../../test-support/accessible-description.ts';

type Document = Record<string, unknown>;

const { serve } = serveConfigurationOf<Document>(DOCUMENT, 'agents');

const renderPeople = () => renderPage(<PeoplePage />, { path: '/demo/people', pattern: '/:companyKey/people' });
const section = (name: string) => screen.getByRole('region', { name });
const agents = () => section('Agents');
const listed = (list: 'Agents' | 'Contacts') =>
  within(within(section(list)).getByRole('list', { name: `${list} found` }))
    .getAllByRole('button')
    .map((button) => button.textContent);
const field = (within_: HTMLElement, name: string) =>
  within(within_).getByRole('textbox', { name }) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement;

async function pick(region: HTMLElement, name: RegExp | string) {
  await userEvent.click(within(within(region).getByRole('list', { name: /found$/ })).getByRole('button', { name }));
}

async function upload(text: string, fileName = 'agents.csv') {
  const input = screen.getByLabelText(/^Choose a CSV file/) as HTMLInputElement;
  await userEvent.upload(input, new File([text], fileName, { type: 'text/csv' }));
}

async function saved(requests: RecordedRequest[]) {
  await userEvent.click(saveButton());
  await waitFor(() => expect(saves(requests)).toHaveLength(1));
  return saves(requests)[0] as { base_version: number; document: Document };
}

describe('the People page', () => {
  it('shows the directory under headings, the first agent picked, and a visitor’s person with its note', async () => {
    serve();
    renderPeople();
    await screen.findByRole('region', { name: 'Agents' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('People');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Agents',
      'Contacts',
      'Contact types',
      'Spreadsheets (CSV)',
    ]);
    expect(listed('Agents')).toEqual([
      'Sam Realtorsam@realty.example · Realty One',
      'Ingrid Insureingrid@insure.example',
      'Vic Visitorvic@example.com · Added by a visitor',
    ]);
    expect(field(agents(), 'First name').value).toBe('Sam');
    expect(within(agents()).queryByText('Added by a visitor')).toBeNull();

    await pick(agents(), /^Vic Visitor/);
    expect(field(agents(), 'First name').value).toBe('Vic');
    expect(within(agents()).getByText('Added by a visitor').tagName).toBe('STRONG');
    expect(listed('Contacts')).toEqual(['Linda Loanslinda@bank.example · Lender']);
  });

  it("edits an agent's phone and saves the whole document, that agent changed in that field only", async () => {
    const requests = serve();
    renderPeople();
    await screen.findByRole('region', { name: 'Agents' });
    expect(saveButton().disabled).toBe(true);
    await pick(agents(), /^Ingrid Insure/);
    await enterText(field(agents(), 'Mobile phone'), '614-555-0190');
    const sent = await saved(requests);
    expect(sent).toEqual({
      base_version: 7,
      document: { ...DOCUMENT, agents: [SAM, { ...INGRID, mobile_phone: '614-555-0190' }, VISITOR] },
    });
    expect(await screen.findByText('Saved as version 8. Visitors find the new directory now.')).toBeTruthy();
  });

  it('finds people by name, e-mail or agency', async () => {
    serve();
    renderPeople();
    const search = await screen.findByRole('searchbox', { name: 'Search agents' });
    await enterText(search, 'realty one');
    expect(listed('Agents')).toEqual(['Sam Realtorsam@realty.example · Realty One']);
    expect(within(agents()).getByText('1 of 3 agents found.')).toBeTruthy();
    await userEvent.clear(search);
    await enterText(search, 'INSURE.EX{Enter}');
    expect(listed('Agents')).toEqual(['Ingrid Insureingrid@insure.example']);
    await userEvent.clear(search);
    await enterText(search, 'nobody');
    expect(within(agents()).queryByRole('list', { name: 'Agents found' })).toBeNull();
  });

  it('lists the first 50 of a long directory and finds the others by search', async () => {
    const many = Array.from({ length: 60 }, (_, i) => ({
      id: i + 1,
      first: `Agent${i + 1}`,
      last: 'Long',
      email: `a${i + 1}@example.com`,
      kind: 'real_estate',
    }));
    serve({ document: { ...DOCUMENT, agents: many } });
    renderPeople();
    await screen.findByRole('region', { name: 'Agents' });
    expect(listed('Agents')).toHaveLength(50);
    expect(within(agents()).getByText('Showing 50 of the 60 agents found: search to find the others.')).toBeTruthy();
    await enterText(within(agents()).getByRole('searchbox', { name: 'Search agents' }), 'agent60');
    expect(listed('Agents')).toEqual(['Agent60 Longa60@example.com']);
    await pick(agents(), /^Agent60 Long/);
    expect(field(agents(), 'E-mail').value).toBe('a60@example.com');
  });

  it('adds an agent with the next id below the visitors’ ids, and removes another', async () => {
    const requests = serve();
    renderPeople();
    await screen.findByRole('region', { name: 'Agents' });
    await userEvent.click(within(agents()).getByRole('button', { name: 'Add agent' }));
    expect(document.activeElement).toBe(field(agents(), 'First name'));
    await enterText(field(agents(), 'First name'), 'Nora');
    await enterText(field(agents(), 'E-mail'), 'nora@new.example');
    await userEvent.click(within(agents()).getByRole('combobox', { name: 'Kind' }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Insurance' }));
    await userEvent.click(within(agents()).getByRole('combobox', { name: 'State' }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Kentucky (KY)' }));

    await pick(agents(), /^Sam Realtor/);
    await userEvent.click(within(agents()).getByRole('button', { name: 'Remove agent' }));
    expect(within(agents()).getByText(/^Sam Realtor removed\./)).toBeTruthy();
    expect(listed('Agents')).toEqual([
      'Ingrid Insureingrid@insure.example',
      'Vic Visitorvic@example.com · Added by a visitor',
      'Noranora@new.example',
    ]);

    const sent = await saved(requests);
    expect(sent.document.agents).toEqual([
      INGRID,
      VISITOR,
      {
        id: 13,
        added_online: false,
        first: 'Nora',
        last: '',
        email: 'nora@new.example',
        mobile_phone: '',
        work_phone: '',
        home_phone: '',
        work_fax: '',
        home_fax: '',
        company: '',
        address1: '',
        address2: '',
        city: '',
        postal_code: '',
        state: 21,
        kind: 'insurance',
        agency: '',
        pac_opt_out: false,
      },
    ]);
  });

  it('refuses to save a person without a first name, showing them and focusing the field', async () => {
    const requests = serve();
    renderPeople();
    await screen.findByRole('region', { name: 'Agents' });
    await pick(agents(), /^Vic Visitor/);
    await userEvent.clear(field(agents(), 'First name'));
    await pick(agents(), /^Sam Realtor/);
    await userEvent.click(saveButton());
    await waitFor(() => expect(document.activeElement).toBe(field(agents(), 'First name')));
    expect(field(agents(), 'Last name').value).toBe('Visitor');
    expect(accessibleDescription(field(agents(), 'First name'))).toBe('The first name is missing.');
    expect(listed('Agents')[2]).toContain('Has something to correct');
    expect(saves(requests)).toEqual([]);
  });

  it('shows each refused person in turn as the save is tried again, and saves once all are right', async () => {
    // Two people the editor has not shown yet, each with something to correct (a document written by hand).
    const requests = serve({
      document: { ...DOCUMENT, agents: [SAM, { ...INGRID, email: 'ingrid@' }, { ...VISITOR, email: 'vic@' }] },
    });
    renderPeople();
    await screen.findByRole('region', { name: 'Agents' });
    await userEvent.click(within(agents()).getByRole('button', { name: 'Add agent' }));
    await enterText(field(agents(), 'First name'), 'Nora');
    await userEvent.click(saveButton());
    await waitFor(() => expect(document.activeElement).toBe(field(agents(), 'E-mail')));
    expect(field(agents(), 'First name').value).toBe('Ingrid');
    expect(accessibleDescription(field(agents(), 'E-mail'))).toBe('"ingrid@" is not an e-mail address.');
    expect(listed('Agents')[2]).toContain('Has something to correct');
    await enterText(field(agents(), 'E-mail'), 'insure.example');

    await userEvent.click(saveButton());
    await waitFor(() => expect(field(agents(), 'First name').value).toBe('Vic'));
    await waitFor(() => expect(document.activeElement).toBe(field(agents(), 'E-mail')));
    await enterText(field(agents(), 'E-mail'), 'example.com');

    const sent = await saved(requests);
    expect(sent.document.agents).toEqual([
      SAM,
      { ...INGRID, email: 'ingrid@insure.example' },
      { ...VISITOR, email: 'vic@example.com' },
      expect.objectContaining({ id: 13, first: 'Nora' }),
    ]);
  });

  it('renames, adds and removes contact types, refusing to remove one in use, saying how many use it', async () => {
    const requests = serve();
    renderPeople();
    const types = await screen.findByRole('region', { name: 'Contact types' });
    expect(accessibleDescription(field(types, 'Contact type 1'))).toBe('1 contact has it. At most 100 characters.');
    await userEvent.click(within(types).getByRole('button', { name: 'Remove Lender' }));
    expect(accessibleDescription(field(types, 'Contact type 1'))).toBe(
      'Lender is the type of 1 contact. Give it another type first.',
    );
    expect(document.activeElement).toBe(field(types, 'Contact type 1'));

    await userEvent.clear(field(types, 'Contact type 1'));
    await enterText(field(types, 'Contact type 1'), 'Banker');
    await userEvent.click(within(types).getByRole('button', { name: 'Remove Attorney' }));
    expect(within(types).getByText('Attorney removed.')).toBeTruthy();
    await userEvent.click(within(types).getByRole('button', { name: 'Add contact type' }));
    expect(document.activeElement).toBe(field(types, 'Contact type 2'));
    await enterText(field(types, 'Contact type 2'), 'Title');

    const sent = await saved(requests);
    expect(sent.document).toEqual({
      ...DOCUMENT,
      contact_types: [
        { id: 3, name: 'Banker' },
        { id: 6, name: 'Title' },
      ],
    });
  });

  it('imports a CSV through the file input: a preview of what changes, nothing changed until confirmed, then saved as one document', async () => {
    const requests = serve();
    renderPeople();
    await screen.findByRole('region', { name: 'Agents' });
    await upload(
      [
        '\uFEFFFirst,Last,Email,Mobile,Agency,State',
        'Sam,Realtor,SAM@realty.example,614-555-0199,Realty One,OH',
        'Ingrid,Insure,ingrid@insure.example,,,',
        'Nora,"New, Jr.",nora@new.example,,Best Homes,Kentucky',
        'Bad,State,bad@state.example,,,Ohioo',
        ',Nofirst,,,,',
      ].join('\r\n'),
    );
    const preview = await screen.findByRole('region', { name: 'What the import changes' });
    expect(within(preview).getByText('agents.csv: 1 new, 1 updated and 1 unchanged; 2 rows refused.')).toBeTruthy();
    expect(
      within(within(preview).getByRole('list', { name: 'Rows refused' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Line 5: Unknown state "Ohioo".', 'Line 6: The first name is missing.']);
    expect(
      within(within(preview).getByRole('list', { name: 'New' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Line 4: Nora New, Jr.']);
    expect(
      within(within(preview).getByRole('list', { name: 'Updated' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Line 2: Sam Realtor (Mobile phone)']);
    expect(listed('Agents')).toHaveLength(3);
    expect(saveButton().disabled).toBe(true);

    await userEvent.click(within(preview).getByRole('button', { name: 'Put these changes in the directory' }));
    expect(screen.queryByRole('region', { name: 'What the import changes' })).toBeNull();
    expect(
      screen.getByText('1 new and 1 updated agents are in the directory. Save the changes to keep them.'),
    ).toBeTruthy();
    expect(listed('Agents')).toHaveLength(4);

    const sent = await saved(requests);
    expect(sent.base_version).toBe(7);
    expect(sent.document).toEqual({
      ...DOCUMENT,
      agents: [
        { ...SAM, mobile_phone: '614-555-0199' },
        INGRID,
        VISITOR,
        expect.objectContaining({
          id: 13,
          added_online: false,
          first: 'Nora',
          last: 'New, Jr.',
          email: 'nora@new.example',
          agency: 'Best Homes',
          state: 21,
          kind: 'real_estate',
          mobile_phone: '',
        }),
      ],
    });
  });

  it('imports contacts, adding the contact type the file names', async () => {
    const requests = serve();
    renderPeople();
    await screen.findByRole('region', { name: 'Agents' });
    await userEvent.click(screen.getByRole('radio', { name: 'Contacts' }));
    await upload('First Name,E-mail,Type\nTim,tim@title.example,Title company\n', 'contacts.csv');
    const preview = await screen.findByRole('region', { name: 'What the import changes' });
    expect(within(preview).getByText('New contact types: Title company.')).toBeTruthy();
    await userEvent.click(within(preview).getByRole('button', { name: 'Put these changes in the directory' }));
    const sent = await saved(requests);
    expect(sent.document.contact_types).toEqual([LENDER, ATTORNEY, { id: 6, name: 'Title company' }]);
    expect(sent.document.contacts).toEqual([
      LINDA,
      expect.objectContaining({ id: 41, first: 'Tim', email: 'tim@title.example', type: 6 }),
    ]);
  });

  it('says why a file is refused whole, and changes nothing', async () => {
    serve();
    renderPeople();
    await screen.findByRole('region', { name: 'Agents' });
    await upload('Name,E-mail\nNora,nora@new.example\n', 'people.csv');
    expect(
      (await screen.findByText(/^people\.csv: The first line of the file should name its columns/)).closest(
        '[role="alert"]',
      ),
    ).not.toBeNull();
    const rows = ['First Name', ...Array.from({ length: 5001 }, (_, i) => `P${i}`)].join('\n');
    await upload(rows, 'big.csv');
    expect(
      await screen.findByText(
        'big.csv: The file has 5,001 rows; at most 5,000 can be imported at once. Split it into smaller files.',
      ),
    ).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
  });

  it('downloads the directory as the CSV the import reads', async () => {
    serve();
    renderPeople();
    await screen.findByRole('region', { name: 'Agents' });
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:people';
    });
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL;
        static override revokeObjectURL = vi.fn();
      },
    );
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Download contacts (CSV)' }));
    expect(clicked).toEqual(['demo-contacts.csv']);
    expect(await blobs[0]!.text()).toBe(
      '\uFEFFFirst Name,Last Name,E-mail,Type,Mobile Phone,Work Phone,Home Phone,Work Fax,Home Fax,Company,Address 1,Address 2,City,State,Postal Code\r\nLinda,Loans,linda@bank.example,Lender,,,,,,,,,,,\r\n',
    );
  });
});
