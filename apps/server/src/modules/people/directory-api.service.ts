import {
  PUBLIC_PERSON_ID,
  type PublicPeopleQuery,
  type PublicPeopleResponse,
  type PublicPerson,
} from '@scheduler/contracts/public-api';
import type { Executor } from '../../db/connection.ts';
import { NotFoundError } from '../../errors.ts';
import { recordOfRow } from './person-copies.ts';
import {
  findAnyAgent,
  findDirectoryContact,
  listDirectoryPage,
  loadContactTypes,
  type AgentRow,
  type DirectoryContactRow,
} from './people.repository.ts';

/**
 * The company's directory as the public API reads it (issue 46, decision 0087): its agents and its
 * contacts, each as the company document keeps them, by id.
 */

type ContactTypes = ReadonlyMap<number, string>;

export function publicPersonOf(row: AgentRow | DirectoryContactRow, types: ContactTypes): PublicPerson {
  const agent = 'kind' in row ? row : null;
  const contactTypeId = 'contactTypeId' in row ? row.contactTypeId : null;
  // The person's fields as the domain reads a directory row (person-copies.ts), then the API's own.
  const { id, state: _state, pac_opt_out: _optOut, ...person } = recordOfRow(row);
  const text = (field: keyof typeof person) => (typeof person[field] === 'string' ? String(person[field]) : '');
  return {
    id: `${agent ? 'agent' : 'contact'}_${id}`,
    role: agent ? (agent.kind === 'insurance' ? 'insurance_agent' : 'real_estate_agent') : 'contact',
    first: text('first'),
    last: text('last'),
    email: text('email'),
    mobile_phone: text('mobile_phone'),
    work_phone: text('work_phone'),
    home_phone: text('home_phone'),
    work_fax: text('work_fax'),
    home_fax: text('home_fax'),
    company: text('company'),
    agency: text('agency'),
    contact_type: contactTypeId === null ? null : { id: contactTypeId, name: types.get(contactTypeId) ?? '' },
    address1: text('address1'),
    address2: text('address2'),
    city: text('city'),
    postal_code: text('postal_code'),
    added_online: row.source === 'visitor',
    source: row.source,
    external_id: row.externalId,
    awaiting_review: row.awaitingReview,
  };
}

export async function contactTypesOf(db: Executor, companyId: string): Promise<ContactTypes> {
  return new Map((await loadContactTypes(db, companyId)).map((type) => [type.id, type.name]));
}

/** A page of the company's agents or contacts, by id. */
export async function directoryPage(
  db: Executor,
  companyId: string,
  query: PublicPeopleQuery,
): Promise<PublicPeopleResponse> {
  const [{ rows, more }, types] = await Promise.all([
    listDirectoryPage(db, companyId, query.type, query.cursor === undefined ? 0 : Number(query.cursor), query.limit),
    contactTypesOf(db, companyId),
  ]);
  const last = rows.at(-1);
  return { people: rows.map((row) => publicPersonOf(row, types)), next_cursor: more && last ? String(last.id) : null };
}

/** One person of the company's directory by their API id; another company's, or none: 404. */
export async function directoryPerson(db: Executor, companyId: string, id: string): Promise<PublicPerson> {
  const match = PUBLIC_PERSON_ID.exec(id);
  const number = Number(match?.[2]);
  const row =
    match?.[1] === 'agent'
      ? await findAnyAgent(db, companyId, number)
      : match?.[1] === 'contact'
        ? await findDirectoryContact(db, companyId, number)
        : null;
  if (!row) throw new NotFoundError('The person');
  return publicPersonOf(row, await contactTypesOf(db, companyId));
}

/** One person of the company's directory by kind and number, as the API answers them, or null when gone (a webhook's payload). */
export async function directoryPersonOrNull(
  db: Executor,
  companyId: string,
  kind: 'agent' | 'contact',
  id: number,
): Promise<PublicPerson | null> {
  const row = kind === 'agent' ? await findAnyAgent(db, companyId, id) : await findDirectoryContact(db, companyId, id);
  return row ? publicPersonOf(row, await contactTypesOf(db, companyId)) : null;
}
