import { describe, expect, it } from 'vitest';
import { LOCKABLE_FIELDS, PREFILL_FIELDS } from '@scheduler/contracts/embed';
import {
  dataAttributeOf,
  embedSnippet,
  isBrandColor,
  LOCK_ATTRIBUTE,
  OPENER_ATTRIBUTE,
  PREFILL_ATTRIBUTES,
} from './embed-snippet.ts';

const CHOICE = {
  serverOrigin: 'https://book.example.net',
  companyKey: 'demo',
  officeUuid: '5b0c3a8e-7f1d-4c2a-9e61-3d4f8a2b9c10',
  mode: 'inline',
  buttonText: 'Book now',
  brandColor: '',
  hideHeaderFooter: false,
} as const;

/** The link inside every placeholder: the office's own, which works without the script and outside a frame. */
const FALLBACK =
  '<a href="https://book.example.net/demo/online-scheduler/5b0c3a8e-7f1d-4c2a-9e61-3d4f8a2b9c10">Schedule an inspection online</a>';

describe('embedSnippet', () => {
  it('writes the inline placeholder with the office’s link inside, and the script from this server, without a button text', () => {
    expect(embedSnippet(CHOICE)).toBe(
      `<div data-online-scheduler="demo" data-office="5b0c3a8e-7f1d-4c2a-9e61-3d4f8a2b9c10" data-mode="inline">${FALLBACK}</div>\n` +
        '<script src="https://book.example.net/embed/v1/scheduler.js" async></script>',
    );
  });

  it('carries the colour (trimmed, lower-cased) and the hidden header and footer when chosen, and neither otherwise', () => {
    expect(embedSnippet({ ...CHOICE, brandColor: ' #FFD000 ', hideHeaderFooter: true })).toContain(
      `data-mode="inline" data-brand-color="#ffd000" data-hide-header-footer>${FALLBACK}</div>`,
    );
    for (const brandColor of ['', 'red', '#ffd00', '#fd0', '#ffd0000', '#ffd00g']) {
      const snippet = embedSnippet({ ...CHOICE, brandColor });
      expect(snippet, brandColor).not.toContain('data-brand-color');
      expect(snippet).not.toContain('data-hide-header-footer');
    }
    expect(isBrandColor('#1f4e79')).toBe(true);
    expect(isBrandColor('#1F4E7')).toBe(false);
  });

  it("gives a popup its button's words, escaped as an attribute, and leaves them out when empty", () => {
    expect(embedSnippet({ ...CHOICE, mode: 'popup', buttonText: ' Book "now" & <save> ' })).toContain(
      `data-mode="popup" data-button-text="Book &quot;now&quot; &amp; &lt;save&gt;">${FALLBACK}</div>`,
    );
    expect(embedSnippet({ ...CHOICE, mode: 'popup', buttonText: '  ' })).toContain(
      `data-mode="popup">${FALLBACK}</div>`,
    );
  });
});

describe('the attributes a page may add', () => {
  it('names each prefill field as a data attribute with dashes, each with a meaning', () => {
    expect(dataAttributeOf('client_first_name')).toBe('data-client-first-name');
    expect(PREFILL_ATTRIBUTES.map((help) => help.attribute)).toEqual(
      PREFILL_FIELDS.map((field) => `data-${field.replace(/_/g, '-')}`),
    );
    expect(PREFILL_ATTRIBUTES.every((help) => help.meaning.length > 10)).toBe(true);
  });

  it('lists the lockable fields by the names data-lock takes', () => {
    expect(LOCK_ATTRIBUTE.attribute).toBe('data-lock');
    for (const field of LOCKABLE_FIELDS) expect(LOCK_ATTRIBUTE.meaning).toContain(field);
  });

  it('names the attribute that makes the page’s own buttons open the popup', () => {
    expect(OPENER_ATTRIBUTE.attribute).toBe('data-scheduler-open');
  });
});

describe('embedSnippet escapes what it is given', () => {
  it('escapes a company key and a server address as attribute values', () => {
    const snippet = embedSnippet({ ...CHOICE, companyKey: 'a"b&c', serverOrigin: 'https://book.example.net/?x="1"&y' });
    expect(snippet).toContain('data-online-scheduler="a&quot;b&amp;c"');
    expect(snippet).toContain(
      '<a href="https://book.example.net/?x=&quot;1&quot;&amp;y/a&quot;b&amp;c/online-scheduler/',
    );
    expect(snippet).toContain('src="https://book.example.net/?x=&quot;1&quot;&amp;y/embed/v1/scheduler.js"');
  });

  it('trims the words of a popup button, and gives an inline scheduler none whatever was typed', () => {
    expect(embedSnippet({ ...CHOICE, mode: 'popup', buttonText: '  Book now  ' })).toContain(
      `data-mode="popup" data-button-text="Book now">${FALLBACK}</div>`,
    );
    expect(embedSnippet({ ...CHOICE, mode: 'inline', buttonText: 'Book now' })).not.toContain('data-button-text');
  });

  it('puts the placeholder first and loads the script after it, asynchronously', () => {
    const [placeholder, script, ...rest] = embedSnippet(CHOICE).split('\n');
    expect(placeholder).toMatch(/^<div data-online-scheduler="demo" /);
    expect(script).toMatch(/^<script src="[^"]+" async><\/script>$/);
    expect(rest).toEqual([]);
  });
});
