import { describe, expect, it } from 'vitest';
import type { PanelFields } from './person-fields.ts';
import {
  checkPersonField,
  FAILED_VALIDATION_CODE,
  validateNewContact,
  validatePeople,
  validatePerson,
  validationFailure,
} from './person-rules.ts';

describe('checkPersonField: the field checks of spec 5.4', () => {
  const nonEmpty = [
    'first',
    'last',
    'address1',
    'city',
    'mobile_phone',
    'work_phone',
    'home_phone',
    'work_fax',
    'home_fax',
  ] as const;

  it.each(nonEmpty)('a required %s fails when empty or blank and passes with any text', (field) => {
    expect(checkPersonField(field, '', true)).toMatchObject({ field, problem: 'required' });
    expect(checkPersonField(field, '   ', true)).toMatchObject({ field, problem: 'required' });
    expect(checkPersonField(field, undefined, true)).toMatchObject({ field, problem: 'required' });
    expect(checkPersonField(field, 'x', true)).toBeNull();
  });

  it.each(nonEmpty)('an optional %s may stay empty', (field) => {
    expect(checkPersonField(field, '', false)).toBeNull();
  });

  it('names the field in its message', () => {
    expect(checkPersonField('first', '', true)?.message).toBe('Enter the first name');
    expect(checkPersonField('home_fax', '', true)?.message).toBe('Enter the home fax number');
  });

  it.each([
    ['', false],
    ['1', false],
    ['12', true],
    ['43215', true],
    ['K1A 0B1', true],
    ['1234567890', true],
    ['12345678901', false],
    [' 1 ', false],
  ])('a required postal code %j passes: %s (2 to 10 characters)', (value, passes) => {
    const error = checkPersonField('postal_code', value, true);
    expect(error === null).toBe(passes);
    if (error) expect(error.problem).toBe('postal_code_length');
  });

  it('an optional postal code may be empty but not too short once filled', () => {
    expect(checkPersonField('postal_code', '', false)).toBeNull();
    expect(checkPersonField('postal_code', '4', false)).toMatchObject({ problem: 'postal_code_length' });
  });

  it.each(['name@example.com', 'NAME@EXAMPLE.COM', 'First.Last+tag@Sub.Example.co.uk', "o'brien@example.org"])(
    'accepts the e-mail %j, case-insensitively',
    (email) => {
      expect(checkPersonField('email', email, true)).toBeNull();
    },
  );

  it.each([
    'plain',
    'name@',
    '@example.com',
    'name@example',
    'name @example.com',
    'name@exa mple.com',
    'name@-example.com',
    'a@b@c.com',
  ])('refuses the e-mail %j', (email) => {
    expect(checkPersonField('email', email, true)).toMatchObject({ field: 'email', problem: 'email' });
  });

  it('a required e-mail that is empty is missing, not malformed; an optional one may be empty', () => {
    expect(checkPersonField('email', '', true)).toMatchObject({
      problem: 'required',
      message: 'Enter an e-mail address',
    });
    expect(checkPersonField('email', '', false)).toBeNull();
    expect(checkPersonField('email', 'nope', false)).toMatchObject({ problem: 'email' });
  });

  it.each(['address2', 'state', 'company', 'agency'] as const)(
    '%s always passes, even when required and empty',
    (field) => {
      expect(checkPersonField(field, '', true)).toBeNull();
      expect(checkPersonField(field, null, true)).toBeNull();
    },
  );
});

describe('phones (decision 0027)', () => {
  it.each(['mobile_phone', 'work_phone', 'home_phone', 'work_fax', 'home_fax'] as const)(
    '%s: empty and required is "required"; filled in, it must be a whole number of the country',
    (field) => {
      expect(checkPersonField(field, ' ', true, 'US')).toMatchObject({ field, problem: 'required' });
      expect(checkPersonField(field, '', false, 'US')).toBeNull();
      expect(checkPersonField(field, '123', false, 'US')).toMatchObject({
        field,
        problem: 'phone',
        message: expect.stringMatching(/area code included$/),
      });
      expect(checkPersonField(field, '123', true, 'US')).toMatchObject({ problem: 'phone' });
      expect(checkPersonField(field, '(614) 555-0142', true, 'US')).toBeNull();
    },
  );
});

describe('validatePerson', () => {
  const fields: PanelFields = {
    displayed: ['first', 'last', 'email', 'mobile_phone', 'postal_code', 'company'],
    required: ['first', 'last', 'mobile_phone'],
  };

  it('passes a complete person', () => {
    expect(
      validatePerson(
        'buyers_agent',
        { first: 'Ann', last: 'Lee', mobile_phone: '614 555 0100', email: '', postal_code: '' },
        fields,
        'US',
      ),
    ).toEqual({ ok: true });
  });

  it("names every failing field in the form's order, with the panel's outcome code (spec 8.5)", () => {
    const result = validatePerson(
      'sellers_agent',
      { first: '', last: 'Lee', email: 'bad', mobile_phone: ' ', postal_code: '1' },
      fields,
      'US',
    );
    expect(result).toEqual({
      ok: false,
      code: 'SELLERS_AGENT_FAILED_VALIDATION',
      errors: [
        { field: 'first', problem: 'required', message: 'Enter the first name' },
        { field: 'email', problem: 'email', message: 'Enter an e-mail address like name@example.com' },
        { field: 'mobile_phone', problem: 'required', message: 'Enter the mobile phone number' },
        { field: 'postal_code', problem: 'postal_code_length', message: 'Enter a postal code of 2 to 10 characters' },
      ],
    });
  });

  it('does not check a field the form does not show', () => {
    expect(
      validatePerson(
        'client',
        { first: 'A', last: 'B', home_phone: '', city: '' },
        { displayed: ['first', 'last'], required: ['first', 'last'] },
        'US',
      ),
    ).toEqual({ ok: true });
  });

  it.each([
    ['buyers_agent', 'BUYERS_AGENT_FAILED_VALIDATION'],
    ['sellers_agent', 'SELLERS_AGENT_FAILED_VALIDATION'],
    ['insurance_agent', 'INSURANCE_AGENT_FAILED_VALIDATION'],
    ['client', 'CLIENTS_FAILED_VALIDATION'],
    ['contact', 'CONTACT_FAILED_VALIDATION'],
  ] as const)('a failing %s answers %s', (party, code) => {
    expect(FAILED_VALIDATION_CODE[party]).toBe(code);
    const result = validatePerson(
      party,
      { first: '' },
      { displayed: ['first', 'last'], required: ['first', 'last'] },
      'US',
    );
    expect(result.ok === false && result.code).toBe(code);
  });

  it('a contact needs its type', () => {
    const names = { displayed: ['first', 'last'], required: ['first', 'last'] } as const;
    expect(validatePerson('contact', { first: 'A', last: 'B' }, names, 'US')).toMatchObject({
      ok: false,
      errors: [{ field: 'type', message: 'Choose the type of contact' }],
    });
    expect(
      validatePerson('contact', { first: 'A', last: 'B', type: { id: 2, name: 'Title Company' } }, names, 'US'),
    ).toEqual({ ok: true });
  });
});

describe('validatePeople', () => {
  const fields: PanelFields = { displayed: ['first', 'last', 'email'], required: ['first', 'last', 'email'] };
  it('names the failing client by its place in the list', () => {
    const result = validatePeople(
      'client',
      [
        { first: 'A', last: 'B', email: 'a@b.co' },
        { first: 'C', last: '', email: 'x' },
      ],
      fields,
      'US',
    );
    expect(result).toMatchObject({
      ok: false,
      code: 'CLIENTS_FAILED_VALIDATION',
      errors: [
        { index: 1, path: 'clients.1.last', field: 'last' },
        { index: 1, path: 'clients.1.email', problem: 'email' },
      ],
    });
  });
  it('refuses a contact of the list without a type, or with a type that is not one (no numeric id)', () => {
    const contact = { first: 'A', last: 'B', email: 'a@b.co' };
    for (const type of [undefined, null, {}, { id: '2' }, 'Title Company']) {
      expect(
        validatePeople(
          'contact',
          [
            { ...contact, type: { id: 1 } },
            { ...contact, type },
          ],
          fields,
          'US',
        ),
        JSON.stringify(type),
      ).toMatchObject({
        ok: false,
        code: 'CONTACT_FAILED_VALIDATION',
        errors: [{ index: 1, path: 'contacts.1.type', field: 'type' }],
      });
    }
    expect(validatePeople('contact', [{ ...contact, type: { id: 1 } }], fields, 'US')).toEqual({ ok: true });
  });
  it('passes an empty list and a valid one', () => {
    expect(validatePeople('contact', [], fields, 'US')).toEqual({ ok: true });
    expect(validatePeople('client', [{ first: 'A', last: 'B', email: 'a@b.co' }], fields, 'US')).toEqual({ ok: true });
  });
});

describe('validateNewContact (spec 5.4: first and type)', () => {
  it('needs the first name and the type, nothing else', () => {
    expect(validateNewContact({ first: 'Pat', type: { id: 1, name: 'Loan Officer' } })).toEqual({ ok: true });
    expect(validateNewContact({ first: '', type: { id: 1, name: 'Loan Officer' } })).toMatchObject({
      ok: false,
      code: 'CONTACT_FAILED_VALIDATION',
      errors: [{ field: 'first' }],
    });
    expect(validateNewContact({ first: 'Pat', type: null })).toMatchObject({ ok: false, errors: [{ field: 'type' }] });
    expect(validateNewContact({})).toMatchObject({ ok: false, errors: [{ field: 'first' }, { field: 'type' }] });
  });
});

describe('validationFailure', () => {
  it('gives the code, the first message and the field of a failure, and nothing for a pass', () => {
    const fields: PanelFields = { displayed: ['first', 'last', 'email'], required: ['first', 'last', 'email'] };
    expect(
      validationFailure(validatePerson('insurance_agent', { first: 'A', last: 'B', email: 'x' }, fields, 'US')),
    ).toEqual({
      code: 'INSURANCE_AGENT_FAILED_VALIDATION',
      message: 'Enter an e-mail address like name@example.com',
      field: 'email',
    });
    expect(
      validationFailure(
        validatePeople(
          'client',
          [
            { first: 'A', last: 'B', email: 'a@b.co' },
            { first: 'A', last: 'B' },
          ],
          fields,
          'US',
        ),
      ),
    ).toEqual({
      code: 'CLIENTS_FAILED_VALIDATION',
      message: 'Enter an e-mail address',
      field: 'clients.1.email',
    });
    expect(validationFailure({ ok: true })).toBeNull();
  });
});
