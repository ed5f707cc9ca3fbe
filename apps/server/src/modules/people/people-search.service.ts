import type { AgentParty, SearchResult } from '@scheduler/contracts/people';
import { searchResultFor } from '@scheduler/domain/people/person-display';
import { NotFoundError } from '../../errors.ts';
import type { AuthenticatedSession } from '../sessions/sessions.service.ts';
import { recordOfRow } from './person-copies.ts';
import { searchAgents, searchDirectoryContacts } from './people.repository.ts';
import type { PeopleStore, SearchSettings } from './people.store.ts';

/**
 * The people searches (spec 7.6, issue 10): the session's company only, at most ten results, and of
 * each only the fields the party's form shows (the domain's `searchResultFor`).
 */

/** Whose people are searched: a visitor's session, or a console member's company (the office's agent lookup). */
type SearchScope = Pick<AuthenticatedSession, 'companyId'>;

async function settingsOf(store: PeopleStore, session: SearchScope): Promise<SearchSettings> {
  const settings = await store.searchSettings(session.companyId);
  if (!settings) throw new NotFoundError('The company');
  return settings;
}

/** GET /search_agents and /search_insurance_agents; the console's agent lookup of the order edit. */
export async function findAgents(
  store: PeopleStore,
  session: SearchScope,
  party: AgentParty,
  query: string,
): Promise<SearchResult[]> {
  const [settings, rows] = await Promise.all([
    settingsOf(store, session),
    searchAgents(store.db, session.companyId, party === 'insurance_agent' ? 'insurance' : 'real_estate', query),
  ]);
  return rows.map((row) => searchResultFor(party, recordOfRow(row), settings.fields[party]));
}

/** GET /search_contacts: contacts of one of the contact types the company offers. */
export async function findContacts(
  store: PeopleStore,
  session: AuthenticatedSession,
  typeId: number,
  query: string,
): Promise<SearchResult[]> {
  const settings = await settingsOf(store, session);
  const type = settings.contactTypes.find((t) => t.id === typeId);
  if (!type) return [];
  const rows = await searchDirectoryContacts(store.db, session.companyId, type.id, query);
  return rows.map((row) => searchResultFor('contact', { ...recordOfRow(row), type }, settings.fields.contact));
}
