import { describe, expect, it } from 'vitest';
import { fillTemplate, MESSAGE_PLACEHOLDERS } from '@scheduler/domain/message-template';
import { contrastOnWhite, exampleValues } from './message-preview.ts';

const values = exampleValues({ name: 'Columbus', phone: '(614) 555-0142', email: 'office@scioto.example' });

describe("the preview's example values", () => {
  it('give every placeholder a message may use a value', () => {
    for (const { name } of MESSAGE_PLACEHOLDERS) expect(values[name], name).not.toBe('');
  });

  it("fills known placeholders with the example order's values, the office's own", () => {
    expect(fillTemplate('Booked for {client_name} on {datetime} with {office_name}', values)).toBe(
      'Booked for Jane Doe on 12/1/2026 at 9:30AM EST with Columbus',
    );
  });

  it('leaves an unknown placeholder, and markup, as written', () => {
    expect(fillTemplate('{nope} <b>{office_phone}</b>', values)).toBe('{nope} <b>(614) 555-0142</b>');
  });
});

describe('contrastOnWhite', () => {
  it('is 21 for black, 1 for white, and readable for the default blue', () => {
    expect(contrastOnWhite('#000000')).toBeCloseTo(21);
    expect(contrastOnWhite('#ffffff')).toBeCloseTo(1);
    expect(contrastOnWhite('#1f4e79')).toBeGreaterThan(4.5);
  });
});

describe('contrastOnWhite at the limits of legibility', () => {
  it('puts the reference greys either side of the large-text and the body-text minimums (3 and 4.5)', () => {
    // #949494 is the lightest grey with 3:1 on white, #767676 the lightest with 4.5:1 (WCAG's figures).
    expect(contrastOnWhite('#949494')).toBeGreaterThanOrEqual(3);
    expect(contrastOnWhite('#959595')).toBeLessThan(3);
    expect(contrastOnWhite('#767676')).toBeGreaterThanOrEqual(4.5);
    expect(contrastOnWhite('#777777')).toBeLessThan(4.5);
  });

  it('reads the channels apart, green weighing most, and capital hexadecimal digits as small ones', () => {
    expect(contrastOnWhite('#00ff00')).toBeLessThan(contrastOnWhite('#ff0000'));
    expect(contrastOnWhite('#ff0000')).toBeLessThan(contrastOnWhite('#0000ff'));
    expect(contrastOnWhite('#1F4E79')).toBeCloseTo(contrastOnWhite('#1f4e79'));
  });
});

describe("the preview's office", () => {
  it("fills the office's placeholders with the office given, and nothing else of it", () => {
    const other = exampleValues({ name: 'Dayton', phone: '(937) 555-0100', email: 'dayton@scioto.example' });
    expect(fillTemplate('{office_name} {office_phone} {office_email}', other)).toBe(
      'Dayton (937) 555-0100 dayton@scioto.example',
    );
    expect({ ...other, office_name: '', office_phone: '', office_email: '' }).toEqual({
      ...values,
      office_name: '',
      office_phone: '',
      office_email: '',
    });
  });
});
