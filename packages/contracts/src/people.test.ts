import { describe, expect, it } from 'vitest';
import { PEOPLE_SETTING } from './people-setting-keys.ts';
import {
  addContactRequestSchema,
  clientSchema,
  contactSchema,
  insuranceAgentSchema,
  PARTY_FIELD_SETTINGS,
  partyFields,
  realEstateAgentSchema,
  removeContactRequestSchema,
  SEARCH_RESULT_FIELDS,
  searchAgentsQuerySchema,
  searchContactsQuerySchema,
  searchInsuranceAgentsQuerySchema,
  searchResultSchema,
  searchResultsSchema,
  setClientRequestSchema,
  setClientsRequestSchema,
  setContactsRequestSchema,
  setInsuranceAgentRequestSchema,
  setRealEstateAgentRequestSchema,
  setUserTypeRequestSchema,
} from './people.ts';

const pathOf = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[] }> } }) =>
  result.error?.issues[0]?.path.join('.');

describe('setting names', () => {
  it('spells the ten field settings of spec 9.6', () => {
    expect(Object.values(PARTY_FIELD_SETTINGS).flatMap((s) => [s.display, s.required])).toEqual([
      'ONLINE_SCHEDULER_V3_BA_DISPLAY_FIELDS',
      'ONLINE_SCHEDULER_V3_BA_REQUIRED_FIELDS',
      'ONLINE_SCHEDULER_V3_SA_DISPLAY_FIELDS',
      'ONLINE_SCHEDULER_V3_SA_REQUIRED_FIELDS',
      'ONLINE_SCHEDULER_V3_IA_DISPLAY_FIELDS',
      'ONLINE_SCHEDULER_V3_IA_REQUIRED_FIELDS',
      'ONLINE_SCHEDULER_V3_CLIENT_DISPLAY_FIELDS',
      'ONLINE_SCHEDULER_V3_CLIENT_REQUIRED_FIELDS',
      'ONLINE_SCHEDULER_V3_CONTACTS_DISPLAY_FIELDS',
      'ONLINE_SCHEDULER_V3_CONTACTS_REQUIRED_FIELDS',
    ]);
    expect(PEOPLE_SETTING.CONTACT_TYPES).toBe('ONLINE_SCHEDULER_V3_CONTACT_TYPES');
  });
  it('gives company to agents and contacts and agency to the insurance agent only', () => {
    expect(partyFields('client')).not.toContain('company');
    expect(partyFields('contact')).toContain('company');
    expect(partyFields('contact')).not.toContain('agency');
    expect(partyFields('insurance_agent')).toEqual(expect.arrayContaining(['company', 'agency', 'state']));
  });
});

describe('set_user_type', () => {
  it('accepts each role and OTHER with its text', () => {
    for (const type of [
      'CLIENT_HOMEOWNER',
      'CLIENT_BUYER',
      'BUYERS_AGENT',
      'SELLERS_AGENT',
      'INSURANCE_AGENT',
    ] as const) {
      expect(setUserTypeRequestSchema.safeParse({ type, text: 'x' }).success).toBe(true);
    }
    expect(setUserTypeRequestSchema.parse({ type: 'OTHER', text: 'Other', other: 'Relocation company' })).toMatchObject(
      { other: 'Relocation company' },
    );
  });
  it('refuses OTHER without its text, an unknown role and unknown fields', () => {
    expect(pathOf(setUserTypeRequestSchema.safeParse({ type: 'OTHER', other: '  ' }))).toBe('other');
    expect(pathOf(setUserTypeRequestSchema.safeParse({ type: 'ADMIN' }))).toBe('type');
    expect(setUserTypeRequestSchema.safeParse({ type: 'CLIENT_BUYER', role: 'admin' }).success).toBe(false);
    expect(pathOf(setUserTypeRequestSchema.safeParse({ type: 'OTHER', other: 'x'.repeat(201) }))).toBe('other');
  });
});

describe('person bodies', () => {
  const person = { first: 'Ann', last: 'Lee', email: 'ann@example.com', state: 36 };

  it('accepts each party with its own fields', () => {
    expect(
      realEstateAgentSchema.safeParse({ ...person, company: 'Realty', pac_opt_out: true, add_new: true }).success,
    ).toBe(true);
    expect(insuranceAgentSchema.safeParse({ ...person, company: 'Ins Co', agency: 'North' }).success).toBe(true);
    expect(clientSchema.safeParse({ ...person, send_sms: true }).success).toBe(true);
    expect(
      contactSchema.safeParse({ ...person, company: 'Title Co', type: { id: 2, name: 'Title Company' } }).success,
    ).toBe(true);
    expect(clientSchema.safeParse({}).success).toBe(true);
  });

  it.each([
    ['a client with a company', clientSchema, { ...person, company: 'X' }],
    ['a client with pac_opt_out', clientSchema, { ...person, pac_opt_out: true }],
    ["a buyer's agent with an agency", realEstateAgentSchema, { ...person, agency: 'X' }],
    ["a buyer's agent with send_sms", realEstateAgentSchema, { ...person, send_sms: true }],
    ['an insurance agent with pac_opt_out', insuranceAgentSchema, { ...person, pac_opt_out: true }],
    ['a contact with a role flag', contactSchema, { ...person, is_admin: true }],
    ['a contact type with an extra field', contactSchema, { ...person, type: { id: 1, name: 'T', company_id: 2 } }],
  ] as const)('refuses %s (strict objects)', (_, schema, body) => {
    expect(schema.safeParse(body).success).toBe(false);
  });

  it.each([
    ['first', { first: 'x'.repeat(101) }],
    ['email', { email: 'x'.repeat(255) }],
    ['postal_code', { postal_code: '12345678901' }],
    ['first', { first: 'A\u0000B' }],
    ['city', { city: 'Columbus\r\n' }],
    ['state', { state: 0 }],
    ['state', { state: 1.5 }],
    ['id', { id: -1 }],
    ['mobile_phone', { mobile_phone: 6145550100 }],
  ] as const)('names %s when it is out of bounds', (field, body) => {
    expect(pathOf(clientSchema.safeParse(body))).toBe(field);
  });

  it('keeps a tab, accents and apostrophes', () => {
    expect(clientSchema.safeParse({ first: 'José\tMaría', last: "O'Brien" }).success).toBe(true);
  });
});

describe('the people calls', () => {
  it('set_*_agent takes an agent or {none: true}', () => {
    expect(setRealEstateAgentRequestSchema.safeParse({ none: true }).success).toBe(true);
    expect(setRealEstateAgentRequestSchema.safeParse({ id: 5, first: 'A', last: 'B' }).success).toBe(true);
    expect(setInsuranceAgentRequestSchema.safeParse({ none: true }).success).toBe(true);
    expect(setInsuranceAgentRequestSchema.safeParse({ first: 'A', agency: 'X' }).success).toBe(true);
    expect(pathOf(setRealEstateAgentRequestSchema.safeParse({ none: false }))).toBe('none');
    expect(pathOf(setRealEstateAgentRequestSchema.safeParse({ none: true, first: 'A' }))).toBe('first');
    expect(pathOf(setRealEstateAgentRequestSchema.safeParse({ first: 'x'.repeat(101) }))).toBe('first');
    expect(setRealEstateAgentRequestSchema.safeParse({ first: 'A', agency: 'X' }).success).toBe(false);
    expect(setInsuranceAgentRequestSchema.safeParse({ first: 'A', pac_opt_out: true }).success).toBe(false);
  });

  it('set_client is one client; set_clients 1 to 5 of them', () => {
    expect(setClientRequestSchema.safeParse({ first: 'A' }).success).toBe(true);
    expect(setClientsRequestSchema.safeParse({ clients: [{ first: 'A' }] }).success).toBe(true);
    expect(pathOf(setClientsRequestSchema.safeParse({ clients: [] }))).toBe('clients');
    expect(
      pathOf(setClientsRequestSchema.safeParse({ clients: Array.from({ length: 6 }, () => ({ first: 'A' })) })),
    ).toBe('clients');
    expect(pathOf(setClientsRequestSchema.safeParse({ clients: [{ first: 'A' }, { first: 'B', agency: 'X' }] }))).toBe(
      'clients.1',
    );
    expect(setClientsRequestSchema.safeParse({ clients: [], extra: 1 }).success).toBe(false);
  });

  it('set_contacts takes the list, add_contact one contact, remove_contact one with its id', () => {
    const contact = { first: 'Pat', type: { id: 1, name: 'Loan Officer' } };
    expect(setContactsRequestSchema.safeParse({ contacts: [] }).success).toBe(true);
    expect(setContactsRequestSchema.safeParse({ contacts: [contact, { ...contact, id: 3 }] }).success).toBe(true);
    expect(setContactsRequestSchema.safeParse({ contacts: Array.from({ length: 21 }, () => contact) }).success).toBe(
      false,
    );
    expect(addContactRequestSchema.safeParse(contact).success).toBe(true);
    expect(removeContactRequestSchema.safeParse({ ...contact, id: 3 }).success).toBe(true);
    expect(pathOf(removeContactRequestSchema.safeParse(contact))).toBe('id');
    expect(removeContactRequestSchema.safeParse({ id: 3, owner: 1 }).success).toBe(false);
  });
});

describe('search queries', () => {
  it('needs at least 2 characters, at most 100, and no control characters', () => {
    expect(searchInsuranceAgentsQuerySchema.safeParse({ query: 'jo' }).success).toBe(true);
    expect(pathOf(searchInsuranceAgentsQuerySchema.safeParse({ query: 'j' }))).toBe('query');
    expect(pathOf(searchInsuranceAgentsQuerySchema.safeParse({ query: ' j ' }))).toBe('query');
    expect(pathOf(searchInsuranceAgentsQuerySchema.safeParse({ query: 'j'.repeat(101) }))).toBe('query');
    expect(pathOf(searchInsuranceAgentsQuerySchema.safeParse({ query: 'jo\u0000' }))).toBe('query');
    expect(pathOf(searchInsuranceAgentsQuerySchema.safeParse({}))).toBe('query');
  });
  it('search_agents takes the agent kind (DECISIONS 7.6)', () => {
    expect(searchAgentsQuerySchema.safeParse({ query: 'jose', type: 'buyers_agent' }).success).toBe(true);
    expect(searchAgentsQuerySchema.safeParse({ query: 'jose', type: 'sellers_agent' }).success).toBe(true);
    expect(pathOf(searchAgentsQuerySchema.safeParse({ query: 'jose', type: 'insurance_agent' }))).toBe('type');
    expect(pathOf(searchAgentsQuerySchema.safeParse({ query: 'jose' }))).toBe('type');
  });
  it('search_contacts takes the contact type id from the query string', () => {
    expect(searchContactsQuerySchema.parse({ query: 'title', type: '2' })).toEqual({ query: 'title', type: 2 });
    expect(pathOf(searchContactsQuerySchema.safeParse({ query: 'title', type: 'x' }))).toBe('type');
  });
  it('refuses unknown parameters', () => {
    expect(searchInsuranceAgentsQuerySchema.safeParse({ query: 'jo', company: 'other' }).success).toBe(false);
    expect(searchContactsQuerySchema.safeParse({ query: 'jo', type: '1', limit: '1000' }).success).toBe(false);
  });
});

describe('search results', () => {
  const result = {
    id: 7,
    display: 'José Díaz (Realty)',
    add_new: false,
    first: 'José',
    last: 'Díaz',
    company: 'Realty',
    email: 'jose@example.com',
  };
  it('carries the allow-listed fields only', () => {
    expect(searchResultSchema.safeParse(result).success).toBe(true);
    expect(searchResultSchema.safeParse({ ...result, company_id: 2 }).success).toBe(false);
    expect(searchResultSchema.safeParse({ ...result, notes: 'internal' }).success).toBe(false);
    expect(SEARCH_RESULT_FIELDS).not.toContain('company_id');
    expect(SEARCH_RESULT_FIELDS).toEqual(
      expect.arrayContaining(['id', 'display', 'add_new', 'first', 'last', 'email', 'state', 'type']),
    );
  });
  it('answers at most 10 results', () => {
    expect(searchResultsSchema.safeParse(Array.from({ length: 10 }, () => result)).success).toBe(true);
    expect(searchResultsSchema.safeParse(Array.from({ length: 11 }, () => result)).success).toBe(false);
  });
});
