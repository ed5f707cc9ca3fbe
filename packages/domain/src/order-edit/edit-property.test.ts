import { describe, expect, it } from 'vitest';
import type { ControlText } from '../property/answer-text.ts';
import type { StoredPropertyAnswers } from '../property/property-answers.ts';
import { editChangeText } from './edit-changes.ts';
import { propertyChanges } from './edit-property.ts';

const question = (id: number, type: ControlText['type'], label: string, options: ControlText['options'] = []) => ({
  id,
  type,
  label,
  options,
});
const CONTROLS: ControlText[] = [
  question(1, 'SquareFeet', 'Square Feet'),
  question(3, 'SalesPrice', 'Sale Price'),
  question(
    4,
    'FoundationType',
    'Foundation',
    ['Basement', 'Crawlspace'].map((value, at) => ({ id: at + 1, value })),
  ),
  question(6, 'CheckBox', 'Utilities on'),
  question(7, 'TriggeredDropDown', 'Pool or spa', ['In-ground pool', 'Hot tub']),
  question(13, 'ReferReason', 'How did you hear about us?', [{ id: 1, value: 'My agent' }]),
];
const BOOKED: StoredPropertyAnswers = {
  sqft: 2000,
  yearBuilt: 1990,
  salesPrice: '300,000',
  foundationTypeId: 1,
  referReason: '1',
  referReasonOther: '',
  answers: [{ controlId: 6, value: null, checked: true }],
};

describe('propertyChanges', () => {
  it("says each changed answer by the company's question, options by their words, in the order asked", () => {
    const after: StoredPropertyAnswers = {
      ...BOOKED,
      sqft: 2400,
      salesPrice: '0',
      foundationTypeId: 2,
      referReason: 'other',
      referReasonOther: 'A neighbour',
      answers: [
        { controlId: 6, value: null, checked: false },
        { controlId: 7, value: 'Hot tub', checked: true },
      ],
    };
    expect(propertyChanges(CONTROLS, BOOKED, after).map(editChangeText)).toEqual([
      'Square Feet: 2,000 → 2,400',
      'Sale Price: $300,000 → (none)',
      'Foundation: Basement → Crawlspace',
      'Utilities on: Yes → (none)',
      'Pool or spa: (none) → Hot tub',
      'How did you hear about us?: My agent → Other: A neighbour',
    ]);
  });

  it('finds nothing changed when the answers are the same (a year not asked about is not said)', () => {
    expect(propertyChanges(CONTROLS, BOOKED, { ...BOOKED, yearBuilt: 2001 })).toEqual([]);
  });
});
