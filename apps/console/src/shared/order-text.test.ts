import { describe, expect, it } from 'vitest';
import { ORDER } from '../test-support/fixtures.ts';
import { addressText, clientOf } from './order-text.ts';

describe('order text', () => {
  it("names the order's client, else whoever was entered first, else a dash", () => {
    expect(clientOf(ORDER)).toBe('Jane Doe');
    const agentFirst = { people: [ORDER.people[1]!, ORDER.people[0]!] };
    expect(clientOf(agentFirst)).toBe('Jane Doe');
    expect(clientOf({ people: [ORDER.people[1]!] })).toBe('Sam Realtor');
    expect(clientOf({ people: [] })).toBe('—');
  });

  it('writes the address on one line, leaving out an empty second line', () => {
    expect(addressText(ORDER.address)).toBe('12 Elm Street, Columbus, OH 43215');
    expect(addressText({ ...ORDER.address, address2: 'Unit 2' })).toBe('12 Elm Street, Unit 2, Columbus, OH 43215');
  });
});
