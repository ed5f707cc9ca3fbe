import { describe, expect, it } from 'vitest';
import { searchResultSchema } from '@scheduler/contracts/people';
import type { PanelFields } from './person-fields.ts';
import {
  filledFields,
  fullName,
  personDisplayLines,
  searchDisplay,
  searchResultFor,
  storedPersonName,
  type PersonRecord,
} from './person-display.ts';

const agent: PersonRecord = {
  id: 7,
  first: ' José ',
  last: 'Díaz',
  email: 'jose@example.com',
  mobile_phone: '614.555.0100',
  work_phone: '16145550199',
  company: 'Realty One',
  agency: 'North',
  address1: '1 Main St',
  city: 'Columbus',
  state: 36,
  postal_code: '43215',
};
const shown: PanelFields = {
  displayed: ['first', 'last', 'email', 'mobile_phone', 'work_phone', 'state', 'company'],
  required: ['first', 'last'],
};

describe('search results', () => {
  it('labels a result with the name and the firm the form shows', () => {
    expect(fullName(agent)).toBe('José Díaz');
    expect(searchDisplay('buyers_agent', agent, shown)).toBe('José Díaz (Realty One)');
    expect(searchDisplay('insurance_agent', agent, { ...shown, displayed: [...shown.displayed, 'agency'] })).toBe(
      'José Díaz (Realty One, North)',
    );
    expect(searchDisplay('buyers_agent', agent, { displayed: ['first', 'last'], required: ['first', 'last'] })).toBe(
      'José Díaz',
    );
  });

  it('answers only the fields the form shows, in the allow-listed shape', () => {
    const result = searchResultFor('buyers_agent', agent, shown);
    expect(result).toEqual({
      id: 7,
      display: 'José Díaz (Realty One)',
      add_new: false,
      first: 'José',
      last: 'Díaz',
      email: 'jose@example.com',
      mobile_phone: '614.555.0100',
      work_phone: '16145550199',
      state: 36,
      company: 'Realty One',
    });
    expect(searchResultSchema.safeParse(result).success).toBe(true);
    expect(result).not.toHaveProperty('address1');
    expect(result).not.toHaveProperty('type');
  });

  it('gives a contact its type', () => {
    const result = searchResultFor(
      'contact',
      { id: 3, first: 'Pat', last: 'Doe', type: { id: 2, name: 'Title Company' } },
      shown,
    );
    expect(result.type).toEqual({ id: 2, name: 'Title Company' });
  });
});

describe('personDisplayLines (spec 2.7, 5.5)', () => {
  const stateName = (id: number) => (id === 36 ? 'OH' : '?');
  it('lists every shown, filled field in the full form, phones formatted', () => {
    expect(personDisplayLines(agent, shown, 'full', stateName)).toEqual([
      { field: 'email', label: 'Email', text: 'jose@example.com' },
      { field: 'mobile_phone', label: 'Mobile Phone', text: '(614) 555-0100' },
      { field: 'work_phone', label: 'Work Phone', text: '1(614) 555-0199' },
      { field: 'state', label: 'State', text: 'OH' },
      { field: 'company', label: 'Company', text: 'Realty One' },
    ]);
  });
  it('keeps the firm, the e-mail and the first phone in the compact form', () => {
    expect(personDisplayLines(agent, shown, 'compact', stateName).map((line) => line.field)).toEqual([
      'email',
      'mobile_phone',
      'company',
    ]);
  });
});

describe('filledFields (spec 7.6)', () => {
  it('drops empty, blank and missing values and keeps false and zero', () => {
    expect(
      filledFields({ first: 'Ann', last: '', city: '  ', state: null, email: undefined, send_sms: false, id: 0 }),
    ).toEqual({ first: 'Ann', send_sms: false, id: 0 });
  });
});

describe('storedPersonName: a name from what an order keeps', () => {
  it('joins first and last, trimmed, and leaves out an empty or missing part', () => {
    expect(storedPersonName({ first: ' Avery ', last: 'Stone' })).toBe('Avery Stone');
    expect(storedPersonName({ first: 'Avery', last: '  ' })).toBe('Avery');
    expect(storedPersonName({ last: 'Stone' })).toBe('Stone');
    expect(storedPersonName({})).toBe('');
  });

  it('takes no part that is not text', () => {
    expect(storedPersonName({ first: 42, last: 'Stone' })).toBe('Stone');
    expect(storedPersonName({ first: null, last: { text: 'Stone' } })).toBe('');
  });
});
