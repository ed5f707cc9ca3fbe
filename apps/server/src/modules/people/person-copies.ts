import { partyFields, type ContactTypeRef, type Party, type PersonTextField } from '@scheduler/contracts/people';
import type { PersonRecord } from '@scheduler/domain/people/person-display';
import type { AgentRow, DirectoryContactRow, NewPersonColumns } from './people.repository.ts';

/**
 * The shapes a person takes on the server: as a request body has it, as the order keeps it (a copy
 * in the order response's person shape, spec 3.6) and as the company's directory stores it.
 */

/** A person as a request body or a directory record holds it. */
export type PersonLike = Partial<Record<PersonTextField, string | null>> & {
  state?: number | null;
  send_sms?: boolean;
  pac_opt_out?: boolean;
};

const SMS_PARTIES: ReadonlySet<Party> = new Set(['client', 'contact']);
const PAC_PARTIES: ReadonlySet<Party> = new Set(['buyers_agent', 'sellers_agent']);

/**
 * The copy of a person the order keeps: the party's fields, trimmed, and nothing the order
 * response's person shape does not have (no `add_new`, no `none`).
 */
export function orderCopy(
  party: Party,
  person: PersonLike,
  id: number | null,
  type: ContactTypeRef | null = null,
): Record<string, unknown> {
  const copy: Record<string, unknown> = { id };
  for (const field of partyFields(party)) {
    if (field === 'state') copy.state = person.state ?? null;
    else copy[field] = (person[field] ?? '').trim();
  }
  if (SMS_PARTIES.has(party) && person.send_sms !== undefined) copy.send_sms = person.send_sms;
  if (PAC_PARTIES.has(party)) copy.pac_opt_out = person.pac_opt_out ?? false;
  if (party === 'contact' && type) copy.type = type;
  return copy;
}

/** The directory columns of a person a visitor adds. */
export function directoryColumns(person: PersonLike): NewPersonColumns {
  const text = (field: PersonTextField) => (person[field] ?? '').trim();
  return {
    first: text('first'),
    last: text('last'),
    email: text('email'),
    mobilePhone: text('mobile_phone'),
    workPhone: text('work_phone'),
    homePhone: text('home_phone'),
    workFax: text('work_fax'),
    homeFax: text('home_fax'),
    company: text('company'),
    address1: text('address1'),
    address2: text('address2'),
    city: text('city'),
    stateId: person.state ?? null,
    postalCode: text('postal_code'),
  };
}

/** A directory row as the domain's person rules read it. */
export function recordOfRow(row: AgentRow | DirectoryContactRow): PersonRecord & PersonLike {
  const record: PersonRecord & PersonLike = {
    id: row.id,
    first: row.first,
    last: row.last,
    email: row.email,
    mobile_phone: row.mobilePhone,
    work_phone: row.workPhone,
    home_phone: row.homePhone,
    work_fax: row.workFax,
    home_fax: row.homeFax,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    state: row.stateId,
    postal_code: row.postalCode,
    company: row.company,
  };
  if ('agency' in row) {
    record.agency = row.agency;
    record.pac_opt_out = row.pacOptOut;
  }
  return record;
}
