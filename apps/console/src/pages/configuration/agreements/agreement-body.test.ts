import { describe, expect, it } from 'vitest';
import { BODY_FORMATS, insertAt, wrapSelection } from './agreement-body.ts';

const format = (key: string) => BODY_FORMATS.find((entry) => entry.key === key)!;

describe("an agreement body's edits", () => {
  it('inserts a placeholder in place of the selection, the caret after it', () => {
    expect(insertAt('Dear , welcome', 5, 5, '{client_name}')).toEqual({
      text: 'Dear {client_name}, welcome',
      selectionStart: 18,
      selectionEnd: 18,
    });
    expect(insertAt('Dear you', 5, 8, '{client_name}').text).toBe('Dear {client_name}');
  });

  it('wraps the selection in bold and keeps it selected; with nothing selected, a word to replace', () => {
    expect(wrapSelection('a big deal', 2, 5, format('bold'))).toEqual({
      text: 'a <b>big</b> deal',
      selectionStart: 5,
      selectionEnd: 8,
    });
    const empty = wrapSelection('', 0, 0, format('heading'));
    expect(empty.text).toBe('<h3>Heading</h3>');
    expect(empty.text.slice(empty.selectionStart, empty.selectionEnd)).toBe('Heading');
  });

  it('makes each selected line one item of a list, blank lines dropped', () => {
    expect(wrapSelection('Roof\n\n Attic \n', 0, 14, format('numbers')).text).toBe(
      '<ol>\n  <li>Roof</li>\n  <li>Attic</li>\n</ol>',
    );
  });
});
