import { describe, expect, it } from 'vitest';
import { sourceText } from './order-source.ts';

describe('sourceText', () => {
  it('writes the source and medium, then the campaign, term and content, and a Google Ads click', () => {
    expect(
      sourceText(
        {
          utm_source: 'google',
          utm_medium: 'cpc',
          utm_campaign: 'Spring sale',
          utm_term: 'home inspection',
          utm_content: 'ad-b',
          gclid: 'EAIaIQobChMI',
        },
        true,
      ),
    ).toBe('Source: google / cpc · campaign Spring sale · term home inspection · content ad-b · Google Ads click');
  });

  it('writes what the link named and nothing for what it did not', () => {
    expect(sourceText({ utm_source: 'newsletter' }, true)).toBe('Source: newsletter');
    expect(sourceText({ utm_medium: 'email', utm_campaign: 'june' }, true)).toBe(
      'Source: medium email · campaign june',
    );
    expect(sourceText({ gclid: 'x' }, true)).toBe('Source: Google Ads click');
  });

  it('calls a visit without a campaign direct, and gives a phone booking no line', () => {
    expect(sourceText({}, true)).toBe('Source: direct (no campaign in the link)');
    expect(sourceText({}, false)).toBeNull();
    expect(sourceText({ utm_source: 'google' }, false)).toBe('Source: google');
  });
});
