import type { ControlType } from '@scheduler/contracts/company-document';
import { parsePrice, PRICE_PROBLEM, priceText } from './price-text.ts';
import { isControlType, QUESTION_TYPES } from './question-types.ts';

/**
 * The Property questions page's form and the document it writes: `property_controls` (spec 3.3)
 * and, for a question marked "May change the price", the question's own fee rule in
 * `pricing.fees` (an order fee coded `question-<slug>`, of kind `control` or `foundation_type`).
 * Every other fee, and every part of the document the page does not show, passes through as it
 * was; a question nobody changed is written back exactly as it was loaded.
 */

/** The bounds of the document's schema (propertyControlSchema), so the form refuses what the server would. */
export const MAX_LABEL = 200;
export const MAX_DESCRIPTION = 500;
export const MAX_TEXT_BOX_LABEL = 200;
export const MAX_LENGTH = 10_000;
export const MAX_CHOICE = 200;
/** A fee rule lists 50 options at most (pricingFeeRuleSchema); more choices could not all be priced. */
export const MAX_CHOICES = 50;
const MAX_SLUG = 60;
const MAX_CODE = 60;
/** What marks a fee as a question's own, written by this page. */
export const QUESTION_FEE_PREFIX = 'question-';

type Choice = { id: number; value: string };

/** A question as the document holds it; fields the page does not know are kept as they are. */
export interface DocumentQuestion {
  id: number;
  slug: string;
  type: ControlType;
  label: string;
  length?: number;
  required?: boolean;
  fee?: boolean;
  options?: Choice[] | string[];
  description?: string;
  text_box_label?: string;
  sort?: number;
  [other: string]: unknown;
}

type ControlRule = {
  kind: 'control';
  control_id: number;
  checked_cents?: number;
  options?: Array<{ option: number | string; amount_cents: number }>;
};
type FoundationRule = { kind: 'foundation_type'; options: Array<{ option_id: number; amount_cents: number }> };
type QuestionRule = ControlRule | FoundationRule;

/** A fee of `pricing.fees`; only the fields the page reads are named. */
export interface DocumentFee {
  code: string;
  description: string;
  scope: string;
  rule: { kind: string; [key: string]: unknown };
  [other: string]: unknown;
}

export interface ChoiceRow {
  /** The choice's id, kept when it is renamed or moved (a TriggeredDropDown's choices, plain text in the document, get theirs here). */
  choiceId: number;
  value: string;
  /** What choosing it adds, as dollars; empty: nothing. */
  price: string;
}

export interface QuestionRow {
  questionId: number;
  /** The loaded question's slug; empty for a new question, whose slug follows from its label on save. */
  slug: string;
  type: ControlType;
  label: string;
  required: boolean;
  description: string;
  textBoxLabel: string;
  length: string;
  /** "May change the price". */
  fee: boolean;
  /** What checking the box adds, as dollars; empty: nothing. */
  checkedPrice: string;
  choices: ChoiceRow[];
}

export interface QuestionsFormValues {
  /** In the order the visitor sees them. */
  questions: QuestionRow[];
  /** Codes of the fees the person agreed to remove with the questions they removed. */
  removedFees: string[];
}

export interface FieldProblem {
  /** A field of QuestionsFormValues ("questions.2.label"), or "root" for the form as a whole. */
  field: string;
  message: string;
}

// ---- Reading the document ----

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The document's questions: those that are not one (a malformed entry) are left out of the editor but kept in the document. */
export function questionsOf(document: Record<string, unknown>): DocumentQuestion[] {
  const controls = Array.isArray(document.property_controls) ? document.property_controls : [];
  return controls.filter(
    (c): c is DocumentQuestion =>
      isRecord(c) && typeof c.id === 'number' && typeof c.type === 'string' && isControlType(c.type),
  );
}

/** `pricing.fees`, the fees driven by the property; the short-form top-level `fees` have no question kinds. */
export function pricingFeesOf(document: Record<string, unknown>): DocumentFee[] {
  const pricing = isRecord(document.pricing) ? document.pricing : {};
  return (Array.isArray(pricing.fees) ? pricing.fees : []).filter(
    (f): f is DocumentFee => isRecord(f) && typeof f.code === 'string' && isRecord(f.rule),
  );
}

export function currencyOf(document: Record<string, unknown>): string {
  return typeof document.currency === 'string' ? document.currency : 'USD';
}

function controlRule(fee: DocumentFee): ControlRule | null {
  return fee.rule.kind === 'control' ? (fee.rule as unknown as ControlRule) : null;
}

function foundationRule(fee: DocumentFee): FoundationRule | null {
  return fee.rule.kind === 'foundation_type' ? (fee.rule as unknown as FoundationRule) : null;
}

/**
 * Whether the fee is the question's own: an order fee this page wrote (`question-…`) whose rule
 * follows this question: its id for a `control` rule, the foundation for a foundation type.
 */
export function isOwnFee(fee: DocumentFee, question: Pick<DocumentQuestion, 'id' | 'type'>): boolean {
  if (fee.scope !== 'order' || !fee.code.startsWith(QUESTION_FEE_PREFIX)) return false;
  if (question.type === 'FoundationType') return foundationRule(fee) !== null;
  return controlRule(fee)?.control_id === question.id;
}

export function ownFeeOf(
  fees: readonly DocumentFee[],
  question: Pick<DocumentQuestion, 'id' | 'type'>,
): DocumentFee | undefined {
  return fees.find((fee) => isOwnFee(fee, question));
}

/** Whether a fee's amount follows the question's answer: a `control` rule naming it, or, for a foundation type, a `foundation_type` rule. */
function followsQuestion(fee: DocumentFee, question: Pick<DocumentQuestion, 'id' | 'type'>): boolean {
  if (controlRule(fee)?.control_id === question.id) return true;
  return question.type === 'FoundationType' && foundationRule(fee) !== null;
}

/** The fees other than its own whose amounts follow the question (set on the fees page): the editor names them. */
export function otherFeesOf(
  fees: readonly DocumentFee[],
  question: Pick<DocumentQuestion, 'id' | 'type'>,
  own: DocumentFee | undefined,
): DocumentFee[] {
  return fees.filter((fee) => fee !== own && followsQuestion(fee, question));
}

/**
 * The fees that would be left pointing at nothing if the question went: its own, every `control`
 * rule naming it, and, when no other foundation-type question stays, every `foundation_type` rule.
 */
export function feesReferencing(
  fees: readonly DocumentFee[],
  question: Pick<DocumentQuestion, 'id' | 'type'>,
  remaining: ReadonlyArray<{ questionId: number; type: ControlType }>,
): DocumentFee[] {
  const anotherFoundation = remaining.some((row) => row.questionId !== question.id && row.type === 'FoundationType');
  return fees.filter(
    (fee) =>
      isOwnFee(fee, question) ||
      controlRule(fee)?.control_id === question.id ||
      (question.type === 'FoundationType' && !anotherFoundation && foundationRule(fee) !== null),
  );
}

/** The order the wizard shows them in: by sort, then id (the server's own order). */
function inFormOrder(questions: readonly DocumentQuestion[]): DocumentQuestion[] {
  return [...questions].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || a.id - b.id);
}

function choicesOf(question: DocumentQuestion): Choice[] {
  return (question.options ?? []).map((option, index) =>
    typeof option === 'string' ? { id: index + 1, value: option } : option,
  );
}

function ownPrices(
  question: DocumentQuestion,
  own: DocumentFee | undefined,
): { checked: string; byChoice: (choice: Choice) => string } {
  const control = own && controlRule(own);
  const foundation = own && foundationRule(own);
  const cents = (amount: number | undefined) => (amount === undefined ? '' : priceText(amount));
  if (foundation)
    return {
      checked: '',
      byChoice: (choice) => cents(foundation.options.find((o) => o.option_id === choice.id)?.amount_cents),
    };
  if (control) {
    const texts = QUESTION_TYPES[question.type].options === 'texts';
    return {
      checked: control.checked_cents ? priceText(control.checked_cents) : '',
      byChoice: (choice) =>
        cents((control.options ?? []).find((o) => o.option === (texts ? choice.value : choice.id))?.amount_cents),
    };
  }
  return { checked: '', byChoice: () => '' };
}

export function questionRowOf(question: DocumentQuestion, fees: readonly DocumentFee[]): QuestionRow {
  const own = ownFeeOf(fees, question);
  const prices = ownPrices(question, own);
  return {
    questionId: question.id,
    slug: question.slug,
    type: question.type,
    label: question.label,
    required: question.required ?? false,
    description: question.description ?? '',
    textBoxLabel: question.text_box_label ?? '',
    length: String(question.length ?? 0),
    // A price rule of its own changes the price whatever the flag says: the editor shows it as it is.
    fee: (question.fee ?? false) || own !== undefined,
    checkedPrice: prices.checked,
    choices: choicesOf(question).map((choice) => ({
      choiceId: choice.id,
      value: choice.value,
      price: prices.byChoice(choice),
    })),
  };
}

export function questionsFormValues(document: Record<string, unknown>): QuestionsFormValues {
  const fees = pricingFeesOf(document);
  return {
    questions: inFormOrder(questionsOf(document)).map((question) => questionRowOf(question, fees)),
    removedFees: [],
  };
}

// ---- New questions and choices ----

/** A new question's id: one past every id the document and the form hold, so a removed question's id is never given again. */
export function nextQuestionId(document: Record<string, unknown>, rows: ReadonlyArray<{ questionId: number }>): number {
  return Math.max(0, ...questionsOf(document).map((q) => q.id), ...rows.map((row) => row.questionId)) + 1;
}

/** A new choice's id: one past the question's choices, the loaded ones included (a fee rule or an answer may still name a removed one). */
export function nextChoiceId(
  choices: ReadonlyArray<{ choiceId: number }>,
  loaded: DocumentQuestion | undefined,
): number {
  return Math.max(0, ...choices.map((c) => c.choiceId), ...(loaded ? choicesOf(loaded).map((c) => c.id) : [])) + 1;
}

export function newQuestionRow(questionId: number): QuestionRow {
  return {
    questionId,
    slug: '',
    type: 'TextBox',
    label: '',
    required: false,
    description: '',
    textBoxLabel: '',
    length: '0',
    fee: false,
    checkedPrice: '',
    choices: [],
  };
}

/** A slug from a label: lower-case letters and digits between dashes ("Pool or spa?" → "pool-or-spa"), short enough for a suffix. */
export function slugOf(label: string): string {
  const slug = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SLUG - 10)
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'question' : slug;
}

/** `base`, or `base-2`, `base-3`… : the first not in `taken` (compared without case), never longer than `max`. */
export function uniqueName(base: string, taken: ReadonlySet<string>, max: number): string {
  const free = (name: string) => !taken.has(name.toLowerCase());
  const first = base.slice(0, max);
  if (free(first)) return first;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const name = `${base.slice(0, max - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (free(name)) return name;
  }
}

// ---- Checking and writing ----

function lengthOf(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value <= MAX_LENGTH ? value : null;
}

function tooLong(max: number, text: string): string {
  return `At most ${max} characters (now ${text.length}).`;
}

function rowProblems(
  rows: readonly QuestionRow[],
  index: number,
  loaded: DocumentQuestion | undefined,
): FieldProblem[] {
  const row = rows[index]!;
  const info = QUESTION_TYPES[row.type];
  const at = (field: string, message: string) => ({ field: `questions.${index}.${field}`, message });
  const problems: FieldProblem[] = [];
  const label = row.label.trim();
  if (label === '') problems.push(at('label', 'Enter the question the visitor reads.'));
  else if (label.length > MAX_LABEL) problems.push(at('label', tooLong(MAX_LABEL, label)));
  // The wizard has one field for each of these (spec 3.3): a second question of the kind would fill the same answer.
  const typeChanged = loaded === undefined || loaded.type !== row.type;
  if (info.orderField && typeChanged && rows.some((other, i) => i !== index && other.type === row.type)) {
    problems.push(at('type', `There is already a "${info.name}" question: a form asks it once.`));
  }
  if (row.description.trim().length > MAX_DESCRIPTION)
    problems.push(at('description', tooLong(MAX_DESCRIPTION, row.description.trim())));
  if (row.textBoxLabel.trim().length > MAX_TEXT_BOX_LABEL)
    problems.push(at('textBoxLabel', tooLong(MAX_TEXT_BOX_LABEL, row.textBoxLabel.trim())));
  if (info.length && lengthOf(row.length) === null)
    problems.push(at('length', `Enter a whole number from 0 to ${MAX_LENGTH.toLocaleString('en-US')}.`));
  if (info.options !== 'none') {
    if (row.choices.length === 0) problems.push(at('choices', 'Add at least one choice for the visitor to pick.'));
    if (row.choices.length > MAX_CHOICES) problems.push(at('choices', `At most ${MAX_CHOICES} choices.`));
    const seen = new Set<string>();
    row.choices.forEach((choice, k) => {
      const value = choice.value.trim();
      if (value === '') problems.push(at(`choices.${k}.value`, 'Enter the choice, or remove it.'));
      else if (value.length > MAX_CHOICE) problems.push(at(`choices.${k}.value`, tooLong(MAX_CHOICE, value)));
      else if (seen.has(value.toLowerCase()))
        problems.push(at(`choices.${k}.value`, 'This choice is already in the list.'));
      seen.add(value.toLowerCase());
      if (row.fee && choicePriced(row.type) && parsePrice(choice.price) === 'invalid')
        problems.push(at(`choices.${k}.price`, PRICE_PROBLEM));
    });
  }
  if (row.fee && checkPriced(row.type) && parsePrice(row.checkedPrice) === 'invalid')
    problems.push(at('checkedPrice', PRICE_PROBLEM));
  return problems;
}

/** Whether the kind has an amount for a checked box. */
export function checkPriced(type: ControlType): boolean {
  const price = QUESTION_TYPES[type].price;
  return price === 'checked' || price === 'checked-and-choice-text';
}

/** Whether the kind has an amount per choice. */
export function choicePriced(type: ControlType): boolean {
  const price = QUESTION_TYPES[type].price;
  return price === 'choice' || price === 'checked-and-choice-text' || price === 'foundation';
}

const cents = (text: string): number | null => {
  const value = parsePrice(text);
  return value === 'invalid' ? null : value;
};

/** The rule the question's price fields say, or null when they add nothing (or the question may not change the price). */
export function questionRule(row: QuestionRow): QuestionRule | null {
  if (!row.fee) return null;
  const price = QUESTION_TYPES[row.type].price;
  const priced = row.choices.flatMap((choice) => {
    const amount = cents(choice.price);
    return amount === null ? [] : [{ choice, amount }];
  });
  if (price === 'foundation')
    return priced.length === 0
      ? null
      : {
          kind: 'foundation_type',
          options: priced.map(({ choice, amount }) => ({ option_id: choice.choiceId, amount_cents: amount })),
        };
  if (price !== 'checked' && price !== 'choice' && price !== 'checked-and-choice-text') return null;
  const checked = price === 'choice' ? 0 : (cents(row.checkedPrice) ?? 0);
  const options =
    price === 'checked'
      ? []
      : priced.map(({ choice, amount }) => ({
          option: price === 'choice' ? choice.choiceId : choice.value.trim(),
          amount_cents: amount,
        }));
  return checked === 0 && options.length === 0
    ? null
    : { kind: 'control', control_id: row.questionId, checked_cents: checked, options };
}

/** A rule with its defaults filled in, to compare what it charges rather than how it was written. */
function normalRule(rule: DocumentFee['rule'] | QuestionRule): string {
  if (rule.kind === 'control') {
    const control = rule as ControlRule;
    return JSON.stringify({
      kind: 'control',
      control_id: control.control_id,
      checked_cents: control.checked_cents ?? 0,
      options: control.options ?? [],
    });
  }
  return JSON.stringify(rule);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A typed text as written: the loaded text when it was not touched (kept to the letter), else trimmed. */
const typed = (text: string, loaded: string | undefined) => (text === loaded ? loaded : text.trim());

/** The question with the row written in: only what differs from the loaded question is set, so an untouched question stays as it was. */
function writeQuestion(
  loaded: DocumentQuestion | undefined,
  row: QuestionRow,
  slug: string,
  sort: number,
): DocumentQuestion {
  const info = QUESTION_TYPES[row.type];
  const choices = row.choices.map((choice) => ({ id: choice.choiceId, value: typed(choice.value, undefined) }));
  const options =
    info.options === 'ids'
      ? choices
      : info.options === 'texts'
        ? choices.map((c) => c.value)
        : loaded && loaded.type === row.type
          ? (loaded.options ?? [])
          : [];
  // A kind without a length of its own uses the wizard's (YearBuilt's 4 digits): a length set for another kind does not follow it.
  const length = info.length ? lengthOf(row.length)! : loaded && loaded.type === row.type ? (loaded.length ?? 0) : 0;
  const fields = {
    type: row.type,
    label: typed(row.label, loaded?.label),
    length,
    required: row.required,
    fee: row.fee,
    options,
    description: typed(row.description, loaded?.description),
    text_box_label: typed(row.textBoxLabel, loaded?.text_box_label),
    sort,
  };
  if (!loaded) return { id: row.questionId, slug, ...fields };
  const defaults: Record<keyof typeof fields, unknown> = {
    type: loaded.type,
    label: loaded.label,
    length: 0,
    required: false,
    fee: false,
    options: [],
    description: '',
    text_box_label: '',
    sort: 0,
  };
  const question: DocumentQuestion = { ...loaded };
  for (const key of Object.keys(fields) as Array<keyof typeof fields>) {
    if (!same(loaded[key] ?? defaults[key], fields[key])) (question as Record<string, unknown>)[key] = fields[key];
  }
  return question;
}

/**
 * Each question's sort, in the form's order: the loaded ones kept while they still put the
 * questions in that order (by sort, then id, as the wizard does), a new one after the one before
 * it; otherwise 1, 2, 3… down the form.
 */
function sortsOf(rows: readonly QuestionRow[], loaded: ReadonlyMap<number, DocumentQuestion>): number[] {
  const kept: number[] = [];
  let ordered = true;
  rows.forEach((row, index) => {
    const previous = index > 0 ? kept[index - 1]! : 0;
    const original = loaded.get(row.questionId);
    const sort = original ? (original.sort ?? 0) : previous + 1;
    if (index > 0 && (sort < previous || (sort === previous && row.questionId < rows[index - 1]!.questionId)))
      ordered = false;
    kept.push(sort);
  });
  return ordered ? kept : rows.map((_, index) => index + 1);
}

export type ApplyResult =
  | {
      ok: true;
      document: Record<string, unknown>;
      /** For each entry of the written `property_controls`, the form row it came from: a refusal's path names the entry. */
      rowsOfEntries: number[];
    }
  | { ok: false; problems: FieldProblem[] };

/** The document with the form written in, or the form's problems, each naming its field. */
export function applyQuestionsForm(document: Record<string, unknown>, values: QuestionsFormValues): ApplyResult {
  const all = questionsOf(document);
  const loaded = new Map(all.map((q) => [q.id, q]));
  const rows = values.questions;
  const problems = rows.flatMap((_, index) => rowProblems(rows, index, loaded.get(rows[index]!.questionId)));

  // A question goes only with the fees that follow it, once the person agreed to remove them too.
  const fees = pricingFeesOf(document);
  const kept = new Set(rows.map((row) => row.questionId));
  const removedQuestions = all.filter((q) => !kept.has(q.id));
  const agreed = new Set(values.removedFees);
  const goingFees = new Set<DocumentFee>();
  for (const question of removedQuestions) {
    for (const fee of feesReferencing(fees, question, rows)) {
      if (agreed.has(fee.code)) goingFees.add(fee);
      else
        problems.push({
          field: 'root',
          message: `"${question.label}" can't be removed while the fee "${fee.description}" follows its answer. Remove the question again and agree to remove the fee too.`,
        });
    }
  }
  if (problems.length > 0) return { ok: false, problems };

  // Slugs: the loaded ones stay (answers and links know them); a new question's follows from its label.
  const slugs = new Set(rows.filter((row) => row.slug !== '').map((row) => row.slug.toLowerCase()));
  const slugOfRow = rows.map((row) => {
    if (row.slug !== '') return row.slug;
    const slug = uniqueName(slugOf(row.label), slugs, MAX_SLUG);
    slugs.add(slug.toLowerCase());
    return slug;
  });
  const sorts = sortsOf(rows, loaded);
  const written = rows.map((row, index) =>
    writeQuestion(loaded.get(row.questionId), row, slugOfRow[index]!, sorts[index]!),
  );

  // Entries stay where they were in the document's list (nothing moves that did not change); new ones follow.
  const controls = Array.isArray(document.property_controls) ? (document.property_controls as unknown[]) : [];
  const rowOf = new Map(rows.map((row, index) => [row.questionId, index]));
  const rowsOfEntries: number[] = [];
  const nextControls = controls.flatMap((entry) => {
    const question = all.find((q) => q === entry);
    if (!question) return [entry];
    const index = rowOf.get(question.id);
    if (index === undefined) return [];
    rowsOfEntries.push(index);
    return [written[index]];
  });
  rows.forEach((row, index) => {
    if (loaded.has(row.questionId)) return;
    rowsOfEntries.push(index);
    nextControls.push(written[index]);
  });

  const nextFees = writeFees(document, fees, rows, loaded, slugOfRow, goingFees);
  const next: Record<string, unknown> = { ...document };
  if (document.property_controls !== undefined || nextControls.length > 0) next.property_controls = nextControls;
  if (nextFees !== fees) next.pricing = { ...(isRecord(document.pricing) ? document.pricing : {}), fees: nextFees };
  return { ok: true, document: next, rowsOfEntries };
}

/**
 * `pricing.fees` with each question's own fee written as its price fields say: replaced where it
 * was, added at the end, or removed; the fees of removed questions gone. The same array when
 * nothing changed, so an untouched `pricing` is not written at all.
 */
function writeFees(
  document: Record<string, unknown>,
  fees: readonly DocumentFee[],
  rows: readonly QuestionRow[],
  loaded: ReadonlyMap<number, DocumentQuestion>,
  slugs: readonly string[],
  going: ReadonlySet<DocumentFee>,
): readonly DocumentFee[] {
  const replaced = new Map<DocumentFee, DocumentFee | null>();
  const added: DocumentFee[] = [];
  const shortForm = Array.isArray(document.fees) ? (document.fees as unknown[]).filter(isRecord) : [];
  const codes = new Set([...shortForm, ...fees].map((fee) => String(fee.code).toLowerCase()));
  rows.forEach((row, index) => {
    const original = loaded.get(row.questionId);
    const own = original ? ownFeeOf(fees, original) : undefined;
    const rule = questionRule(row);
    const label = row.label.trim();
    if (own && rule === null) replaced.set(own, null);
    else if (own && rule) {
      const labelChanged = label !== original!.label.trim();
      if (normalRule(own.rule) !== normalRule(rule) || labelChanged)
        replaced.set(own, { ...own, description: labelChanged ? label : own.description, rule });
    } else if (rule) {
      const code = uniqueName(`${QUESTION_FEE_PREFIX}${slugs[index]}`, codes, MAX_CODE);
      codes.add(code);
      added.push({ code, description: label, scope: 'order', services: [], rule });
    }
  });
  if (replaced.size === 0 && added.length === 0 && going.size === 0) return fees;
  const next = fees.flatMap((fee) => {
    if (going.has(fee)) return [];
    if (!replaced.has(fee)) return [fee];
    const replacement = replaced.get(fee);
    return replacement ? [replacement] : [];
  });
  return [...next, ...added];
}

/**
 * The form field a refused document's path points at (`property_controls.3.label`), given which
 * form row each written entry came from; null for a path outside the questions.
 */
export function formFieldOfRefusal(
  path: string,
  rowsOfEntries: readonly number[],
  values: QuestionsFormValues,
): string | null {
  const match = /^property_controls\.(\d+)(?:\.([a-z_]+)(?:\.(\d+))?)?/.exec(path);
  if (!match) return null;
  const row = rowsOfEntries[Number(match[1])];
  if (row === undefined || !values.questions[row]) return null;
  const at = (field: string) => `questions.${row}.${field}`;
  const type = values.questions[row].type;
  switch (match[2]) {
    case 'type':
      return at('type');
    case 'description':
      return at('description');
    case 'text_box_label':
      return at('textBoxLabel');
    case 'length':
      return QUESTION_TYPES[type].length ? at('length') : at('label');
    case 'options':
      if (QUESTION_TYPES[type].options === 'none') return at('label');
      return match[3] !== undefined && Number(match[3]) < values.questions[row].choices.length
        ? at(`choices.${match[3]}.value`)
        : at('choices');
    default:
      // The label, and what follows from it (the slug), or the question as a whole.
      return at('label');
  }
}
