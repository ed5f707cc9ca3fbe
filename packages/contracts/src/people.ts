import { z } from 'zod';
import { USER_TYPES } from './person.ts';
import { PEOPLE_SETTING } from './people-setting-keys.ts';
import { contactTypeRefSchema, MAX_ID, recordId, safeText } from './people-basics.ts';

export { contactTypeRefSchema, recordId, safeText, type ContactTypeRef } from './people-basics.ts';

/*
 * The people calls of the contacts step (spec 7.6): the wire shapes only. Which fields a company
 * shows and requires is settings-dependent and lives in the domain (`@scheduler/domain/people/*`),
 * which checks a parsed body against them.
 */

/** The parties of the contacts step, one per kind of person form. */
export const PARTIES = ['buyers_agent', 'sellers_agent', 'insurance_agent', 'client', 'contact'] as const;
export type Party = (typeof PARTIES)[number];
export type AgentParty = Extract<Party, 'buyers_agent' | 'sellers_agent' | 'insurance_agent'>;
export const AGENT_PARTIES: readonly AgentParty[] = ['buyers_agent', 'sellers_agent', 'insurance_agent'];

/** The display and required settings of each party. */
export const PARTY_FIELD_SETTINGS: Readonly<Record<Party, { display: string; required: string }>> = {
  buyers_agent: { display: PEOPLE_SETTING.BA_DISPLAY_FIELDS, required: PEOPLE_SETTING.BA_REQUIRED_FIELDS },
  sellers_agent: { display: PEOPLE_SETTING.SA_DISPLAY_FIELDS, required: PEOPLE_SETTING.SA_REQUIRED_FIELDS },
  insurance_agent: { display: PEOPLE_SETTING.IA_DISPLAY_FIELDS, required: PEOPLE_SETTING.IA_REQUIRED_FIELDS },
  client: { display: PEOPLE_SETTING.CLIENT_DISPLAY_FIELDS, required: PEOPLE_SETTING.CLIENT_REQUIRED_FIELDS },
  contact: { display: PEOPLE_SETTING.CONTACTS_DISPLAY_FIELDS, required: PEOPLE_SETTING.CONTACTS_REQUIRED_FIELDS },
};

/** The text fields a person form can show (spec 2.7, 3.6), in the order the form shows them. */
export const PERSON_TEXT_FIELDS = [
  'first',
  'last',
  'email',
  'mobile_phone',
  'work_phone',
  'home_phone',
  'work_fax',
  'home_fax',
  'address1',
  'address2',
  'city',
  'postal_code',
  'company',
  'agency',
] as const;
export type PersonTextField = (typeof PERSON_TEXT_FIELDS)[number];

/** Every field a display or required setting may name: the text fields and the state dropdown. */
export const PERSON_FIELDS = [...PERSON_TEXT_FIELDS.slice(0, 11), 'state', ...PERSON_TEXT_FIELDS.slice(11)] as const;
export type PersonField = (typeof PERSON_FIELDS)[number];

/** The longest value each text field takes. */
export const PERSON_FIELD_MAX: Readonly<Record<PersonTextField, number>> = {
  first: 100,
  last: 100,
  email: 254,
  mobile_phone: 40,
  work_phone: 40,
  home_phone: 40,
  work_fax: 40,
  home_fax: 40,
  address1: 200,
  address2: 200,
  city: 100,
  postal_code: 10,
  company: 200,
  agency: 200,
};

/** Fields only some parties have (spec 3.6); every other field belongs to every party. */
export const PARTY_ONLY_FIELDS: Readonly<Record<'company' | 'agency', readonly Party[]>> = {
  company: ['buyers_agent', 'sellers_agent', 'insurance_agent', 'contact'],
  agency: ['insurance_agent'],
};

/** The fields a party's form can carry at all. */
export function partyFields(party: Party): readonly PersonField[] {
  return PERSON_FIELDS.filter((field) => {
    if (field === 'company' || field === 'agency') return PARTY_ONLY_FIELDS[field].includes(party);
    return true;
  });
}

/** One schema per text field, typed by field name. */
function textFieldShape<T>(make: (field: PersonTextField) => T): { [K in PersonTextField]: T } {
  return Object.fromEntries(PERSON_TEXT_FIELDS.map((field) => [field, make(field)])) as { [K in PersonTextField]: T };
}

const textShape = textFieldShape((field) => safeText(PERSON_FIELD_MAX[field]).optional());
const { company, agency, ...commonText } = textShape;

// Every field is optional on the wire: the browser sends a client's non-empty fields only
// (spec 7.6), and the domain's rules decide what must be present.
const commonShape = {
  id: recordId.nullable().optional(),
  ...commonText,
  state: recordId.nullable().optional(),
};

/** A buyer's or seller's agent (spec 3.6); `add_new` marks the new-agent template. */
export const realEstateAgentSchema = z
  .object({ ...commonShape, company, pac_opt_out: z.boolean().optional(), add_new: z.boolean().optional() })
  .strict();
export type RealEstateAgentInput = z.infer<typeof realEstateAgentSchema>;

/** An insurance agent (spec 3.6): company and agency, no pay-at-close opt-out. */
export const insuranceAgentSchema = z
  .object({ ...commonShape, company, agency, add_new: z.boolean().optional() })
  .strict();
export type InsuranceAgentInput = z.infer<typeof insuranceAgentSchema>;

/** A client (spec 3.6): the SMS choice, no company. */
export const clientSchema = z.object({ ...commonShape, send_sms: z.boolean().optional() }).strict();
export type ClientInput = z.infer<typeof clientSchema>;

/** An additional contact (spec 3.6): company, the SMS choice and its type. */
export const contactSchema = z
  .object({
    ...commonShape,
    company,
    send_sms: z.boolean().optional(),
    type: contactTypeRefSchema.nullable().optional(),
  })
  .strict();
export type ContactInput = z.infer<typeof contactSchema>;

export type PersonInput = RealEstateAgentInput | InsuranceAgentInput | ClientInput | ContactInput;

/** The most clients one order carries (spec 9.2). */
export const MAX_CLIENTS = 5;
/** The most additional contacts one order carries: not in the spec, a bound against abuse. */
export const MAX_CONTACTS = 20;

/** POST /set_user_type (spec 3.7): OTHER carries its free text. */
export const setUserTypeRequestSchema = z
  .object({
    type: z.enum(USER_TYPES),
    text: safeText(100).optional(),
    other: safeText(200).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.type === 'OTHER' && (body.other ?? '').trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['other'], message: 'Describe your role' });
    }
  });
export type SetUserTypeRequest = z.infer<typeof setUserTypeRequestSchema>;

/**
 * Setting an agent panel to "none" (spec 4.6) clears the order's agent of that kind: the body is
 * `{none: true}` and nothing else. One object rather than a union, so that a refusal names its field.
 */
const noneField = { none: z.literal(true).optional() };
function noneStandsAlone(body: Record<string, unknown>, ctx: z.RefinementCtx) {
  if (body.none !== true) return;
  for (const [key, value] of Object.entries(body)) {
    if (key !== 'none' && value !== undefined)
      ctx.addIssue({ code: 'custom', path: [key], message: 'an agent set to none carries no other field' });
  }
}

/** POST /set_buyers_agent and /set_sellers_agent: the agent, or `{none: true}`. */
export const setRealEstateAgentRequestSchema = realEstateAgentSchema.extend(noneField).superRefine(noneStandsAlone);
/** POST /set_insurance_agent: the agent, or `{none: true}`. */
export const setInsuranceAgentRequestSchema = insuranceAgentSchema.extend(noneField).superRefine(noneStandsAlone);

/** POST /set_client: one client, non-empty fields only. */
export const setClientRequestSchema = clientSchema;
/** POST /set_clients: the whole list, which replaces the order's clients. */
export const setClientsRequestSchema = z.object({ clients: z.array(clientSchema).min(1).max(MAX_CLIENTS) }).strict();
/** POST /set_contacts: the whole list, which replaces the order's contacts. */
export const setContactsRequestSchema = z.object({ contacts: z.array(contactSchema).max(MAX_CONTACTS) }).strict();
/** POST /add_contact: a contact with at least `first` and `type` (spec 5.4). */
export const addContactRequestSchema = contactSchema;
/** POST /remove_contact: the contact as the browser holds it; its id names it. */
export const removeContactRequestSchema = z
  .object({
    ...commonShape,
    id: recordId,
    company,
    send_sms: z.boolean().optional(),
    type: contactTypeRefSchema.nullable().optional(),
  })
  .strict();

/** Searches need at least this many characters (issue 10), and answer at most this many results. */
export const SEARCH_QUERY_MIN = 2;
export const SEARCH_QUERY_MAX = 100;
export const SEARCH_RESULT_LIMIT = 10;

const searchQuery = safeText(SEARCH_QUERY_MAX).refine(
  (q) => q.trim().length >= SEARCH_QUERY_MIN,
  `at least ${SEARCH_QUERY_MIN} characters`,
);

/** GET /search_agents?query=&type= (DECISIONS: the type is sent). */
export const searchAgentsQuerySchema = z
  .object({ query: searchQuery, type: z.enum(['buyers_agent', 'sellers_agent']) })
  .strict();
/** GET /search_insurance_agents?query= */
export const searchInsuranceAgentsQuerySchema = z.object({ query: searchQuery }).strict();
/** GET /search_contacts?query=&type={contact type id} */
export const searchContactsQuerySchema = z
  .object({ query: searchQuery, type: z.coerce.number().int().positive().max(MAX_ID) })
  .strict();

/**
 * One search result (spec 3.6): the id, the label, `add_new` and, of the person fields, only
 * those the party's form shows (the server leaves the others out), and nothing else. The object is strict so that a field outside this allow-list (an internal
 * note, an import key, another company's id) fails the response instead of leaking.
 */
export const searchResultSchema = z
  .object({
    id: recordId,
    display: z.string().max(600),
    add_new: z.literal(false),
    ...textFieldShape((field) => z.string().max(PERSON_FIELD_MAX[field]).optional()),
    state: recordId.nullable().optional(),
    type: contactTypeRefSchema.nullable().optional(),
  })
  .strict();
export type SearchResult = z.infer<typeof searchResultSchema>;
export const SEARCH_RESULT_FIELDS = Object.keys(searchResultSchema.shape) as ReadonlyArray<keyof SearchResult>;
export const searchResultsSchema = z.array(searchResultSchema).max(SEARCH_RESULT_LIMIT);

/** The answer of the set_* calls of one person: the id the order now refers to (spec 7.6). */
export const personSavedResponseSchema = z.object({ id: recordId }).strict();
/** The answer of set_buyers_agent and its kin: the agent's id, or null after `{none: true}`. */
export const agentSavedResponseSchema = z.object({ id: recordId.nullable() }).strict();
/** The answer of set_clients: the saved list, which replaces the browser's (spec 7.6). */
export const setClientsResponseSchema = z
  .object({ clients: z.array(clientSchema.extend({ id: recordId })).max(MAX_CLIENTS) })
  .strict();
/** The answer of set_contacts: the saved list, which replaces the browser's (spec 7.6). */
export const setContactsResponseSchema = z
  .object({ contacts: z.array(contactSchema.extend({ id: recordId })).max(MAX_CONTACTS) })
  .strict();
export const removeContactResponseSchema = z.object({ removed: z.boolean() }).strict();
