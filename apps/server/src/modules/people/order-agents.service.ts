import type { EditedAgentRole } from '@scheduler/contracts/order-edit';
import type { Executor } from '../../db/connection.ts';
import { orderCopy, recordOfRow } from './person-copies.ts';
import { findAgent, orderPartyPersons, replaceOrderParties, type OrderPartyValues } from './people.repository.ts';

/**
 * The order's buyer's and listing agents as the office's edit sets them (issue 41 item 1, decision
 * 0068): only an agent of the company's own directory, copied onto the order as the contacts step
 * copies a listed agent (the directory's record, whole).
 */

/** An agent as the edit names it. */
export interface OrderAgent {
  /** The directory's id (null for an agent of no directory). */
  id: number | null;
  name: string;
  email: string;
}

const text = (person: Record<string, unknown>, field: string) =>
  typeof person[field] === 'string' ? (person[field] as string).trim() : '';

function agentOf(person: Record<string, unknown>): OrderAgent {
  return {
    id: typeof person.id === 'number' ? person.id : null,
    name: `${text(person, 'first')} ${text(person, 'last')}`.trim(),
    email: text(person, 'email'),
  };
}

/** The order's agent of one role, or null when it has none. */
export async function orderAgentOf(
  db: Executor,
  companyId: string,
  orderId: string,
  role: EditedAgentRole,
): Promise<OrderAgent | null> {
  const [person] = await orderPartyPersons(db, companyId, orderId, role);
  return person ? agentOf(person) : null;
}

/** An agent of the company's directory as the order would keep it, or null when the company lists no such agent. */
export async function directoryAgentCopy(
  db: Executor,
  companyId: string,
  role: EditedAgentRole,
  id: number,
): Promise<{ agent: OrderAgent; party: OrderPartyValues } | null> {
  const listed = await findAgent(db, companyId, 'real_estate', id);
  if (!listed) return null;
  const person = orderCopy(role, recordOfRow(listed), listed.id);
  return { agent: agentOf(person), party: { directoryId: listed.id, contactTypeId: null, person } };
}

/** Sets the order's agent of one role (null: none), in the caller's transaction. */
export async function replaceOrderAgent(
  tx: Executor,
  companyId: string,
  orderId: string,
  role: EditedAgentRole,
  party: OrderPartyValues | null,
): Promise<void> {
  await replaceOrderParties(tx, companyId, orderId, role, party ? [party] : []);
}
