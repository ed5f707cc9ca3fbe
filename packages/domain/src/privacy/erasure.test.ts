import { describe, expect, it } from 'vitest';
import { ERASED_MARKER } from '@scheduler/contracts/privacy';
import { erasedPerson, keptFromErasure, personalStrings, scrubJson, scrubText } from './erasure.ts';

const ann = {
  id: 7,
  first: 'Ann',
  last: 'Li',
  email: 'Ann.Li@Example.com',
  mobile_phone: '(614) 555-0199',
  work_phone: '',
  address1: '12 Elm St',
  state: 36,
  send_sms: true,
  agency: 'Elm Realty',
  type: { id: 2, name: 'Attorney' },
};

describe('erasing a person', () => {
  it('empties every personal field, names them "(erased)" and keeps what is not theirs', () => {
    expect(erasedPerson(ann)).toEqual({
      id: 7,
      first: ERASED_MARKER,
      last: '',
      email: '',
      mobile_phone: '',
      work_phone: '',
      address1: '',
      state: null,
      send_sms: false,
      agency: 'Elm Realty',
      type: { id: 2, name: 'Attorney' },
    });
  });

  it('adds no field the person did not have, apart from the marked first name', () => {
    expect(Object.keys(erasedPerson({ email: 'a@b.co' })).sort()).toEqual(['email', 'first']);
  });

  it('recognises the person by each value and their whole name, longest first, blanks and marks left out', () => {
    expect(personalStrings({ ...ann, work_phone: '  ', city: ERASED_MARKER }, ['99 Oak Ave'])).toEqual([
      'Ann.Li@Example.com',
      '(614) 555-0199',
      '99 Oak Ave',
      '12 Elm St',
      'Ann Li',
      'Ann',
      'Li',
    ]);
  });

  it('replaces every occurrence in any case, and a value shorter than three letters only when it is the whole text', () => {
    const strings = personalStrings(ann);
    expect(scrubText('Sent to ann.li@example.com for Ann Li; Ann called from (614) 555-0199', strings)).toBe(
      'Sent to (erased) for (erased); (erased) called from (erased)',
    );
    expect(scrubText('Lincoln Street', strings)).toBe('Lincoln Street');
    expect(scrubText(' li ', strings)).toBe(ERASED_MARKER);
    expect(scrubText('An', strings)).toBe('An');
  });

  it('scrubs every string of a JSON value, nested, and leaves keys, numbers and booleans', () => {
    const strings = personalStrings(ann);
    expect(
      scrubJson(
        { to: 'ann.li@example.com', Ann: 1, people: [{ name: 'Ann Li', sms: true }], n: null, count: 3 },
        strings,
      ),
    ).toEqual({ to: ERASED_MARKER, Ann: 1, people: [{ name: ERASED_MARKER, sms: true }], n: null, count: 3 });
  });

  it('keeps a confirmed order until its inspection has ended, and takes one ending now, a cancelled one or a draft', () => {
    const now = new Date('2027-03-01T15:00:00.000Z');
    const at = (iso: string) => new Date(iso);
    expect(
      keptFromErasure({ status: 'confirmed', datetime: at('2027-03-01T13:00:00.000Z'), durationMinutes: 121 }, now),
    ).toBe('upcoming');
    expect(
      keptFromErasure({ status: 'confirmed', datetime: at('2027-03-01T13:00:00.000Z'), durationMinutes: 120 }, now),
    ).toBeNull();
    expect(
      keptFromErasure({ status: 'confirmed', datetime: at('2027-04-01T13:00:00.000Z'), durationMinutes: 0 }, now),
    ).toBe('upcoming');
    expect(
      keptFromErasure({ status: 'cancelled', datetime: at('2027-04-01T13:00:00.000Z'), durationMinutes: 60 }, now),
    ).toBeNull();
    expect(
      keptFromErasure({ status: 'draft', datetime: at('2027-04-01T13:00:00.000Z'), durationMinutes: 60 }, now),
    ).toBeNull();
    expect(keptFromErasure({ status: 'confirmed', datetime: null, durationMinutes: 60 }, now)).toBeNull();
  });
});
