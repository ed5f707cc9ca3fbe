import { ATTRIBUTION_MAX_LENGTH } from '@scheduler/contracts/attribution';
import { describe, expect, it } from 'vitest';
import { readAttribution } from './attribution.ts';

describe('readAttribution (issue 42)', () => {
  it('keeps the six campaign parameters, trimmed, and nothing else of the query', () => {
    expect(
      readAttribution({
        utm_source: ' google ',
        utm_medium: 'cpc',
        utm_campaign: 'Spring sale 2027',
        utm_term: 'home inspection columbus',
        utm_content: 'ad-b',
        gclid: 'EAIaIQobChMI_x-9',
        utm_id: '42',
        fbclid: 'abc',
        postal_code: '43215',
      }),
    ).toEqual({
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'Spring sale 2027',
      utm_term: 'home inspection columbus',
      utm_content: 'ad-b',
      gclid: 'EAIaIQobChMI_x-9',
    });
  });

  it(`keeps a value of ${ATTRIBUTION_MAX_LENGTH} characters and leaves out one longer, the others kept`, () => {
    const longest = 'x'.repeat(ATTRIBUTION_MAX_LENGTH);
    expect(readAttribution({ utm_source: longest, gclid: longest })).toEqual({ utm_source: longest, gclid: longest });
    expect(readAttribution({ utm_source: `${longest}x`, gclid: `${longest}x`, utm_medium: 'email' })).toEqual({
      utm_medium: 'email',
    });
  });

  it('leaves out empty values, control and invisible characters, and a click id that is not URL-safe base64', () => {
    expect(
      readAttribution({
        utm_source: '   ',
        utm_medium: 'e\nmail',
        utm_campaign: 'spring\u202Egnirps',
        utm_term: 'zero\u200Bwidth',
        utm_content: 'tab\there',
        gclid: 'abc+def/==',
      }),
    ).toEqual({});
    expect(readAttribution({ gclid: 'abc def' })).toEqual({});
  });

  it('keeps accents, emoji and punctuation as the link spelled them', () => {
    expect(readAttribution({ utm_campaign: 'Fête des pères 🏠 <b>=1+1</b>' })).toEqual({
      utm_campaign: 'Fête des pères 🏠 <b>=1+1</b>',
    });
  });
});
