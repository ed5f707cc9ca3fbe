import { describe, expect, it } from 'vitest';
import { companyDocumentSchema } from '@scheduler/contracts/company-document';
import {
  applyPeopleForm,
  blankAgent,
  blankContact,
  checkPeopleForm,
  contactTypeRemovalProblem,
  fieldTargetOf,
  idFloors,
  MAX_LENGTH,
  nextId,
  peopleFormValues,
  searchPeople,
  stateLabelOf,
  statesOf,
  textProblem,
  type PeopleFormValues,
} from './people-form.ts';

const STATES = [
  { id: 36, abbreviation: 'OH', name: 'Ohio' },
  { id: 21, abbreviation: 'KY', name: 'Kentucky' },
];

/** An agent written the short way (defaults left out), as a document author may. */
const SAM = {
  id: 7,
  first: 'Sam',
  last: 'Realtor',
  email: 'sam@realty.example',
  mobile_phone: '6145550111',
  kind: 'real_estate',
  agency: 'Realty One',
  state: 36,
};
/** Every field written out. */
const INGRID = {
  id: 12,
  first: 'Ingrid',
  last: 'Insure',
  email: 'ingrid@insure.example',
  mobile_phone: '',
  work_phone: '6145550122',
  home_phone: '',
  work_fax: '',
  home_fax: '',
  company: 'Insure Co',
  address1: '1 Main St',
  address2: '',
  city: 'Columbus',
  state: null,
  postal_code: '43215',
  added_online: false,
  kind: 'insurance',
  agency: '',
  pac_opt_out: true,
};
/** Added by a visitor in the wizard: an id the server gave. */
const VISITOR = {
  id: 1_000_000_004,
  first: 'Vic',
  last: 'Visitor',
  email: 'vic@example.com',
  kind: 'real_estate',
  added_online: true,
};
const LENDER = { id: 3, name: 'Lender' };
const ATTORNEY = { id: 5, name: 'Attorney' };
const LINDA = { id: 40, first: 'Linda', last: 'Loans', email: 'linda@bank.example', type: 3 };

const DOCUMENT = {
  key: 'demo',
  name: 'Scioto Valley Home Inspections',
  state_label: 'State',
  states: STATES,
  offices: [{ uuid: 'u1', name: 'Columbus' }],
  settings: [{ key: 'X', value: '1' }],
  agents: [SAM, INGRID, VISITOR],
  contact_types: [LENDER, ATTORNEY],
  contacts: [LINDA],
  future_part: { kept: true },
};

const loaded = () => peopleFormValues(DOCUMENT);

describe('reading the document', () => {
  it('reads each person with every field, defaults filled in, states and types as text', () => {
    const values = loaded();
    expect(values.agents[0]).toEqual({
      id: 7,
      added_online: false,
      first: 'Sam',
      last: 'Realtor',
      email: 'sam@realty.example',
      mobile_phone: '6145550111',
      work_phone: '',
      home_phone: '',
      work_fax: '',
      home_fax: '',
      company: '',
      address1: '',
      address2: '',
      city: '',
      state: '36',
      postal_code: '',
      kind: 'real_estate',
      agency: 'Realty One',
      pac_opt_out: false,
    });
    expect(values.agents[1]).toMatchObject({ state: '', kind: 'insurance', pac_opt_out: true });
    expect(values.agents[2]).toMatchObject({ id: 1_000_000_004, added_online: true });
    expect(values.contacts).toEqual([expect.objectContaining({ id: 40, type: '3' })]);
    expect(values.contact_types).toEqual([LENDER, ATTORNEY]);
  });

  it('reads a document without a directory as empty lists, and its states and their label', () => {
    expect(peopleFormValues({ key: 'x' })).toEqual({ agents: [], contacts: [], contact_types: [] });
    expect(statesOf(DOCUMENT)).toEqual(STATES);
    expect(stateLabelOf({})).toBe('State');
    expect(stateLabelOf({ state_label: 'Province' })).toBe('Province');
  });
});

describe('applyPeopleForm', () => {
  it('writes back the very document when nothing changed, an absent list staying absent', () => {
    expect(applyPeopleForm(DOCUMENT, loaded())).toEqual({ ok: true, document: DOCUMENT });
    const bare = { key: 'x', states: STATES };
    expect(applyPeopleForm(bare, peopleFormValues(bare))).toEqual({ ok: true, document: bare });
  });

  it("writes only the field that changed into the person's own object, and leaves the others as they were", () => {
    const values = loaded();
    values.agents[0]!.mobile_phone = ' 614-555-0199 ';
    const result = applyPeopleForm(DOCUMENT, values);
    expect(result).toEqual({
      ok: true,
      document: { ...DOCUMENT, agents: [{ ...SAM, mobile_phone: '614-555-0199' }, INGRID, VISITOR] },
    });
    if (!result.ok) return;
    const agents = result.document.agents as unknown[];
    expect(agents[1]).toBe(INGRID);
    expect(result.document.contacts).toBe(DOCUMENT.contacts);
  });

  it('writes a state as its id, none as null, a contact type as its id, the switch as a boolean', () => {
    const values = loaded();
    values.agents[0]!.state = '';
    values.agents[1]!.state = '21';
    values.agents[1]!.pac_opt_out = false;
    values.agents[1]!.kind = 'real_estate';
    values.contacts[0]!.type = '5';
    const result = applyPeopleForm(DOCUMENT, values);
    expect(result).toEqual({
      ok: true,
      document: {
        ...DOCUMENT,
        agents: [{ ...SAM, state: null }, { ...INGRID, state: 21, pac_opt_out: false, kind: 'real_estate' }, VISITOR],
        contacts: [{ ...LINDA, type: 5 }],
      },
    });
  });

  it('lets a person added by a visitor be edited, keeping their id and their mark', () => {
    const values = loaded();
    values.agents[2]!.last = 'Visitor-Smith';
    expect(applyPeopleForm(DOCUMENT, values)).toEqual({
      ok: true,
      document: { ...DOCUMENT, agents: [SAM, INGRID, { ...VISITOR, last: 'Visitor-Smith' }] },
    });
  });

  it('writes a new person whole, with the next id below the ids of people added online', () => {
    const values = loaded();
    const floors = idFloors(values);
    expect(floors).toEqual({ agents: 12, contacts: 40, contact_types: 5 });
    const id = nextId(values.agents, floors.agents);
    expect(id).toBe(13);
    values.agents.push({ ...blankAgent(id), first: 'Nora', email: 'nora@new.example', state: '21' });
    values.contacts.push({ ...blankContact(nextId(values.contacts, floors.contacts), '5'), first: 'Art' });
    expect(applyPeopleForm(DOCUMENT, values)).toEqual({
      ok: true,
      document: {
        ...DOCUMENT,
        agents: [
          SAM,
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
            kind: 'real_estate',
            agency: '',
            pac_opt_out: false,
          },
        ],
        contacts: [LINDA, expect.objectContaining({ id: 41, first: 'Art', type: 5, state: null, added_online: false })],
      },
    });
  });

  it('never gives a new person an id that was removed in the same session, nor one of 1,000,000,000 and up', () => {
    const values = loaded();
    const floors = idFloors(values);
    values.agents = values.agents.filter((agent) => agent.id !== 12);
    expect(nextId(values.agents, floors.agents)).toBe(13);
    expect(nextId([{ id: 999_999_998 }, { id: 1_000_000_001 }], 0)).toBe(999_999_999);
    expect(nextId([], 0)).toBe(1);
  });

  it('removes a person and a contact type, renames a type, and passes everything else through', () => {
    const values = loaded();
    values.agents.splice(1, 1);
    values.contact_types[1]!.name = 'Real-estate attorney';
    const result = applyPeopleForm(DOCUMENT, values);
    expect(result).toEqual({
      ok: true,
      document: {
        ...DOCUMENT,
        agents: [SAM, VISITOR],
        contact_types: [LENDER, { id: 5, name: 'Real-estate attorney' }],
      },
    });
    const noAttorney = loaded();
    noAttorney.contact_types.pop();
    expect(applyPeopleForm(DOCUMENT, noAttorney)).toEqual({
      ok: true,
      document: { ...DOCUMENT, contact_types: [LENDER] },
    });
  });

  it('writes a document the schema takes', () => {
    const values = loaded();
    values.agents[0]!.city = 'Dublin';
    values.agents.push({ ...blankAgent(13), first: 'New' });
    const result = applyPeopleForm(
      {
        ...DOCUMENT,
        offices: [
          {
            uuid: '5b0c3a8e-7f1d-4c2a-9e61-3d4f8a2b9c10',
            name: 'Columbus',
            phone: '',
            email: '',
            state: 'OH',
            time_zone: 'America/New_York',
          },
        ],
        settings: [],
        future_part: undefined,
      },
      values,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { future_part: _dropped, ...document } = result.document;
    expect(companyDocumentSchema.safeParse(document).success).toBe(true);
  });
});

describe('checking the form', () => {
  const problemsOf = (change: (values: PeopleFormValues) => void) => {
    const values = loaded();
    change(values);
    return checkPeopleForm(values, STATES);
  };

  it('takes the loaded directory', () => {
    expect(problemsOf(() => undefined)).toEqual([]);
  });

  it('refuses a missing first name, naming the field', () => {
    expect(problemsOf((v) => (v.agents[1]!.first = '  '))).toEqual([
      { field: 'agents.1.first', message: 'The first name is missing.' },
    ]);
  });

  it.each([
    ['first', 100],
    ['last', 100],
    ['mobile_phone', 40],
    ['company', 200],
    ['agency', 200],
    ['city', 100],
    ['postal_code', 10],
  ] as const)('takes a %s of %i characters and refuses one more', (field, max) => {
    expect(MAX_LENGTH[field]).toBe(max);
    expect(problemsOf((v) => (v.agents[0]![field] = 'x'.repeat(max)))).toEqual([]);
    expect(problemsOf((v) => (v.agents[0]![field] = 'x'.repeat(max + 1)))).toEqual([
      {
        field: `agents.0.${field}`,
        message: expect.stringMatching(new RegExp(`is longer than ${max} characters\\.$`)),
      },
    ]);
  });

  it('refuses an e-mail that is not one, and takes none', () => {
    expect(problemsOf((v) => (v.contacts[0]!.email = 'linda@'))).toEqual([
      { field: 'contacts.0.email', message: '"linda@" is not an e-mail address.' },
    ]);
    expect(problemsOf((v) => (v.contacts[0]!.email = ''))).toEqual([]);
  });

  it('refuses a state or contact type the document does not have', () => {
    expect(problemsOf((v) => (v.agents[0]!.state = '99'))).toEqual([
      { field: 'agents.0.state', message: 'Choose one from the list.' },
    ]);
    expect(problemsOf((v) => (v.contacts[0]!.type = ''))).toEqual([
      { field: 'contacts.0.type', message: 'Choose a contact type.' },
    ]);
  });

  it('refuses a contact type without a name, with a name too long, or with the name of another', () => {
    expect(problemsOf((v) => (v.contact_types[0]!.name = ' '))).toEqual([
      { field: 'contact_types.0.name', message: "Enter the contact type's name." },
    ]);
    expect(problemsOf((v) => (v.contact_types[0]!.name = 'x'.repeat(100)))).toEqual([]);
    expect(problemsOf((v) => (v.contact_types[0]!.name = 'x'.repeat(101)))).toEqual([
      { field: 'contact_types.0.name', message: 'The name is longer than 100 characters.' },
    ]);
    expect(problemsOf((v) => (v.contact_types[1]!.name = ' LENDER '))).toEqual([
      { field: 'contact_types.1.name', message: 'Another contact type has this name.' },
    ]);
  });

  it('saves nothing while anything is wrong', () => {
    const values = loaded();
    values.agents[0]!.first = '';
    expect(applyPeopleForm(DOCUMENT, values)).toEqual({
      ok: false,
      problems: [{ field: 'agents.0.first', message: 'The first name is missing.' }],
    });
  });

  it('words a text problem the same for the field and the import', () => {
    expect(textProblem('email', ' a@b.co ')).toBeNull();
    expect(textProblem('last', '')).toBeNull();
  });
});

describe('contact types in use', () => {
  it('refuses to remove a type its contacts have, saying how many', () => {
    const values = loaded();
    expect(contactTypeRemovalProblem(values, 5)).toBeNull();
    expect(contactTypeRemovalProblem(values, 3)).toBe('Lender is the type of 1 contact. Give it another type first.');
    values.contacts.push({ ...blankContact(41, '3'), first: 'Lou' });
    expect(contactTypeRemovalProblem(values, 3)).toBe(
      'Lender is the type of 2 contacts. Give them another type first.',
    );
  });
});

describe('searchPeople', () => {
  const values = loaded();
  it.each([
    ['', [0, 1, 2]],
    ['sam', [0]],
    ['REALTY', [0]],
    ['ingrid insure', [1]],
    ['insure.example', [1]],
    ['realty one', [0]],
    ['nobody', []],
  ])('finds %j in agents %j', (query, found) => {
    expect(searchPeople(values.agents, query)).toEqual(found);
  });
});

describe('fieldTargetOf', () => {
  const values = loaded();
  it.each([
    ['agents.1.email', { field: 'agents.1.email', list: 'agents', index: 1 }],
    ['agents.2.pac_opt_out', { field: 'agents.2.pac_opt_out', list: 'agents', index: 2 }],
    ['agents.2.id', { field: 'agents.2.first', list: 'agents', index: 2 }],
    ['agents.0', { field: 'agents.0.first', list: 'agents', index: 0 }],
    ['contacts.0.type', { field: 'contacts.0.type', list: 'contacts', index: 0 }],
    ['contacts.0.agency', { field: 'contacts.0.first', list: 'contacts', index: 0 }],
    ['contact_types.1.id', { field: 'contact_types.1.name', list: 'contact_types', index: 1 }],
  ])('shows %s at %j', (path, target) => {
    expect(fieldTargetOf(path, values)).toEqual(target);
  });

  it.each(['offices.0.name', 'agents.3.email', 'agents', 'agents.x.email', 'contacts.-1.first'])(
    'has no field for %s',
    (path) => {
      expect(fieldTargetOf(path, values)).toBeNull();
    },
  );
});
