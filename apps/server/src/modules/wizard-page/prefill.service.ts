import type { OrderPrefill } from '@scheduler/contracts/order';
import { checkPersonField } from '@scheduler/domain/people/person-rules';
import { nextStep, schedulerMode, type StepName } from '@scheduler/domain/route-table';
import { schedulerFlags, SettingsReader } from '@scheduler/domain/settings';
import { getOfficeForSession } from '../office/office.service.ts';
import { getOrderForSession, recordOrderPrefill, type LockedValues } from '../orders/orders.service.ts';
import { chooseBuyersAgentByEmail } from '../people/people.service.ts';
import { changeCart, type PricingDeps } from '../pricing/pricing.service.ts';
import type { SchedulingStore } from '../scheduling/scheduling.store.ts';
import { setPostalCode } from '../scheduling/scheduling.service.ts';
import type { AuthenticatedSession } from '../sessions/sessions.service.ts';
import { asksForPrefill, type PrefillRequest } from './prefill-values.ts';

/**
 * Fills in a new embedded session's order with what the company's page knows (issue 27), each
 * value through the same service a visitor's own step goes through, so that it is checked the
 * same way: the postal code (its format, the office's country), the cart (the catalogue's rules),
 * the buyer's agent (one of the company's). A value a service refuses is left out; the visitor
 * meets an empty field, never a broken wizard. The address and the client are not complete
 * enough to save, so they become the steps' starting values. A lock holds only on a value that
 * was taken. Answers the step the visitor lands on: past the postal code when it was taken.
 */
export async function applyPrefill(
  deps: PricingDeps & { scheduling: SchedulingStore },
  session: AuthenticatedSession,
  request: PrefillRequest,
  now: Date,
): Promise<{ landing: StepName | null }> {
  if (!asksForPrefill(request)) return { landing: null };
  const { text } = request;
  const applied: string[] = [];
  const attempt = async (field: string, save: () => Promise<unknown>) => {
    try {
      await save();
      applied.push(field);
      return true;
    } catch {
      return false;
    }
  };

  const postalCodeTaken =
    text.postal_code !== undefined &&
    (await attempt('postal_code', () => setPostalCode(deps.scheduling, session, text.postal_code!)));
  if (request.packageId !== null)
    await attempt('packages', () =>
      changeCart(deps, session, { kind: 'set_package', package: request.packageId! }, now),
    );
  for (const service of request.serviceIds)
    await attempt('services', () => changeCart(deps, session, { kind: 'add_service', service }, now));
  const agentEmail = text.agent_email;
  const agent =
    agentEmail === undefined ? null : await chooseBuyersAgentByEmail(deps.db, session, agentEmail).catch(() => null);
  if (agent) applied.push('agent_email');

  const office = await getOfficeForSession(deps.db, session);
  const prefill = startingValues(request, office.states, office.country);
  for (const field of Object.keys(prefill)) applied.push(field);
  if (prefill.client) applied.push(...Object.keys(prefill.client).map((field) => `client.${field}`));

  const order = await getOrderForSession(deps.db, session);
  const locked: LockedValues = {};
  for (const field of request.locks) {
    if (field === 'postal_code' && postalCodeTaken) locked.postal_code = order.postal_code;
    if (field === 'client_email' && prefill.client?.email) locked.client_email = prefill.client.email;
    if (field === 'agent_email' && agent) locked.agent_email = agent.email;
  }
  await recordOrderPrefill(deps.db, session, prefill, locked, [...new Set(applied)]);

  const mode = schedulerMode(schedulerFlags(new SettingsReader(office.settings_data)));
  return {
    landing:
      postalCodeTaken && mode === 'zip-restrict' ? nextStep(mode, 'postal-code', office.controls.length > 0) : null,
  };
}

/** The address and client values the steps start from: each checked as its form field would be. */
function startingValues(
  request: PrefillRequest,
  states: ReadonlyArray<{ id: number; abbreviation: string }>,
  country: string,
): OrderPrefill {
  const { text } = request;
  const prefill: OrderPrefill = {};
  if (text.address) prefill.address1 = text.address;
  if (text.city) prefill.city = text.city;
  const state = states.find((s) => s.abbreviation.toUpperCase() === text.state?.toUpperCase());
  if (state) prefill.state = state.id;
  const client: NonNullable<OrderPrefill['client']> = {};
  const fields = [
    ['first', text.client_first_name],
    ['last', text.client_last_name],
    ['email', text.client_email],
    ['mobile_phone', text.client_phone],
  ] as const;
  for (const [field, value] of fields) {
    if (value !== undefined && checkPersonField(field, value, true, country) === null) client[field] = value;
  }
  if (Object.keys(client).length > 0) prefill.client = client;
  return prefill;
}
