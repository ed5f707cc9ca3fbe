import type { AgentParty } from '@scheduler/contracts/people';
import { USER_TYPES } from '@scheduler/contracts/person';
import {
  AGENT_LABEL,
  canEditAgent,
  clientHeading,
  isAgentMandatory,
  saveOrder,
  sectionOrder,
  type PeopleSettings,
  type Role,
} from './contacts-step.ts';
import { FIELD_LABELS } from './person-fields.ts';
import { validatePeople, validatePerson, type FieldError, type PersonValues } from './person-rules.ts';

/**
 * The people an order names, judged by the contacts step's own rules (spec 2.7, 4.6, 5.4): what
 * Next on that step would have refused, confirm refuses too. No rule here of its own: the panels
 * a role sees, the visitor's own agent being mandatory, "No {label}" for the others, the fields
 * the company's *_REQUIRED_FIELDS settings require, all come from the modules beside this one.
 */

/** The people as the order keeps them (spec 3.2, 3.6): each a copy in the order response's shape. */
export interface OrderPeople {
  clients: readonly PersonValues[];
  agents: Readonly<Partial<Record<AgentParty, PersonValues>>>;
  contacts: readonly PersonValues[];
}

/** One thing missing: `field` names it as a 400 answer does (`clients.0.email`), `name` as a sentence lists it. */
export interface PeopleGap {
  field: string;
  name: string;
}

/** The visitor's role as the order stores it, or null when none (or one this product does not know) was chosen. */
export function roleOf(userType: string | null | undefined): Role | null {
  return (USER_TYPES as readonly string[]).includes(userType ?? '') ? (userType as Role) : null;
}

function fieldName(field: FieldError['field']): string {
  if (field === 'type') return 'type of contact';
  if (field === 'state') return 'State';
  return FIELD_LABELS[field].replace(/:$/, '');
}

function contactName(contact: PersonValues): string {
  const type = contact.type as { name?: unknown } | null | undefined;
  return typeof type?.name === 'string' && type.name.trim() !== '' ? type.name.trim() : 'contact';
}

/**
 * What the order's people lack, in the order Next saves them (clients, buyer's, seller's and
 * insurance agent, contacts): no client at all (`client`); a client's, an agent's or a contact's
 * field the settings require or that is malformed (`clients.0.email`, `buyers_agent.mobile_phone`,
 * `contacts.1.email`); the visitor's own agent record when the visitor is an agent (`buyers_agent`).
 * Before a role is chosen the client roles' panels are judged, as the people calls do. An agent
 * panel that is not mandatory may hold nobody ("No {label}"). A listed agent the visitor may not
 * edit (DO_NOT_ALLOW_EDIT_AGENTS_INFO) is taken as it is: the visitor could not mend it.
 */
export function missingPeople(
  role: Role | null,
  settings: Pick<
    PeopleSettings,
    'sellersAgentEnabled' | 'insuranceAgentEnabled' | 'agentEditingAllowed' | 'fields' | 'phoneCountry'
  >,
  people: OrderPeople,
): PeopleGap[] {
  const gaps: PeopleGap[] = [];
  const judgedRole = role ?? 'OTHER';
  for (const section of saveOrder(sectionOrder(judgedRole, settings))) {
    if (section === 'clients') {
      if (people.clients.length === 0) {
        gaps.push({ field: 'client', name: 'a client' });
        continue;
      }
      const result = validatePeople('client', people.clients, settings.fields.client, settings.phoneCountry);
      if (!result.ok)
        for (const error of result.errors)
          gaps.push({
            field: error.path,
            name: `the ${clientHeading(judgedRole, error.index)}'s ${fieldName(error.field)}`,
          });
    } else if (section === 'contacts') {
      const result = validatePeople('contact', people.contacts, settings.fields.contact, settings.phoneCountry);
      if (!result.ok) {
        for (const error of result.errors)
          gaps.push({
            field: error.path,
            name: `the ${contactName(people.contacts[error.index]!)}'s ${fieldName(error.field)}`,
          });
      }
    } else {
      const agent = people.agents[section];
      const label = AGENT_LABEL[section];
      if (!agent) {
        if (isAgentMandatory(role, section)) gaps.push({ field: section, name: `the ${label.toLowerCase()}` });
        continue;
      }
      if (!canEditAgent(settings, true)) continue;
      const result = validatePerson(section, agent, settings.fields[section], settings.phoneCountry);
      if (!result.ok)
        for (const error of result.errors)
          gaps.push({ field: `${section}.${error.field}`, name: `the ${label}'s ${fieldName(error.field)}` });
    }
  }
  return gaps;
}
