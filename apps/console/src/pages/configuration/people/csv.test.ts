import { describe, expect, it } from 'vitest';
import { parseCsv, writeCsv } from './csv.ts';

const records = (text: string) => {
  const parsed = parseCsv(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.records;
};
const cells = (text: string) => records(text).map((record) => record.cells);

describe('parseCsv', () => {
  it('reads plain fields, with or without a last line break', () => {
    expect(cells('a,b,c\n1,2,3\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
    expect(cells('a,b,c\n1,2,3')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
  });

  it('reads CRLF, LF and CR line ends alike', () => {
    expect(cells('a,b\r\n1,2\r\n3,4\r5,6\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
      ['5', '6'],
    ]);
  });

  it('keeps empty fields, at the start, the middle and the end', () => {
    expect(cells(',a,,b,\n')).toEqual([['', 'a', '', 'b', '']]);
    expect(cells('""\n')).toEqual([['']]);
  });

  it('reads a quoted comma, a doubled quote and a quoted line break as part of the value', () => {
    expect(cells('"Doe, Jane","She said ""hi""","12 Elm St\nApt 4"\n')).toEqual([
      ['Doe, Jane', 'She said "hi"', '12 Elm St\nApt 4'],
    ]);
    expect(cells('"line one\r\nline two",x\r\n')).toEqual([['line one\r\nline two', 'x']]);
  });

  it('treats a quote inside plain text as text', () => {
    expect(cells('5\'10",tall\n')).toEqual([['5\'10"', 'tall']]);
  });

  it('drops a UTF-8 byte-order mark (Excel\'s "CSV UTF-8")', () => {
    expect(cells('\uFEFFFirst Name,E-mail\nJosé,j@example.com\n')).toEqual([
      ['First Name', 'E-mail'],
      ['José', 'j@example.com'],
    ]);
  });

  it('numbers each record by the line it starts on, counting quoted line breaks', () => {
    expect(records('h\n"a\nb"\nc\r\n"d\r\ne\r\nf"\ng').map((record) => record.line)).toEqual([1, 2, 4, 5, 8]);
  });

  it('reads an empty text as no records', () => {
    expect(cells('')).toEqual([]);
    expect(cells('\uFEFF')).toEqual([]);
  });

  it('refuses a quote that is never closed, naming the line it opens on', () => {
    expect(parseCsv('a,b\n1,"open\n2,3\n')).toEqual({
      ok: false,
      message: 'A quoted value that starts on line 2 never ends: a closing " is missing.',
    });
  });
});

describe('writeCsv', () => {
  it('writes CRLF lines after a byte-order mark, quoting only what needs it', () => {
    expect(
      writeCsv([
        ['First Name', 'Note'],
        ['Jane', 'Doe, "JD"'],
        ['Line\nbreak', ' spaced '],
      ]),
    ).toBe('\uFEFFFirst Name,Note\r\nJane,"Doe, ""JD"""\r\n"Line\nbreak"," spaced "\r\n');
  });

  it('is read back as written', () => {
    const rows = [
      ['a', 'b,c', 'd"e', 'f\r\ng', ''],
      ['', '', '', '', 'z'],
    ];
    expect(cells(writeCsv(rows))).toEqual(rows);
  });
});
