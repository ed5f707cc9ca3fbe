import {
  PUBLIC_EXTERNAL_PERSON_ID,
  PUBLIC_PERSON_ID,
  type PublicPerson,
  type PublicPersonWrite,
} from '@scheduler/contracts/public-api';
import type { Database } from '../../db/connection.ts';
import { AppError, ConflictError, NotFoundError } from '../../errors.ts';
import { contactTypesOf, publicPersonOf } from './directory-api.service.ts';
import {
  findByExternalId,
  findPerson,
  insertApiPerson,
  lockDirectoryWrites,
  updatePerson,
  type AgentColumns,
  type ContactColumns,
  type PersonKind,
} from './directory-writes.repository.ts';

/**
 * The public API's directory upsert (issue 46, decision 0091): `PUT /api/v1/people/{id}` writes
 * one whole person. `agent_<n>` / `contact_<n>` names a person of the directory (404 when none);
 * `ext_<your id>` names them by the caller's own id, creating them the first time. The person is a
 * row of the directory marked `api`, which a later import of the company document keeps.
 */

type Written = { kind: 'agent'; columns: AgentColumns } | { kind: 'contact'; columns: ContactColumns };

function columnsOf(body: PublicPersonWrite): Written {
  const person = {
    first: body.first.trim(),
    last: body.last.trim(),
    email: body.email.trim(),
    mobilePhone: body.mobile_phone.trim(),
    workPhone: body.work_phone.trim(),
    homePhone: body.home_phone.trim(),
    workFax: body.work_fax.trim(),
    homeFax: body.home_fax.trim(),
    company: body.company.trim(),
    address1: body.address1.trim(),
    address2: body.address2.trim(),
    city: body.city.trim(),
    postalCode: body.postal_code.trim(),
  };
  if (body.role === 'contact') return { kind: 'contact', columns: { ...person, contactTypeId: body.contact_type_id! } };
  return {
    kind: 'agent',
    columns: {
      ...person,
      kind: body.role === 'insurance_agent' ? 'insurance' : 'real_estate',
      agency: body.agency.trim(),
      pacOptOut: body.pac_opt_out,
    },
  };
}

function roleMismatch(kind: PersonKind): ConflictError {
  return new ConflictError(
    'role_mismatch',
    kind === 'agent'
      ? 'This person is an agent: write them with an agent role, or make a new contact.'
      : 'This person is a contact: write them with the contact role, or make a new agent.',
    'role',
  );
}

/** Creates or changes one person; `created` says which (201 or 200). */
export async function upsertDirectoryPerson(
  db: Database,
  companyId: string,
  id: string,
  body: PublicPersonWrite,
): Promise<{ created: boolean; person: PublicPerson }> {
  const written = columnsOf(body);
  return db.transaction(async (tx) => {
    const types = await contactTypesOf(tx, companyId);
    if (written.kind === 'contact' && !types.has(written.columns.contactTypeId))
      throw new AppError(400, 'invalid_request', "Not one of the company's contact types.", 'contact_type_id');
    await lockDirectoryWrites(tx, companyId);
    const directoryId = PUBLIC_PERSON_ID.exec(id);
    let target: { kind: PersonKind; id: number } | null;
    if (directoryId) {
      const kind = directoryId[1] as PersonKind;
      const row = await findPerson(tx, companyId, kind, Number(directoryId[2]));
      if (!row) throw new NotFoundError('The person');
      target = { kind, id: row.id };
    } else {
      const externalId = PUBLIC_EXTERNAL_PERSON_ID.exec(id)![1]!;
      const found = await findByExternalId(tx, companyId, externalId);
      target = found ? { kind: found.kind, id: found.row.id } : null;
      if (!target) {
        const newId = await insertApiPerson(tx, companyId, written, externalId);
        const row = (await findPerson(tx, companyId, written.kind, newId))!;
        return { created: true, person: publicPersonOf(row, types) };
      }
    }
    if (target.kind !== written.kind) throw roleMismatch(target.kind);
    await updatePerson(tx, companyId, target.id, written);
    const row = (await findPerson(tx, companyId, target.kind, target.id))!;
    return { created: false, person: publicPersonOf(row, types) };
  });
}
