import { describe, expect, it } from 'vitest';
import type { ServicesFormValues } from './services-form.ts';
import { EMPTY_SAMPLE, readSample } from './sample-price.ts';

const HOME = 'a1c0ffee-0000-4000-8000-000000000001';
const HEADING = 'a1c0ffee-0000-4000-8000-000000000014';
const GONE = 'a1c0ffee-0000-4000-8000-0000000000ff';
const item = {
  description: '',
  price: '0.00',
  duration: '0',
  ancillary: false,
  isPac: false,
  rer: false,
  prepare: '',
  sort: 0,
};
const VALUES: ServicesFormValues = {
  services: [
    { ...item, uuid: HOME, name: 'Home', label: false },
    { ...item, uuid: HEADING, name: 'Testing', label: true },
  ],
  packages: [
    {
      packageId: 2,
      name: 'Complete',
      description: '',
      price: '550.00',
      duration: '0',
      services: [HOME],
      best: false,
      bestText: '',
      rer: false,
      prepare: '',
      sort: 0,
    },
  ],
  rushFee: '0.00',
};

describe('the sample cart', () => {
  it('reads the package, services and facts as the preview takes them', () => {
    expect(
      readSample({ packageId: 2, services: [HOME], squareFeet: '2,400', yearBuilt: '1978', rush: true }, VALUES),
    ).toEqual({
      ok: true,
      sample: { package_id: 2, services: [HOME], square_feet: 2400, year_built: 1978, rush_rer: true },
    });
    expect(readSample(EMPTY_SAMPLE, VALUES)).toEqual({
      ok: true,
      sample: { package_id: null, services: [], square_feet: null, year_built: null, rush_rer: false },
    });
  });

  it('leaves out a package or service since removed from the form, and headings', () => {
    expect(readSample({ ...EMPTY_SAMPLE, packageId: 7, services: [GONE, HEADING, HOME] }, VALUES)).toMatchObject({
      ok: true,
      sample: { package_id: null, services: [HOME] },
    });
  });

  it('takes square feet from 1 to 1,000,000 and years from 1200 to 3000, naming the field of anything else', () => {
    expect(readSample({ ...EMPTY_SAMPLE, squareFeet: '1' }, VALUES)).toMatchObject({
      ok: true,
      sample: { square_feet: 1 },
    });
    expect(readSample({ ...EMPTY_SAMPLE, squareFeet: '1000000' }, VALUES)).toMatchObject({
      ok: true,
      sample: { square_feet: 1_000_000 },
    });
    expect(readSample({ ...EMPTY_SAMPLE, squareFeet: '0' }, VALUES)).toMatchObject({ ok: false, field: 'squareFeet' });
    expect(readSample({ ...EMPTY_SAMPLE, squareFeet: '1000001' }, VALUES)).toMatchObject({
      ok: false,
      field: 'squareFeet',
    });
    expect(readSample({ ...EMPTY_SAMPLE, yearBuilt: '1200' }, VALUES)).toMatchObject({
      ok: true,
      sample: { year_built: 1200 },
    });
    expect(readSample({ ...EMPTY_SAMPLE, yearBuilt: '1199' }, VALUES)).toMatchObject({ ok: false, field: 'yearBuilt' });
    expect(readSample({ ...EMPTY_SAMPLE, yearBuilt: '3001' }, VALUES)).toMatchObject({ ok: false, field: 'yearBuilt' });
    expect(readSample({ ...EMPTY_SAMPLE, yearBuilt: '19x8' }, VALUES)).toMatchObject({ ok: false, field: 'yearBuilt' });
  });
});
