import type { ContactTypeRef, Party } from '@scheduler/contracts/people';
import { PEOPLE_SETTING } from '@scheduler/contracts/people-setting-keys';
import { configuredContactTypes } from '@scheduler/domain/people/contacts-step';
import { allPanelFields, type PanelFields } from '@scheduler/domain/people/person-fields';
import { SettingsReader } from '@scheduler/domain/settings';
import { CoherentCache } from '../../cache/coherent-cache.ts';
import { changeKeys, type ChangeFeed } from '../../db/change-feed.ts';
import type { Database } from '../../db/connection.ts';
import { loadCompanySettings, loadContactTypes } from './people.repository.ts';

/** What the searches answer with: the fields each form shows and the contact types offered. */
export interface SearchSettings {
  fields: Readonly<Record<Party, PanelFields>>;
  contactTypes: ContactTypeRef[];
}

/**
 * The company's search settings, cached: a visitor searches on every key-up (spec 7.6), and the
 * answer changes only with the company's configuration, whose import the database announces.
 */
export class PeopleStore {
  private readonly settings: CoherentCache<SearchSettings>;

  constructor(
    readonly db: Database,
    changes: ChangeFeed,
    clock: () => number,
  ) {
    this.settings = new CoherentCache(changes, { maxEntries: 10_000 }, clock);
  }

  searchSettings(companyId: string): Promise<SearchSettings | null> {
    return this.settings.get(companyId, async () => {
      const [settings, types] = await Promise.all([
        loadCompanySettings(this.db, companyId),
        loadContactTypes(this.db, companyId),
      ]);
      if (!settings) return null;
      const reader = new SettingsReader(settings);
      return {
        value: {
          fields: allPanelFields(reader),
          contactTypes: configuredContactTypes(types, reader.list(PEOPLE_SETTING.CONTACT_TYPES)),
        },
        dependsOn: [changeKeys.company(companyId)],
      };
    });
  }
}
