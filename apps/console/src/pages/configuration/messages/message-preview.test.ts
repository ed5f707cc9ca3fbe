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
