import { describe, expect, it } from 'vitest';
import {
  exportCsv,
  fileSizeProblem,
  importSummary,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  previewImport,
  type ImportContext,
  type ImportPreview,
} from './csv-import.ts';
import {
  blankAgent,
  blankContact,
  idFloors,
  peopleFormValues,
  type PeopleFormValues,
  type PersonList,
} from './people-form.ts';

const STATES = [
  { id: 36, abbreviation: 'OH', name: 'Ohio' },
  { id: 21, abbreviation: 'KY', name: 'Kentucky' },
];

const DOCUMENT = {
  states: STATES,
  agents: [
    {
      id: 7,
      first: 'Sam',
      last: 'Realtor',
      email: 'Sam@Realty.example',
      mobile_phone: '6145550111',
      kind: 'real_estate',
      agency: 'Realty One',
      state: 36,
    },
    {
      id: 12,
      first: 'Ingrid',
      last: 'Insure',
      email: 'ingrid@insure.example',
      work_phone: '6145550122',
      kind: 'insurance',
      pac_opt_out: true,
    },
    {
      id: 1_000_000_004,
      first: 'Vic',
      last: 'Visitor',
      email: 'vic@example.com',
      kind: 'real_estate',
      added_online: true,
    },
    { id: 1_000_000_009, first: 'Nell', last: 'Nomail', kind: 'real_estate', added_online: true },
  ],
  contact_types: [
    { id: 3, name: 'Lender' },
    { id: 5, name: 'Attorney' },
  ],
  contacts: [{ id: 40, first: 'Linda', last: 'Loans', email: 'linda@bank.example', type: 3 }],
};

const loaded = () => peopleFormValues(DOCUMENT);
const context = (values: PeopleFormValues = loaded()): ImportContext => ({
  states: STATES,
  stateLabel: 'State',
  floors: idFloors(values),
});

function preview(text: string, list: PersonList = 'agents', values: PeopleFormValues = loaded()): ImportPreview {
  const result = previewImport(text, list, values, context(values));
  if (!result.ok) throw new Error(result.message);
  return result.preview;
}
const refusal = (text: string, list: PersonList = 'agents') => {
  const result = previewImport(text, list, loaded(), context());
  return result.ok ? null : result.message;
};
const counts = (p: ImportPreview) => ({
  added: p.added.length,
  updated: p.updated.length,
  unchanged: p.unchanged,
  refused: p.refused.length,
});

describe('reading the header', () => {
  it.each([
    ['First Name,Last Name,E-mail,Mobile,Agency,Company,State', 'First Name'],
    ['first,last,Email,mobile phone,agency,company,state', 'first'],
    ['FIRSTNAME,LASTNAME,email address,Cell,Brokerage,Company Name,Province', 'FIRSTNAME'],
    ['First_Name,Surname,e mail,Phone,agency name,firm,ST', 'First_Name'],
  ])('reads %j', (header) => {
    const p = preview(`${header}\nNora,New,nora@new.example,6145550100,Best Homes,Best Inc,oh\n`);
    expect(counts(p)).toEqual({ added: 1, updated: 0, unchanged: 0, refused: 0 });
    expect(p.values.agents.at(-1)).toMatchObject({
      first: 'Nora',
      last: 'New',
      email: 'nora@new.example',
      mobile_phone: '6145550100',
      agency: 'Best Homes',
      company: 'Best Inc',
      state: '36',
    });
    expect(p.ignoredColumns).toEqual([]);
  });

  it('lists the columns it does not read, and reads the rest', () => {
    const p = preview('First Name,Notes,Birthday,E-mail\nNora,likes dogs,1980-01-01,nora@new.example\n');
    expect(p.ignoredColumns).toEqual(['Notes', 'Birthday']);
    expect(p.values.agents.at(-1)).toMatchObject({ first: 'Nora', email: 'nora@new.example' });
  });

  it('refuses a file without a first-name column, naming the columns it reads', () => {
    expect(refusal('Name,E-mail\nNora,nora@new.example\n')).toBe(
      'The first line of the file should name its columns, one of them the first name (like "First Name"). The columns read are: First Name, Last Name, E-mail, Mobile Phone, Work Phone, Home Phone, Work Fax, Home Fax, Agency, Company, Address 1, Address 2, City, State, Postal Code, Kind, Pay-at-close Opt-out.',
    );
  });

  it('refuses two columns read as one', () => {
    expect(refusal('First Name,Email,E-mail\nNora,a@b.co,c@d.co\n')).toBe(
      'Two columns are both read as E-mail: "Email" and "E-mail". Remove or rename one.',
    );
  });

  it('refuses an empty file, and an unclosed quote', () => {
    expect(refusal('')).toBe('The file is empty.');
    expect(refusal('\uFEFF')).toBe('The file is empty.');
    expect(refusal('First Name\n"Nora\n')).toBe(
      'A quoted value that starts on line 2 never ends: a closing " is missing.',
    );
  });

  it('reads the "Type" column as the kind of an agent and as the type of a contact', () => {
    expect(preview('First Name,Type\nNora,Insurance\n').values.agents.at(-1)).toMatchObject({ kind: 'insurance' });
    expect(preview('First Name,Type\nNora,Lender\n', 'contacts').values.contacts.at(-1)).toMatchObject({ type: '3' });
  });
});

describe('reading the rows', () => {
  it('reads quoted commas, doubled quotes and line breaks, after a byte-order mark, with CRLF', () => {
    const p = preview(
      '\uFEFF"First Name","Last Name",Company,"Address 1"\r\n"Nora","O""Neil","Best, Inc.","12 Elm St\r\nRear door"\r\n',
    );
    expect(p.values.agents.at(-1)).toMatchObject({
      first: 'Nora',
      last: 'O"Neil',
      company: 'Best, Inc.',
      address1: '12 Elm St\r\nRear door',
    });
  });

  it('skips blank lines and trims spaces around values', () => {
    const p = preview('First Name,E-mail\n\n  Nora  , nora@new.example \n,\n');
    expect(counts(p)).toEqual({ added: 1, updated: 0, unchanged: 0, refused: 0 });
    expect(p.values.agents.at(-1)).toMatchObject({ first: 'Nora', email: 'nora@new.example' });
  });

  it.each([
    ['OH', '36'],
    ['oh', '36'],
    ['Kentucky', '21'],
    ['KENTUCKY', '21'],
    ['', ''],
  ])('reads the state %j by abbreviation or name', (state, id) => {
    expect(preview(`First Name,State\nNora,${state}\n`).values.agents.at(-1)!.state).toBe(id);
  });

  it('refuses an unknown state with its line, counting a quoted line break', () => {
    const p = preview('First Name,Address 1,State\nAnn,"1 Elm\nSt",OH\nBob,2 Oak St,Ohioo\nCy,3 Ash St,KY\n');
    expect(p.refused).toEqual([{ line: 4, reason: 'Unknown state "Ohioo".' }]);
    expect(p.added.map((row) => row.line)).toEqual([2, 5]);
  });

  it("says the state by the company's own word", () => {
    const values = loaded();
    const result = previewImport('First Name,Province\nNora,ZZ\n', 'agents', values, {
      ...context(values),
      stateLabel: 'Province',
    });
    expect(result.ok && result.preview.refused).toEqual([{ line: 2, reason: 'Unknown province "ZZ".' }]);
  });

  it('refuses each bad row with its line and every reason, and takes the others', () => {
    const p = preview(
      [
        'First Name,Last Name,E-mail,Kind,Pay-at-close Opt-out,Postal Code',
        ',Nofirst,n@example.com,,,',
        'Bad,Mail,bad@,,,',
        'Odd,Kind,odd@example.com,plumber,,',
        'Pac,Maybe,pac@example.com,,sometimes,',
        'Long,Zip,zip@example.com,,,12345678901',
        'Two,Problems,two@,,,12345678901',
        'Good,One,good@example.com,Real estate,yes,43215',
        'Again,One,GOOD@example.com,,,',
        'Too,Many,many@example.com,,,,extra',
        'Too,Few',
      ].join('\n'),
    );
    expect(p.refused).toEqual([
      { line: 2, reason: 'The first name is missing.' },
      { line: 3, reason: '"bad@" is not an e-mail address.' },
      { line: 4, reason: 'The kind "plumber" is neither Real estate nor Insurance.' },
      { line: 5, reason: 'Pay-at-close Opt-out "sometimes" is neither Yes nor No.' },
      { line: 6, reason: 'The postal code is longer than 10 characters.' },
      { line: 7, reason: '"two@" is not an e-mail address. The postal code is longer than 10 characters.' },
      { line: 9, reason: 'The same e-mail address is also on line 8.' },
      {
        line: 10,
        reason:
          'This line has 7 values but the first line names 6 columns: a value with a comma in it needs double quotes around it.',
      },
      { line: 11, reason: 'This line has 2 values but the first line names 6 columns.' },
    ]);
    expect(p.added).toEqual([{ line: 8, name: 'Good One' }]);
    expect(p.values.agents.at(-1)).toMatchObject({ kind: 'real_estate', pac_opt_out: true, postal_code: '43215' });
  });

  it('takes extra empty cells at the end of a line (spreadsheets write them)', () => {
    expect(counts(preview('First Name,E-mail\nNora,nora@new.example,,\n'))).toEqual({
      added: 1,
      updated: 0,
      unchanged: 0,
      refused: 0,
    });
  });
});

describe('matching the directory', () => {
  it('finds a person by e-mail, capitals ignored, and updates only what differs, in the columns the file has', () => {
    const p = preview('first,email,Mobile,Agency\nSam,sam@REALTY.example,614-555-0199,Realty One\n');
    expect(counts(p)).toEqual({ added: 0, updated: 1, unchanged: 0, refused: 0 });
    expect(p.updated).toEqual([{ line: 2, name: 'Sam Realtor', fields: ['Mobile phone'] }]);
    // Not in the file: the last name, the state, the kind, the e-mail's own capitals.
    expect(p.values.agents[0]).toEqual({ ...loaded().agents[0], mobile_phone: '614-555-0199' });
  });

  it('counts a row that changes nothing as unchanged, spaces and capitals of the e-mail aside', () => {
    const p = preview('First Name,Last Name,E-mail,State\n Sam ,Realtor,SAM@realty.example,Ohio\n');
    expect(counts(p)).toEqual({ added: 0, updated: 0, unchanged: 1, refused: 0 });
    expect(p.values).toEqual(loaded());
  });

  it('empties a field whose column the file has but leaves empty', () => {
    const p = preview('First Name,E-mail,Agency,State\nSam,sam@realty.example,,\n');
    expect(p.updated).toEqual([{ line: 2, name: 'Sam Realtor', fields: ['Agency', 'State'] }]);
    expect(p.values.agents[0]).toMatchObject({ agency: '', state: '' });
  });

  it('finds a person without an e-mail by first and last name among those without one', () => {
    const p = preview('First Name,Last Name,E-mail,City\nnell,NOMAIL,,Dayton\nSam,Realtor,,Dayton\n');
    // Found whatever the capitals; the file's own capitals are a change it asks for.
    expect(p.updated).toEqual([{ line: 2, name: 'nell NOMAIL', fields: ['First name', 'Last name', 'City'] }]);
    expect(p.values.agents[3]).toMatchObject({ id: 1_000_000_009, added_online: true, city: 'Dayton' });
    expect(p.added).toEqual([{ line: 3, name: 'Sam Realtor' }]);
  });

  it('never renumbers a person added by a visitor, and numbers new people below theirs', () => {
    const p = preview(
      'First Name,Last Name,E-mail,Mobile\nVic,Visitor,VIC@example.com,6145550144\nNora,New,nora@new.example,\nOlly,Other,olly@new.example,\n',
    );
    expect(p.values.agents.map((agent) => [agent.id, agent.added_online])).toEqual([
      [7, false],
      [12, false],
      [1_000_000_004, true],
      [1_000_000_009, true],
      [13, false],
      [14, false],
    ]);
    expect(p.values.agents[2]).toMatchObject({ mobile_phone: '6145550144', first: 'Vic' });
  });

  it('numbers new people past one removed in this session (the floor)', () => {
    const values = loaded();
    const floors = idFloors(values);
    values.agents = values.agents.filter((agent) => agent.id !== 12);
    const result = previewImport('First Name\nNora\n', 'agents', values, {
      states: STATES,
      stateLabel: 'State',
      floors,
    });
    expect(result.ok && result.preview.values.agents.at(-1)!.id).toBe(13);
  });

  it('keeps a kind and an opt-out the file leaves empty, and defaults a new agent to real estate', () => {
    const p = preview('First Name,E-mail,Kind\nIngrid,ingrid@insure.example,\nNora,nora@new.example,\n');
    expect(p.unchanged).toBe(1);
    expect(p.values.agents[1]).toMatchObject({ kind: 'insurance', pac_opt_out: true });
    expect(p.values.agents.at(-1)).toMatchObject({ kind: 'real_estate', pac_opt_out: false });
  });

  it('changes nothing in the directory it was given', () => {
    const values = loaded();
    const before = structuredClone(values);
    preview('First Name,E-mail,Mobile\nSam,sam@realty.example,1\nNora,n@new.example,2\n', 'agents', values);
    expect(values).toEqual(before);
  });
});

describe('importing contacts', () => {
  it('gives a contact the type it names, capitals ignored, and adds a type the directory lacks, once', () => {
    const p = preview(
      'First Name,E-mail,Type\nLinda,linda@bank.example,ATTORNEY\nTim,tim@title.example,Title company\nTia,tia@title.example,title Company\n',
      'contacts',
    );
    expect(p.updated).toEqual([{ line: 2, name: 'Linda Loans', fields: ['Contact type'] }]);
    expect(p.newContactTypes).toEqual(['Title company']);
    expect(p.values.contact_types).toEqual([
      { id: 3, name: 'Lender' },
      { id: 5, name: 'Attorney' },
      { id: 6, name: 'Title company' },
    ]);
    expect(p.values.contacts.map((contact) => [contact.first, contact.type, contact.id])).toEqual([
      ['Linda', '5', 40],
      ['Tim', '6', 41],
      ['Tia', '6', 42],
    ]);
  });

  it('adds no type for a refused row', () => {
    const p = preview('First Name,E-mail,Type\n,x@example.com,Surveyor\n', 'contacts');
    expect(p.refused).toEqual([{ line: 2, reason: 'The first name is missing.' }]);
    expect(p.newContactTypes).toEqual([]);
    expect(p.values.contact_types).toHaveLength(2);
  });

  it('refuses a contact without a type, and a new one from a file without the column', () => {
    expect(preview('First Name,Type\nTom,\n', 'contacts').refused).toEqual([
      { line: 2, reason: 'The contact type is missing.' },
    ]);
    expect(preview(`First Name,Type\nTom,${'x'.repeat(101)}\n`, 'contacts').refused).toEqual([
      { line: 2, reason: 'The contact type is longer than 100 characters.' },
    ]);
    const p = preview('First Name,E-mail,Mobile\nTom,tom@example.com,1\nLinda,linda@bank.example,2\n', 'contacts');
    expect(p.refused).toEqual([{ line: 2, reason: 'The contact type is missing: a new contact needs a Type column.' }]);
    expect(p.updated).toEqual([{ line: 3, name: 'Linda Loans', fields: ['Mobile phone'] }]);
  });
});

describe('the bounds', () => {
  const rowsOf = (count: number) =>
    ['First Name,E-mail', ...Array.from({ length: count }, (_, i) => `P${i},p${i}@example.com`)].join('\n');

  it(`takes ${MAX_IMPORT_ROWS} rows and refuses a file of one more`, () => {
    expect(counts(preview(rowsOf(MAX_IMPORT_ROWS)))).toEqual({ added: 5000, updated: 0, unchanged: 0, refused: 0 });
    expect(refusal(rowsOf(MAX_IMPORT_ROWS + 1))).toBe(
      'The file has 5,001 rows; at most 5,000 can be imported at once. Split it into smaller files.',
    );
  });

  it('does not count blank lines as rows', () => {
    expect(counts(preview(`${rowsOf(MAX_IMPORT_ROWS)}\n\n\n`)).added).toBe(5000);
  });

  it('takes a file of 2 MB and refuses one a byte larger', () => {
    expect(fileSizeProblem(MAX_IMPORT_BYTES)).toBeNull();
    expect(fileSizeProblem(MAX_IMPORT_BYTES + 1)).toBe(
      'This file is 2.0 MB; a file can be at most 2 MB. Split it into smaller files.',
    );
    expect(fileSizeProblem(5 * 1024 * 1024)).toBe(
      'This file is 5.0 MB; a file can be at most 2 MB. Split it into smaller files.',
    );
  });
});

describe('importSummary', () => {
  it('says the counts, and the refused rows when there are any', () => {
    const p = preview('First Name,E-mail\nSam,sam@realty.example\nNora,nora@new.example\nBad,bad@\nWorse,worse@\n');
    expect(importSummary(p)).toBe('1 new, 0 updated and 1 unchanged; 2 rows refused.');
    expect(importSummary(preview('First Name\nNora\n'))).toBe('1 new, 0 updated and 0 unchanged.');
    expect(importSummary(preview('First Name,E-mail\nBad,bad@\n'))).toBe(
      '0 new, 0 updated and 0 unchanged; 1 row refused.',
    );
  });
});

describe('exportCsv', () => {
  it('writes the columns the import reads, a row a person', () => {
    expect(exportCsv('contacts', loaded(), STATES)).toBe(
      '\uFEFFFirst Name,Last Name,E-mail,Type,Mobile Phone,Work Phone,Home Phone,Work Fax,Home Fax,Company,Address 1,Address 2,City,State,Postal Code\r\n' +
        'Linda,Loans,linda@bank.example,Lender,,,,,,,,,,,\r\n',
    );
    const agents = exportCsv('agents', loaded(), STATES).split('\r\n');
    expect(agents[0]).toBe(
      '\uFEFFFirst Name,Last Name,E-mail,Mobile Phone,Work Phone,Home Phone,Work Fax,Home Fax,Agency,Company,Address 1,Address 2,City,State,Postal Code,Kind,Pay-at-close Opt-out',
    );
    expect(agents[1]).toBe('Sam,Realtor,Sam@Realty.example,6145550111,,,,,Realty One,,,,,OH,,Real estate,No');
    expect(agents[2]).toBe('Ingrid,Insure,ingrid@insure.example,,6145550122,,,,,,,,,,,Insurance,Yes');
  });

  it("writes a cell a spreadsheet would run as a formula after a ', and leaves phone numbers alone", () => {
    const values = loaded();
    values.agents = [
      {
        ...blankAgent(1),
        first: '=HYPERLINK("x")',
        last: '@SUM(A1)',
        company: '-2+3',
        mobile_phone: '+1 (614) 555-0100',
        work_phone: '-',
        agency: "'=already",
      },
    ];
    expect(exportCsv('agents', values, STATES).split('\r\n')[1]).toBe(
      `"'=HYPERLINK(""x"")",'@SUM(A1),,+1 (614) 555-0100,-,,,,''=already,'-2+3,,,,,,Real estate,No`,
    );
  });

  it('round-trips: a downloaded directory imported again is all unchanged', () => {
    const values = loaded();
    values.agents.push(
      {
        ...blankAgent(13),
        first: 'José',
        last: 'Núñez, Jr.',
        email: 'jose@example.com',
        company: 'He said "hi"',
        address1: '1 Elm St\nRear',
        state: '21',
        kind: 'insurance',
        pac_opt_out: true,
      },
      {
        ...blankAgent(14),
        first: '=Formula',
        last: '@at',
        email: 'f@example.com',
        mobile_phone: '+1 614 555 0100',
        agency: '-minus',
        home_fax: "'=quoted",
      },
      { ...blankAgent(15), first: 'No', last: 'Email' },
    );
    values.contacts.push({ ...blankContact(41, '5'), first: 'Art', last: 'Attorney', city: 'Dayton', state: '36' });
    for (const list of ['agents', 'contacts'] as const) {
      const p = preview(exportCsv(list, values, STATES), list, values);
      expect(counts(p)).toEqual({ added: 0, updated: 0, unchanged: values[list].length, refused: 0 });
      expect(p.values).toEqual(values);
    }
  });
});
