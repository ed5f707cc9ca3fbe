import { describe, expect, it } from 'vitest';
import { setPropertyInfoBodySchema } from '@scheduler/contracts/property';
import { answerMaxLength, checkPropertyAnswers, type ControlRule } from './property-answers.ts';

const CONTROLS: ControlRule[] = [
  { id: 1, type: 'SquareFeet', label: 'Square Feet', length: 0, required: true, options: [] },
  { id: 2, type: 'YearBuilt', label: 'Year Built', length: 4, required: false, options: [] },
  { id: 4, type: 'FoundationType', label: 'Foundation', length: 0, required: true, options: [{ id: 7, value: 'Basement' }, { id: 8, value: 'Slab' }] },
  { id: 5, type: 'DropDown', label: 'Occupancy', length: 0, required: true, options: [{ id: 1, value: 'Occupied' }] },
  { id: 7, type: 'TriggeredDropDown', label: 'Pool', length: 0, required: false, options: ['In-ground pool'] },
  { id: 8, type: 'TriggeredTextBox', label: 'Outbuildings', length: 60, required: false, options: [] },
  { id: 9, type: 'TextBox', label: 'Gate code', length: 0, required: false, options: [] },
];
const body = (changes: Record<string, unknown> = {}) => setPropertyInfoBodySchema.parse({ sqft: 1800, controls: [{ id: 5, value: '1' }], ...changes });
const check = (changes: Record<string, unknown> = {}) => checkPropertyAnswers(CONTROLS, body(changes), 2026);

describe('checkPropertyAnswers (spec 5.6)', () => {
  it('keeps the answers, the first foundation option when none was chosen, and only answer-type controls as rows', () => {
    const result = check({ yb: 1975, controls: [{ id: 5, value: '1' }, { id: 7, value: null, checked: false }] });
    expect(result).toEqual({
      ok: true,
      answers: { sqft: 1800, yearBuilt: 1975, salesPrice: '', foundationTypeId: 7, referReason: '', referReasonOther: '', answers: [{ id: 5, value: '1', checked: false }, { id: 7, value: null, checked: false }] },
    });
  });

  it.each([
    [{ sqft: 0 }, 'sqft'],
    [{ yb: 1200 }, 'yb'],
    [{ yb: 2027 }, 'yb'],
    [{ foundation_type: 9 }, 'foundation_type'],
    [{ controls: [] }, 'controls.5'],
    [{ controls: [{ id: 5, value: '2' }] }, 'controls.5'],
    [{ controls: [{ id: 5, value: '1' }, { id: 7, value: 'Lake', checked: true }] }, 'controls.7'],
    [{ controls: [{ id: 5, value: '1' }, { id: 8, value: ' ', checked: true }] }, 'controls.8'],
    [{ controls: [{ id: 5, value: '1' }, { id: 9, value: 'x'.repeat(25) }] }, 'controls.9'],
    [{ controls: [{ id: 5, value: '1' }, { id: 5, value: '1' }] }, 'controls'],
    [{ controls: [{ id: 5, value: '1' }, { id: 99, value: 'x' }] }, 'controls'],
  ])('refuses %j naming %s', (changes, field) => {
    const result = check(changes);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem.field).toBe(field);
  });

  it('validates a triggered control only while its box is checked', () => {
    expect(check({ controls: [{ id: 5, value: '1' }, { id: 8, value: '', checked: false }] }).ok).toBe(true);
  });

  it('gives typed answers their spec lengths', () => {
    expect(answerMaxLength({ type: 'TextBox', length: 0 })).toBe(24);
    expect(answerMaxLength({ type: 'TextBox', length: 40 })).toBe(40);
    expect(answerMaxLength({ type: 'Text', length: 1 })).toBe(255);
    expect(answerMaxLength({ type: 'Text', length: 500 })).toBe(500);
    expect(answerMaxLength({ type: 'CheckBox', length: 10 })).toBeNull();
  });
});
