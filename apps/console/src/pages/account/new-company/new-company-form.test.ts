import { describe, expect, it } from 'vitest';
import type { Place } from '@scheduler/contracts/onboarding';
import {
  formFieldOfRefusal,
  initialValues,
  keyFromName,
  newCompanyRequest,
  splitName,
  type NewCompanyValues,
} from './new-company-form.ts';

const PLACE: Place = {
  address1: '4200 Sawmill Rd',
  address2: '',
  city: 'Columbus',
  state: 'OH',
  postal_code: '43220',
  latitude: 40.05,
  longitude: -83.07,
  time_zone: 'America/New_York',
};
const filled = (changes: Partial<NewCompanyValues> = {}): NewCompanyValues => ({
  ...initialValues('Fran Founder'),
  companyName: 'Buckeye Home Inspections',
  companyKey: 'buckeye',
  address: '4200 Sawmill Rd, Columbus, OH 43220',
  price: '425',
  ...changes,
});
const problemsOf = (values: NewCompanyValues, place: Place | null = PLACE) => {
  const result = newCompanyRequest(values, place);
  return result.ok ? [] : result.problems.map((p) => p.field);
};

describe('keyFromName', () => {
  it('makes a web address of lower-case letters, digits and dashes', () => {
    expect(keyFromName('Buckeye Home Inspections, LLC')).toBe('buckeye-home-inspections-llc');
    expect(keyFromName('  Smith & Sons  ')).toBe('smith-and-sons');
    expect(keyFromName('Café Élan Inspecting')).toBe('cafe-elan-inspecting');
    expect(keyFromName('!!!')).toBe('');
  });

  it('keeps at most 63 characters and never ends on a dash', () => {
    expect(keyFromName('a'.repeat(80))).toHaveLength(63);
    expect(keyFromName(`${'a'.repeat(62)} b`)).toBe('a'.repeat(62));
  });
});

describe('splitName', () => {
  it('takes the first word as the first name and the rest as the last', () => {
    expect(splitName('Fran de la Founder')).toEqual({ first: 'Fran', last: 'de la Founder' });
    expect(splitName('  Cher ')).toEqual({ first: 'Cher', last: '' });
    expect(splitName('')).toEqual({ first: '', last: '' });
  });
});

describe('newCompanyRequest', () => {
  it('starts from sensible defaults: the person as the inspector, weekdays 8 to 5, 30 miles, a three-hour home inspection', () => {
    expect(initialValues('Fran Founder')).toMatchObject({
      first: 'Fran',
      last: 'Founder',
      weekdays: ['mon', 'tue', 'wed', 'thu', 'fri'],
      start: '08:00',
      end: '17:00',
      radiusMiles: '30',
      serviceName: 'Home inspection',
      durationMinutes: '180',
    });
  });

  it('writes the request from the values and the place found, the weekdays in the week’s order', () => {
    const result = newCompanyRequest(
      filled({
        weekdays: ['fri', 'mon'],
        phone: ' 614-555-0100 ',
        email: ' office@buckeye.example ',
        price: '1,234.50',
      }),
      PLACE,
    );
    expect(result).toEqual({
      ok: true,
      body: {
        company: { name: 'Buckeye Home Inspections', key: 'buckeye' },
        office: {
          address1: '4200 Sawmill Rd',
          address2: '',
          city: 'Columbus',
          state: 'OH',
          postal_code: '43220',
          latitude: 40.05,
          longitude: -83.07,
          time_zone: 'America/New_York',
          phone: '614-555-0100',
          email: 'office@buckeye.example',
        },
        inspector: {
          first: 'Fran',
          last: 'Founder',
          weekdays: ['mon', 'fri'],
          start: '08:00',
          end: '17:00',
          radius_miles: 30,
        },
        service: { name: 'Home inspection', price_cents: 123_450, duration_minutes: 180 },
      },
    });
  });

  it('needs the address found', () => {
    expect(problemsOf(filled(), null)).toEqual(['address']);
    expect(problemsOf(filled({ address: ' ' }), null)).toEqual(['address']);
  });

  it('takes the bounds and refuses one past them', () => {
    expect(problemsOf(filled({ radiusMiles: '1' }))).toEqual([]);
    expect(problemsOf(filled({ radiusMiles: '500' }))).toEqual([]);
    expect(problemsOf(filled({ radiusMiles: '0' }))).toEqual(['radiusMiles']);
    expect(problemsOf(filled({ radiusMiles: '501' }))).toEqual(['radiusMiles']);
    expect(problemsOf(filled({ radiusMiles: '2.5' }))).toEqual(['radiusMiles']);
    expect(problemsOf(filled({ durationMinutes: '15' }))).toEqual([]);
    expect(problemsOf(filled({ durationMinutes: '1440' }))).toEqual([]);
    expect(problemsOf(filled({ durationMinutes: '14' }))).toEqual(['durationMinutes']);
    expect(problemsOf(filled({ durationMinutes: '1441' }))).toEqual(['durationMinutes']);
    expect(problemsOf(filled({ price: '0' }))).toEqual([]);
    expect(problemsOf(filled({ price: '1000000.00' }))).toEqual([]);
    expect(problemsOf(filled({ price: '1000000.01' }))).toEqual(['price']);
    expect(problemsOf(filled({ price: '-5' }))).toEqual(['price']);
    expect(problemsOf(filled({ price: '' }))).toEqual(['price']);
    expect(problemsOf(filled({ companyName: 'x'.repeat(200) }))).toEqual([]);
    expect(problemsOf(filled({ companyName: 'x'.repeat(201) }))).toEqual(['companyName']);
    expect(problemsOf(filled({ phone: '1'.repeat(41) }))).toEqual(['phone']);
    // The e-mail visitors see is optional, and an address when given (issue 41).
    expect(problemsOf(filled({ email: '' }))).toEqual([]);
    expect(problemsOf(filled({ email: 'not an address' }))).toEqual(['email']);
    expect(problemsOf(filled({ email: `${'a'.repeat(242)}@example.com` }))).toEqual([]);
    expect(problemsOf(filled({ email: `${'a'.repeat(243)}@example.com` }))).toEqual(['email']);
  });

  it('refuses a key the server would, an empty week and a day that ends before it starts', () => {
    expect(problemsOf(filled({ companyKey: 'ab' }))).toEqual([]);
    expect(problemsOf(filled({ companyKey: 'a' }))).toEqual(['companyKey']);
    expect(problemsOf(filled({ companyKey: 'Buckeye' }))).toEqual(['companyKey']);
    expect(problemsOf(filled({ companyKey: '-buckeye' }))).toEqual(['companyKey']);
    expect(problemsOf(filled({ weekdays: [] }))).toEqual(['weekdays']);
    expect(problemsOf(filled({ start: '17:00', end: '17:00' }))).toEqual(['end']);
    expect(problemsOf(filled({ start: '08:00', end: '08:01' }))).toEqual([]);
    expect(problemsOf(filled({ start: '8am' }))).toEqual(['start']);
    expect(problemsOf(filled({ first: '', last: '' }))).toEqual(['first', 'last']);
  });
});

describe('formFieldOfRefusal', () => {
  it("finds the form's field of the server's path, and none for what the form does not show", () => {
    expect(formFieldOfRefusal('company.key')).toBe('companyKey');
    expect(formFieldOfRefusal('office.time_zone')).toBe('address');
    expect(formFieldOfRefusal('service.price_cents')).toBe('price');
    expect(formFieldOfRefusal('inspector.radius_miles')).toBe('radiusMiles');
    expect(formFieldOfRefusal('office.email')).toBe('email');
    expect(formFieldOfRefusal('states.0.name')).toBeNull();
    expect(formFieldOfRefusal(undefined)).toBeNull();
  });
});
