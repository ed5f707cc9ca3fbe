import { describe, expect, it } from 'vitest';
import { PEOPLE_SETTING } from '@scheduler/contracts/people-setting-keys';
import { PARTIES } from '@scheduler/contracts/people';
import { SettingsReader } from '../settings.ts';
import { allPanelFields, DEFAULT_DISPLAYED, fieldsNamed, panelFields, showsSmsChoice } from './person-fields.ts';

const reader = (entries: Record<string, string>) =>
  new SettingsReader(Object.entries(entries).map(([key, value]) => ({ key, value })));

describe('panelFields (spec 5.4)', () => {
  it.each(PARTIES)('%s: with neither setting, first and last are required and the default form is shown', (party) => {
    const fields = panelFields(reader({}), party);
    expect(fields.required).toEqual(['first', 'last']);
    expect(fields.displayed).toEqual(DEFAULT_DISPLAYED[party]);
  });

  it('first and last are required even when the required list leaves them out', () => {
    const fields = panelFields(reader({ [PEOPLE_SETTING.CLIENT_REQUIRED_FIELDS]: 'email' }), 'client');
    expect(fields.required).toEqual(['first', 'last', 'email']);
  });

  it('an empty display list shows the required list', () => {
    const fields = panelFields(
      reader({ [PEOPLE_SETTING.BA_REQUIRED_FIELDS]: 'mobile_phone,email', [PEOPLE_SETTING.BA_DISPLAY_FIELDS]: '' }),
      'buyers_agent',
    );
    expect(fields.displayed).toEqual(['first', 'last', 'email', 'mobile_phone']);
    expect(fields.required).toEqual(['first', 'last', 'email', 'mobile_phone']);
  });

  it('a display list alone shows those fields plus first and last, and requires only first and last', () => {
    const fields = panelFields(reader({ [PEOPLE_SETTING.SA_DISPLAY_FIELDS]: 'city,email' }), 'sellers_agent');
    expect(fields.displayed).toEqual(['first', 'last', 'email', 'city']);
    expect(fields.required).toEqual(['first', 'last']);
  });

  it('the required fields are added to the displayed ones, in the form order', () => {
    const fields = panelFields(
      reader({
        [PEOPLE_SETTING.IA_DISPLAY_FIELDS]: 'agency, email ,company',
        [PEOPLE_SETTING.IA_REQUIRED_FIELDS]: 'postal_code,,work_phone',
      }),
      'insurance_agent',
    );
    expect(fields.displayed).toEqual(['first', 'last', 'email', 'work_phone', 'postal_code', 'company', 'agency']);
    expect(fields.required).toEqual(['first', 'last', 'work_phone', 'postal_code']);
  });

  it("reads each party's own settings and nobody else's", () => {
    const settings = reader({
      [PEOPLE_SETTING.CONTACTS_REQUIRED_FIELDS]: 'email',
      [PEOPLE_SETTING.CLIENT_DISPLAY_FIELDS]: 'city',
    });
    const all = allPanelFields(settings);
    expect(all.contact.required).toEqual(['first', 'last', 'email']);
    expect(all.client.displayed).toEqual(['first', 'last', 'city']);
    expect(all.buyers_agent).toEqual(panelFields(reader({}), 'buyers_agent'));
  });

  it('drops unknown names and fields the party does not have; matches names without regard to case', () => {
    expect(fieldsNamed('client', ['EMAIL', 'agency', 'company', 'shoe_size', 'State'])).toEqual(['email', 'state']);
    expect(fieldsNamed('insurance_agent', ['agency', 'company'])).toEqual(['company', 'agency']);
    expect(fieldsNamed('contact', ['agency', 'company'])).toEqual(['company']);
  });

  it('a list naming only unknown fields counts as unset', () => {
    expect(panelFields(reader({ [PEOPLE_SETTING.CLIENT_DISPLAY_FIELDS]: 'nonsense' }), 'client').displayed).toEqual(
      DEFAULT_DISPLAYED.client,
    );
  });
});

describe('showsSmsChoice (spec 2.7)', () => {
  const withMobile = { displayed: ['first', 'last', 'mobile_phone'], required: ['first', 'last'] } as const;
  it('goes with the mobile phone of clients and contacts only', () => {
    expect(showsSmsChoice('client', withMobile)).toBe(true);
    expect(showsSmsChoice('contact', withMobile)).toBe(true);
    expect(showsSmsChoice('buyers_agent', withMobile)).toBe(false);
    expect(showsSmsChoice('client', { displayed: ['first', 'last'], required: ['first', 'last'] })).toBe(false);
  });
});
