import { ORDER_FIELD_CONTROLS, type ControlRule, type StoredPropertyAnswers } from './property-answers.ts';

/** What the office reads of a control: its type, label and options. */
export type ControlText = Pick<ControlRule, 'id' | 'type' | 'label' | 'options'>;

/** One answered question of an order, as plain text for the office's listing (decision 0031). */
export interface QuestionAnswer {
  question: string;
  answer: string;
}

type StoredAnswer = StoredPropertyAnswers['answers'][number];

/** The text of the {id, value} option `id` of a control; null when it has none such. */
export function optionText(control: ControlText, id: number | string | null): string | null {
  if (id === null || String(id).trim() === '') return null;
  for (const option of control.options)
    if (typeof option === 'object' && String(option.id) === String(id).trim()) return option.value;
  return null;
}

/**
 * An answer as words: a checked box "Yes"; a drop-down its option's text, never its id; a checked
 * triggered control its choice or text ("Yes" without one); any other its text. Null when the
 * question was left unanswered (a box left clear, a blank text, an option the company has since
 * removed) or is answered on the order itself (square feet, year built, foundation...).
 */
function answerText(control: ControlText, answer: StoredAnswer): string | null {
  const value = (answer.value ?? '').trim();
  if (ORDER_FIELD_CONTROLS.has(control.type)) return null;
  switch (control.type) {
    case 'CheckBox':
      return answer.checked ? 'Yes' : null;
    case 'DropDown':
      return optionText(control, value);
    case 'TriggeredDropDown':
    case 'TriggeredTextBox':
      return answer.checked ? value || 'Yes' : null;
    default:
      return value || null;
  }
}

/**
 * The company's questions an order answered, in the order the company asks them, each as
 * {question: its label, answer: the answer's text}. Labels are plain text already (the wizard
 * shows them as text, not HTML).
 */
export function answeredQuestions(
  controls: readonly ControlText[],
  answers: readonly StoredAnswer[],
): QuestionAnswer[] {
  const byControl = new Map(answers.map((answer) => [answer.controlId, answer]));
  return controls.flatMap((control) => {
    const answer = byControl.get(control.id);
    const text = answer ? answerText(control, answer) : null;
    return text === null ? [] : [{ question: control.label, answer: text }];
  });
}

/** The text of the order's foundation type (one option of the company's FoundationType control); "" when none. */
export function foundationText(controls: readonly ControlText[], foundationTypeId: number | null): string {
  const control = controls.find((c) => c.type === 'FoundationType');
  return (control && optionText(control, foundationTypeId)) ?? '';
}
