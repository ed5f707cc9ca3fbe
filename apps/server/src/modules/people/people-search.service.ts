import { SETTING } from '@scheduler/contracts/setting-keys';
import type { AgentParty, ContactTypeRef, SearchResult } from '@scheduler/contracts/people';
import { configuredContactTypes } from '@scheduler/domain/people/contacts-step';
import { panelFields } from '@scheduler/domain/people/person-fields';
import { searchResultFor } from '@scheduler/domain/people/person-display';
import { SettingsReader } from '@scheduler/domain/settings';
import type { Database } from '../../db/connection.ts';
import { NotFoundError } from '../../errors.ts';
import type { AuthenticatedSession } from '../sessions/sessions.service.ts';
import { recordOfRow } from './person-copies.ts';
import { loadCompanySettings, loadContactTypes, searchAgents, searchDirectoryContacts } from './people.repository.ts';

/**
 * The people searches (spec 7.6, issue 10): the session's company only, at most ten results, and of
 * each only the fields the party's form shows (the domain's `searchResultFor`).
 */

async function settingsOf(db: Database, session: AuthenticatedSession): Promise<SettingsReader> {
  const settings = await loadCompanySettings(db, session.companyId);
  if (!settings) throw new NotFoundError('The company');
  return new SettingsReader(settings);
}

/** GET /search_agents and /search_insurance_agents. */
export async function findAgents(db: Database, session: AuthenticatedSession, party: AgentParty, query: string): Promise<SearchResult[]> {
  const [settings, rows] = await Promise.all([
    settingsOf(db, session),
    searchAgents(db, session.companyId, party === 'insurance_agent' ? 'insurance' : 'real_estate', query),
  ]);
  const fields = panelFields(settings, party);
  return rows.map((row) => searchResultFor(party, recordOfRow(row), fields));
}

/** GET /search_contacts: contacts of one of the contact types the company offers. */
export async function findContacts(db: Database, session: AuthenticatedSession, typeId: number, query: string): Promise<SearchResult[]> {
  const [settings, types] = await Promise.all([settingsOf(db, session), loadContactTypes(db, session.companyId)]);
  const type: ContactTypeRef | undefined = configuredContactTypes(types, settings.list(SETTING.CONTACT_TYPES)).find((t) => t.id === typeId);
  if (!type) return [];
  const rows = await searchDirectoryContacts(db, session.companyId, type.id, query);
  const fields = panelFields(settings, 'contact');
  return rows.map((row) => searchResultFor('contact', { ...recordOfRow(row), type }, fields));
}
