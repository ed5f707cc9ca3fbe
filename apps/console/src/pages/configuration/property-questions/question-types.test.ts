import { describe, expect, it } from 'vitest';
import { CONTROL_TYPES } from '@scheduler/contracts/company-document';
import { QUESTION_TYPES, QUESTION_TYPE_ORDER, isControlType, lengthHelp } from './question-types.ts';

describe('the kinds of property question', () => {
  it('describes every kind the document holds, each with a name of its own', () => {
    expect(Object.keys(QUESTION_TYPES).sort()).toEqual([...CONTROL_TYPES].sort());
    const names = Object.values(QUESTION_TYPES).map((info) => info.name);
    expect(new Set(names).size).toBe(names.length);
    expect(QUESTION_TYPE_ORDER).toEqual(CONTROL_TYPES);
  });

  it('gives what tiers count to every kind priced by tiers, and to no other', () => {
    for (const [type, info] of Object.entries(QUESTION_TYPES))
      expect([type, info.price === 'tiers']).toEqual([type, info.tiers !== undefined]);
  });

  it('treats only the boxes that reveal more as answered when checked', () => {
    const triggered = Object.entries(QUESTION_TYPES)
      .filter(([, info]) => info.triggered)
      .map(([type]) => type);
    expect(triggered.sort()).toEqual(['TriggeredDropDown', 'TriggeredTextBox']);
    expect(QUESTION_TYPES.TriggeredDropDown.options).toBe('texts');
  });

  it('knows its kinds by name', () => {
    expect(isControlType('DropDown')).toBe(true);
    expect(isControlType('dropdown')).toBe(false);
    expect(isControlType('Slider')).toBe(false);
  });

  it("says what a length means for each kind, with the wizard's fallback at 0", () => {
    expect(lengthHelp('TextBox', 1000)).toBe('The most characters a visitor may type: 0 to 1,000; 0 means 24.');
    expect(lengthHelp('Text', 20000)).toBe('The most characters a visitor may type: 0 to 20,000; 0 or 1 means 255.');
    expect(lengthHelp('TriggeredTextBox', 500)).toBe(
      'The most characters a visitor may type: 0 to 500; 0 means no limit.',
    );
  });
});
