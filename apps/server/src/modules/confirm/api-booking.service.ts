import type { PublicBookingPerson, PublicOrderCreateBody } from '@scheduler/contracts/public-api';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { AppError } from '../../errors.ts';
import { setAddress, type AddressDependencies } from '../address/address.service.ts';
import type { ConfirmDeps } from './book-draft.ts';
import { confirmOrder } from './confirm.service.ts';
import { setAgent, setClient, setUserType } from '../people/people.service.ts';
import { changeCart, type PricingDeps } from '../pricing/pricing.service.ts';
import { setPropertyInfo } from '../property/property.service.ts';
import { bookingOfficeOf, setDatetime } from '../scheduling/scheduling.service.ts';
import { startSession } from '../sessions/sessions.service.ts';

export interface ApiBookingDeps {
  confirm: ConfirmDeps;
  pricing: PricingDeps;
  address: AddressDependencies;
  sessionTtlDays: number;
}

/** The key that books: its company and its name (the order's author). */
export interface ApiBooker {
  companyId: string;
  companyKey: string;
  keyName: string;
}

export type ApiBookingResult =
  { status: 'ok'; orderId: string } | { status: 'unavailable'; appointments: AppointmentSlot[] };

/**
 * Runs one step of the wizard's own code; its 400 names the API body's field (`client.email`, not `email`).
 */
async function step<T>(prefix: string | ((field: string | undefined) => string), run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 400) {
      const field =
        typeof prefix === 'string' ? (error.field ? `${prefix}.${error.field}` : prefix) : prefix(error.field);
      throw new AppError(error.statusCode, error.code, error.message, field);
    }
    throw error;
  }
}

/** A person's field as the API names it: the wizard's `mobile_phone` is the API's `phone`. */
const personField = (party: string) => (field: string | undefined) =>
  field ? `${party}.${field === 'mobile_phone' ? 'phone' : field}` : party;

const personOf = (person: PublicBookingPerson) => ({
  first: person.first,
  last: person.last,
  email: person.email,
  ...(person.phone ? { mobile_phone: person.phone } : {}),
});

/**
 * A confirmed booking made by the office's own system through an API key (issue 46): the office's
 * phone booking without the console. A draft and its session are made for it, never shown to
 * anyone, and filled in by the wizard's own services, each checking its part as it does for a
 * visitor (the catalogue's cart rules, the address and its service area, the people the company
 * requires, the property questions); the time is held as the wizard holds a slot, so only a time
 * the availability offers is booked (else `unavailable` with the nearest free ones); the confirm
 * is the wizard's, which prices, books and sends the messages. The order names the key as its
 * author. A part refused leaves an unconfirmed draft, which expires as any abandoned one.
 */
export async function bookThroughApi(
  deps: ApiBookingDeps,
  booker: ApiBooker,
  body: PublicOrderCreateBody,
  now: Date,
): Promise<ApiBookingResult> {
  const office = await bookingOfficeOf(deps.pricing.db, booker.companyId, body.office);
  const { session } = await startSession(
    deps.pricing.db,
    { ttlDays: deps.sessionTtlDays },
    booker.companyKey,
    office.officeId,
    now,
    { bookedBy: { userId: null, name: booker.keyName } },
  );
  if (body.package !== undefined) {
    const packageId = body.package;
    await step('package', () => changeCart(deps.pricing, session, { kind: 'set_package', package: packageId }, now));
  }
  for (const [index, service] of body.services.entries())
    await step(`services.${index}`, () => changeCart(deps.pricing, session, { kind: 'add_service', service }, now));
  if (body.services.length === 0 && body.package === undefined)
    throw new AppError(400, 'invalid_request', 'Please name at least one service or a package.', 'services');
  const { address } = body;
  const located = await step('address', () =>
    setAddress(
      deps.address,
      session,
      {
        address1: address.address1,
        address2: address.address2,
        city: address.city,
        state: address.state ?? null,
        postal_code: address.postal_code,
        latitude: 0,
        longitude: 0,
        county: '',
      },
      now,
    ),
  );
  if (located.status !== 'ok') throw new AppError(400, 'invalid_request', located.message, 'address.postal_code');
  await step('role', () => setUserType(deps.pricing.db, session, { type: body.role }));
  await step(personField('client'), () => setClient(deps.pricing.db, session, personOf(body.client)));
  for (const party of ['buyers_agent', 'sellers_agent'] as const) {
    const agent = body[party];
    if (agent) await step(personField(party), () => setAgent(deps.pricing.db, session, party, personOf(agent)));
  }
  if (body.property) {
    const property = body.property;
    await step('property', () => setPropertyInfo(deps.pricing, session, property, now));
  }
  const held = await setDatetime(
    deps.confirm.store,
    session,
    { datetime: body.start, ...(body.inspector_ids ? { inspectors: body.inspector_ids } : {}) },
    now,
  );
  if (held.status !== 'ok') return held;
  const confirmed = await confirmOrder(
    deps.confirm,
    session,
    { special_note: body.special_note },
    null,
    { ip: '', userAgent: '' },
    now,
    null,
    { notifyClient: body.notify_client },
  );
  if (confirmed.status === 'unavailable') return confirmed;
  if (confirmed.status !== 'ok')
    throw new AppError(409, 'change_refused', 'The booking could not be confirmed.', 'start');
  return { status: 'ok', orderId: session.orderId };
}
