import { describe, expect, it } from 'vitest';
import { privacySettingsSchema } from '@scheduler/contracts/privacy';
import { applyPrivacyForm, clientDataYears, privacyFormSchema, privacyFormValues, yearsOf } from './privacy-form.ts';

describe("the privacy page's years", () => {
  it('takes a whole number from 1 to 50 as typed, and nothing past the bounds', () => {
    expect([yearsOf('1'), yearsOf(' 50 '), yearsOf('7')]).toEqual([1, 50, 7]);
    for (const typed of ['0', '51', '', ' ', '2.5', '1e1', '-3', '007x', '1000'])
      expect([typed, yearsOf(typed)]).toEqual([typed, null]);
  });

  it('judges the years only when they are chosen', () => {
    expect(privacyFormSchema.safeParse({ keep: 'always', years: '0' }).success).toBe(true);
    expect(privacyFormSchema.safeParse({ keep: 'years', years: '0' }).success).toBe(false);
    expect(privacyFormSchema.safeParse({ keep: 'years', years: '50' }).success).toBe(true);
  });

  it('reads null, a missing section and an unreadable one as keeping always', () => {
    expect(privacyFormValues({ privacy: { client_data_years: 12 } })).toEqual({ keep: 'years', years: '12' });
    for (const document of [{ privacy: { client_data_years: null } }, {}, { privacy: 'x' }])
      expect(privacyFormValues(document)).toEqual({ keep: 'always', years: '' });
  });

  it('writes the section the contract accepts, the rest of the document as it came', () => {
    const document = { key: 'demo', analytics: { google_tag_id: null }, privacy: { client_data_years: 7 } };
    const always = applyPrivacyForm(document, { keep: 'always', years: '7' });
    expect(always).toEqual({ ...document, privacy: { client_data_years: null } });
    const years = applyPrivacyForm(document, { keep: 'years', years: '50' });
    expect(years).toEqual({ ...document, privacy: { client_data_years: 50 } });
    expect(privacySettingsSchema.parse(years.privacy)).toEqual({ client_data_years: 50 });
    expect(clientDataYears({ keep: 'years', years: ' 1 ' })).toBe(1);
  });
});
