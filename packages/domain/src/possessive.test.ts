import { describe, expect, it } from 'vitest';
import { possessive } from './possessive.ts';

describe('a name\'s possessive (issue 41: "Inspections\'s console")', () => {
  it("adds an apostrophe alone to a name ending in s, and 's to any other", () => {
    expect(possessive('Acme Inspections')).toBe("Acme Inspections'");
    expect(possessive('SCIOTO HOME INSPECTIONS')).toBe("SCIOTO HOME INSPECTIONS'");
    expect(possessive('Scioto Valley')).toBe("Scioto Valley's");
    expect(possessive('Buckeye Inspection')).toBe("Buckeye Inspection's");
  });

  it('reads the last letter past trailing spaces, and says nothing odd of an empty name', () => {
    expect(possessive('Acme Inspections  ')).toBe("Acme Inspections'");
    expect(possessive('')).toBe('');
  });
});
