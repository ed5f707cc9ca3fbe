import type { SetPropertyInfoBody } from '@scheduler/contracts/property';
import { checkPropertyAnswers, type PropertyAnswers } from '@scheduler/domain/property/property-answers';
import type { Executor } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { recordStepSaved } from '../orders/orders.service.ts';
import { officePricing, priceStoredOrder, type PricingDeps } from '../pricing/pricing.service.ts';
import type { AuthenticatedSession } from '../sessions/sessions.service.ts';
import { saveOrderProperty } from './property.repository.ts';

/**
 * POST /set_property_info (spec 7.5, 5.6): checks the answers against the company's questions and
 * stores them. Answers that change the price take effect in the next /pricing; the duration is
 * answered as the spec allows.
 */
export async function setPropertyInfo(
  deps: PricingDeps,
  session: AuthenticatedSession,
  body: SetPropertyInfoBody,
  now: Date,
): Promise<{ status: 'ok'; duration: number }> {
  const pricing = await officePricing(deps, session);
  const currentYear = Number(pricing.calendar.localDateOf(now.getTime()).slice(0, 4));
  const checked = checkPropertyAnswers(pricing.controls, body, currentYear);
  if (!checked.ok) throw new AppError(400, 'invalid_property_answer', checked.problem.message, checked.problem.field);
  await deps.db.transaction(async (tx) => {
    await saveOrderProperty(tx, session.companyId, session.orderId, checked.answers);
    await recordStepSaved(tx, session, 'property-info');
  });
  return { status: 'ok', duration: (await priceStoredOrder(deps, session, now)).duration };
}

/** The office's edit of a booked order's answers (issue 41 item 1, decision 0068), checked by the caller as above. */
export async function saveEditedPropertyAnswers(
  tx: Executor,
  companyId: string,
  orderId: string,
  answers: PropertyAnswers,
): Promise<void> {
  await saveOrderProperty(tx, companyId, orderId, answers);
}
