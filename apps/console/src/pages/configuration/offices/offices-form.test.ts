import { describe, expect, it } from 'vitest';
import { officeSchedulingSchema } from '@scheduler/contracts/company-document';
import {
  applyOfficesForm,
  FIXED_TIMES_PROBLEM,
  formFieldOfRefusal,
  newOffice,
  NO_FIXED_TIMES_PROBLEM,
  officeReferences,
  officesFormValues,
  parseFixedTimes,
  removalProblem,
  SCHEDULING_BOUNDS,
  type OfficeFormValues,
  type OfficesFormValues,
  type SchedulingNumber,
} from './offices-form.ts';

const COLUMBUS = '5b0c3a8e-7f1d-4c2a-9e61-3d4f8a2b9c10';
const DAYTON = '9d2e4f6a-8b1c-4d3e-a5f7-0b1c2d3e4f50';
const NEW = 'c0000000-0000-4000-8000-0000000000b2';

const columbus = {
  uuid: COLUMBUS,
  name: 'Columbus',
  phone: '(614) 555-0142',
  email: 'schedule@example.com',
  state: 'OH',
  time_zone: 'America/New_York',
  address1: '1105 Schrock Rd',
  address2: 'Suite 300',
  city: 'Columbus',
  postal_code: '43229',
  latitude: 40.0801,
  longitude: -82.9827,
  logo: null,
  // As the demo writes it: the default length left out.
  scheduling: {
    slot_granularity_minutes: 30,
    fixed_start_times: [],
    buffer_minutes: 30,
    minimum_notice_hours: 12,
    booking_horizon_days: 120,
    road_factor: 1.3,
    average_speed_mph: 32,
  },
};
// An office written with every default left out.
const dayton = { uuid: DAYTON, name: 'Dayton', phone: '', email: '', state: 'OH', time_zone: 'America/New_York' };

const DOCUMENT: Record<string, unknown> = {
  key: 'demo',
  name: 'Scioto Valley',
  states: [
    { id: 1, abbreviation: 'OH', name: 'Ohio' },
    { id: 2, abbreviation: 'KY', name: 'Kentucky' },
  ],
  offices: [columbus, dayton],
  inspectors: [
    { id: 101, office: COLUMBUS, first: 'Sarah', last: 'Chen', display: '' },
    { id: 102, office: COLUMBUS, first: 'Mike', last: 'Alvarez', display: 'Mike A.' },
  ],
  pricing: {
    taxes: [{ code: 'oh', name: 'Ohio sales tax', office: DAYTON, rate_percent: 7 }],
    trip_fees: [{ kind: 'postal_codes', code: 'far', description: 'Far away', office: DAYTON, zones: [] }],
  },
  // A part this page does not know: it travels untouched.
  future_section: { anything: [1, 2, 3] },
  settings: [],
};

const loaded = officesFormValues(DOCUMENT);
const withOffice = (index: number, change: Partial<OfficeFormValues>): OfficesFormValues => ({
  offices: loaded.offices.map((office, i) => (i === index ? { ...office, ...change } : office)),
});
const apply = (values: OfficesFormValues) => applyOfficesForm(DOCUMENT, values);

describe('reading the offices', () => {
  it('reads each office as typed text, defaults shown as the server fills them', () => {
    expect(loaded.offices[0]).toEqual({
      uuid: COLUMBUS,
      name: 'Columbus',
      phone: '(614) 555-0142',
      email: 'schedule@example.com',
      address1: '1105 Schrock Rd',
      address2: 'Suite 300',
      city: 'Columbus',
      state: 'OH',
      postalCode: '43229',
      latitude: '40.0801',
      longitude: '-82.9827',
      timeZone: 'America/New_York',
      logo: null,
      startTimes: 'every',
      fixedStartTimes: '',
      bookingHorizonDays: '120',
      minimumNoticeHours: '12',
      bufferMinutes: '30',
      defaultDurationMinutes: '180',
      slotGranularityMinutes: '30',
      roadFactor: '1.3',
      averageSpeedMph: '32',
    });
    expect(loaded.offices[1]).toMatchObject({
      address1: '',
      latitude: '',
      longitude: '',
      slotGranularityMinutes: '30',
      roadFactor: '1.3',
      averageSpeedMph: '30',
    });
    expect(officesFormValues({})).toEqual({ offices: [] });
  });

  it('reads fixed start times as the fixed choice', () => {
    const document = {
      ...DOCUMENT,
      offices: [{ ...columbus, scheduling: { ...columbus.scheduling, fixed_start_times: ['08:00', '13:00'] } }],
    };
    expect(officesFormValues(document).offices[0]).toMatchObject({
      startTimes: 'fixed',
      fixedStartTimes: '08:00, 13:00',
    });
  });
});

describe('writing the offices', () => {
  it('changes nothing when nothing changed: defaults left out stay out, and every other part passes through', () => {
    expect(apply(loaded)).toEqual({ ok: true, document: DOCUMENT });
  });

  it('writes only the changed field of an office', () => {
    expect(apply(withOffice(0, { phone: ' (614) 555-0199 ' }))).toEqual({
      ok: true,
      document: { ...DOCUMENT, offices: [{ ...columbus, phone: '(614) 555-0199' }, dayton] },
    });
    expect(apply(withOffice(1, { bufferMinutes: '45' }))).toEqual({
      ok: true,
      document: { ...DOCUMENT, offices: [columbus, { ...dayton, scheduling: { buffer_minutes: 45 } }] },
    });
  });

  it('writes the address, place, zone and logo, and clears a place', () => {
    const result = apply(
      withOffice(1, {
        address1: '1 Main St',
        city: 'Dayton',
        postalCode: '45402',
        latitude: '39.7589',
        longitude: '-84.1916',
        timeZone: 'America/Chicago',
        logo: 'data:image/png;base64,AAAA',
      }),
    );
    expect(result).toEqual({
      ok: true,
      document: {
        ...DOCUMENT,
        offices: [
          columbus,
          {
            ...dayton,
            address1: '1 Main St',
            city: 'Dayton',
            postal_code: '45402',
            latitude: 39.7589,
            longitude: -84.1916,
            time_zone: 'America/Chicago',
            logo: 'data:image/png;base64,AAAA',
          },
        ],
      },
    });
    expect(apply(withOffice(0, { latitude: '', longitude: '' }))).toEqual({
      ok: true,
      document: { ...DOCUMENT, offices: [{ ...columbus, latitude: null, longitude: null }, dayton] },
    });
  });

  it('writes fixed start times sorted, each once, as HH:mm; and none when "every few minutes" is chosen again', () => {
    const fixed = apply(withOffice(0, { startTimes: 'fixed', fixedStartTimes: '13:00, 8:00 08:00;9:30' }));
    expect(fixed).toEqual({
      ok: true,
      document: {
        ...DOCUMENT,
        offices: [
          { ...columbus, scheduling: { ...columbus.scheduling, fixed_start_times: ['08:00', '09:30', '13:00'] } },
          dayton,
        ],
      },
    });
    // The times typed stay in the form, but "every" writes none.
    expect(apply(withOffice(0, { startTimes: 'every', fixedStartTimes: '8:00' }))).toEqual({
      ok: true,
      document: DOCUMENT,
    });
  });

  it('refuses fixed times that are not times, or none at all', () => {
    for (const typed of ['8', '8:0', '24:00', '7:60', 'noon', '08:00-09:00']) {
      expect(apply(withOffice(0, { startTimes: 'fixed', fixedStartTimes: typed })), typed).toEqual({
        ok: false,
        problems: [{ office: 0, field: 'fixedStartTimes', message: FIXED_TIMES_PROBLEM }],
      });
    }
    expect(apply(withOffice(0, { startTimes: 'fixed', fixedStartTimes: ' , ' }))).toEqual({
      ok: false,
      problems: [{ office: 0, field: 'fixedStartTimes', message: NO_FIXED_TIMES_PROBLEM }],
    });
  });

  it('writes a new office whole, in the form’s order, and the document takes it', () => {
    const office = { ...newOffice(NEW, DOCUMENT), name: 'Cincinnati' };
    const result = apply({ offices: [...loaded.offices, office] });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const written = (result.document.offices as unknown[])[2];
    expect(written).toEqual({
      uuid: NEW,
      name: 'Cincinnati',
      phone: '',
      email: '',
      address1: '',
      address2: '',
      city: '',
      state: 'OH',
      postal_code: '',
      latitude: null,
      longitude: null,
      time_zone: 'America/New_York',
      logo: null,
      scheduling: officeSchedulingSchema.parse({}),
    });
  });

  it('names each field it refuses, in any office', () => {
    const result = apply({
      offices: [
        {
          ...loaded.offices[0]!,
          name: ' ',
          email: 'not-an-address',
          state: 'TX',
          timeZone: 'Mars/Olympus',
          latitude: '91',
          longitude: '',
        },
        {
          ...loaded.offices[1]!,
          phone: '1'.repeat(41),
          postalCode: '12345678901',
          logo: `data:image/png;base64,${'A'.repeat(700_000)}`,
        },
      ],
    });
    expect(result).toEqual({
      ok: false,
      problems: [
        { office: 0, field: 'name', message: 'Enter the office’s name.' },
        { office: 0, field: 'email', message: 'Enter an e-mail address like office@example.com, or leave it empty.' },
        { office: 0, field: 'state', message: 'Choose one of your states.' },
        { office: 0, field: 'latitude', message: 'Enter a latitude from -90 to 90, like 39.9612.' },
        { office: 0, field: 'timeZone', message: 'Choose a time zone, like America/New_York.' },
        { office: 1, field: 'phone', message: 'At most 40 characters.' },
        { office: 1, field: 'postalCode', message: 'At most 10 characters.' },
        { office: 1, field: 'logo', message: 'This logo is too large to keep. Choose a smaller image.' },
      ],
    });
  });

  it('refuses one coordinate without the other', () => {
    expect(apply(withOffice(0, { longitude: '' }))).toEqual({
      ok: false,
      problems: [{ office: 0, field: 'longitude', message: 'Enter the longitude too, or empty both.' }],
    });
    expect(apply(withOffice(0, { latitude: '' }))).toEqual({
      ok: false,
      problems: [{ office: 0, field: 'latitude', message: 'Enter the latitude too, or empty both.' }],
    });
    expect(apply(withOffice(0, { latitude: '-90', longitude: '180' })).ok).toBe(true);
    expect(apply(withOffice(0, { longitude: '-180.5' }))).toMatchObject({
      ok: false,
      problems: [{ field: 'longitude' }],
    });
  });
});

describe('the booking-time numbers, at each bound and one past it', () => {
  const cases = Object.entries(SCHEDULING_BOUNDS) as Array<
    [SchedulingNumber, (typeof SCHEDULING_BOUNDS)[SchedulingNumber]]
  >;

  it.each(cases)('%s takes its bounds and refuses one past them', (name, { key, min, max, whole }) => {
    const step = whole ? 1 : 0.1;
    for (const value of [min, max]) {
      const result = apply(withOffice(0, { [name]: String(value) }));
      expect(result.ok, `${name} ${value}`).toBe(true);
      if (result.ok)
        expect((result.document.offices as Array<{ scheduling: Record<string, number> }>)[0]!.scheduling[key]).toBe(
          value,
        );
    }
    const message = `Enter ${whole ? 'a whole number' : 'a number'} from ${min} to ${max}.`;
    for (const value of [String(+(min - step).toFixed(1)), String(+(max + step).toFixed(1)), '', 'ten']) {
      expect(apply(withOffice(0, { [name]: value })), `${name} ${value}`).toEqual({
        ok: false,
        problems: [{ office: 0, field: name, message }],
      });
    }
  });

  it('refuses a fraction of a whole-number setting, and takes one of a decimal setting', () => {
    expect(apply(withOffice(0, { bufferMinutes: '10.5' }))).toMatchObject({
      ok: false,
      problems: [{ field: 'bufferMinutes' }],
    });
    expect(apply(withOffice(0, { roadFactor: '1.25' })).ok).toBe(true);
  });

  it('keeps the same bounds as the document schema', () => {
    for (const [, { key, min, max, whole }] of cases) {
      const step = whole ? 1 : 0.1;
      const accepts = (value: number) => officeSchedulingSchema.safeParse({ [key]: value }).success;
      expect([accepts(min), accepts(max), accepts(min - step), accepts(max + step)], key).toEqual([
        true,
        true,
        false,
        false,
      ]);
    }
  });
});

describe('removing an office', () => {
  it('refuses an office its inspectors, taxes or trip fees name, naming them', () => {
    expect(officeReferences(DOCUMENT, COLUMBUS)).toEqual({
      inspectors: ['Sarah Chen', 'Mike A.'],
      taxes: [],
      tripFees: [],
    });
    expect(removalProblem(DOCUMENT, loaded, 0)).toBe(
      'Columbus can’t be removed while the inspectors Sarah Chen and Mike A. belong to it. Move them to another office, or change them, first.',
    );
    expect(removalProblem(DOCUMENT, loaded, 1)).toBe(
      'Dayton can’t be removed while the tax Ohio sales tax, and the trip fee Far away belong to it. Move them to another office, or change them, first.',
    );
  });

  it('lets an unused office go, and keeps the last one', () => {
    const document = { ...DOCUMENT, inspectors: [], pricing: {} };
    expect(removalProblem(document, loaded, 0)).toBeNull();
    expect(removalProblem(document, { offices: [loaded.offices[0]!] }, 0)).toBe(
      'A company keeps at least one office: add another before removing this one.',
    );
    // A new office nobody uses yet.
    expect(removalProblem(DOCUMENT, { offices: [...loaded.offices, newOffice(NEW, DOCUMENT)] }, 2)).toBeNull();
  });

  it('writes the document without the removed office', () => {
    expect(apply({ offices: [loaded.offices[1]!] })).toEqual({
      ok: true,
      document: { ...DOCUMENT, offices: [dayton] },
    });
  });
});

describe('parseFixedTimes', () => {
  it('sorts, pads and keeps each time once', () => {
    expect(parseFixedTimes('14:30 9:00, 09:00,0:00')).toEqual(['00:00', '09:00', '14:30']);
    expect(parseFixedTimes('23:59')).toEqual(['23:59']);
    expect(parseFixedTimes('')).toEqual([]);
    expect(parseFixedTimes('9:00, 25:00')).toBeNull();
  });
});

describe('formFieldOfRefusal', () => {
  it('finds the office and field a refused path names', () => {
    expect(formFieldOfRefusal('offices.0.time_zone')).toEqual({ office: 0, field: 'timeZone' });
    expect(formFieldOfRefusal('offices.2.postal_code')).toEqual({ office: 2, field: 'postalCode' });
    expect(formFieldOfRefusal('offices.1.scheduling.buffer_minutes')).toEqual({ office: 1, field: 'bufferMinutes' });
    expect(formFieldOfRefusal('offices.1.scheduling.fixed_start_times.0')).toEqual({
      office: 1,
      field: 'fixedStartTimes',
    });
    expect(formFieldOfRefusal('offices.1.uuid')).toBeNull();
    expect(formFieldOfRefusal('offices.1.scheduling')).toBeNull();
    expect(formFieldOfRefusal('inspectors.0.office')).toBeNull();
  });
});
