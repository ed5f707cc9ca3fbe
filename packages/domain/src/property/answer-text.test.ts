import { describe, expect, it } from 'vitest';
import { answeredQuestions, foundationText, type ControlText } from './answer-text.ts';

const CONTROLS: ControlText[] = [
  { id: 1, type: 'SquareFeet', label: 'Square Feet', options: [] },
  {
    id: 4,
    type: 'FoundationType',
    label: 'Foundation',
    options: [
      { id: 1, value: 'Basement' },
      { id: 2, value: 'Crawlspace' },
    ],
  },
  {
    id: 5,
    type: 'DropDown',
    label: 'Occupancy',
    options: [
      { id: 1, value: 'Occupied by the seller' },
      { id: 3, value: 'Vacant' },
    ],
  },
  { id: 6, type: 'CheckBox', label: 'Water, gas and electric will be on', options: [] },
  {
    id: 7,
    type: 'TriggeredDropDown',
    label: 'The property has a pool or spa',
    options: ['In-ground pool', 'Hot tub or spa'],
  },
  { id: 8, type: 'TriggeredTextBox', label: 'Detached structures to inspect', options: [] },
  { id: 9, type: 'TextBox', label: 'Lockbox or gate code', options: [] },
  { id: 10, type: 'Text', label: 'Access notes', options: [] },
  { id: 11, type: 'Date', label: 'Inspection contingency deadline', options: [] },
];
const row = (controlId: number, value: string | null, checked = false) => ({ controlId, value, checked });

describe("an order's answers as the office reads them", () => {
  it("gives each answered question's label and its answer in words, in the company's order", () => {
    const answers = [
      row(10, 'Two dogs, "friendly"\nAlarm 1234'),
      row(5, '3'),
      row(6, null, true),
      row(7, 'Hot tub or spa', true),
      row(8, 'Barn', true),
      row(9, '4417'),
      row(11, '2026-12-04'),
    ];
    expect(answeredQuestions(CONTROLS, answers)).toEqual([
      { question: 'Occupancy', answer: 'Vacant' },
      { question: 'Water, gas and electric will be on', answer: 'Yes' },
      { question: 'The property has a pool or spa', answer: 'Hot tub or spa' },
      { question: 'Detached structures to inspect', answer: 'Barn' },
      { question: 'Lockbox or gate code', answer: '4417' },
      { question: 'Access notes', answer: 'Two dogs, "friendly"\nAlarm 1234' },
      { question: 'Inspection contingency deadline', answer: '2026-12-04' },
    ]);
  });

  it('leaves out what was not answered, an option no longer offered, and answers of questions the company does not have', () => {
    const answers = [
      row(5, '2'),
      row(6, null, false),
      row(7, null, false),
      row(8, '', false),
      row(9, '  '),
      row(1, '1800'),
      row(99, 'foreign'),
    ];
    expect(answeredQuestions(CONTROLS, answers)).toEqual([]);
  });

  it('says "Yes" for a checked triggered question without its choice or text', () => {
    expect(answeredQuestions(CONTROLS, [row(8, '', true)])).toEqual([
      { question: 'Detached structures to inspect', answer: 'Yes' },
    ]);
  });

  it("names the order's foundation type by its option's text", () => {
    expect(foundationText(CONTROLS, 2)).toBe('Crawlspace');
    expect(foundationText(CONTROLS, null)).toBe('');
    expect(foundationText(CONTROLS, 9)).toBe('');
    expect(foundationText([], 2)).toBe('');
  });
});
