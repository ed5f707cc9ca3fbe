import { MAX_CLIENTS, type AgentParty, type ContactTypeRef, type Party } from '@scheduler/contracts/people';
import { PEOPLE_SETTING } from '@scheduler/contracts/people-setting-keys';
import type { USER_TYPES } from '@scheduler/contracts/person';
import type { SettingsReader } from '../settings.ts';
import { allPanelFields, type PanelFields } from './person-fields.ts';

export type Role = (typeof USER_TYPES)[number];

/** The settings of the contacts step (spec 6, 9.6), read once per company. */
export interface PeopleSettings {
  sellersAgentEnabled: boolean;
  insuranceAgentEnabled: boolean;
  agentEditingAllowed: boolean;
  useInspectionAddressHidden: boolean;
  /** The contact types the company chose to offer, by id or name; empty offers them all. */
  contactTypeChoice: readonly string[];
  fields: Readonly<Record<Party, PanelFields>>;
  /** The company's country ("US"): the phones of its forms are numbers of that country, or international ones. */
  phoneCountry: string;
}

export function peopleSettings(settings: SettingsReader, country: string): PeopleSettings {
  return {
    phoneCountry: country,
    sellersAgentEnabled: settings.isOn(PEOPLE_SETTING.SELLERS_AGENT),
    insuranceAgentEnabled: settings.isOn(PEOPLE_SETTING.INSURANCE_AGENT),
    agentEditingAllowed: !settings.isOn(PEOPLE_SETTING.DO_NOT_ALLOW_EDIT_AGENTS_INFO),
    useInspectionAddressHidden: settings.isOn(PEOPLE_SETTING.HIDE_USE_INSPECTION_ADDRESS),
    contactTypeChoice: settings.list(PEOPLE_SETTING.CONTACT_TYPES),
    fields: allPanelFields(settings),
  };
}

/** Spec 6: the role names. The two client roles and OTHER have none in the spec; these read as the clients' headings do. */
export const ROLE_TEXT: Readonly<Record<Role, string>> = {
  CLIENT_HOMEOWNER: 'Home Owner',
  CLIENT_BUYER: 'Home Buyer',
  BUYERS_AGENT: "Buyer's Agent",
  SELLERS_AGENT: "Seller's Agent",
  INSURANCE_AGENT: 'Insurance Agent',
  OTHER: 'Other',
};

/** The roles a visitor may pick (spec 6), in the order they are offered. */
export function offeredRoles(settings: Pick<PeopleSettings, 'sellersAgentEnabled' | 'insuranceAgentEnabled'>): Role[] {
  return [
    'CLIENT_HOMEOWNER',
    'CLIENT_BUYER',
    'BUYERS_AGENT',
    ...(settings.sellersAgentEnabled ? (['SELLERS_AGENT'] as const) : []),
    ...(settings.insuranceAgentEnabled ? (['INSURANCE_AGENT'] as const) : []),
    'OTHER',
  ];
}

/** Spec 2.7, 9.2: one button per role when there are 4 or fewer, a dropdown otherwise. */
export const MAX_ROLE_BUTTONS = 4;
export function roleControl(roles: readonly Role[]): 'buttons' | 'dropdown' {
  return roles.length <= MAX_ROLE_BUTTONS ? 'buttons' : 'dropdown';
}

/** The agent party a role is, if any. */
export const OWN_AGENT_PARTY: Readonly<Partial<Record<Role, AgentParty>>> = {
  BUYERS_AGENT: 'buyers_agent',
  SELLERS_AGENT: 'sellers_agent',
  INSURANCE_AGENT: 'insurance_agent',
};

export type Section = 'clients' | AgentParty | 'contacts';

/**
 * Spec 4.6 (with DECISIONS.md for OTHER): the sections of the contacts step in the order the
 * role sees them; the additional contacts come last (spec 2.7). The seller's and insurance
 * agent panels appear only when their setting is on (spec 6), except the visitor's own panel,
 * which a role chosen before the setting was turned off still needs. No role, no sections.
 */
export function sectionOrder(
  role: Role | null,
  settings: Pick<PeopleSettings, 'sellersAgentEnabled' | 'insuranceAgentEnabled'>,
): Section[] {
  if (role === null) return [];
  const own = OWN_AGENT_PARTY[role];
  const agents: AgentParty[] = ['buyers_agent', 'sellers_agent', 'insurance_agent'];
  const enabled = (party: AgentParty) =>
    party === own ||
    party === 'buyers_agent' ||
    (party === 'sellers_agent' ? settings.sellersAgentEnabled : settings.insuranceAgentEnabled);
  const shownAgents = agents.filter(enabled);
  if (own === undefined) return ['clients', ...shownAgents, 'contacts'];
  return [own, 'clients', ...shownAgents.filter((party) => party !== own), 'contacts'];
}

/** Spec 4.6: Next saves the shown sections in this order, whatever order the screen shows. */
const SAVE_ORDER: readonly Section[] = ['clients', 'buyers_agent', 'sellers_agent', 'insurance_agent', 'contacts'];
export function saveOrder(sections: readonly Section[]): Section[] {
  return SAVE_ORDER.filter((section) => sections.includes(section));
}

/** Spec 5.4: the visitor's own agent panel is mandatory. */
export function isAgentMandatory(role: Role | null, party: AgentParty): boolean {
  return role !== null && OWN_AGENT_PARTY[role] === party;
}

/** A mandatory panel cannot be set to "No {label}". */
export function canChooseNone(role: Role | null, party: AgentParty): boolean {
  return !isAgentMandatory(role, party);
}

export const AGENT_PROFILE_BANNER = 'Please search for or add your agent profile!';

/**
 * Spec 5.4, 8.5: an agent visitor whose own panel holds no saved agent sees the banner and
 * cannot go on. `savedAgents` names the agent panels that hold an agent with an id.
 */
export function needsOwnAgentProfile(role: Role | null, savedAgents: ReadonlySet<AgentParty>): boolean {
  const own = role === null ? undefined : OWN_AGENT_PARTY[role];
  return own !== undefined && !savedAgents.has(own);
}

export const AGENT_LABEL: Readonly<Record<AgentParty, string>> = {
  buyers_agent: "Buyer's Agent",
  sellers_agent: "Seller's Agent",
  insurance_agent: 'Insurance Agent',
};

/** The spec names only the visitor's own search label; the others name the kind of agent. */
const SEARCH_LABEL: Readonly<Record<AgentParty, string>> = {
  buyers_agent: "Search for a buyer's agent",
  sellers_agent: "Search for a seller's agent",
  insurance_agent: 'Search for an insurance agent',
};

/** Spec 2.7: an agent panel's label, search label and "none" text for this visitor. */
export function agentPanelText(
  role: Role | null,
  party: AgentParty,
): { label: string; searchLabel: string; noneText: string } {
  const label = AGENT_LABEL[party];
  const mine = isAgentMandatory(role, party);
  return {
    label: mine ? `${label} (me)` : label,
    searchLabel: mine ? 'Search for your profile' : SEARCH_LABEL[party],
    noneText: `No ${label}`,
  };
}

/**
 * DO_NOT_ALLOW_EDIT_AGENTS_INFO turns off editing of an agent the company already has; adding
 * a new agent stays possible, or a visitor whose agent is not listed could not go on.
 */
export function canEditAgent(settings: Pick<PeopleSettings, 'agentEditingAllowed'>, preExisting: boolean): boolean {
  return settings.agentEditingAllowed || !preExisting;
}

/** How many clients an order may carry: the company's `max_clients`, within 1 and 5 (spec 9.2). */
export function clientLimit(maxClients: number): number {
  if (!Number.isFinite(maxClients)) return 1;
  return Math.min(MAX_CLIENTS, Math.max(1, Math.trunc(maxClients)));
}

/** Spec 4.6: another client may be added while max_clients > 1 and the list is below the limit. */
export function canAddClient(clientCount: number, maxClients: number): boolean {
  return maxClients > 1 && clientCount < clientLimit(maxClients);
}

/** Spec 2.7: every client but the first can be removed. */
export function canRemoveClient(index: number): boolean {
  return index > 0;
}

function clientNoun(role: Role): string {
  if (role === 'CLIENT_HOMEOWNER' || role === 'SELLERS_AGENT') return 'Home Owner';
  if (role === 'CLIENT_BUYER' || role === 'BUYERS_AGENT' || role === 'INSURANCE_AGENT') return 'Home Buyer';
  return 'Client';
}

/** Spec 2.7: "Home Owner" or "Home Buyer" by role, numbered from the second client on. */
export function clientHeading(role: Role, index: number): string {
  const noun = clientNoun(role);
  return index === 0 ? noun : `${noun} ${index + 1}`;
}

/** Spec 2.7: the "Have more clients?" button. */
export function addClientLabel(role: Role): string {
  return `Add ${clientNoun(role)}`;
}

/** The order's address as "Use inspection address" reads it. */
export interface InspectionAddress {
  address1: string;
  address2?: string | undefined;
  city: string;
  state: number | null;
  postal_code: string;
}

/** Spec 2.7: offered when the order has an address and the company does not hide it. */
export function showUseInspectionAddress(
  settings: Pick<PeopleSettings, 'useInspectionAddressHidden'>,
  address: InspectionAddress | null,
): boolean {
  return !settings.useInspectionAddressHidden && address !== null && address.address1.trim() !== '';
}

export interface ClientAddress {
  address1?: string | undefined;
  address2?: string | undefined;
  city?: string | undefined;
  state?: number | null | undefined;
  postal_code?: string | undefined;
}

/** Spec 2.7: fills only the client's empty address fields; what the visitor typed stays. */
export function fillFromInspectionAddress<T extends ClientAddress>(client: T, address: InspectionAddress): T {
  const empty = (value: string | undefined) => (value ?? '').trim() === '';
  return {
    ...client,
    address1: empty(client.address1) ? address.address1 : client.address1,
    address2: empty(client.address2) ? (address.address2 ?? '') : client.address2,
    city: empty(client.city) ? address.city : client.city,
    state: client.state == null ? address.state : client.state,
    postal_code: empty(client.postal_code) ? address.postal_code : client.postal_code,
  };
}

/**
 * The contact types the company offers: its directory's types, narrowed by
 * ONLINE_SCHEDULER_V3_CONTACT_TYPES when that names any (by id or by name, case-insensitive).
 */
export function configuredContactTypes(
  companyTypes: readonly ContactTypeRef[],
  choice: readonly string[],
): ContactTypeRef[] {
  if (choice.length === 0) return [...companyTypes];
  const wanted = new Set(choice.map((entry) => entry.trim().toLowerCase()));
  return companyTypes.filter((type) => wanted.has(String(type.id)) || wanted.has(type.name.trim().toLowerCase()));
}

/**
 * Spec 4.6: the types offered for a contact are the configured ones minus those a saved contact
 * already uses. `keepTypeId` is the type of the contact being edited, which stays offered.
 */
export function offeredContactTypes(
  configured: readonly ContactTypeRef[],
  contacts: ReadonlyArray<{ id?: number | null | undefined; type?: { id: number } | null | undefined }>,
  keepTypeId?: number,
): ContactTypeRef[] {
  const used = new Set(
    contacts.flatMap((contact) => (contact.id != null && contact.type != null ? [contact.type.id] : [])),
  );
  return configured.filter((type) => type.id === keepTypeId || !used.has(type.id));
}
