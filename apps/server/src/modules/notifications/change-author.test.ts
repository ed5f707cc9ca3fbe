import { describe, expect, it } from 'vitest';
import { recordedAuthorWords } from './change-author.ts';

describe('recordedAuthorWords', () => {
  it("names a recorded change's author in the history's words, one set for the history and the refunds", () => {
    expect(recordedAuthorWords({ kind: 'office', override: true })).toBe('the office');
    expect(recordedAuthorWords({ kind: 'visitor', role: 'client', link_id: 'x' })).toBe('the client');
    expect(recordedAuthorWords({ kind: 'visitor', role: 'agent' })).toBe('an agent');
    expect(recordedAuthorWords({ kind: 'visitor', role: 'contact' })).toBe('a contact');
    expect(recordedAuthorWords({ kind: 'visitor', role: 'visitor' })).toBe('the person who booked it');
    // An event without a role it knows (or without an author at all) reads as the client's.
    expect(recordedAuthorWords({ kind: 'visitor', role: 'stranger' })).toBe('the client');
    expect(recordedAuthorWords(undefined)).toBe('the client');
    expect(recordedAuthorWords(null)).toBe('the client');
  });
});
