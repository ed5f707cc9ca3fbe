import { describe, expect, it } from 'vitest';
import {
  documentNames,
  modifierSentences,
  questionRuleOf,
  questionRuleWords,
  waiverSentences,
} from './pricing-words.ts';
import {
  CRAWLSPACE,
  DOCUMENT,
  HOME,
  LUXURY,
  MODIFIERS,
  POOL,
  RADON,
  WAIVERS,
} from '../../../test-support/configuration-documents/pricing-test-document.ts';

const names = documentNames(DOCUMENT, 'USD');

describe('the rules shown in words', () => {
  it('says a foundation-type fee and a question fee with the names of the questions and options', () => {
    expect(questionRuleWords(questionRuleOf(CRAWLSPACE)!, names)).toBe(
      'By foundation type: “Crawlspace” adds $35.00; “Pier and beam” adds $50.00.',
    );
    expect(questionRuleWords(questionRuleOf(POOL)!, names)).toBe(
      'By the question “Is there a pool?”: checked adds $40.00.',
    );
    expect(questionRuleOf(LUXURY)).toBeNull();
  });

  it('says a question or option the document no longer has as such', () => {
    const rule = {
      kind: 'control' as const,
      control_id: 99,
      checked_cents: 0,
      options: [
        { option: 5, amount_cents: 100 },
        { option: 'Yes', amount_cents: 200 },
      ],
    };
    expect(questionRuleWords(rule, names)).toBe(
      'By the question question 99 (no longer asked): option 5 adds $1.00; “Yes” adds $2.00.',
    );
    expect(questionRuleWords({ ...rule, options: [] }, names)).toBe(
      'By the question question 99 (no longer asked): adds nothing.',
    );
  });

  it('says a service modifier, always or with other services', () => {
    expect(modifierSentences(MODIFIERS, names)).toEqual([
      'Radon with an inspection: Radon Testing costs $25.00 less when ordered with Single-Family Home Inspection or Condo Inspection.',
    ]);
    const always = {
      code: 'x',
      description: 'Two off',
      services: [HOME, RADON],
      discount: { kind: 'percent', percent: 5 },
    };
    expect(modifierSentences([always, { broken: true }], names)).toEqual([
      'Two off: Single-Family Home Inspection and Radon Testing each cost 5% less, always.',
      'A discount this page cannot read: it is kept as it is.',
    ]);
  });

  it("says a package's waived fees by their descriptions, and a package no longer offered", () => {
    expect(waiverSentences(WAIVERS, names)).toEqual([
      'Home and Radon includes Home size adjustment, Crawlspace access: shown in the package, not charged.',
    ]);
    expect(waiverSentences([{ package_id: 9, fee_codes: ['gone'] }], names)).toEqual([
      'package 9 (no longer offered) includes gone: shown in the package, not charged.',
    ]);
  });
});
