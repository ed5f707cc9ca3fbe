import { describe, expect, it } from 'vitest';
import { csvField, csvText } from './csv-text.ts';

describe('csvField', () => {
  it('keeps a negative amount a number (a refund the accountant sums), and neutralises a formula that starts alike', () => {
    expect(csvField('-30.00')).toBe('-30.00');
    expect(csvField('-7')).toBe('-7');
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('-30.00 ')).toBe("'-30.00 ");
    expect(csvField('-')).toBe("'-");
    expect(csvField('=1')).toBe("'=1");
    expect(csvField('+1')).toBe("'+1");
  });

  it('writes rows with CRLF after each', () => {
    expect(
      csvText([
        ['a', 'b,c'],
        ['-1.50', 'x'],
      ]),
    ).toBe('a,"b,c"\r\n-1.50,x\r\n');
  });
});
