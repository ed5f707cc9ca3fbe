import { describe, expect, it } from 'vitest';
import { PEOPLE_SETTING } from '@scheduler/contracts/people-setting-keys';
import type { Setting } from '@scheduler/contracts/settings';
import { SettingsReader } from '../settings.ts';
import { peopleSettings } from './contacts-step.ts';
import { missingPeople, roleOf, type OrderPeople } from './order-people.ts';

function settingsOf(...settings: Setting[]) {
  return peopleSettings(new SettingsReader(settings), 'US');
}

const noPeople: OrderPeople = { clients: [], agents: {}, contacts: [] };
const dana = { id: 1, first: 'Dana', last: 'Whitaker', email: 'dana@example.com', mobile_phone: '614-555-0100' };
const ray = {
  id: 7,
  first: 'Ray',
  last: 'Ortiz',
  email: 'ray@example.com',
  mobile_phone: '614-555-0101',
  pac_opt_out: false,
};

describe('missingPeople: what the contacts step would refuse, confirm refuses (spec 4.6, 5.4)', () => {
  const plain = settingsOf();

  it('needs at least one client', () => {
    expect(missingPeople('CLIENT_BUYER', plain, noPeople)).toEqual([{ field: 'client', name: 'a client' }]);
    expect(missingPeople('CLIENT_BUYER', plain, { ...noPeople, clients: [dana] })).toEqual([]);
  });

  it('checks every client against the fields CLIENT_REQUIRED_FIELDS requires, naming each by its path', () => {
    const settings = settingsOf({ key: PEOPLE_SETTING.CLIENT_REQUIRED_FIELDS, value: 'email,mobile_phone' });
    const second = { id: 2, first: 'Sam', last: 'Whitaker', email: '', mobile_phone: '' };
    expect(missingPeople('CLIENT_BUYER', settings, { ...noPeople, clients: [dana, second] })).toEqual([
      { field: 'clients.1.email', name: "the Home Buyer 2's Email" },
      { field: 'clients.1.mobile_phone', name: "the Home Buyer 2's Mobile Phone" },
    ]);
    // Without the setting, first and last alone are required.
    expect(missingPeople('CLIENT_BUYER', plain, { ...noPeople, clients: [dana, second] })).toEqual([]);
  });

  it('always requires first and last, and refuses a malformed e-mail address even when it is optional', () => {
    expect(
      missingPeople('CLIENT_HOMEOWNER', plain, { ...noPeople, clients: [{ ...dana, last: ' ', email: 'dana@' }] }),
    ).toEqual([
      { field: 'clients.0.last', name: "the Home Owner's Last Name" },
      { field: 'clients.0.email', name: "the Home Owner's Email" },
    ]);
  });

  it("requires the visitor's own agent record when the visitor is an agent", () => {
    const people = { ...noPeople, clients: [dana] };
    expect(missingPeople('BUYERS_AGENT', plain, people)).toEqual([
      { field: 'buyers_agent', name: "the buyer's agent" },
    ]);
    expect(missingPeople('INSURANCE_AGENT', plain, people)).toEqual([
      { field: 'insurance_agent', name: 'the insurance agent' },
    ]);
    // A seller's agent's own panel counts even while the company no longer offers that panel.
    expect(missingPeople('SELLERS_AGENT', plain, people)).toEqual([
      { field: 'sellers_agent', name: "the seller's agent" },
    ]);
    expect(missingPeople('BUYERS_AGENT', plain, { ...people, agents: { buyers_agent: ray } })).toEqual([]);
  });

  it('lets every other agent panel say "No {label}"', () => {
    const all = settingsOf(
      { key: PEOPLE_SETTING.SELLERS_AGENT, value: 'Y' },
      { key: PEOPLE_SETTING.INSURANCE_AGENT, value: 'Y' },
    );
    for (const role of ['CLIENT_HOMEOWNER', 'CLIENT_BUYER', 'OTHER'] as const)
      expect(missingPeople(role, all, { ...noPeople, clients: [dana] })).toEqual([]);
  });

  it('checks a named agent against its panel\u2019s required fields (BA_REQUIRED_FIELDS, ...)', () => {
    const settings = settingsOf(
      { key: PEOPLE_SETTING.BA_REQUIRED_FIELDS, value: 'mobile_phone' },
      { key: PEOPLE_SETTING.SELLERS_AGENT, value: 'Y' },
      { key: PEOPLE_SETTING.SA_REQUIRED_FIELDS, value: 'email' },
    );
    const people = {
      ...noPeople,
      clients: [dana],
      agents: { buyers_agent: { ...ray, mobile_phone: '' }, sellers_agent: { ...ray, email: '' } },
    };
    expect(missingPeople('CLIENT_BUYER', settings, people)).toEqual([
      { field: 'buyers_agent.mobile_phone', name: "the Buyer's Agent's Mobile Phone" },
      { field: 'sellers_agent.email', name: "the Seller's Agent's Email" },
    ]);
  });

  it('does not judge an agent whose panel the company does not show', () => {
    const settings = settingsOf({ key: PEOPLE_SETTING.SA_REQUIRED_FIELDS, value: 'email' });
    expect(
      missingPeople('CLIENT_BUYER', settings, {
        ...noPeople,
        clients: [dana],
        agents: { sellers_agent: { ...ray, email: '' } },
      }),
    ).toEqual([]);
  });

  it('takes a listed agent as it is while agent editing is off: the visitor could not mend it', () => {
    const settings = settingsOf(
      { key: PEOPLE_SETTING.BA_REQUIRED_FIELDS, value: 'mobile_phone' },
      { key: PEOPLE_SETTING.DO_NOT_ALLOW_EDIT_AGENTS_INFO, value: 'Y' },
    );
    expect(
      missingPeople('BUYERS_AGENT', settings, {
        ...noPeople,
        clients: [dana],
        agents: { buyers_agent: { ...ray, mobile_phone: '' } },
      }),
    ).toEqual([]);
    // Still mandatory, though.
    expect(missingPeople('BUYERS_AGENT', settings, { ...noPeople, clients: [dana] })).toEqual([
      { field: 'buyers_agent', name: "the buyer's agent" },
    ]);
  });

  it('checks saved contacts against CONTACTS_REQUIRED_FIELDS and their type, naming them by type', () => {
    const settings = settingsOf({ key: PEOPLE_SETTING.CONTACTS_REQUIRED_FIELDS, value: 'email' });
    const lender = { id: 30, first: 'Lee', last: 'Park', email: '', type: { id: 2, name: 'Lender' } };
    const untyped = { id: 31, first: 'Kim', last: 'Ross', email: 'kim@example.com' };
    expect(
      missingPeople('CLIENT_BUYER', settings, { ...noPeople, clients: [dana], contacts: [lender, untyped] }),
    ).toEqual([
      { field: 'contacts.0.email', name: "the Lender's Email" },
      { field: 'contacts.1.type', name: "the contact's type of contact" },
    ]);
  });

  it('lists the gaps in the order Next saves the panels, whatever order the role sees them in', () => {
    const settings = settingsOf({ key: PEOPLE_SETTING.CLIENT_REQUIRED_FIELDS, value: 'email' });
    expect(
      missingPeople('BUYERS_AGENT', settings, { ...noPeople, clients: [{ ...dana, email: '' }] }).map(
        (gap) => gap.field,
      ),
    ).toEqual(['clients.0.email', 'buyers_agent']);
  });

  it('judges the client roles\u2019 panels before a role is chosen', () => {
    expect(missingPeople(null, plain, noPeople)).toEqual([{ field: 'client', name: 'a client' }]);
    expect(missingPeople(null, plain, { ...noPeople, clients: [{ ...dana, first: '' }] })).toEqual([
      { field: 'clients.0.first', name: "the Client's First Name" },
    ]);
  });

  it('uses no rule of its own: a field the settings do not show is never checked', () => {
    const settings = settingsOf({ key: PEOPLE_SETTING.CLIENT_DISPLAY_FIELDS, value: 'first,last' });
    expect(
      missingPeople('CLIENT_BUYER', settings, { ...noPeople, clients: [{ ...dana, email: 'not an address' }] }),
    ).toEqual([]);
  });
});

describe('roleOf', () => {
  it('reads the stored role, and nothing else, as a role', () => {
    expect(roleOf('SELLERS_AGENT')).toBe('SELLERS_AGENT');
    expect(roleOf('OTHER')).toBe('OTHER');
    expect(roleOf(null)).toBeNull();
    expect(roleOf('ADMIN')).toBeNull();
  });
});
