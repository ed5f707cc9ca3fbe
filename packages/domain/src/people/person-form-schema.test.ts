import { describe, expect, it } from 'vitest';
import { PEOPLE_SETTING } from '@scheduler/contracts/people-setting-keys';
import { PARTIES } from '@scheduler/contracts/people';
import { SettingsReader } from '../settings.ts';
import { panelFields } from './person-fields.ts';
import { firstFailingField, personFormSchema } from './person-form-schema.ts';
import { validatePerson } from './person-rules.ts';

const settings = new SettingsReader([
  { key: PEOPLE_SETTING.CLIENT_DISPLAY_FIELDS, value: 'email,mobile_phone,address1,city,state,postal_code' },
  { key: PEOPLE_SETTING.CLIENT_REQUIRED_FIELDS, value: 'email,postal_code' },
  { key: PEOPLE_SETTING.CONTACTS_REQUIRED_FIELDS, value: 'company' },
]);
const clientFields = panelFields(settings, 'client');

function issuesOf(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  return result.success ? [] : (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);
}

describe('personFormSchema', () => {
  const schema = personFormSchema('client', clientFields, 'US');

  it('accepts a valid client and keeps its values', () => {
    const client = {
      first: 'Ann',
      last: 'Lee',
      email: 'ann@example.com',
      postal_code: '43215',
      send_sms: true,
      state: 36,
    };
    expect(schema.parse(client)).toEqual(client);
  });

  it('refuses what the rules refuse, naming the field with the rule message', () => {
    const result = schema.safeParse({ first: 'Ann', last: '', email: 'ann@', postal_code: '4' });
    expect(issuesOf(result)).toEqual([
      ['last', 'Enter the last name'],
      ['email', 'Enter an e-mail address like name@example.com'],
      ['postal_code', 'Enter a postal code of 2 to 10 characters'],
    ]);
    expect(firstFailingField(result.error!)).toBe('last');
  });

  it('treats a missing required field as empty (the browser sends non-empty fields only)', () => {
    expect(issuesOf(schema.safeParse({ first: 'Ann', last: 'Lee', postal_code: '43215' }))).toEqual([
      ['email', 'Enter an e-mail address'],
    ]);
  });

  it('reports a shape failure and the rule failures of other fields together', () => {
    const result = schema.safeParse({ first: 'x'.repeat(101), last: '', email: 'a@b.co', postal_code: '43215' });
    expect(issuesOf(result).map(([path]) => path)).toEqual(['first', 'last']);
  });

  it('refuses unknown fields and fields of other parties', () => {
    expect(
      schema.safeParse({ first: 'A', last: 'B', email: 'a@b.co', postal_code: '43215', agency: 'X' }).success,
    ).toBe(false);
    expect(
      schema.safeParse({ first: 'A', last: 'B', email: 'a@b.co', postal_code: '43215', is_admin: true }).success,
    ).toBe(false);
  });

  it('refuses NUL and other control characters, and over-long values', () => {
    expect(
      issuesOf(schema.safeParse({ first: 'A\u0000', last: 'B', email: 'a@b.co', postal_code: '43215' }))[0]?.[0],
    ).toBe('first');
    expect(
      issuesOf(schema.safeParse({ first: 'A', last: 'B\nC', email: 'a@b.co', postal_code: '43215' }))[0]?.[0],
    ).toBe('last');
    expect(
      issuesOf(
        schema.safeParse({ first: 'A', last: 'B', email: 'a@b.co', postal_code: '43215', city: 'c'.repeat(101) }),
      )[0]?.[0],
    ).toBe('city');
  });

  it('a contact needs its type; a required company always passes (spec 5.4)', () => {
    const contact = personFormSchema('contact', panelFields(settings, 'contact'), 'US');
    expect(issuesOf(contact.safeParse({ first: 'Pat', last: 'Doe' }))).toEqual([
      ['type', 'Choose the type of contact'],
    ]);
    expect(contact.safeParse({ first: 'Pat', last: 'Doe', type: { id: 1, name: 'Loan Officer' } }).success).toBe(true);
  });

  it.each(PARTIES)('%s: agrees with validatePerson on the same input', (party) => {
    const fields = panelFields(new SettingsReader([]), party);
    const samples = [
      {},
      { first: 'A', last: 'B' },
      { first: 'A', last: 'B', email: 'bad' },
      { first: ' ', last: 'B', email: 'a@b.co', type: { id: 1, name: 'T' } },
    ];
    for (const sample of samples) {
      const input =
        party === 'contact' ? sample : Object.fromEntries(Object.entries(sample).filter(([key]) => key !== 'type'));
      const fromRules = validatePerson(party, input, fields, 'US');
      const fromSchema = personFormSchema(party, fields, 'US').safeParse(input);
      expect(fromSchema.success).toBe(fromRules.ok);
      expect(issuesOf(fromSchema)).toEqual(
        fromRules.ok ? [] : fromRules.errors.map((error) => [error.field, error.message]),
      );
    }
  });
});
