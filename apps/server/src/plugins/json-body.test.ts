import { describe, expect, it } from 'vitest';
import { jsonNestingDepth, MAX_JSON_DEPTH } from './json-body.ts';

describe('jsonNestingDepth', () => {
  it('counts the deepest nesting of arrays and objects', () => {
    expect(jsonNestingDepth('1')).toBe(0);
    expect(jsonNestingDepth('{}')).toBe(1);
    expect(jsonNestingDepth('{"a":[1,{"b":[]}],"c":{}}')).toBe(4);
    expect(jsonNestingDepth('[[],[[]],[]]')).toBe(3);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(jsonNestingDepth('{"a":"[[[{{{"}')).toBe(1);
    expect(jsonNestingDepth('{"a":"\\"[[["}')).toBe(1);
    expect(jsonNestingDepth('["\\\\",[]]')).toBe(2);
  });

  it('reads a body far deeper than the limit without recursion', () => {
    expect(jsonNestingDepth(`${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`)).toBe(1_000_000);
    expect(MAX_JSON_DEPTH).toBe(64);
  });
});
