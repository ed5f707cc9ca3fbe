import { describe, expect, it } from 'vitest';
import { companyDocumentSchema, CONTROL_TYPES, type ControlType } from '@scheduler/contracts/company-document';
import { parsePrice, PRICE_PROBLEM, priceText, shownPrice } from './price-text.ts';
import { QUESTION_TYPES } from './question-types.ts';
import {
  applyQuestionsForm,
  feesReferencing,
  formFieldOfRefusal,
  newQuestionRow,
  nextChoiceId,
  nextQuestionId,
  otherFeesOf,
  ownFeeOf,
  pricingFeesOf,
  questionsFormValues,
  questionsOf,
  slugOf,
  uniqueName,
  type QuestionRow,
  type QuestionsFormValues,
} from './questions-form.ts';

type Document = Record<string, unknown>;

const SERVICE = 'a1c0ffee-0000-4000-8000-000000000001';

/** The other fees of the document: none of them the page's, each left exactly as it is. */
const CRAWLSPACE = {
  code: 'crawlspace',
  description: 'Crawlspace access',
  scope: 'service',
  services: [SERVICE],
  rule: { kind: 'foundation_type', options: [{ option_id: 2, amount_cents: 3500 }] },
};
const LUXURY = {
  code: 'luxury-home',
  description: 'Luxury home',
  scope: 'order',
  services: [],
  rule: { kind: 'sales_price_tiers', tiers: [{ up_to_cents: null, amount_cents: 15000 }] },
};
const VACANT_SURCHARGE = {
  code: 'vacant',
  description: 'Vacant home visit',
  scope: 'order',
  services: [],
  rule: { kind: 'control', control_id: 5, checked_cents: 0, options: [{ option: 3, amount_cents: 1000 }] },
};
/** The page's own fee for the pool question (id 7). */
const POOL_FEE = {
  code: 'question-pool-spa',
  description: 'The property has a pool or spa',
  scope: 'order',
  services: [],
  rule: {
    kind: 'control',
    control_id: 7,
    checked_cents: 5000,
    options: [{ option: 'Hot tub or spa', amount_cents: 2500 }],
  },
};

/** One question of each of the 13 kinds, out of sort order in the list, some fields left to their defaults. */
const QUESTIONS = [
  { id: 2, slug: 'year-built', type: 'YearBuilt', label: 'Year Built', length: 4, required: true, fee: true, sort: 2 },
  { id: 1, slug: 'square-feet', type: 'SquareFeet', label: 'Square Feet', required: true, fee: true, sort: 1 },
  { id: 3, slug: 'sale-price', type: 'SalesPrice', label: 'Sale Price', sort: 3 },
  {
    id: 4,
    slug: 'foundation',
    type: 'FoundationType',
    label: 'Foundation',
    required: true,
    options: [
      { id: 1, value: 'Basement' },
      { id: 2, value: 'Crawlspace' },
    ],
    sort: 4,
  },
  {
    id: 5,
    slug: 'occupancy',
    type: 'DropDown',
    label: 'Occupancy',
    options: [
      { id: 1, value: 'Seller' },
      { id: 3, value: 'Vacant' },
    ],
    sort: 5,
    extra_field: 'kept',
  },
  {
    id: 6,
    slug: 'utilities-on',
    type: 'CheckBox',
    label: 'Utilities will be on',
    required: true,
    description: 'Systems without utilities cannot be tested.',
    sort: 6,
  },
  {
    id: 7,
    slug: 'pool-spa',
    type: 'TriggeredDropDown',
    label: 'The property has a pool or spa',
    fee: true,
    text_box_label: 'Which?',
    options: ['In-ground pool', 'Hot tub or spa'],
    sort: 7,
  },
  {
    id: 8,
    slug: 'outbuildings',
    type: 'TriggeredTextBox',
    label: 'Detached structures',
    description: 'Which structures?',
    length: 60,
    sort: 8,
  },
  { id: 9, slug: 'lockbox', type: 'TextBox', label: 'Lockbox code', length: 24, sort: 9 },
  { id: 10, slug: 'access-notes', type: 'Text', label: 'Access notes', length: 500, sort: 10 },
  { id: 11, slug: 'contingency', type: 'Date', label: 'Contingency deadline', sort: 11 },
  { id: 12, slug: 'closing', type: 'ClosingDate', label: 'Closing Date', sort: 12 },
  {
    id: 13,
    slug: 'referral',
    type: 'ReferReason',
    label: 'How did you hear about us?',
    options: [
      { id: 1, value: 'Agent' },
      { id: 2, value: 'Search' },
    ],
    sort: 13,
  },
];

const DOCUMENT: Document = {
  key: 'demo',
  name: 'Demo',
  currency: 'USD',
  unknown_part: { anything: [1, 2] },
  fees: [
    {
      code: 'home-size',
      description: 'Home size',
      scope: 'service',
      services: [SERVICE],
      rule: { kind: 'flat', amount_cents: 100 },
    },
  ],
  property_controls: QUESTIONS,
  pricing: { fees: [CRAWLSPACE, POOL_FEE, LUXURY, VACANT_SURCHARGE], coupons: [], convenience_fee_message: 'Kept.' },
};

const values = (document: Document = DOCUMENT) => questionsFormValues(document);
const rowOf = (form: QuestionsFormValues, id: number) => form.questions.find((row) => row.questionId === id)!;

function edit(form: QuestionsFormValues, id: number, change: Partial<QuestionRow>): QuestionsFormValues {
  return { ...form, questions: form.questions.map((row) => (row.questionId === id ? { ...row, ...change } : row)) };
}

function applied(form: QuestionsFormValues, document: Document = DOCUMENT): Document {
  const result = applyQuestionsForm(document, form);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.document;
}

const problemsOf = (form: QuestionsFormValues, document: Document = DOCUMENT) => {
  const result = applyQuestionsForm(document, form);
  return result.ok ? [] : result.problems;
};
const controlsOf = (document: Document) => document.property_controls as Array<Record<string, unknown>>;
const feesOf = (document: Document) => (document.pricing as { fees: unknown[] }).fees;

describe('reading the questions', () => {
  it('lists them in the order the wizard shows them (by sort, then id)', () => {
    expect(values().questions.map((row) => row.questionId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(values().removedFees).toEqual([]);
  });

  it('has a description in plain words for every one of the 13 kinds', () => {
    expect(Object.keys(QUESTION_TYPES).sort()).toEqual([...CONTROL_TYPES].sort());
    for (const type of CONTROL_TYPES) expect(QUESTION_TYPES[type].description).toMatch(/^[A-Z].{10,100}\.$/);
  });

  it.each(QUESTIONS.map((q) => [q.type, q] as const))(
    'maps a %s question to the form with its defaults filled in',
    (type, question) => {
      const row = rowOf(values(), question.id);
      expect(row.type).toBe(type);
      expect(row.label).toBe(question.label);
      expect(row.slug).toBe(question.slug);
      expect(row.required).toBe(question.required ?? false);
      expect(row.description).toBe(question.description ?? '');
      expect(row.textBoxLabel).toBe(question.text_box_label ?? '');
      expect(row.length).toBe(String(question.length ?? 0));
      const options = question.options ?? [];
      expect(row.choices.map((c) => c.value)).toEqual(options.map((o) => (typeof o === 'string' ? o : o.value)));
    },
  );

  it.each([...CONTROL_TYPES])('writes an untouched %s question back exactly as it was', (type: ControlType) => {
    const document = { ...DOCUMENT, property_controls: QUESTIONS.filter((q) => q.type === type) };
    expect(applied(values(document), document)).toEqual(document);
  });

  it('writes the whole untouched document back as it was, unknown parts and other fees included', () => {
    expect(applied(values())).toEqual(DOCUMENT);
    // pricing is not even rewritten when no fee changes.
    expect(applied(values()).pricing).toBe(DOCUMENT.pricing);
    expect(applied(values({ key: 'empty' }), { key: 'empty' })).toEqual({ key: 'empty' });
  });

  it('gives a TriggeredDropDown’s plain-text choices ids in the form only, and writes plain text back', () => {
    expect(rowOf(values(), 7).choices).toEqual([
      { choiceId: 1, value: 'In-ground pool', price: '' },
      { choiceId: 2, value: 'Hot tub or spa', price: '25.00' },
    ]);
    const form = values();
    const row = rowOf(form, 7);
    const document = applied(
      edit(form, 7, { choices: [...row.choices, { choiceId: 3, value: 'Above-ground pool', price: '' }] }),
    );
    expect(controlsOf(document)[6]!.options).toEqual(['In-ground pool', 'Hot tub or spa', 'Above-ground pool']);
  });

  it('reads the question’s own fee into its price fields, and names the fees set elsewhere', () => {
    const fees = pricingFeesOf(DOCUMENT);
    expect(rowOf(values(), 7)).toMatchObject({ fee: true, checkedPrice: '50.00' });
    expect(ownFeeOf(fees, { id: 7, type: 'TriggeredDropDown' })?.code).toBe('question-pool-spa');
    // A service fee by another code follows the foundation and the occupancy: not the question's own.
    expect(ownFeeOf(fees, { id: 4, type: 'FoundationType' })).toBeUndefined();
    expect(otherFeesOf(fees, { id: 4, type: 'FoundationType' }, undefined).map((f) => f.code)).toEqual(['crawlspace']);
    expect(otherFeesOf(fees, { id: 5, type: 'DropDown' }, undefined).map((f) => f.code)).toEqual(['vacant']);
    expect(rowOf(values(), 4).choices.map((c) => c.price)).toEqual(['', '']);
  });

  it('shows a question with a price rule of its own as changing the price, even when its flag says not', () => {
    const document = { ...DOCUMENT, property_controls: QUESTIONS.map((q) => (q.id === 7 ? { ...q, fee: false } : q)) };
    expect(rowOf(values(document), 7).fee).toBe(true);
  });
});

describe('choices', () => {
  it('keeps a choice’s id when it is renamed or moved', () => {
    const form = values();
    const [seller, vacant] = rowOf(form, 5).choices;
    const document = applied(
      edit(form, 5, {
        choices: [
          { ...vacant!, value: 'Empty' },
          { ...seller!, value: 'The seller lives there' },
        ],
      }),
    );
    expect(controlsOf(document)[4]!.options).toEqual([
      { id: 3, value: 'Empty' },
      { id: 1, value: 'The seller lives there' },
    ]);
    // The other fee's option 3 still names the same choice.
    expect(feesOf(document)).toEqual(feesOf(DOCUMENT));
  });

  it('numbers a new choice after every id the question has had, a removed one included', () => {
    const loaded = questionsOf(DOCUMENT).find((q) => q.id === 5);
    expect(nextChoiceId([{ choiceId: 1 }], loaded)).toBe(4);
    expect(nextChoiceId([], undefined)).toBe(1);
    expect(nextChoiceId([{ choiceId: 1 }, { choiceId: 7 }], undefined)).toBe(8);
  });

  it('refuses a question of choices without any, an empty choice, one too long and one listed twice', () => {
    const form = values();
    expect(problemsOf(edit(form, 5, { choices: [] }))).toEqual([
      { field: 'questions.4.choices', message: 'Add at least one choice for the visitor to pick.' },
    ]);
    expect(
      problemsOf(
        edit(form, 5, {
          choices: [
            { choiceId: 1, value: ' ', price: '' },
            { choiceId: 2, value: 'x'.repeat(201), price: '' },
            { choiceId: 3, value: 'y'.repeat(200), price: '' },
            { choiceId: 4, value: 'Y'.repeat(200), price: '' },
          ],
        }),
      ),
    ).toEqual([
      { field: 'questions.4.choices.0.value', message: 'Enter the choice, or remove it.' },
      { field: 'questions.4.choices.1.value', message: 'At most 200 characters (now 201).' },
      { field: 'questions.4.choices.3.value', message: 'This choice is already in the list.' },
    ]);
  });

  it('drops the choices of a question whose new kind has none, and keeps them when it changes to another kind with choices', () => {
    const form = values();
    expect(controlsOf(applied(edit(form, 5, { type: 'TextBox' })))[4]).toEqual({
      ...QUESTIONS[4],
      type: 'TextBox',
      options: [],
    });
    expect(controlsOf(applied(edit(form, 5, { type: 'TriggeredDropDown' })))[4]!.options).toEqual(['Seller', 'Vacant']);
    expect(controlsOf(applied(edit(form, 7, { type: 'DropDown', fee: false })))[6]!.options).toEqual([
      { id: 1, value: 'In-ground pool' },
      { id: 2, value: 'Hot tub or spa' },
    ]);
  });
});

describe('each field and its bounds', () => {
  it('takes a label of 200 characters and refuses 201, or none', () => {
    const form = values();
    expect(controlsOf(applied(edit(form, 9, { label: 'x'.repeat(200) })))[8]!.label).toBe('x'.repeat(200));
    expect(problemsOf(edit(form, 9, { label: 'x'.repeat(201) }))).toEqual([
      { field: 'questions.8.label', message: 'At most 200 characters (now 201).' },
    ]);
    expect(problemsOf(edit(form, 9, { label: '   ' }))).toEqual([
      { field: 'questions.8.label', message: 'Enter the question the visitor reads.' },
    ]);
    expect(controlsOf(applied(edit(form, 9, { label: '  Gate code  ' })))[8]!.label).toBe('Gate code');
  });

  it('bounds the description at 500, the text box label at 200 and the length at 10,000', () => {
    const form = values();
    expect(
      controlsOf(
        applied(edit(form, 8, { description: 'd'.repeat(500), textBoxLabel: 't'.repeat(200), length: '10000' })),
      )[7],
    ).toEqual({ ...QUESTIONS[7], description: 'd'.repeat(500), text_box_label: 't'.repeat(200), length: 10000 });
    expect(
      problemsOf(edit(form, 8, { description: 'd'.repeat(501), textBoxLabel: 't'.repeat(201), length: '10001' })),
    ).toEqual([
      { field: 'questions.7.description', message: 'At most 500 characters (now 501).' },
      { field: 'questions.7.textBoxLabel', message: 'At most 200 characters (now 201).' },
      { field: 'questions.7.length', message: 'Enter a whole number from 0 to 10,000.' },
    ]);
    expect(problemsOf(edit(form, 9, { length: '-1' }))).toEqual([
      { field: 'questions.8.length', message: 'Enter a whole number from 0 to 10,000.' },
    ]);
    expect(controlsOf(applied(edit(form, 9, { length: '0' })))[8]!.length).toBe(0);
  });

  it('ignores the length field of a kind without one, and resets it when the kind changes to one', () => {
    const form = values();
    // YearBuilt's 4 stays as loaded whatever the hidden field holds.
    expect(controlsOf(applied(edit(form, 2, { length: 'x' })))[0]).toEqual(QUESTIONS[0]);
    expect(controlsOf(applied(edit(form, 9, { type: 'Date' })))[8]).toEqual({
      ...QUESTIONS[8],
      type: 'Date',
      length: 0,
    });
  });

  it('turns required on and off', () => {
    const form = values();
    expect(controlsOf(applied(edit(form, 9, { required: true })))[8]!.required).toBe(true);
    expect(controlsOf(applied(edit(form, 6, { required: false })))[5]!.required).toBe(false);
  });

  it('refuses a second question of a kind the order holds once (square feet, foundation…), but keeps a loaded pair as it is', () => {
    const form = values();
    const added = {
      ...form,
      questions: [...form.questions, { ...newQuestionRow(14), type: 'SquareFeet' as const, label: 'Size' }],
    };
    expect(problemsOf(added)).toEqual([
      { field: 'questions.13.type', message: 'There is already a "Square feet" question: a form asks it once.' },
    ]);
    expect(
      problemsOf(edit(form, 9, { type: 'FoundationType', choices: [{ choiceId: 1, value: 'Slab', price: '' }] })),
    ).toEqual([
      { field: 'questions.8.type', message: 'There is already a "Foundation type" question: a form asks it once.' },
    ]);
    const pair = {
      ...DOCUMENT,
      property_controls: [...QUESTIONS, { id: 20, slug: 'size', type: 'SquareFeet', label: 'Size' }],
    };
    expect(applyQuestionsForm(pair, values(pair)).ok).toBe(true);
  });
});

describe('adding and removing questions', () => {
  it('gives a new question the next id, a slug from its label, unique, and a place at the end', () => {
    const form = values();
    expect(nextQuestionId(DOCUMENT, form.questions)).toBe(14);
    const fresh = [
      { ...newQuestionRow(14), label: 'Occupancy!', type: 'CheckBox' as const },
      { ...newQuestionRow(15), label: 'Occupancy', type: 'CheckBox' as const },
      { ...newQuestionRow(16), label: '¿Pets on site?', type: 'Text' as const, length: '300' },
    ];
    const document = applied({ ...form, questions: [...form.questions, ...fresh] });
    expect(controlsOf(document).slice(13)).toEqual([
      {
        id: 14,
        slug: 'occupancy-2',
        type: 'CheckBox',
        label: 'Occupancy!',
        length: 0,
        required: false,
        fee: false,
        options: [],
        description: '',
        text_box_label: '',
        sort: 14,
      },
      {
        id: 15,
        slug: 'occupancy-3',
        type: 'CheckBox',
        label: 'Occupancy',
        length: 0,
        required: false,
        fee: false,
        options: [],
        description: '',
        text_box_label: '',
        sort: 15,
      },
      {
        id: 16,
        slug: 'pets-on-site',
        type: 'Text',
        label: '¿Pets on site?',
        length: 300,
        required: false,
        fee: false,
        options: [],
        description: '',
        text_box_label: '',
        sort: 16,
      },
    ]);
    expect(controlsOf(document).slice(0, 13)).toEqual(QUESTIONS);
    expect(companyDocumentSchema.shape.property_controls.safeParse(controlsOf(document).slice(13)).success).toBe(true);
  });

  it('never gives a removed question’s id again', () => {
    const form = values();
    const withoutLast = { ...form, questions: form.questions.filter((row) => row.questionId !== 13) };
    expect(nextQuestionId(DOCUMENT, withoutLast.questions)).toBe(14);
    expect(nextQuestionId({}, [])).toBe(1);
  });

  it('makes slugs of lower-case letters, digits and dashes, never empty, unique without case, within 60', () => {
    expect(slugOf('  The Property has a Pool / Spa?  ')).toBe('the-property-has-a-pool-spa');
    expect(slugOf('Crème brûlée')).toBe('creme-brulee');
    expect(slugOf('???')).toBe('question');
    expect(slugOf('x'.repeat(200))).toHaveLength(50);
    expect(uniqueName('pool', new Set(['pool', 'pool-2']), 60)).toBe('pool-3');
    expect(uniqueName('Pool', new Set(['pool']), 60)).toBe('Pool-2');
    expect(uniqueName('a'.repeat(60), new Set(['a'.repeat(60)]), 60)).toBe(`${'a'.repeat(58)}-2`);
  });

  it('removes an unpriced question and nothing else', () => {
    const form = values();
    const document = applied({ ...form, questions: form.questions.filter((row) => row.questionId !== 9) });
    expect(controlsOf(document)).toEqual(QUESTIONS.filter((q) => q.id !== 9));
    expect(document.pricing).toBe(DOCUMENT.pricing);
  });

  it('refuses to remove a question a fee follows until the person agreed to remove the fee too', () => {
    const form = values();
    const without = { ...form, questions: form.questions.filter((row) => row.questionId !== 5) };
    expect(problemsOf(without)).toEqual([
      {
        field: 'root',
        message:
          '"Occupancy" can\'t be removed while the fee "Vacant home visit" follows its answer. Remove the question again and agree to remove the fee too.',
      },
    ]);
    const document = applied({ ...without, removedFees: ['vacant'] });
    expect(controlsOf(document).map((q) => q.id)).not.toContain(5);
    expect(feesOf(document)).toEqual([CRAWLSPACE, POOL_FEE, LUXURY]);
  });

  it('counts its own fee, control rules naming it, and foundation rules when no foundation question stays', () => {
    const fees = pricingFeesOf(DOCUMENT);
    const rows = values().questions;
    expect(feesReferencing(fees, { id: 7, type: 'TriggeredDropDown' }, rows).map((f) => f.code)).toEqual([
      'question-pool-spa',
    ]);
    expect(
      feesReferencing(
        fees,
        { id: 4, type: 'FoundationType' },
        rows.filter((r) => r.questionId !== 4),
      ).map((f) => f.code),
    ).toEqual(['crawlspace']);
    expect(
      feesReferencing(fees, { id: 4, type: 'FoundationType' }, [
        ...rows,
        { ...newQuestionRow(30), type: 'FoundationType' },
      ]).map((f) => f.code),
    ).toEqual([]);
    expect(feesReferencing(fees, { id: 9, type: 'TextBox' }, rows)).toEqual([]);
  });

  it('removes a foundation question with the foundation fees once agreed, leaving the others', () => {
    const form = values();
    const without = { questions: form.questions.filter((row) => row.questionId !== 4), removedFees: ['crawlspace'] };
    expect(feesOf(applied(without))).toEqual([POOL_FEE, LUXURY, VACANT_SURCHARGE]);
  });
});

describe('the order in the form', () => {
  it('keeps the sorts while the order holds, and numbers 1, 2, 3… down the form when a question moves', () => {
    const form = values();
    const moved = [...form.questions];
    const [lockbox] = moved.splice(8, 1);
    moved.unshift(lockbox!);
    const document = applied({ ...form, questions: moved });
    const sortOf = (id: number) => controlsOf(document).find((q) => q.id === id)!.sort;
    expect([9, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13].map(sortOf)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
    ]);
    // The list keeps its own order: only the sorts say the new one.
    expect(controlsOf(document).map((q) => q.id)).toEqual([2, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  });

  it('orders equal sorts by id as the wizard does', () => {
    const document = {
      property_controls: [
        { id: 2, slug: 'b', type: 'TextBox', label: 'B' },
        { id: 1, slug: 'a', type: 'TextBox', label: 'A' },
      ],
    };
    const form = values(document);
    expect(form.questions.map((row) => row.questionId)).toEqual([1, 2]);
    expect(applied(form, document)).toEqual(document);
    expect(controlsOf(applied({ ...form, questions: [form.questions[1]!, form.questions[0]!] }, document))).toEqual([
      { id: 2, slug: 'b', type: 'TextBox', label: 'B', sort: 1 },
      { id: 1, slug: 'a', type: 'TextBox', label: 'A', sort: 2 },
    ]);
  });
});

describe('what a question adds to the price', () => {
  const ownFee = (code: string, description: string, rule: unknown) => ({
    code,
    description,
    scope: 'order',
    services: [],
    rule,
  });

  it('writes "when checked add" for a check box as the question’s own order fee', () => {
    const document = applied(edit(values(), 6, { fee: true, checkedPrice: '25' }));
    expect(controlsOf(document)[5]).toEqual({ ...QUESTIONS[5], fee: true });
    expect(feesOf(document)).toEqual([
      CRAWLSPACE,
      POOL_FEE,
      LUXURY,
      VACANT_SURCHARGE,
      ownFee('question-utilities-on', 'Utilities will be on', {
        kind: 'control',
        control_id: 6,
        checked_cents: 2500,
        options: [],
      }),
    ]);
    expect((document.pricing as Record<string, unknown>).convenience_fee_message).toBe('Kept.');
  });

  it('writes a check box with a text box the same way', () => {
    const document = applied(edit(values(), 8, { fee: true, checkedPrice: '10.50' }));
    expect(feesOf(document).at(-1)).toEqual(
      ownFee('question-outbuildings', 'Detached structures', {
        kind: 'control',
        control_id: 8,
        checked_cents: 1050,
        options: [],
      }),
    );
  });

  it('writes a list’s amount per choice by id, only for the choices given one', () => {
    const form = values();
    const row = rowOf(form, 5);
    const document = applied(
      edit(form, 5, {
        fee: true,
        choices: [
          { ...row.choices[0]!, price: '0' },
          { ...row.choices[1]!, price: '1,250.5' },
        ],
      }),
    );
    expect(feesOf(document).at(-1)).toEqual(
      ownFee('question-occupancy', 'Occupancy', {
        kind: 'control',
        control_id: 5,
        checked_cents: 0,
        options: [
          { option: 1, amount_cents: 0 },
          { option: 3, amount_cents: 125050 },
        ],
      }),
    );
    // The other fee that follows the same question is left as it was.
    expect(feesOf(document).slice(0, 4)).toEqual([CRAWLSPACE, POOL_FEE, LUXURY, VACANT_SURCHARGE]);
  });

  it('writes a foundation question’s amounts as a foundation_type rule', () => {
    const form = values();
    const row = rowOf(form, 4);
    const document = applied(
      edit(form, 4, {
        fee: true,
        choices: [
          { ...row.choices[0]!, price: '' },
          { ...row.choices[1]!, price: '40' },
        ],
      }),
    );
    expect(feesOf(document).at(-1)).toEqual(
      ownFee('question-foundation', 'Foundation', {
        kind: 'foundation_type',
        options: [{ option_id: 2, amount_cents: 4000 }],
      }),
    );
    expect(controlsOf(document)[3]).toEqual({ ...QUESTIONS[3], fee: true });
    // Read back, the amounts are where they were typed.
    expect(rowOf(values(document), 4).choices.map((c) => c.price)).toEqual(['', '40.00']);
  });

  it('updates the own fee where it is: a new amount, a renamed priced choice, a new label', () => {
    const form = values();
    const row = rowOf(form, 7);
    const document = applied(
      edit(form, 7, {
        label: 'Pool or spa',
        checkedPrice: '60',
        choices: [row.choices[0]!, { ...row.choices[1]!, value: 'Hot tub' }],
      }),
    );
    expect(feesOf(document)).toEqual([
      CRAWLSPACE,
      {
        ...POOL_FEE,
        description: 'Pool or spa',
        rule: {
          kind: 'control',
          control_id: 7,
          checked_cents: 6000,
          options: [{ option: 'Hot tub', amount_cents: 2500 }],
        },
      },
      LUXURY,
      VACANT_SURCHARGE,
    ]);
    expect(controlsOf(document)[6]).toEqual({
      ...QUESTIONS[6],
      label: 'Pool or spa',
      options: ['In-ground pool', 'Hot tub'],
    });
  });

  it('removes the own fee when the question no longer changes the price, or every amount is cleared', () => {
    const form = values();
    const off = applied(edit(form, 7, { fee: false }));
    expect(feesOf(off)).toEqual([CRAWLSPACE, LUXURY, VACANT_SURCHARGE]);
    expect(controlsOf(off)[6]).toEqual({ ...QUESTIONS[6], fee: false });
    const row = rowOf(form, 7);
    const cleared = applied(
      edit(form, 7, { checkedPrice: '', choices: row.choices.map((c) => ({ ...c, price: '' })) }),
    );
    expect(feesOf(cleared)).toEqual([CRAWLSPACE, LUXURY, VACANT_SURCHARGE]);
    expect(controlsOf(cleared)[6]).toEqual(QUESTIONS[6]);
  });

  it('writes no rule for square feet, year built and sales price (their tiers are on the fees page), nor for kinds prices do not follow', () => {
    const form = values();
    for (const id of [1, 3, 9, 10, 11, 12, 13]) {
      const document = applied(edit(form, id, { fee: true, checkedPrice: '10' }));
      expect(document.pricing).toBe(DOCUMENT.pricing);
    }
  });

  it('replaces the own fee when the kind changes, and removes it when the new kind has no amounts', () => {
    const form = values();
    const row = rowOf(form, 7);
    const asList = applied(
      edit(form, 7, { type: 'DropDown', choices: [row.choices[0]!, { ...row.choices[1]!, price: '30' }] }),
    );
    expect(feesOf(asList)[1]).toEqual({
      ...POOL_FEE,
      rule: { kind: 'control', control_id: 7, checked_cents: 0, options: [{ option: 2, amount_cents: 3000 }] },
    });
    expect(feesOf(applied(edit(form, 7, { type: 'TextBox' })))).toEqual([CRAWLSPACE, LUXURY, VACANT_SURCHARGE]);
  });

  it('takes another code when question-<slug> is taken, by a fee of either list', () => {
    const document = {
      ...DOCUMENT,
      fees: [{ code: 'question-lockbox', description: 'x', scope: 'order', rule: { kind: 'flat', amount_cents: 1 } }],
    };
    const form = edit(values(document), 6, { fee: true, checkedPrice: '5' });
    const taken = { ...document, pricing: { fees: [{ ...LUXURY, code: 'question-utilities-on' }] } };
    expect(feesOf(applied(edit(values(taken), 6, { fee: true, checkedPrice: '5' }), taken)).at(-1)).toMatchObject({
      code: 'question-utilities-on-2',
    });
    expect(feesOf(applied(form, document)).at(-1)).toMatchObject({ code: 'question-utilities-on' });
  });

  it('adds pricing to a document without it, and a new question’s fee with its new slug', () => {
    const document: Document = { key: 'bare' };
    const form: QuestionsFormValues = {
      questions: [
        { ...newQuestionRow(1), type: 'CheckBox', label: 'Radon test wanted', fee: true, checkedPrice: '150' },
      ],
      removedFees: [],
    };
    const written = applied(form, document);
    expect(written.pricing).toEqual({
      fees: [
        ownFee('question-radon-test-wanted', 'Radon test wanted', {
          kind: 'control',
          control_id: 1,
          checked_cents: 15000,
          options: [],
        }),
      ],
    });
    expect(companyDocumentSchema.shape.pricing.safeParse(written.pricing).success).toBe(true);
  });

  it('refuses an amount that is not one, at its field', () => {
    const form = values();
    const row = rowOf(form, 7);
    expect(
      problemsOf(
        edit(form, 7, { checkedPrice: '12.345', choices: [{ ...row.choices[0]!, price: '-3' }, row.choices[1]!] }),
      ),
    ).toEqual([
      { field: 'questions.6.choices.0.price', message: PRICE_PROBLEM },
      { field: 'questions.6.checkedPrice', message: PRICE_PROBLEM },
    ]);
    // A price typed while the question may not change the price is not checked, nor written.
    expect(applyQuestionsForm(DOCUMENT, edit(form, 6, { fee: false, checkedPrice: 'abc' })).ok).toBe(true);
  });
});

describe('amounts', () => {
  it.each([
    ['', null],
    ['35', 3500],
    ['35.5', 3550],
    ['$1,234.56', 123456],
    ['0.10', 10],
    ['1000000', 100_000_000],
    ['1000000.01', 'invalid'],
    ['1.234', 'invalid'],
    ['-5', 'invalid'],
    ['12,34', 'invalid'],
  ])('reads %j as %j', (text, cents) => expect(parsePrice(text)).toBe(cents));

  it('writes cents back as dollars', () => {
    expect(priceText(5)).toBe('0.05');
    expect(priceText(123456)).toBe('1234.56');
    expect(shownPrice(2500, 'USD')).toBe('$25.00');
    // As the rest of the product writes an amount it cannot format.
    expect(shownPrice(2500, 'nope')).toBe('n/a');
  });
});

describe('formFieldOfRefusal', () => {
  const form = values();
  // The written list keeps the document's order: entry 0 is Year Built (row 1), entry 1 Square Feet (row 0).
  const result = applyQuestionsForm(DOCUMENT, form);
  const rows = result.ok ? result.rowsOfEntries : [];

  it('maps each written entry to its form row', () => {
    expect(rows).toEqual([1, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it.each([
    ['property_controls.0.label', 'questions.1.label'],
    ['property_controls.1.slug', 'questions.0.label'],
    ['property_controls.4.options.1.value', 'questions.4.choices.1.value'],
    ['property_controls.4.options.7', 'questions.4.choices'],
    ['property_controls.6.options.0', 'questions.6.choices.0.value'],
    ['property_controls.7.description', 'questions.7.description'],
    ['property_controls.6.text_box_label', 'questions.6.textBoxLabel'],
    ['property_controls.8.length', 'questions.8.length'],
    ['property_controls.0.length', 'questions.1.label'],
    ['property_controls.8.type', 'questions.8.type'],
    ['property_controls.8', 'questions.8.label'],
  ])('%s → %s', (path, field) => expect(formFieldOfRefusal(path, rows, form)).toBe(field));

  it('has no field for a path outside the questions', () => {
    expect(formFieldOfRefusal('pricing.fees.0.code', rows, form)).toBeNull();
    expect(formFieldOfRefusal('property_controls.40.label', rows, form)).toBeNull();
    expect(formFieldOfRefusal('property_controls', rows, form)).toBeNull();
  });
});
