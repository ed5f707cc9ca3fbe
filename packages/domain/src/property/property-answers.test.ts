import { describe, expect, it } from 'vitest';
import { setPropertyInfoBodySchema } from '@scheduler/contracts/property';
import { answerMaxLength, checkPropertyAnswers, storedPropertyBody, type ControlRule } from './property-answers.ts';

const CONTROLS: ControlRule[] = [
  { id: 1, type: 'SquareFeet', label: 'Square Feet', length: 0, required: true, options: [] },
  { id: 2, type: 'YearBuilt', label: 'Year Built', length: 4, required: false, options: [] },
  {
    id: 4,
    type: 'FoundationType',
    label: 'Foundation',
    length: 0,
    required: true,
    options: [
      { id: 7, value: 'Basement' },
      { id: 8, value: 'Slab' },
    ],
  },
  { id: 5, type: 'DropDown', label: 'Occupancy', length: 0, required: true, options: [{ id: 1, value: 'Occupied' }] },
  { id: 7, type: 'TriggeredDropDown', label: 'Pool', length: 0, required: false, options: ['In-ground pool'] },
  { id: 8, type: 'TriggeredTextBox', label: 'Outbuildings', length: 60, required: false, options: [] },
  { id: 9, type: 'TextBox', label: 'Gate code', length: 0, required: false, options: [] },
];
const body = (changes: Record<string, unknown> = {}) =>
  setPropertyInfoBodySchema.parse({ sqft: 1800, controls: [{ id: 5, value: '1' }], ...changes });
const check = (changes: Record<string, unknown> = {}) => checkPropertyAnswers(CONTROLS, body(changes), 2026);

describe('checkPropertyAnswers (spec 5.6)', () => {
  it('keeps the answers, the first foundation option when none was chosen, and only answer-type controls as rows', () => {
    const result = check({
      yb: 1975,
      controls: [
        { id: 5, value: '1' },
        { id: 7, value: null, checked: false },
      ],
    });
    expect(result).toEqual({
      ok: true,
      answers: {
        sqft: 1800,
        yearBuilt: 1975,
        salesPrice: '',
        foundationTypeId: 7,
        referReason: '',
        referReasonOther: '',
        answers: [
          { id: 5, value: '1', checked: false },
          { id: 7, value: null, checked: false },
        ],
      },
    });
  });

  it.each([
    [{ sqft: 0 }, 'sqft'],
    [{ yb: 1200 }, 'yb'],
    [{ yb: 2027 }, 'yb'],
    [{ foundation_type: 9 }, 'foundation_type'],
    [{ controls: [] }, 'controls.5'],
    [{ controls: [{ id: 5, value: '2' }] }, 'controls.5'],
    [
      {
        controls: [
          { id: 5, value: '1' },
          { id: 7, value: 'Lake', checked: true },
        ],
      },
      'controls.7',
    ],
    [
      {
        controls: [
          { id: 5, value: '1' },
          { id: 8, value: ' ', checked: true },
        ],
      },
      'controls.8',
    ],
    [
      {
        controls: [
          { id: 5, value: '1' },
          { id: 9, value: 'x'.repeat(25) },
        ],
      },
      'controls.9',
    ],
    [
      {
        controls: [
          { id: 5, value: '1' },
          { id: 5, value: '1' },
        ],
      },
      'controls',
    ],
    [
      {
        controls: [
          { id: 5, value: '1' },
          { id: 99, value: 'x' },
        ],
      },
      'controls',
    ],
  ])('refuses %j naming %s', (changes, field) => {
    const result = check(changes);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem.field).toBe(field);
  });

  // Issue 20: a number out of range is refused with the range it wants, at each bound.
  it.each([
    [{ sqft: 1 }, true],
    [{ sqft: 100_000 }, true],
    [{ sqft: 100_001 }, 'Square Feet must be a whole number from 1 to 100,000.'],
    [{ yb: 1201 }, true],
    [{ yb: 2026 }, true],
    [{ yb: 1200 }, 'Year Built must be a year from 1201 to 2026.'],
    [{ yb: 2027 }, 'Year Built must be a year from 1201 to 2026.'],
  ])('square feet and year built at their bounds: %j', (changes, outcome) => {
    const result = check(changes);
    if (outcome === true) expect(result.ok).toBe(true);
    else expect(result).toEqual({ ok: false, problem: { field: Object.keys(changes)[0], message: outcome } });
  });

  it('names the range for square feet out of it even when the company does not require them, and takes 0 as not given', () => {
    const optional = CONTROLS.map((control) =>
      control.type === 'SquareFeet' ? { ...control, required: false } : control,
    );
    expect(checkPropertyAnswers(optional, body({ sqft: 250_000 }), 2026)).toMatchObject({
      ok: false,
      problem: { field: 'sqft' },
    });
    expect(checkPropertyAnswers(optional, body({ sqft: 0 }), 2026)).toMatchObject({ ok: true });
    expect(check({ sqft: 0 })).toEqual({ ok: false, problem: { field: 'sqft', message: 'Square Feet is required.' } });
  });

  it('validates a triggered control only while its box is checked', () => {
    expect(
      check({
        controls: [
          { id: 5, value: '1' },
          { id: 8, value: '', checked: false },
        ],
      }).ok,
    ).toBe(true);
  });

  it('gives typed answers their spec lengths', () => {
    expect(answerMaxLength({ type: 'TextBox', length: 0 })).toBe(24);
    expect(answerMaxLength({ type: 'TextBox', length: 40 })).toBe(40);
    expect(answerMaxLength({ type: 'Text', length: 1 })).toBe(255);
    expect(answerMaxLength({ type: 'Text', length: 500 })).toBe(500);
    expect(answerMaxLength({ type: 'CheckBox', length: 10 })).toBeNull();
  });

  // Issue 22: each kind of question's rule, with its exact words, where StrykerJS found mutants no test noticed.
  describe('each kind of question', () => {
    const MORE: ControlRule[] = [
      ...CONTROLS,
      { id: 20, type: 'CheckBox', label: 'Utilities on', length: 0, required: true, options: [] },
      { id: 21, type: 'CheckBox', label: 'Pets on site', length: 0, required: false, options: [] },
      { id: 22, type: 'SalesPrice', label: 'Sale price', length: 0, required: true, options: [] },
      {
        id: 23,
        type: 'ReferReason',
        label: 'How did you hear of us',
        length: 0,
        required: true,
        options: [{ id: 3, value: 'Agent' }],
      },
      { id: 24, type: 'DropDown', label: 'Bedrooms', length: 0, required: false, options: [{ id: 1, value: 'Two' }] },
      { id: 25, type: 'YearBuilt', label: 'Built in', length: 4, required: true, options: [] },
    ];
    const answered = [
      { id: 5, value: '1' },
      { id: 20, value: null, checked: true },
    ];
    const full = (changes: Record<string, unknown> = {}) =>
      checkPropertyAnswers(
        MORE,
        setPropertyInfoBodySchema.parse({
          sqft: 1800,
          yb: 1990,
          sales_price: '350,000',
          refer_reason: '3',
          controls: answered,
          ...changes,
        }),
        2026,
      );
    const problem = (changes: Record<string, unknown>) => {
      const result = full(changes);
      return result.ok ? null : result.problem;
    };

    it('passes a complete answer and keeps what it stores', () => {
      expect(full()).toMatchObject({
        ok: true,
        answers: {
          sqft: 1800,
          yearBuilt: 1990,
          salesPrice: '350,000',
          foundationTypeId: 7,
          referReason: '3',
          referReasonOther: '',
        },
      });
    });

    it('a required checkbox must be checked; an optional one may stay unchecked', () => {
      expect(
        problem({
          controls: [
            { id: 5, value: '1' },
            { id: 20, value: null, checked: false },
          ],
        }),
      ).toEqual({ field: 'controls.20', message: 'Utilities on is required.' });
      expect(problem({ controls: [{ id: 5, value: '1' }] })).toEqual({
        field: 'controls.20',
        message: 'Utilities on is required.',
      });
      expect(problem({ controls: [...answered, { id: 21, value: null, checked: false }] })).toBeNull();
    });

    it('a checked triggered dropdown takes one of its option texts only', () => {
      expect(problem({ controls: [...answered, { id: 7, value: 'In-ground pool', checked: true }] })).toBeNull();
      expect(problem({ controls: [...answered, { id: 7, value: 'Lake', checked: true }] })).toEqual({
        field: 'controls.7',
        message: 'Pool: choose one of the options.',
      });
      expect(problem({ controls: [...answered, { id: 7, value: '', checked: true }] })).toEqual({
        field: 'controls.7',
        message: 'Pool: choose one of the options.',
      });
      expect(problem({ controls: [...answered, { id: 7, value: 'Lake', checked: false }] })).toBeNull();
    });

    it('a checked triggered text box needs its text; an optional dropdown may stay empty but not take another id', () => {
      expect(problem({ controls: [...answered, { id: 8, value: '', checked: true }] })).toEqual({
        field: 'controls.8',
        message: 'Outbuildings is required.',
      });
      expect(problem({ controls: [...answered, { id: 8, value: 'A barn', checked: true }] })).toBeNull();
      expect(problem({ controls: [...answered, { id: 24, value: '' }] })).toBeNull();
      expect(problem({ controls: [...answered, { id: 24, value: '9' }] })).toEqual({
        field: 'controls.24',
        message: 'Bedrooms: choose one of the options.',
      });
      expect(
        problem({
          controls: [
            { id: 5, value: '' },
            { id: 20, value: null, checked: true },
          ],
        }),
      ).toEqual({ field: 'controls.5', message: 'Occupancy is required.' });
    });

    it('a typed answer may be exactly its length, not one more', () => {
      expect(problem({ controls: [...answered, { id: 9, value: 'x'.repeat(24) }] })).toBeNull();
      expect(problem({ controls: [...answered, { id: 9, value: 'x'.repeat(25) }] })).toEqual({
        field: 'controls.9',
        message: 'Gate code is at most 24 characters.',
      });
    });

    it('a required year or sale price must be given (0 and zeros are none), with its own label', () => {
      const withoutFirstYear = MORE.filter((control) => control.id !== 2);
      const check2 = (changes: Record<string, unknown>) => {
        const result = checkPropertyAnswers(
          withoutFirstYear,
          setPropertyInfoBodySchema.parse({
            sqft: 1800,
            sales_price: '350,000',
            refer_reason: '3',
            controls: answered,
            ...changes,
          }),
          2026,
        );
        return result.ok ? null : result.problem;
      };
      expect(check2({ yb: 0 })).toEqual({ field: 'yb', message: 'Built in is required.' });
      expect(check2({ yb: 1900 })).toBeNull();
      expect(check2({ yb: 1200 })).toEqual({ field: 'yb', message: 'Built in must be a year from 1201 to 2026.' });
      expect(problem({ sales_price: '0,000' })).toEqual({ field: 'sales_price', message: 'Sale price is required.' });
      expect(problem({ sales_price: '' })).toEqual({ field: 'sales_price', message: 'Sale price is required.' });
      expect(problem({ sales_price: '100' })).toBeNull();
    });

    it('a foundation or referral must be one of their options; a referral of "other" keeps its text, any other drops it', () => {
      expect(problem({ foundation_type: 9 })).toEqual({
        field: 'foundation_type',
        message: 'Foundation: choose one of the options.',
      });
      expect(full({ foundation_type: 8 })).toMatchObject({ ok: true, answers: { foundationTypeId: 8 } });
      expect(problem({ refer_reason: '4' })).toEqual({
        field: 'refer_reason',
        message: 'How did you hear of us: choose one of the options.',
      });
      expect(problem({ refer_reason: '' })).toEqual({
        field: 'refer_reason',
        message: 'How did you hear of us is required.',
      });
      expect(full({ refer_reason: 'other', refer_reason_other: 'A neighbour' })).toMatchObject({
        ok: true,
        answers: { referReason: 'other', referReasonOther: 'A neighbour' },
      });
      expect(full({ refer_reason: '3', refer_reason_other: 'A neighbour' })).toMatchObject({
        ok: true,
        answers: { referReasonOther: '' },
      });
    });

    it('without a foundation or referral question, any given one is refused by its default name', () => {
      const bare: ControlRule[] = [
        { id: 1, type: 'SquareFeet', label: 'Square Feet', length: 0, required: false, options: [] },
      ];
      const refused = (changes: Record<string, unknown>) =>
        checkPropertyAnswers(bare, setPropertyInfoBodySchema.parse({ ...changes }), 2026);
      expect(refused({ foundation_type: 7 })).toEqual({
        ok: false,
        problem: { field: 'foundation_type', message: 'Foundation type: choose one of the options.' },
      });
      expect(refused({ refer_reason: '3' })).toEqual({
        ok: false,
        problem: { field: 'refer_reason', message: 'Referral: choose one of the options.' },
      });
      expect(refused({ yb: 1100 })).toEqual({
        ok: false,
        problem: { field: 'yb', message: 'Year Built must be a year from 1201 to 2026.' },
      });
      expect(refused({})).toMatchObject({ ok: true, answers: { foundationTypeId: null } });
    });

    it('names an unknown or repeated question by its id', () => {
      expect(problem({ controls: [...answered, { id: 99, value: 'x' }] })).toEqual({
        field: 'controls',
        message: "Question 99 is not one of this company's questions.",
      });
      expect(problem({ controls: [...answered, { id: 5, value: '1' }] })).toEqual({
        field: 'controls',
        message: 'Question 5 is answered twice.',
      });
    });

    // (The answers come back in the company's order of questions, not the body's.)
    it('reads stored answers back as the body that stored them', () => {
      const result = full({ controls: [...answered, { id: 7, value: 'In-ground pool', checked: true }] });
      if (!result.ok) throw new Error('expected ok');
      const stored = {
        ...result.answers,
        answers: result.answers.answers.map((a) => ({
          controlId: a.id,
          value: a.value ?? null,
          checked: a.checked ?? false,
        })),
      };
      expect(storedPropertyBody(stored)).toEqual({
        sqft: 1800,
        yb: 1990,
        sales_price: '350,000',
        foundation_type: 7,
        refer_reason: '3',
        refer_reason_other: '',
        controls: [
          { id: 5, value: '1', checked: false },
          { id: 7, value: 'In-ground pool', checked: true },
          { id: 20, value: null, checked: true },
        ],
      });
      expect(storedPropertyBody({ ...stored, foundationTypeId: null }).foundation_type).toBe('');
    });
  });

  it('takes a date answer only as an ISO date of the calendar (DECISIONS 3.3), and requires it when the company does', () => {
    const dated: ControlRule[] = [
      ...CONTROLS.filter((c) => c.type !== 'SquareFeet'),
      { id: 30, type: 'ClosingDate', label: 'Closing date', length: 0, required: true, options: [] },
    ];
    const check = (value: string | null) =>
      checkPropertyAnswers(
        dated,
        setPropertyInfoBodySchema.parse({
          controls: [
            { id: 5, value: '1' },
            { id: 30, value },
          ],
        }),
        2026,
      );
    expect(check('2026-12-31')).toMatchObject({ ok: true });
    expect(check('2028-02-29')).toMatchObject({ ok: true });
    expect(check('2026-02-29')).toEqual({
      ok: false,
      problem: { field: 'controls.30', message: 'Closing date must be a date written as YYYY-MM-DD.' },
    });
    expect(check('12/31/2026')).toEqual({
      ok: false,
      problem: { field: 'controls.30', message: 'Closing date must be a date written as YYYY-MM-DD.' },
    });
    expect(check(null)).toEqual({ ok: false, problem: { field: 'controls.30', message: 'Closing date is required.' } });
  });
});
