import { textMessageNumber } from '@scheduler/domain/people/sms-number';
import type { Executor } from '../../db/connection.ts';
import { recordOrderEvent } from '../orders/orders.service.ts';
import type { AuthenticatedSession } from '../sessions/sessions.service.ts';
import { orderPartyPersons } from './people.repository.ts';

/** The numbers of the people who ticked "Receive SMS updates related to your order", in E.164. */
function consentingNumbers(
  role: 'client' | 'contact',
  people: ReadonlyArray<Record<string, unknown>>,
  country: string,
): Set<string> {
  return new Set(
    people
      .map((person) => textMessageNumber(role, person, country))
      .filter((number): number is string => number !== null),
  );
}

/**
 * Runs a change of an order's clients or contacts and keeps the record of text-message consent
 * (issue 23): when a number is given or withdrawn, an `sms_consent` event says which, and its
 * time is the event's. Text messages go only to numbers whose consent stands when they are sent.
 */
export async function withSmsConsentRecord<T>(
  tx: Executor,
  session: AuthenticatedSession,
  role: 'client' | 'contact',
  country: string,
  change: () => Promise<T>,
): Promise<T> {
  const before = consentingNumbers(
    role,
    await orderPartyPersons(tx, session.companyId, session.orderId, role),
    country,
  );
  const result = await change();
  const after = consentingNumbers(role, await orderPartyPersons(tx, session.companyId, session.orderId, role), country);
  const given = [...after].filter((number) => !before.has(number));
  const withdrawn = [...before].filter((number) => !after.has(number));
  if (given.length > 0 || withdrawn.length > 0)
    await recordOrderEvent(tx, session.companyId, session.orderId, 'sms_consent', { role, given, withdrawn });
  return result;
}
