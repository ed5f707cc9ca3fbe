import { answeredQuestions, foundationText, optionText, type ControlText } from '../property/answer-text.ts';
import type { StoredPropertyAnswers } from '../property/property-answers.ts';
import type { EditChange } from './edit-changes.ts';

/**
 * The property answers an office's edit changed, in words (issue 41 item 1, decision 0068), each
 * named by the company's own question: "Foundation: Basement → Crawlspace", "Square Feet: 2,000 →
 * 2,400", "The property has a pool or spa: (none) → Hot tub or spa".
 */

const NONE = '(none)';

/** The order's own fields (square feet, year built, sale price, foundation, referral) as their question's words. */
function orderFieldTexts(controls: readonly ControlText[], stored: StoredPropertyAnswers): Map<number, string> {
  const texts = new Map<number, string>();
  for (const control of controls) {
    let text = '';
    if (control.type === 'SquareFeet') text = stored.sqft ? stored.sqft.toLocaleString('en-US') : '';
    else if (control.type === 'YearBuilt') text = stored.yearBuilt ? String(stored.yearBuilt) : '';
    else if (control.type === 'SalesPrice') text = /[1-9]/.test(stored.salesPrice) ? `$${stored.salesPrice}` : '';
    else if (control.type === 'FoundationType') text = foundationText(controls, stored.foundationTypeId);
    else if (control.type === 'ReferReason')
      text =
        stored.referReason === 'other'
          ? `Other: ${stored.referReasonOther.trim()}`
          : (optionText(control, stored.referReason) ?? '');
    else continue;
    texts.set(control.id, text);
  }
  return texts;
}

function answerTexts(controls: readonly ControlText[], stored: StoredPropertyAnswers): Map<string, string> {
  const fields = orderFieldTexts(controls, stored);
  const asked = new Map(answeredQuestions(controls, stored.answers).map((one) => [one.question, one.answer]));
  const texts = new Map<string, string>();
  for (const control of controls) {
    const text = fields.get(control.id) ?? asked.get(control.label) ?? '';
    texts.set(control.label, text);
  }
  return texts;
}

/** Each question whose answer the edit changed, in the order the company asks them. */
export function propertyChanges(
  controls: readonly ControlText[],
  before: StoredPropertyAnswers,
  after: StoredPropertyAnswers,
): EditChange[] {
  const was = answerTexts(controls, before);
  const now = answerTexts(controls, after);
  const changes: EditChange[] = [];
  for (const [label, text] of now) {
    const old = was.get(label) ?? '';
    if (old.trim() !== text.trim()) changes.push({ label, before: old.trim() || NONE, after: text.trim() || NONE });
  }
  return changes;
}
