import { describe, expect, it } from 'vitest';
import { htmlToPlainText } from './html-text.ts';

describe('htmlToPlainText', () => {
  it('decodes the references sanitised HTML carries', () => {
    expect(htmlToPlainText('Pool &amp; Spa Inspection')).toBe('Pool & Spa Inspection');
    expect(htmlToPlainText('&lt;3 &quot;Best&quot; &#39;offer&#39; &apos;x&apos;')).toBe("<3 \"Best\" 'offer' 'x'");
    expect(htmlToPlainText('Caf&#233; &#x2014; Radon')).toBe('Café — Radon');
  });

  it('drops tags, keeping the words they wrapped', () => {
    expect(htmlToPlainText('<b>Sewer</b> <i>scope</i>')).toBe('Sewer scope');
    expect(htmlToPlainText('<a href="https://example.com">Mold</a> test')).toBe('Mold test');
  });

  it('starts a new line after a break, a paragraph or a list item, without empty lines', () => {
    expect(htmlToPlainText('<p>One</p><p></p><p>Two<br>Three</p><ul><li>Four</li></ul>')).toBe('One\nTwo\nThree\nFour');
  });

  it('collapses runs of spaces, including non-breaking ones', () => {
    expect(htmlToPlainText('  Whole&nbsp;&nbsp;house   plan ')).toBe('Whole house plan');
  });

  it('does not decode twice', () => {
    expect(htmlToPlainText('&amp;lt;b&amp;gt;')).toBe('&lt;b&gt;');
  });

  it('leaves unknown or unprintable references as written', () => {
    expect(htmlToPlainText('&bogus; &#0; &#xD800; &#1114112;')).toBe('&bogus; &#0; &#xD800; &#1114112;');
  });
});
