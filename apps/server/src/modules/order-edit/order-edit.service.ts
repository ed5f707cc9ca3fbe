/**
 * The office edits a confirmed order (issue 41 item 1, decisions 0063 and 0068): its package and
 * services repriced by the pricing engine (the lines kept at their booked prices), a line's price
 * or a discount with the reason, its special note, its clients and contacts (corrected, added,
 * taken off), its buyer's and listing agents from the directory, its property answers, and its
 * address (re-checked against the inspector's area, decision 0068 part 3). A save is one transaction: the order's row
 * locked and its version checked (409 `order_changed` when someone saved since the dialog opened),
 * the new priced snapshot and the invitation's SEQUENCE+1 saved, one audit event that says each
 * change in words, and, when asked, the clients' and agents' confirmation e-mails as the order
 * now is (their calendar invitation updated by the new SEQUENCE).
 */
import { notificationsSchema } from '@scheduler/contracts/company-document';
import { MAX_CONTACTS, type ContactTypeRef } from '@scheduler/contracts/people';
import {
  EDITED_AGENT_ROLES,
  type ConsoleOrderEditBody,
  type ConsoleOrderEditPreview,
  type ConsoleOrderEditResponse,
  type ConsoleOrderEditState,
  type EditedAgentRole,
} from '@scheduler/contracts/order-edit';
import type { Pricing } from '@scheduler/contracts/pricing';
import {
  changesPriceByHand,
  confirmedBasePrices,
  confirmedDiscount,
  retiredServices,
  type OrderEdit,
} from '@scheduler/domain/order-edit/edit-pricing';
import { editChangeText, priceChanges, textChange, type EditChange } from '@scheduler/domain/order-edit/edit-changes';
import {
  agentChanges,
  editedPersonError,
  personChanges,
  personListChange,
  personTitle,
  type EditedPerson,
} from '@scheduler/domain/order-edit/edit-people';
import { propertyChanges } from '@scheduler/domain/order-edit/edit-property';
import {
  addressChanges,
  outsideAreaChange,
  outsideAreaText,
  type AddressWords,
} from '@scheduler/domain/order-edit/edit-address';
import {
  checkPropertyAnswers,
  storedPropertyBody,
  type PropertyAnswers,
  type StoredPropertyAnswers,
} from '@scheduler/domain/property/property-answers';
import { displayLines, formatLineAmount } from '@scheduler/domain/pricing/display-lines';
import { htmlToPlainText } from '@scheduler/domain/html-text';
import { formatMoney } from '@scheduler/domain/money-format';
import { changeKeys } from '../../db/change-feed.ts';
import type { Executor } from '../../db/connection.ts';
import { AppError, ConflictError, NotFoundError } from '../../errors.ts';
import { loadConfirmableOrder } from '../confirm/confirm.service.ts';
import { snapshotLines } from '../confirm/order-pricing.ts';
import { confirmationEmailJobs, type QueuedJob } from '../notifications/confirmation-jobs.ts';
import { enqueueJobs } from '../notifications/notifications.service.ts';
import { withManageLinks } from '../booking-changes/manage-links.ts';
import { agreementsAfterEdit } from '../agreements/send-agreements.ts';
import { directoryAgentCopy, orderAgentOf, replaceOrderAgent } from '../people/order-agents.service.ts';
import type { OrderPartyValues } from '../people/people.repository.ts';
import { addOrderPerson, orderPeopleRules, removeOrderPeople } from '../people/order-people.service.ts';
import { officePricing, priceOrderEdit, type PricingDeps } from '../pricing/pricing.service.ts';
import { saveEditedPropertyAnswers } from '../property/property.service.ts';
import {
  announceScheduleChanged,
  editedLengthCheck,
  locationCheckOfPlace,
  type OrderScope,
} from '../scheduling/scheduling.service.ts';
import { lengthChanges } from '@scheduler/domain/order-edit/edit-length';
import type { SchedulingStore } from '../scheduling/scheduling.store.ts';
import { orderAddressAccess, placedAddress } from '../address/address.service.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';
import {
  lockOrderForEdit,
  orderPeopleForEdit,
  orderPropertyForEdit,
  recordOrderEdited,
  saveInspectionLength,
  saveOrderEdit,
  savePersonFields,
  type OrderForEdit,
} from './order-edit.repository.ts';

/** What planning an edit reads: pricing, and the scheduling store that places and checks an address. */
type OrderAddress = Awaited<ReturnType<typeof placedAddress>>;
type StoredOrderAddress = NonNullable<Awaited<ReturnType<typeof orderAddressAccess.current>>>;

export interface EditPlanDeps extends PricingDeps {
  scheduling: SchedulingStore;
}

export interface OrderEditDeps extends EditPlanDeps {
  changes: ChangeFeed;
  /** Told after a save queued e-mails, so the worker need not wait for its next poll. */
  onJobsEnqueued: () => void;
}

/** Who saved the edit: the console member, by id and by name as they were then. */
export interface EditAuthor {
  userId: string;
  name: string;
}

const CHANGED_MESSAGE =
  'Someone saved a change to this order after you opened it. Close this window and edit again to see their change; nothing of yours was saved.';

function confirmedPricing(order: OrderForEdit): Pricing | null {
  const pricing = order.pricingSnapshot?.pricing;
  return typeof pricing === 'object' && pricing !== null ? (pricing as Pricing) : null;
}

function currencyOf(order: OrderForEdit, fallback: string): string {
  const currency = order.pricingSnapshot?.currency;
  return typeof currency === 'string' ? currency : fallback;
}

async function editableOrder(tx: Executor, scope: OrderScope, lock: boolean): Promise<OrderForEdit> {
  const order = await lockOrderForEdit(tx, scope.companyId, scope.orderId, lock);
  if (!order) throw new NotFoundError('The order');
  if (order.status !== 'confirmed')
    throw new ConflictError('change_refused', 'Only a booked order can be edited; this one is not booked.');
  return order;
}

/** The body as the domain's edit. */
function orderEditOf(order: OrderForEdit, body: ConsoleOrderEditBody): OrderEdit {
  return {
    cart: { package: body.package_id, services: [...new Set(body.service_ids)], rush_rer: false, pay_at_close: false },
    couponCodes: order.couponCodes,
    prices: body.prices.map((price) => ({ kind: price.kind, id: price.id, priceCents: price.price_cents })),
    discountCents: body.discount_cents,
  };
}

interface PlannedEdit {
  pricing: Pricing;
  before: Pricing | null;
  currency: string;
  changes: EditChange[];
  reasonRequired: boolean;
  /** The people corrected: their row and their new fields. */
  people: Array<{ id: string; fields: EditedPerson }>;
  /** The people added (a contact with its type) and the rows taken off. */
  added: Array<{ person: EditedPerson; type: ContactTypeRef | null }>;
  removed: string[];
  /** The property answers to store, when the edit changed them. */
  property: PropertyAnswers | null;
  /** The agents set (their copy on the order) or taken off (null). */
  agents: Array<{ role: EditedAgentRole; party: OrderPartyValues | null }>;
  /** The new address, placed, when the edit changed it. */
  address: OrderAddress | null;
  /** The inspection's new length in minutes, when the cart changed it. */
  lengthMinutes: number | null;
}

const textAt = (person: Record<string, unknown>, field: keyof EditedPerson): string =>
  typeof person[field] === 'string' ? (person[field] as string) : '';

/** A person's fields as the order keeps them: the e-mail and phones trimmed. */
function trimmed(fields: EditedPerson): EditedPerson {
  return {
    ...fields,
    email: fields.email.trim(),
    mobile_phone: fields.mobile_phone.trim(),
    work_phone: fields.work_phone.trim(),
    home_phone: fields.home_phone.trim(),
  };
}

function editedOf(person: Record<string, unknown>): EditedPerson {
  return {
    first: textAt(person, 'first'),
    last: textAt(person, 'last'),
    email: textAt(person, 'email'),
    mobile_phone: textAt(person, 'mobile_phone'),
    work_phone: textAt(person, 'work_phone'),
    home_phone: textAt(person, 'home_phone'),
  };
}

type PersonRow = Awaited<ReturnType<typeof orderPeopleForEdit>>[number];

/** A person of the order as History names their role: "Client", "Title Company contact". */
function titleOf(row: Pick<PersonRow, 'role' | 'person'>): string {
  const type = row.person.type as { name?: unknown } | null | undefined;
  return personTitle(row.role as 'client' | 'contact', typeof type?.name === 'string' ? type.name : null);
}

/** A 400 naming the field of the body that is wrong. */
function refuse(message: string, field: string): never {
  throw new AppError(400, 'invalid_request', message, field);
}

/**
 * Clients and contacts added and taken off, checked as the contacts step checks them (each added
 * person's fields, 400 naming `added.N.field`; a contact's type one the company offers and not
 * already on the order, as spec 4.6 offers it), within the company's limits (its clients, 20
 * contacts), and never the order's last client (400 on `removed`).
 */
async function planAddedAndRemoved(
  tx: Executor,
  scope: OrderScope,
  body: ConsoleOrderEditBody,
  rows: PersonRow[],
  country: string,
): Promise<{ added: PlannedEdit['added']; removed: string[]; changes: EditChange[] }> {
  if (body.added.length === 0 && body.removed.length === 0) return { added: [], removed: [], changes: [] };
  const rules = await orderPeopleRules(tx, scope.companyId);
  if (!rules) throw new NotFoundError('The company');
  const removed = new Set<string>();
  for (const [index, id] of body.removed.entries()) {
    if (!rows.some((row) => row.id === id)) refuse('That person is not on this order.', `removed.${index}`);
    removed.add(id);
  }
  body.people.forEach((person, index) => {
    if (removed.has(person.id)) refuse('A person taken off the order cannot be corrected too.', `people.${index}.id`);
  });
  const kept = rows.filter((row) => !removed.has(row.id));
  const typesUsed = new Set(
    kept.flatMap((row) => (row.role === 'contact' && row.contactTypeId !== null ? [row.contactTypeId] : [])),
  );
  const added: PlannedEdit['added'] = [];
  for (const [index, { role, contact_type_id: typeId, ...fields }] of body.added.entries()) {
    const error = editedPersonError(fields, country);
    if (error) refuse(error.message, `added.${index}.${error.field}`);
    let type: ContactTypeRef | null = null;
    if (role === 'client') {
      if (typeId !== null) refuse('A client has no contact type.', `added.${index}.contact_type_id`);
    } else {
      type = rules.contactTypes.find((offered) => offered.id === typeId) ?? null;
      if (!type) refuse('Choose one of the contact types offered.', `added.${index}.contact_type_id`);
      if (typesUsed.has(type.id))
        refuse('A contact of this type is already on the order.', `added.${index}.contact_type_id`);
      typesUsed.add(type.id);
    }
    added.push({ person: trimmed(fields), type });
  }
  const clients = kept.filter((row) => row.role === 'client').length + added.filter((one) => one.type === null).length;
  if (clients === 0)
    refuse('An order keeps at least one client: add another before taking the last one off.', 'removed');
  if (clients > rules.clientLimit)
    refuse(`At most ${rules.clientLimit} ${rules.clientLimit === 1 ? 'client' : 'clients'} on an order.`, 'added');
  if (kept.length - clients + added.length > MAX_CONTACTS)
    refuse(`At most ${MAX_CONTACTS} contacts on an order.`, 'added');
  const changes = [
    ...rows
      .filter((row) => removed.has(row.id))
      .map((row) => personListChange(titleOf(row), editedOf(row.person), false)),
    ...added.map((one) =>
      personListChange(personTitle(one.type ? 'contact' : 'client', one.type?.name ?? null), one.person, true),
    ),
  ];
  return { added, removed: [...removed], changes };
}

/**
 * The people's corrections checked as the contacts step checks them (400 naming the field, e.g.
 * `people.0.email`; a person not of this order is `people.0.id`) and said in words.
 */
async function planPeople(
  tx: Executor,
  scope: OrderScope,
  body: ConsoleOrderEditBody,
): Promise<Pick<PlannedEdit, 'people' | 'added' | 'removed'> & { changes: EditChange[] }> {
  const edits = body.people;
  if (edits.length === 0 && body.added.length === 0 && body.removed.length === 0)
    return { people: [], added: [], removed: [], changes: [] };
  // One after the other: a transaction is one connection, which runs one query at a time
  // (node-postgres warns of a query sent while another runs, and pg 9 refuses it).
  const rows = await orderPeopleForEdit(tx, scope.companyId, scope.orderId);
  const aggregate = await loadConfirmableOrder(tx, scope.companyId, scope.orderId);
  const country = aggregate?.country ?? '';
  const people: PlannedEdit['people'] = [];
  const changes: EditChange[] = [];
  for (const [index, edit] of edits.entries()) {
    const row = rows.find((candidate) => candidate.id === edit.id);
    if (!row) throw new AppError(400, 'invalid_request', 'That person is not on this order.', `people.${index}.id`);
    const { id: _id, ...fields } = edit;
    const error = editedPersonError(fields, country);
    if (error) throw new AppError(400, 'invalid_request', error.message, `people.${index}.${error.field}`);
    const said = personChanges(titleOf(row), editedOf(row.person), fields);
    if (said.length === 0) continue;
    changes.push(...said);
    people.push({
      id: row.id,
      fields: trimmed(fields),
    });
  }
  const listed = await planAddedAndRemoved(tx, scope, body, rows, country);
  return { people, added: listed.added, removed: listed.removed, changes: [...changes, ...listed.changes] };
}

/**
 * The buyer's and listing agents set from the company's directory or taken off, said before →
 * after; an id the company's directory does not list (another company's agent among them) is 400
 * naming `agents.<role>`.
 */
async function planAgents(
  tx: Executor,
  scope: OrderScope,
  edits: ConsoleOrderEditBody['agents'],
): Promise<{ agents: PlannedEdit['agents']; changes: EditChange[] }> {
  const agents: PlannedEdit['agents'] = [];
  const changes: EditChange[] = [];
  for (const role of EDITED_AGENT_ROLES) {
    const id = edits[role];
    if (id === undefined) continue;
    const before = await orderAgentOf(tx, scope.companyId, scope.orderId, role);
    const listed = id === null ? null : await directoryAgentCopy(tx, scope.companyId, role, id);
    if (id !== null && !listed) refuse("That agent is not in the company's agent directory.", `agents.${role}`);
    const said = agentChanges(role, before, listed?.agent ?? null);
    if (said.length === 0) continue;
    changes.push(...said);
    agents.push({ role, party: listed?.party ?? null });
  }
  return { agents, changes };
}

const storedOf = (answers: PropertyAnswers): StoredPropertyAnswers => ({
  ...answers,
  answers: answers.answers.map((answer) => ({ controlId: answer.id, value: answer.value, checked: answer.checked })),
});

/**
 * The property answers, when the edit sends them, checked by the property step's own rules
 * (`checkPropertyAnswers`, spec 5.6: 400 naming `property.<field>`, e.g. `property.sqft` or
 * `property.controls.5`), and said question by question; null when they are unchanged.
 */
async function planProperty(
  deps: PricingDeps,
  tx: Executor,
  scope: OrderScope,
  body: ConsoleOrderEditBody,
  now: Date,
): Promise<{ answers: PropertyAnswers | null; changes: EditChange[] }> {
  if (body.property === null) return { answers: null, changes: [] };
  const office = await officePricing(deps, scope, tx);
  const currentYear = Number(office.calendar.localDateOf(now.getTime()).slice(0, 4));
  const checked = checkPropertyAnswers(office.controls, body.property, currentYear);
  if (!checked.ok) refuse(checked.problem.message, `property.${checked.problem.field}`);
  const stored = await orderPropertyForEdit(tx, scope.companyId, scope.orderId);
  if (!stored) throw new NotFoundError('The order');
  const changes = propertyChanges(office.controls, stored, storedOf(checked.answers));
  return { answers: changes.length === 0 ? null : checked.answers, changes };
}

/** The override's words in the refusal: the dialog's checkbox, by its label. */
export const OUTSIDE_AREA_LABEL = "Book outside the inspector's area";

/**
 * The new address, when the edit sends one that reads differently: placed as the wizard's address
 * step places it (`placedAddress`: no PO box, the postal code as rules key it, a state of the
 * office's; 400 naming `address.<field>`), then checked against the order's inspectors at its
 * booked time at that place (their postal codes, their radius, the drive from and to their
 * neighbouring jobs). Outside their area it is 400 on `address` saying why, unless the office
 * ticked "Book outside the inspector's area"; then the event says it was the office's choice.
 */
async function planAddress(
  deps: EditPlanDeps,
  tx: Executor,
  scope: OrderScope,
  body: ConsoleOrderEditBody,
  now: Date,
): Promise<{ address: OrderAddress | null; changes: EditChange[] }> {
  if (body.address === null) return { address: null, changes: [] };
  const context = await orderAddressAccess.context(tx, scope.companyId, scope.officeId);
  if (!context) throw new NotFoundError('The office');
  let placed: OrderAddress;
  try {
    placed = await placedAddress(deps.scheduling, context, body.address);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 400)
      throw new AppError(400, error.code, error.message, `address.${error.field ?? ''}`.replace(/\.$/, ''));
    throw error;
  }
  const before = await orderAddressAccess.current(tx, scope.companyId, scope.orderId);
  if (!before) throw new NotFoundError('The order');
  const wordsOf = (address: StoredOrderAddress | OrderAddress): AddressWords => ({
    address1: address.address1,
    address2: address.address2,
    city: address.city,
    state: context.states.find((state) => state.id === address.stateId)?.abbreviation ?? null,
    postalCode: address.postalCode,
  });
  const changes = addressChanges(wordsOf(before), wordsOf(placed));
  if (changes.length === 0) return { address: null, changes: [] };
  const check = await locationCheckOfPlace(deps.scheduling, scope, placed, now, tx);
  if (check.code !== 'ok') {
    const why = outsideAreaText(check, check.inspector, placed.postalCode);
    if (!body.book_outside_area)
      refuse(
        `This address is outside the inspector's area: ${why} Tick "${OUTSIDE_AREA_LABEL}" to keep it anyway.`,
        'address',
      );
    changes.push(outsideAreaChange(why));
  }
  return { address: placed, changes };
}

/** The override's words in the refusal of a longer inspection: the dialog's checkbox, by its label. */
export const KEEP_LENGTH_LABEL = 'Keep it anyway';

/**
 * The inspection's length for the new cart, by the wizard's duration rule. A shorter one is always
 * taken; a longer one that runs into the inspector's next booking is 409 (the inspector cannot be
 * at two inspections: take a service off or move the order first), and one that ends past their
 * working hours is 409 unless the office ticked "Keep it anyway"; then the event says so.
 */
async function planLength(
  deps: EditPlanDeps,
  tx: Executor,
  scope: OrderScope,
  body: ConsoleOrderEditBody,
  now: Date,
): Promise<{ minutes: number | null; changes: EditChange[] }> {
  const cart = {
    packageIds: body.package_id === null ? [] : [body.package_id],
    serviceIds: [...new Set(body.service_ids)],
  };
  const length = await editedLengthCheck(deps.scheduling, scope, cart, now, tx);
  if (length.bookings.length > 0)
    throw new ConflictError(
      'change_refused',
      `${length.bookings.join(' ')} An inspector cannot be at two inspections at once: take a service off, or move one of them first.`,
      'service_ids',
    );
  const changes = lengthChanges(length.beforeMinutes, length.afterMinutes);
  if (length.hours.length > 0) {
    if (!body.keep_length)
      throw new ConflictError(
        'change_refused',
        `${length.hours.join(' ')} Tick "${KEEP_LENGTH_LABEL}" to save it so.`,
        'keep_length',
      );
    changes.push({
      label: `Kept past the inspector's working hours, as the office chose: ${length.hours.join(' ')}`,
      before: null,
      after: null,
    });
  }
  return { minutes: changes.length > 0 ? length.afterMinutes : null, changes };
}

/**
 * The edit priced and said in words; 400 naming the field for a package or service the office
 * does not offer, a price for a line the order will not have, an empty order, or a price changed
 * by hand without a reason when `saving` (a preview shows the price first, then asks for the reason).
 */
async function planEdit(
  deps: EditPlanDeps,
  tx: Executor,
  scope: OrderScope,
  order: OrderForEdit,
  body: ConsoleOrderEditBody,
  now: Date,
  saving: boolean,
): Promise<PlannedEdit> {
  const before = confirmedPricing(order);
  const edit = orderEditOf(order, body);
  const property = await planProperty(deps, tx, scope, body, now);
  const address = await planAddress(deps, tx, scope, body, now);
  const { result, office } = await priceOrderEdit(
    deps,
    scope,
    before,
    edit,
    now,
    tx,
    property.answers,
    address.address,
  );
  const { catalogue } = office;
  if (edit.cart.package !== null && !catalogue.packages.has(edit.cart.package))
    throw new AppError(400, 'unknown_item', 'That package is not offered.', 'package_id');
  // A service the catalogue dropped since the booking may stay on the order (priced as booked); it cannot be added.
  const kept = new Set(retiredServices(catalogue, before, order.serviceIds).map((service) => service.uuid));
  for (const id of edit.cart.services) {
    const service = catalogue.services.get(id);
    if (!kept.has(id) && (!service || service.label || service.is_pac))
      throw new AppError(400, 'unknown_item', 'That service is not offered.', 'service_ids');
  }
  if (edit.cart.package === null && edit.cart.services.length === 0)
    throw new AppError(400, 'invalid_request', 'An order needs a package or a service.', 'service_ids');
  const ordered = new Set([
    ...(edit.cart.package === null ? [] : [`package:${edit.cart.package}`]),
    ...edit.cart.services.map((id) => `service:${id}`),
  ]);
  if (edit.prices.some((price) => !ordered.has(`${price.kind}:${price.id}`)))
    throw new AppError(400, 'invalid_request', 'A price is set for a line the order does not have.', 'prices');
  const reasonRequired = changesPriceByHand(catalogue, before, edit);
  if (saving && reasonRequired && body.reason === '')
    throw new AppError(400, 'invalid_request', 'Say why the price changes (the reason is required).', 'reason');
  const currency = currencyOf(order, catalogue.currency);
  const people = await planPeople(tx, scope, body);
  const agents = await planAgents(tx, scope, body.agents);
  // Only a new cart re-plans the length: the booked one stays when the catalogue's minutes changed since.
  const cartChanged =
    (order.packageIds[0] ?? null) !== edit.cart.package ||
    order.serviceIds.length !== edit.cart.services.length ||
    edit.cart.services.some((id) => !order.serviceIds.includes(id));
  const length = cartChanged ? await planLength(deps, tx, scope, body, now) : { minutes: null, changes: [] };
  const changes = [
    ...priceChanges(before, result.pricing, currency),
    ...people.changes,
    ...agents.changes,
    ...property.changes,
    ...address.changes,
    ...length.changes,
    ...textChange('Special note', order.specialNote, body.special_note),
  ];
  return {
    pricing: result.pricing,
    before,
    currency,
    changes,
    reasonRequired,
    people: people.people,
    added: people.added,
    removed: people.removed,
    property: property.answers,
    agents: agents.agents,
    address: address.address,
    lengthMinutes: length.minutes,
  };
}

/** GET …/edit: the order's cart, prices and note, what the office offers, and the version to send back. */
export async function orderEditState(deps: PricingDeps, scope: OrderScope, now: Date): Promise<ConsoleOrderEditState> {
  const order = await editableOrder(deps.db, scope, false);
  const before = confirmedPricing(order);
  const body: ConsoleOrderEditBody = {
    version: order.changeSequence,
    package_id: order.packageIds[0] ?? null,
    service_ids: order.serviceIds,
    prices: [],
    discount_cents: confirmedDiscount(before),
    reason: '',
    special_note: order.specialNote,
    people: [],
    added: [],
    removed: [],
    property: null,
    address: null,
    book_outside_area: false,
    keep_length: false,
    agents: {},
    notify: false,
  };
  const { office } = await priceOrderEdit(deps, scope, before, orderEditOf(order, body), now);
  const kept = confirmedBasePrices(before);
  const offered = [...office.catalogue.services.values()].filter((service) => !service.label && !service.is_pac);
  const shown = before ? displayLines(before) : { lines: [], total: null };
  const people = await orderPeopleForEdit(deps.db, scope.companyId, scope.orderId);
  const rules = await orderPeopleRules(deps.db, scope.companyId);
  const stored = await orderPropertyForEdit(deps.db, scope.companyId, scope.orderId);
  if (!stored) throw new NotFoundError('The order');
  const [address, context] = await Promise.all([
    orderAddressAccess.current(deps.db, scope.companyId, scope.orderId),
    orderAddressAccess.context(deps.db, scope.companyId, scope.officeId),
  ]);
  if (!address || !context) throw new NotFoundError('The order');
  const [buyersAgent, sellersAgent] = await Promise.all(
    EDITED_AGENT_ROLES.map((role) => orderAgentOf(deps.db, scope.companyId, scope.orderId, role)),
  );
  return {
    version: order.changeSequence,
    package_id: body.package_id,
    service_ids: body.service_ids,
    prices: [...kept].map(([key, priceCents]) => {
      const [kind, id] = key.split(':') as ['package' | 'service', string];
      return { kind, id, price_cents: priceCents };
    }),
    discount_cents: body.discount_cents,
    special_note: order.specialNote,
    people: people.map((person) => ({
      id: person.id,
      role: person.role as 'client' | 'contact',
      ...editedOf(person.person),
    })),
    contact_types: rules?.contactTypes.map((type) => ({ id: type.id, name: type.name })) ?? [],
    client_limit: rules?.clientLimit ?? 1,
    property: {
      questions: office.controls.map(({ id, type, label, length, required, options }) => ({
        id,
        type,
        label,
        length,
        required,
        options,
      })),
      answers: storedPropertyBody(stored),
    },
    address: {
      address1: address.address1,
      address2: address.address2,
      city: address.city,
      state: address.stateId,
      postal_code: address.postalCode,
      latitude: address.latitude ?? 0,
      longitude: address.longitude ?? 0,
      county: address.county,
    },
    states: context.states.map(({ id, abbreviation }) => ({ id, abbreviation })),
    agents: { buyers_agent: buyersAgent ?? null, sellers_agent: sellersAgent ?? null },
    currency: currencyOf(order, office.catalogue.currency),
    packages: [...office.catalogue.packages.values()].map((pkg) => ({
      id: pkg.id,
      name: htmlToPlainText(pkg.name),
      price_cents: kept.get(`package:${pkg.id}`) ?? pkg.price_cents,
    })),
    // The services the catalogue dropped since the booking, listed too: the dialog shows them ticked, to keep or take off.
    services: [
      ...offered.map((service) => ({ service, offered: true })),
      ...retiredServices(office.catalogue, before, order.serviceIds).map((service) => ({ service, offered: false })),
    ].map(({ service, offered: isOffered }) => ({
      id: service.uuid,
      name: htmlToPlainText(service.name),
      price_cents: kept.get(`service:${service.uuid}`) ?? service.price_cents,
      offered: isOffered,
    })),
    lines: shown.lines.map((line) => ({ ...line, label: htmlToPlainText(line.label) })),
    total_cents: shown.total,
  };
}

/** Who "E-mail the people concerned" writes to: the confirmation's clients and agents (never the office's copy). */
async function peopleConcerned(tx: Executor, scope: OrderScope, now: Date): Promise<QueuedJob[]> {
  const aggregate = await loadConfirmableOrder(tx, scope.companyId, scope.orderId);
  if (!aggregate) throw new NotFoundError('The order');
  const settings = notificationsSchema.parse(aggregate.notifications ?? {});
  return confirmationEmailJobs(aggregate, settings, now).filter((job) => job.payload.audience !== 'office');
}

function messagePreview(plan: PlannedEdit, to: string[]): ConsoleOrderEditPreview['message'] {
  const shown = displayLines(plan.pricing);
  const lines = shown.lines.map(
    (line) => `${htmlToPlainText(line.label)}: ${formatLineAmount(line.amount, plan.currency)}`,
  );
  return {
    to,
    subject: 'Your inspection order, updated',
    text: [
      'Your order was updated by our office. The confirmation e-mail follows with the order as it now is:',
      ...lines,
      `Total: ${formatMoney(shown.total ?? 0, plan.currency)}`,
      'The calendar invitation attached to it replaces the one you have.',
    ].join('\n'),
  };
}

/** POST …/edit/preview: the edit priced, its changes in words and the e-mail it would send; nothing saved. */
export async function previewOrderEdit(
  deps: EditPlanDeps,
  scope: OrderScope,
  body: ConsoleOrderEditBody,
  now: Date,
): Promise<ConsoleOrderEditPreview> {
  const order = await editableOrder(deps.db, scope, false);
  const plan = await planEdit(deps, deps.db, scope, order, body, now, false);
  const jobs = await peopleConcerned(deps.db, scope, now);
  const shown = displayLines(plan.pricing);
  return {
    lines: shown.lines.map((line) => ({ ...line, label: htmlToPlainText(line.label) })),
    total_cents: shown.total,
    before_total_cents: plan.before ? displayLines(plan.before).total : null,
    changes: plan.changes.map(editChangeText),
    reason_required: plan.reasonRequired,
    message: messagePreview(
      plan,
      jobs.map((job) => String(job.payload.to)),
    ),
  };
}

/** POST …/edit: saves the edit (see the module's comment); 409 `order_changed` on a stale version. */
export async function saveOrderEditOf(
  deps: OrderEditDeps,
  scope: OrderScope,
  author: EditAuthor,
  body: ConsoleOrderEditBody,
  now: Date,
): Promise<ConsoleOrderEditResponse> {
  const saved = await deps.db.transaction(async (tx) => {
    const order = await editableOrder(tx, scope, true);
    if (order.changeSequence !== body.version) throw new ConflictError('order_changed', CHANGED_MESSAGE, 'version');
    const plan = await planEdit(deps, tx, scope, order, body, now, true);
    if (plan.changes.length === 0) throw new AppError(400, 'invalid_request', 'Nothing was changed.');
    const sequence = order.changeSequence + 1;
    const shown = displayLines(plan.pricing);
    await saveOrderEdit(tx, scope.companyId, scope.orderId, {
      packageIds: body.package_id === null ? [] : [body.package_id],
      serviceIds: [...new Set(body.service_ids)],
      specialNote: body.special_note,
      pricingSnapshot: {
        ...(order.pricingSnapshot ?? {}),
        source: 'pricing',
        currency: plan.currency,
        total_cents: plan.pricing.totals.grand_total,
        lines: snapshotLines(plan.pricing),
        pricing: plan.pricing,
      },
      changeSequence: sequence,
      at: now,
    });
    for (const person of plan.people)
      await savePersonFields(tx, scope.companyId, scope.orderId, person.id, { ...person.fields });
    await removeOrderPeople(tx, scope.companyId, scope.orderId, plan.removed);
    for (const one of plan.added) await addOrderPerson(tx, scope.companyId, scope.orderId, one.person, one.type);
    if (plan.property) await saveEditedPropertyAnswers(tx, scope.companyId, scope.orderId, plan.property);
    if (plan.address) await orderAddressAccess.save(tx, scope.companyId, scope.orderId, plan.address);
    if (plan.lengthMinutes !== null) await saveInspectionLength(tx, scope.companyId, scope.orderId, plan.lengthMinutes);
    for (const agent of plan.agents)
      await replaceOrderAgent(tx, scope.companyId, scope.orderId, agent.role, agent.party);
    // After the corrections: a fixed e-mail address (or a new agent) gets the message, the wrong one does not.
    const jobs = body.notify ? await peopleConcerned(tx, scope, now) : [];
    const edited = jobs.map((job) => ({ ...job, dedupeKey: `edited:${scope.orderId}:${sequence}:${job.dedupeKey}` }));
    await recordOrderEdited(
      tx,
      scope.companyId,
      scope.orderId,
      {
        changes: plan.changes,
        reason: body.reason === '' ? null : body.reason,
        emailed: edited.map((job) => String(job.payload.to)),
        sequence,
        by: { kind: 'office', user_id: author.userId, name: author.name },
      },
      now,
    );
    if (edited.length > 0) await enqueueJobs(tx, await withManageLinks(tx, edited));
    // Agreements waiting for signatures that no longer describe the order are voided and sent anew (issue 43).
    const agreementJobs = await agreementsAfterEdit(tx, scope, order, now);
    await enqueueJobs(tx, agreementJobs);
    return {
      sequence,
      plan,
      total: shown.total,
      emailed: edited.map((job) => String(job.payload.to)),
      queued: edited.length + agreementJobs.length,
    };
  });
  deps.changes.announce(changeKeys.order(scope.orderId));
  announceScheduleChanged(deps.changes, scope.companyId);
  if (saved.queued > 0) deps.onJobsEnqueued();
  return {
    version: saved.sequence,
    changes: saved.plan.changes.map(editChangeText),
    total_cents: saved.total,
    emailed: saved.emailed,
  };
}
