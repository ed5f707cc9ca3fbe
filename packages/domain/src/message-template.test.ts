import { describe, expect, it } from 'vitest';
import { fillTemplate, MESSAGE_PLACEHOLDERS } from './message-template.ts';

describe('fillTemplate', () => {
  it('fills every known placeholder, as often as it appears, and leaves an unknown one as written', () => {
    expect(
      fillTemplate('{client_name}, {datetime}; again {client_name}. {nope} {Client_Name}', {
        client_name: 'Jane Doe',
        datetime: '12/1/2026',
      }),
    ).toBe('Jane Doe, 12/1/2026; again Jane Doe. {nope} {Client_Name}');
  });

  it('names each placeholder once, in the form the filler reads', () => {
    const names = MESSAGE_PLACEHOLDERS.map((placeholder) => placeholder.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(fillTemplate(`{${name}}`, { [name]: 'x' })).toBe('x');
  });
});
