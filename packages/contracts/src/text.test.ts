import { describe, expect, it } from 'vitest';
import { findUnacceptableText } from './text.ts';

describe('findUnacceptableText', () => {
  it('finds the first string or key that breaks the rule, by its path', () => {
    expect(findUnacceptableText({ a: 'ok', b: ['ok', 'x\u0000'] })).toEqual(['b', 1]);
    expect(findUnacceptableText({ a: { 'bad\uD800': 1 } })).toEqual(['a', 'bad\uD800']);
    expect(findUnacceptableText('\u0000')).toEqual([]);
    expect(findUnacceptableText({ a: ['fine', 2, null, true], b: '😀' })).toBeNull();
  });

  it('answers in the order of a depth-first walk: a key, then what is under it, then the next key', () => {
    expect(findUnacceptableText({ first: { deep: '\u0000' }, 'second\u0000': 'ok' })).toEqual(['first', 'deep']);
    expect(findUnacceptableText({ 'first\u0000': { deep: '\u0000' } })).toEqual(['first\u0000']);
    expect(findUnacceptableText([['ok'], ['\uDC00', '\u0000']])).toEqual([1, 0]);
  });

  it('walks any depth without exhausting the call stack', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const path = findUnacceptableText(deep);
    expect(path).toHaveLength(100_000);
    let clean: unknown = 'ok';
    for (let i = 0; i < 100_000; i++) clean = { a: clean };
    expect(findUnacceptableText(clean)).toBeNull();
  });
});
