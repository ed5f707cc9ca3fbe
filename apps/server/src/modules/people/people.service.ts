import {
  MAX_CONTACTS,
  type AgentParty,
  type ClientInput,
  type ContactInput,
  type ContactTypeRef,
  type InsuranceAgentInput,
  type RealEstateAgentInput,
  type SetUserTypeRequest,
} from '@scheduler/contracts/people';
import type { UserType } from '@scheduler/contracts/person';
import {
  configuredContactTypes,
  canChooseNone,
  canEditAgent,
  clientLimit,
  peopleSettings,
  ROLE_TEXT,
  offeredRoles,
  sectionOrder,
  type PeopleSettings,
  type Role,
} from '@scheduler/domain/people/contacts-step';
import {
  FAILED_VALIDATION_CODE,
  validateNewContact,
  validatePeople,
  validatePerson,
  validationFailure,
  type ListValidation,
  type PersonValidation,
} from '@scheduler/domain/people/person-rules';
import { SettingsReader } from '@scheduler/domain/settings';
import type { Database, Executor } from '../../db/connection.ts';
import { AppError, NotFoundError } from '../../errors.ts';
import { isFieldLocked, LOCKED_FIELD_MESSAGE, recordStepSaved, refuseLockedChange } from '../orders/orders.service.ts';
import type { AuthenticatedSession } from '../sessions/sessions.service.ts';
import { directoryColumns, orderCopy, recordOfRow, type PersonLike } from './person-copies.ts';
import { withSmsConsentRecord } from './sms-consent.ts';
import {
  appendOrderParty,
  findAgent,
  findDirectoryAgentByEmail,
  findDirectoryContact,
  insertAgentAddedOnline,
  insertContactAddedOnline,
  loadOrderUserType,
  loadPeopleCompany,
  orderParties,
  removeOrderParty,
  replaceOrderParties,
  replaceOrderPartyAt,
  saveOrderUserType,
  type AgentKind,
  type OrderPartyValues,
  type PeopleCompany,
} from './people.repository.ts';

/**
 * The people calls of the contacts step (spec 7.6). Every person is checked by the domain's rules
 * of spec 5.4 against the company's field settings; a failure is a 400 with the panel's outcome
 * code of spec 8.5 naming the field. Agents and contacts come from the session's company only.
 */

interface PeopleContext {
  company: PeopleCompany;
  settings: PeopleSettings;
  contactTypes: ContactTypeRef[];
}

async function peopleContext(db: Executor, session: AuthenticatedSession): Promise<PeopleContext> {
  const company = await loadPeopleCompany(db, session.companyId);
  if (!company) throw new NotFoundError('The company');
  const reader = new SettingsReader(company.settings);
  const settings = peopleSettings(reader, company.country);
  return { company, settings, contactTypes: configuredContactTypes(company.contactTypes, settings.contactTypeChoice) };
}

function refuse(result: PersonValidation | ListValidation): void {
  const failure = validationFailure(result);
  if (failure) throw new AppError(400, failure.code, failure.message, failure.field);
}

const FAILED = FAILED_VALIDATION_CODE;

function checkState(
  code: (typeof FAILED)[keyof typeof FAILED],
  company: PeopleCompany,
  state: number | null | undefined,
  field: string,
): void {
  if (state != null && !company.stateIds.has(state))
    throw new AppError(400, code, 'Choose one of the states offered.', field);
}

function contactTypeOf(context: PeopleContext, type: ContactTypeRef | null | undefined, field: string): ContactTypeRef {
  const offered = type ? context.contactTypes.find((t) => t.id === type.id) : undefined;
  if (!offered) throw new AppError(400, FAILED.contact, 'Choose one of the contact types offered.', field);
  return offered;
}

async function roleOf(db: Executor, session: AuthenticatedSession): Promise<Role | null> {
  return ((await loadOrderUserType(db, session.companyId, session.orderId))?.type as Role | undefined) ?? null;
}

/** POST /set_user_type (spec 3.7): the visitor's role, one the company offers. */
export async function setUserType(
  db: Database,
  session: AuthenticatedSession,
  body: SetUserTypeRequest,
): Promise<UserType> {
  const { settings } = await peopleContext(db, session);
  if (!offeredRoles(settings).includes(body.type))
    throw new AppError(400, 'invalid_request', 'This role is not offered.', 'type');
  const userType = {
    type: body.type,
    text: body.text?.trim() || ROLE_TEXT[body.type],
    other: body.type === 'OTHER' ? (body.other ?? '').trim() : '',
  };
  await db.transaction(async (tx) => {
    await saveOrderUserType(tx, session.companyId, session.orderId, userType);
    await recordStepSaved(tx, session, 'contacts', { part: 'user_type' });
  });
  return userType;
}

const AGENT_KIND: Readonly<Record<AgentParty, AgentKind>> = {
  buyers_agent: 'real_estate',
  sellers_agent: 'real_estate',
  insurance_agent: 'insurance',
};

type AgentBody = (RealEstateAgentInput | InsuranceAgentInput) & { none?: true };

/**
 * POST /set_buyers_agent, /set_sellers_agent, /set_insurance_agent: the agent of one panel.
 * `{none: true}` clears it (not for the visitor's own panel). An id names an agent of the
 * company's directory; without one the agent is added to it (decision 0015). While agent editing
 * is off, the order takes a listed agent as the directory has them, whatever the body says.
 */
export async function setAgent(
  db: Database,
  session: AuthenticatedSession,
  party: AgentParty,
  body: AgentBody,
): Promise<{ id: number | null }> {
  const context = await peopleContext(db, session);
  const role = await roleOf(db, session);
  const code = FAILED[party];
  // Before a role is recorded, the panels of the client roles are the ones on screen.
  if (!sectionOrder(role ?? 'OTHER', context.settings).includes(party))
    throw new AppError(400, code, 'This agent is not part of the contacts step.', 'none');
  if (body.none) {
    if (!canChooseNone(role, party))
      throw new AppError(400, code, 'Please search for or add your agent profile!', 'none');
    if (party === 'buyers_agent') await refuseLockedChange(db, session, 'agent_email', null, 'none');
    await db.transaction(async (tx) => {
      await replaceOrderParties(tx, session.companyId, session.orderId, party, []);
      await recordStepSaved(tx, session, 'contacts', { part: party, none: true });
    });
    return { id: null };
  }
  const kind = AGENT_KIND[party];
  const checked = (person: AgentBody) => {
    refuse(validatePerson(party, person, context.settings.fields[party], context.settings.phoneCountry));
    checkState(code, context.company, person.state, 'state');
    return person;
  };
  const id = await db.transaction(async (tx) => {
    let party_: OrderPartyValues;
    if (body.id != null) {
      const listed = await findAgent(tx, session.companyId, kind, body.id);
      if (!listed) throw new AppError(400, code, 'This agent is not one of the company’s agents.', 'id');
      if (party === 'buyers_agent') await refuseLockedChange(tx, session, 'agent_email', listed.email, 'id');
      // A locked agent is the directory's record, whole (issue 42): a body that says otherwise is refused.
      const locked = party === 'buyers_agent' && (await isFieldLocked(tx, session, 'agent_email'));
      if (locked) refuseChangeOfLockedAgent(body, listed);
      // What the visitor may not edit (or the page locked) is neither checked nor taken from the body.
      const person: PersonLike = canEditAgent(context.settings, true) && !locked ? checked(body) : recordOfRow(listed);
      party_ = { directoryId: listed.id, contactTypeId: null, person: orderCopy(party, person, listed.id) };
    } else {
      if (party === 'buyers_agent') await refuseLockedChange(tx, session, 'agent_email', body.email, 'email');
      checked(body);
      const agency = 'agency' in body ? (body.agency ?? '').trim() : '';
      const pacOptOut = 'pac_opt_out' in body ? (body.pac_opt_out ?? false) : false;
      const newId = await insertAgentAddedOnline(tx, session.companyId, {
        ...directoryColumns(body),
        kind,
        agency,
        pacOptOut,
      });
      party_ = { directoryId: newId, contactTypeId: null, person: orderCopy(party, body, newId) };
    }
    await replaceOrderParties(tx, session.companyId, session.orderId, party, [party_]);
    await recordStepSaved(tx, session, 'contacts', { part: party });
    return party_.directoryId!;
  });
  return { id };
}

/** The fields of a locked agent a body may repeat but not change, compared as a person reads them. */
const LOCKED_AGENT_FIELDS = ['first', 'last', 'email'] as const;

/** Refuses a body that would change the locked agent's name or e-mail, naming the field (`field_locked`). */
function refuseChangeOfLockedAgent(body: AgentBody, listed: { first: string; last: string; email: string }): void {
  for (const field of LOCKED_AGENT_FIELDS) {
    const sent = body[field];
    if (typeof sent === 'string' && sent.trim().toLowerCase() !== listed[field].trim().toLowerCase())
      throw new AppError(400, 'field_locked', LOCKED_FIELD_MESSAGE, field);
  }
}

/** Clients are numbered on their order (1 for the first): they belong to the order, not to the company's directory. */
function clientNumber(position: number): number {
  return position + 1;
}

/** POST /set_client: the first client (spec 7.6); the others stay. */
export async function setClient(
  db: Database,
  session: AuthenticatedSession,
  body: ClientInput,
): Promise<{ id: number }> {
  const context = await peopleContext(db, session);
  refuse(validatePerson('client', body, context.settings.fields.client, context.settings.phoneCountry));
  checkState(FAILED.client, context.company, body.state, 'state');
  await refuseLockedChange(db, session, 'client_email', body.email, 'email');
  const id = clientNumber(0);
  await db.transaction(async (tx) => {
    await withSmsConsentRecord(tx, session, 'client', context.settings.phoneCountry, () =>
      replaceOrderPartyAt(tx, session.companyId, session.orderId, 'client', 0, {
        directoryId: null,
        contactTypeId: null,
        person: orderCopy('client', body, id),
      }),
    );
    await recordStepSaved(tx, session, 'contacts', { part: 'client' });
  });
  return { id };
}

/** POST /set_clients: the whole list, at most min(5, max_clients) (spec 9.2), replaces the order's. */
export async function setClients(
  db: Database,
  session: AuthenticatedSession,
  clients: ClientInput[],
): Promise<{ clients: Array<ClientInput & { id: number }> }> {
  const context = await peopleContext(db, session);
  const limit = clientLimit(context.company.maxClients);
  if (clients.length > limit)
    throw new AppError(400, FAILED.client, `At most ${limit} ${limit === 1 ? 'client' : 'clients'}.`, 'clients');
  refuse(validatePeople('client', clients, context.settings.fields.client, context.settings.phoneCountry));
  clients.forEach((client, index) =>
    checkState(FAILED.client, context.company, client.state, `clients.${index}.state`),
  );
  await refuseLockedChange(db, session, 'client_email', clients[0]?.email, 'clients.0.email');
  const saved = clients.map(
    (client, position) => orderCopy('client', client, clientNumber(position)) as ClientInput & { id: number },
  );
  await db.transaction(async (tx) => {
    await withSmsConsentRecord(tx, session, 'client', context.settings.phoneCountry, () =>
      replaceOrderParties(
        tx,
        session.companyId,
        session.orderId,
        'client',
        saved.map((person) => ({ directoryId: null, contactTypeId: null, person })),
      ),
    );
    await recordStepSaved(tx, session, 'contacts', { part: 'clients', count: saved.length });
  });
  return { clients: saved };
}

/**
 * One contact as the order keeps it: a contact of the company's directory (its id), or a new one
 * added to the directory (decision 0015).
 */
async function contactParty(
  tx: Executor,
  session: AuthenticatedSession,
  context: PeopleContext,
  contact: ContactInput,
  path: string,
): Promise<OrderPartyValues> {
  const type = contactTypeOf(context, contact.type, `${path}type`);
  checkState(FAILED.contact, context.company, contact.state, `${path}state`);
  let id: number;
  if (contact.id != null) {
    const listed = await findDirectoryContact(tx, session.companyId, contact.id);
    if (!listed)
      throw new AppError(400, FAILED.contact, 'This contact is not one of the company’s contacts.', `${path}id`);
    id = listed.id;
  } else {
    id = await insertContactAddedOnline(tx, session.companyId, {
      ...directoryColumns(contact),
      contactTypeId: type.id,
    });
  }
  return { directoryId: id, contactTypeId: type.id, person: orderCopy('contact', contact, id, type) };
}

/** POST /set_contacts: the whole list replaces the order's additional contacts. */
export async function setContacts(
  db: Database,
  session: AuthenticatedSession,
  contacts: ContactInput[],
): Promise<{ contacts: Array<ContactInput & { id: number }> }> {
  const context = await peopleContext(db, session);
  refuse(validatePeople('contact', contacts, context.settings.fields.contact, context.settings.phoneCountry));
  const saved = await db.transaction(async (tx) => {
    const parties: OrderPartyValues[] = [];
    for (const [index, contact] of contacts.entries())
      parties.push(await contactParty(tx, session, context, contact, `contacts.${index}.`));
    await withSmsConsentRecord(tx, session, 'contact', context.settings.phoneCountry, () =>
      replaceOrderParties(tx, session.companyId, session.orderId, 'contact', parties),
    );
    await recordStepSaved(tx, session, 'contacts', { part: 'contacts', count: parties.length });
    return parties.map((party) => party.person as ContactInput & { id: number });
  });
  return { contacts: saved };
}

/** POST /add_contact: a contact with at least a first name and a type (spec 5.4), one per type. */
export async function addContact(
  db: Database,
  session: AuthenticatedSession,
  contact: ContactInput,
): Promise<{ id: number }> {
  const context = await peopleContext(db, session);
  refuse(validateNewContact(contact));
  return db.transaction(async (tx) => {
    const onOrder = await orderParties(tx, session.companyId, session.orderId, 'contact');
    if (onOrder.length >= MAX_CONTACTS)
      throw new AppError(400, FAILED.contact, `At most ${MAX_CONTACTS} contacts.`, 'type');
    // Spec 4.6 offers only the types no saved contact uses.
    if (onOrder.some((row) => row.contactTypeId === contact.type?.id))
      throw new AppError(400, FAILED.contact, 'A contact of this type is already on the order.', 'type');
    const party = await contactParty(tx, session, context, contact, '');
    await withSmsConsentRecord(tx, session, 'contact', context.settings.phoneCountry, () =>
      appendOrderParty(tx, session.companyId, session.orderId, 'contact', party),
    );
    await recordStepSaved(tx, session, 'contacts', { part: 'add_contact' });
    return { id: party.directoryId! };
  });
}

/** POST /remove_contact: takes the contact off the order (it stays in the company's directory). */
export async function removeContact(
  db: Database,
  session: AuthenticatedSession,
  contact: { id: number },
): Promise<{ removed: boolean }> {
  return db.transaction(async (tx) => {
    const removed = await removeOrderParty(tx, session.companyId, session.orderId, 'contact', contact.id);
    if (removed) await recordStepSaved(tx, session, 'contacts', { part: 'remove_contact' });
    return { removed };
  });
}

/**
 * The buyer's agent named by e-mail (issue 27: the company's page knows the visitor's agent): one
 * of the company's own, chosen as the visitor would choose them from the search, their record as
 * the directory has it. Answers who, or null when the company has no such agent.
 */
export async function chooseBuyersAgentByEmail(
  db: Database,
  session: AuthenticatedSession,
  email: string,
): Promise<{ id: number; email: string } | null> {
  const agent = await findDirectoryAgentByEmail(db, session.companyId, email);
  if (!agent) return null;
  await setAgent(db, session, 'buyers_agent', {
    id: agent.id,
    first: agent.first,
    last: agent.last,
    email: agent.email,
    mobile_phone: agent.mobilePhone,
    work_phone: agent.workPhone,
    home_phone: agent.homePhone,
    work_fax: agent.workFax,
    home_fax: agent.homeFax,
    address1: agent.address1,
    address2: agent.address2,
    city: agent.city,
    postal_code: agent.postalCode,
    company: agent.company,
    state: agent.stateId,
  });
  return { id: agent.id, email: agent.email };
}
