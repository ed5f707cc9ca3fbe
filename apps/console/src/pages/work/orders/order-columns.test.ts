import { describe, expect, it } from 'vitest';
import { ORDER } from '../../../test-support/fixtures.ts';
import {
  DEFAULT_COLUMN_KEYS,
  keepChosenColumns,
  ORDER_COLUMNS,
  readChosenColumns,
  toggledColumn,
} from './order-columns.ts';

const storageWith = (kept: string | null) => ({ getItem: () => kept });

describe("the orders list's columns", () => {
  it('are the first eight by default, and when what was kept is missing, unreadable or not a list', () => {
    for (const kept of [null, 'not json', '{"when":true}', '42'])
      expect(readChosenColumns(storageWith(kept))).toEqual(DEFAULT_COLUMN_KEYS);
    expect(readChosenColumns(undefined)).toEqual(DEFAULT_COLUMN_KEYS);
  });

  it("read back in the table's order, unknown keys dropped, When always among them", () => {
    expect(readChosenColumns(storageWith('["status","number","nonsense",7]'))).toEqual(['when', 'number', 'status']);
    expect(readChosenColumns(storageWith('[]'))).toEqual(['when']);
  });

  it('turn on and off, in place, except When', () => {
    expect(toggledColumn(['when', 'client'], 'number')).toEqual(['when', 'number', 'client']);
    expect(toggledColumn(['when', 'number', 'client'], 'number')).toEqual(['when', 'client']);
    expect(toggledColumn(['when', 'client'], 'when')).toEqual(['when', 'client']);
  });

  it('are kept for the next visit, and a refusing storage costs nothing', () => {
    const kept: string[] = [];
    keepChosenColumns({ setItem: (_key, value) => void kept.push(value) }, ['when', 'number']);
    expect(kept).toEqual(['["when","number"]']);
    expect(() =>
      keepChosenColumns(
        {
          setItem: () => {
            throw new Error('QuotaExceededError');
          },
        },
        ['when'],
      ),
    ).not.toThrow();
  });

  it("say the order's number as the e-mails print it, and the client's phone and agent", () => {
    const text = (key: string) => ORDER_COLUMNS.find((column) => column.key === key)!.text(ORDER);
    expect(text('number')).toBe(ORDER.id.replace(/-/g, '').slice(0, 8).toUpperCase());
    expect(text('client')).toBe('Jane Doe');
    expect(text('client_phone')).toBe('6145550100');
    expect(text('buyers_agent')).toBe('Sam Realtor');
  });
});
