import type { ContactTypeRef } from '@scheduler/contracts/people';
import { clientLimit, configuredContactTypes, peopleSettings } from '@scheduler/domain/people/contacts-step';
import { SettingsReader } from '@scheduler/domain/settings';
import type { Executor } from '../../db/connection.ts';
import { orderCopy, type PersonLike } from './person-copies.ts';
import {
  appendOrderParty,
  deleteOrderPartiesById,
  loadPeopleCompany,
  orderParties,
  renumberClients,
} from './people.repository.ts';

/**
 * The clients and additional contacts the office's edit adds to an order or takes off it (issue 41
 * item 1, decision 0068): the company's limits as the contacts step reads them, and the order's
 * copies written as the contacts step writes them.
 */

/** What the company allows an order's people: at most this many clients, and these contact types. */
export interface OrderPeopleRules {
  clientLimit: number;
  contactTypes: ContactTypeRef[];
}

export async function orderPeopleRules(db: Executor, companyId: string): Promise<OrderPeopleRules | null> {
  const company = await loadPeopleCompany(db, companyId);
  if (!company) return null;
  const settings = peopleSettings(new SettingsReader(company.settings), company.country);
  return {
    clientLimit: clientLimit(company.maxClients),
    contactTypes: configuredContactTypes(company.contactTypes, settings.contactTypeChoice),
  };
}

/**
 * Adds a client (numbered on its order after the others, as the contacts step numbers them) or a
 * contact of a type (kept on the order only: the office adds a person to the order, not to the
 * company's directory).
 */
export async function addOrderPerson(
  tx: Executor,
  companyId: string,
  orderId: string,
  person: PersonLike,
  type: ContactTypeRef | null,
): Promise<void> {
  if (type === null) {
    const clients = await orderParties(tx, companyId, orderId, 'client');
    const position = clients.reduce((highest, row) => Math.max(highest, row.position + 1), 0);
    await appendOrderParty(tx, companyId, orderId, 'client', {
      directoryId: null,
      contactTypeId: null,
      person: orderCopy('client', person, position + 1),
    });
    return;
  }
  await appendOrderParty(tx, companyId, orderId, 'contact', {
    directoryId: null,
    contactTypeId: type.id,
    person: orderCopy('contact', person, null, type),
  });
}

/** Takes clients and contacts off the order by their row; the clients left are numbered 1, 2, … again. */
export async function removeOrderPeople(
  tx: Executor,
  companyId: string,
  orderId: string,
  partyIds: readonly string[],
): Promise<void> {
  if (partyIds.length === 0) return;
  await deleteOrderPartiesById(tx, companyId, orderId, partyIds);
  await renumberClients(tx, companyId, orderId);
}
