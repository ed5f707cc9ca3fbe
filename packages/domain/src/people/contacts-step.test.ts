import { describe, expect, it } from 'vitest';
import { PEOPLE_SETTING } from '@scheduler/contracts/people-setting-keys';
import { SettingsReader } from '../settings.ts';
import {
  addClientLabel,
  agentPanelText,
  canAddClient,
  canChooseNone,
  canEditAgent,
  canRemoveClient,
  clientHeading,
  clientLimit,
  configuredContactTypes,
  fillFromInspectionAddress,
  isAgentMandatory,
  needsOwnAgentProfile,
  offeredContactTypes,
  offeredRoles,
  peopleSettings,
  roleControl,
  saveOrder,
  sectionOrder,
  showUseInspectionAddress,
  type Role,
} from './contacts-step.ts';

const enabled = (sellers: boolean, insurance: boolean) => ({
  sellersAgentEnabled: sellers,
  insuranceAgentEnabled: insurance,
});

describe('peopleSettings', () => {
  it('reads the switches of spec 6 and 9.6 with the truthy values of 5.1', () => {
    const settings = peopleSettings(
      new SettingsReader([
        { key: PEOPLE_SETTING.SELLERS_AGENT, value: 'Y' },
        { key: PEOPLE_SETTING.INSURANCE_AGENT, value: 'no' },
        { key: PEOPLE_SETTING.DO_NOT_ALLOW_EDIT_AGENTS_INFO, value: 1 },
        { key: PEOPLE_SETTING.HIDE_USE_INSPECTION_ADDRESS, value: '1' },
        { key: PEOPLE_SETTING.CONTACT_TYPES, value: '2, Closing Attorney' },
      ]),
      'CA',
    );
    expect(settings).toMatchObject({
      phoneCountry: 'CA',
      sellersAgentEnabled: true,
      insuranceAgentEnabled: false,
      agentEditingAllowed: false,
      useInspectionAddressHidden: true,
      contactTypeChoice: ['2', 'Closing Attorney'],
    });
    expect(settings.fields.client.required).toEqual(['first', 'last']);
  });
  it('has everything off when nothing is set', () => {
    expect(peopleSettings(new SettingsReader([]), 'US')).toMatchObject({
      sellersAgentEnabled: false,
      insuranceAgentEnabled: false,
      agentEditingAllowed: true,
      useInspectionAddressHidden: false,
    });
  });
});

describe('roles (spec 6, 9.2)', () => {
  it.each([
    [false, false, ['CLIENT_HOMEOWNER', 'CLIENT_BUYER', 'BUYERS_AGENT', 'OTHER'], 'buttons'],
    [true, false, ['CLIENT_HOMEOWNER', 'CLIENT_BUYER', 'BUYERS_AGENT', 'SELLERS_AGENT', 'OTHER'], 'dropdown'],
    [false, true, ['CLIENT_HOMEOWNER', 'CLIENT_BUYER', 'BUYERS_AGENT', 'INSURANCE_AGENT', 'OTHER'], 'dropdown'],
    [
      true,
      true,
      ['CLIENT_HOMEOWNER', 'CLIENT_BUYER', 'BUYERS_AGENT', 'SELLERS_AGENT', 'INSURANCE_AGENT', 'OTHER'],
      'dropdown',
    ],
  ] as const)('sellers %s, insurance %s: offers %j as %s', (sellers, insurance, roles, control) => {
    expect(offeredRoles(enabled(sellers, insurance))).toEqual(roles);
    expect(roleControl(offeredRoles(enabled(sellers, insurance)))).toBe(control);
  });
  it('uses buttons up to 4 roles', () => {
    expect(roleControl(['CLIENT_BUYER', 'OTHER', 'BUYERS_AGENT', 'CLIENT_HOMEOWNER'])).toBe('buttons');
    expect(roleControl(['CLIENT_BUYER'])).toBe('buttons');
  });
});

describe('sectionOrder (spec 4.6, DECISIONS for OTHER)', () => {
  const clientRoles: Role[] = ['CLIENT_HOMEOWNER', 'CLIENT_BUYER', 'OTHER'];
  it.each(clientRoles)('%s: clients first, then the enabled agents, then contacts', (role) => {
    expect(sectionOrder(role, enabled(true, true))).toEqual([
      'clients',
      'buyers_agent',
      'sellers_agent',
      'insurance_agent',
      'contacts',
    ]);
    expect(sectionOrder(role, enabled(false, false))).toEqual(['clients', 'buyers_agent', 'contacts']);
    expect(sectionOrder(role, enabled(true, false))).toEqual(['clients', 'buyers_agent', 'sellers_agent', 'contacts']);
    expect(sectionOrder(role, enabled(false, true))).toEqual([
      'clients',
      'buyers_agent',
      'insurance_agent',
      'contacts',
    ]);
  });
  it("BUYERS_AGENT: the visitor's own panel, clients, the other agents", () => {
    expect(sectionOrder('BUYERS_AGENT', enabled(true, true))).toEqual([
      'buyers_agent',
      'clients',
      'sellers_agent',
      'insurance_agent',
      'contacts',
    ]);
    expect(sectionOrder('BUYERS_AGENT', enabled(false, false))).toEqual(['buyers_agent', 'clients', 'contacts']);
    expect(sectionOrder('BUYERS_AGENT', enabled(false, true))).toEqual([
      'buyers_agent',
      'clients',
      'insurance_agent',
      'contacts',
    ]);
  });
  it("SELLERS_AGENT: seller's agent, clients, buyer's agent, insurance agent", () => {
    expect(sectionOrder('SELLERS_AGENT', enabled(true, true))).toEqual([
      'sellers_agent',
      'clients',
      'buyers_agent',
      'insurance_agent',
      'contacts',
    ]);
    expect(sectionOrder('SELLERS_AGENT', enabled(true, false))).toEqual([
      'sellers_agent',
      'clients',
      'buyers_agent',
      'contacts',
    ]);
    // A role picked before the company turned the setting off still shows the visitor's own panel.
    expect(sectionOrder('SELLERS_AGENT', enabled(false, false))).toEqual([
      'sellers_agent',
      'clients',
      'buyers_agent',
      'contacts',
    ]);
  });
  it("INSURANCE_AGENT: insurance agent, clients, buyer's agent, seller's agent", () => {
    expect(sectionOrder('INSURANCE_AGENT', enabled(true, true))).toEqual([
      'insurance_agent',
      'clients',
      'buyers_agent',
      'sellers_agent',
      'contacts',
    ]);
    expect(sectionOrder('INSURANCE_AGENT', enabled(false, true))).toEqual([
      'insurance_agent',
      'clients',
      'buyers_agent',
      'contacts',
    ]);
  });
  it('shows nothing before a role is chosen', () => {
    expect(sectionOrder(null, enabled(true, true))).toEqual([]);
  });
});

describe('saveOrder (spec 4.6)', () => {
  it('saves clients, then the agents, then the contacts, whatever the screen order', () => {
    expect(saveOrder(sectionOrder('INSURANCE_AGENT', enabled(true, true)))).toEqual([
      'clients',
      'buyers_agent',
      'sellers_agent',
      'insurance_agent',
      'contacts',
    ]);
    expect(saveOrder(sectionOrder('SELLERS_AGENT', enabled(true, false)))).toEqual([
      'clients',
      'buyers_agent',
      'sellers_agent',
      'contacts',
    ]);
    expect(saveOrder([])).toEqual([]);
  });
});

describe('the mandatory agent (spec 5.4)', () => {
  it("is the panel of the visitor's own agent role only", () => {
    expect(isAgentMandatory('BUYERS_AGENT', 'buyers_agent')).toBe(true);
    expect(isAgentMandatory('BUYERS_AGENT', 'sellers_agent')).toBe(false);
    expect(isAgentMandatory('INSURANCE_AGENT', 'insurance_agent')).toBe(true);
    expect(isAgentMandatory('CLIENT_BUYER', 'buyers_agent')).toBe(false);
    expect(isAgentMandatory(null, 'buyers_agent')).toBe(false);
    expect(canChooseNone('SELLERS_AGENT', 'sellers_agent')).toBe(false);
    expect(canChooseNone('SELLERS_AGENT', 'buyers_agent')).toBe(true);
  });
  it('shows the banner while an agent visitor has no saved profile', () => {
    expect(needsOwnAgentProfile('BUYERS_AGENT', new Set())).toBe(true);
    expect(needsOwnAgentProfile('BUYERS_AGENT', new Set(['sellers_agent'] as const))).toBe(true);
    expect(needsOwnAgentProfile('BUYERS_AGENT', new Set(['buyers_agent'] as const))).toBe(false);
    expect(needsOwnAgentProfile('CLIENT_HOMEOWNER', new Set())).toBe(false);
    expect(needsOwnAgentProfile('OTHER', new Set())).toBe(false);
    expect(needsOwnAgentProfile(null, new Set())).toBe(false);
  });
  it('labels the own panel " (me)" with "Search for your profile"', () => {
    expect(agentPanelText('SELLERS_AGENT', 'sellers_agent')).toEqual({
      label: "Seller's Agent (me)",
      searchLabel: 'Search for your profile',
      noneText: "No Seller's Agent",
    });
    expect(agentPanelText('SELLERS_AGENT', 'buyers_agent')).toEqual({
      label: "Buyer's Agent",
      searchLabel: "Search for a buyer's agent",
      noneText: "No Buyer's Agent",
    });
    expect(agentPanelText(null, 'insurance_agent').searchLabel).toBe('Search for an insurance agent');
  });
  it('DO_NOT_ALLOW_EDIT_AGENTS_INFO stops editing a listed agent, not adding a new one', () => {
    expect(canEditAgent({ agentEditingAllowed: false }, true)).toBe(false);
    expect(canEditAgent({ agentEditingAllowed: false }, false)).toBe(true);
    expect(canEditAgent({ agentEditingAllowed: true }, true)).toBe(true);
  });
});

describe('clients (spec 2.7, 4.6, 9.2)', () => {
  it.each([
    [1, 1, false],
    [1, 2, true],
    [2, 2, false],
    [4, 5, true],
    [5, 5, false],
    [3, 9, true],
    [5, 9, false],
    [1, 0, false],
  ])('%i clients, max_clients %i: another may be added: %s', (count, max, allowed) => {
    expect(canAddClient(count, max)).toBe(allowed);
  });
  it('limits the list to max_clients within 1 and 5', () => {
    expect([0, 1, 3, 5, 8, Number.NaN].map(clientLimit)).toEqual([1, 1, 3, 5, 5, 1]);
  });
  it('removes any client but the first', () => {
    expect(canRemoveClient(0)).toBe(false);
    expect(canRemoveClient(1)).toBe(true);
  });
  it.each([
    ['CLIENT_HOMEOWNER', 'Home Owner'],
    ['SELLERS_AGENT', 'Home Owner'],
    ['CLIENT_BUYER', 'Home Buyer'],
    ['BUYERS_AGENT', 'Home Buyer'],
    ['INSURANCE_AGENT', 'Home Buyer'],
    ['OTHER', 'Client'],
  ] as const)('%s: headings "%s", numbered after the first', (role, noun) => {
    expect([0, 1, 4].map((index) => clientHeading(role, index))).toEqual([noun, `${noun} 2`, `${noun} 5`]);
    expect(addClientLabel(role)).toBe(`Add ${noun}`);
  });
});

describe('"Use inspection address" (spec 2.7)', () => {
  const address = { address1: '12 Elm St', address2: 'Unit 4', city: 'Columbus', state: 36, postal_code: '43215' };
  it('is offered when the order has an address and the setting does not hide it', () => {
    expect(showUseInspectionAddress({ useInspectionAddressHidden: false }, address)).toBe(true);
    expect(showUseInspectionAddress({ useInspectionAddressHidden: true }, address)).toBe(false);
    expect(showUseInspectionAddress({ useInspectionAddressHidden: false }, null)).toBe(false);
    expect(showUseInspectionAddress({ useInspectionAddressHidden: false }, { ...address, address1: ' ' })).toBe(false);
  });
  it('fills only the empty address fields', () => {
    expect(fillFromInspectionAddress({ first: 'Ann', address1: '', city: 'Dublin', state: null }, address)).toEqual({
      first: 'Ann',
      address1: '12 Elm St',
      address2: 'Unit 4',
      city: 'Dublin',
      state: 36,
      postal_code: '43215',
    });
  });
});

describe('contact types (spec 4.6)', () => {
  const types = [
    { id: 1, name: 'Loan Officer' },
    { id: 2, name: 'Title Company' },
    { id: 3, name: 'Closing Attorney' },
  ];
  it('offers all the company types when CONTACT_TYPES is unset, else those it names by id or name', () => {
    expect(configuredContactTypes(types, [])).toEqual(types);
    expect(configuredContactTypes(types, ['3', 'title company', '99'])).toEqual([types[1], types[2]]);
  });
  it('leaves out the types a saved contact uses, but not those of unsaved ones', () => {
    const contacts = [
      { id: 10, type: types[0] },
      { id: null, type: types[1] },
    ];
    expect(offeredContactTypes(types, contacts)).toEqual([types[1], types[2]]);
    expect(offeredContactTypes(types, [])).toEqual(types);
  });
  it('keeps the type of the contact being edited', () => {
    expect(offeredContactTypes(types, [{ id: 10, type: types[0] }], 1)).toEqual(types);
  });
});
