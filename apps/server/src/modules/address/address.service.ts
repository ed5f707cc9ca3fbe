import type { FastifyBaseLogger } from 'fastify';
import type { GeocodeSuggestion, SetAddressBody, SetAddressResponse } from '@scheduler/contracts/address';
import { isPoBox, PO_BOX_MESSAGE } from '@scheduler/domain/address/us-address';
import { locationMessage } from '@scheduler/domain/address/location-messages';
import { AppError, NotFoundError } from '../../errors.ts';
import { fiveDigitZip, POSTAL_CODE_MESSAGES, usesUsPostalCodes } from '@scheduler/contracts/postal-code';
import { recordStepSaved, refuseLockedChange } from '../orders/orders.service.ts';
import { announceScheduleChanged, checkOrderLocation } from '../scheduling/scheduling.service.ts';
import type { SchedulingStore } from '../scheduling/scheduling.store.ts';
import type { AuthenticatedSession } from '../sessions/sessions.service.ts';
import { changeKeys } from '../../db/change-feed.ts';
import {
  loadAddressContext,
  loadOrderAddress,
  restoreOrderAddress,
  saveOrderAddress,
  type OrderAddress,
} from './address.repository.ts';
import type { GeocodingService } from './geocoding.service.ts';

export interface AddressDependencies {
  scheduling: SchedulingStore;
  geocoding: GeocodingService;
}

async function contextOf(store: SchedulingStore, session: AuthenticatedSession) {
  const context = await loadAddressContext(store.db, session.companyId, session.officeId);
  if (!context) throw new NotFoundError('The office');
  return context;
}

/** GET /geocode: the suggestion for the "Verify Address" box. */
export async function geocode(
  deps: AddressDependencies,
  session: AuthenticatedSession,
  address: string,
  log: FastifyBaseLogger,
): Promise<GeocodeSuggestion> {
  const context = await contextOf(deps.scheduling, session);
  return deps.geocoding.suggest(address, { officeState: context.officeState, states: context.states }, log);
}

type AddressContext = NonNullable<Awaited<ReturnType<typeof loadAddressContext>>>;

/**
 * What the office's edit of an order reads and writes of its address (decision 0068, part 3), in
 * the edit's transaction: the address as it stands, the company's states and country, and the
 * placed address saved.
 */
export const orderAddressAccess = {
  context: loadAddressContext,
  current: loadOrderAddress,
  save: saveOrderAddress,
};

/**
 * An address as the address step places it (spec 7.5): no PO box, the postal code as every rule
 * keys it (a US one's five digits), a state of the office's, and what was left empty (the state,
 * the county) told by the postal code. 400 naming the body's field. `checkPostalCode` is told the
 * postal code before the state is looked at (the wizard refuses a locked one there). The office's
 * edit of an order places its new address so too (decision 0068, part 3).
 */
export async function placedAddress(
  store: Pick<SchedulingStore, 'places'>,
  context: Pick<AddressContext, 'country' | 'states'>,
  body: SetAddressBody,
  checkPostalCode: (postalCode: string) => Promise<void> = async () => {},
): Promise<OrderAddress> {
  for (const field of ['address1', 'address2'] as const) {
    if (isPoBox(body[field])) throw new AppError(400, 'po_box', PO_BOX_MESSAGE, field);
  }
  let postalCode = body.postal_code.toUpperCase();
  if (usesUsPostalCodes(context.country)) {
    // Every rule keys on the five digits (inspectors' postal-code lists, the bundled places).
    const zip = fiveDigitZip(body.postal_code);
    if (!zip) throw new AppError(400, 'invalid_postal_code', POSTAL_CODE_MESSAGES.usFormat, 'postal_code');
    postalCode = zip;
  }
  await checkPostalCode(postalCode);
  if (body.state !== null && !context.states.some((s) => s.id === body.state)) {
    throw new AppError(400, 'unknown_state', `State ${body.state} is not one of the office's states.`, 'state');
  }
  // What the visitor left empty, the postal code tells.
  const place = body.state === null || body.county === '' ? await store.places.find(postalCode) : null;
  const stateId =
    body.state ?? context.states.find((s) => s.abbreviation.toUpperCase() === place?.stateCode)?.id ?? null;
  return {
    address1: body.address1,
    address2: body.address2,
    city: body.city,
    stateId,
    postalCode,
    latitude: body.latitude,
    longitude: body.longitude,
    county: body.county || place?.county || '',
  };
}

/**
 * POST /set_address (spec 7.5): stores the property's address on the order, then checks that its
 * location can be served at the held time (spec 8.2). An address out of range of the held time is
 * kept: the visitor's next step is to pick another time for it. One nobody serves at all
 * (ERROR_NO_INSPECTORS_FOR_ZIP) is not: the order goes back to the address it had, so that what
 * the sidebar shows is what the order can be booked with (issue 20); the form keeps what was typed.
 */
export async function setAddress(
  deps: AddressDependencies,
  session: AuthenticatedSession,
  body: SetAddressBody,
  now = deps.scheduling.now(),
): Promise<SetAddressResponse> {
  const store = deps.scheduling;
  const context = await contextOf(store, session);
  const placed = await placedAddress(store, context, body, async (postalCode) =>
    refuseLockedChange(store.db, session, 'postal_code', postalCode, 'postal_code'),
  );
  const verified = !(body.latitude === 0 && body.longitude === 0);
  const previous = await loadOrderAddress(store.db, session.companyId, session.orderId);
  await store.db.transaction(async (tx) => {
    await saveOrderAddress(tx, session.companyId, session.orderId, placed);
    await recordStepSaved(tx, session, 'address', { verified });
  });
  const result = await checkOrderLocation(store, session, now);
  if (result.status === 'ok') return result;
  if (result.status === 'ERROR_NO_INSPECTORS_FOR_ZIP' && previous) {
    await restoreOrderAddress(store.db, session.companyId, session.orderId, previous);
    // The database announces it too; this is for this server's own next read.
    store.changes.announce(changeKeys.order(session.orderId));
    announceScheduleChanged(store.changes, session.companyId);
  }
  return {
    status: result.status,
    message: locationMessage(result.status, { appointment: result.appointment, officePhone: context.officePhone }),
    appointments: result.appointments,
  };
}
