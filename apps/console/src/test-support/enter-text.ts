import userEvent from '@testing-library/user-event';

/**
 * Enters `text` into a field as one input (a click, then a paste), where `userEvent.type` gives
 * one input per character. An editor's page redraws all its controls on each input (MUI, React's
 * development build), so typing "614-555-0190" cost twelve redraws: a third of the People page
 * test's time (decision 0041, issue 40). What a test reads is the text as it ends; a test of what
 * happens per keystroke types. Text with user-event's key names ({Enter}, [Shift]) is typed.
 */
export async function enterText(field: HTMLElement, text: string) {
  if (/[{[]/.test(text)) {
    await userEvent.type(field, text);
    return;
  }
  await userEvent.click(field);
  await userEvent.paste(text);
}
