import { describe, expect, it } from 'vitest';
import {
  applyServicesForm,
  servicesFormValues,
  formFieldOf,
  moveIndex,
  newPackage,
  newService,
  nameProblem,
  packageServicesProblem,
  packageUsers,
  priceProblem,
  durationProblem,
  readDuration,
  readPrice,
  removalRefusal,
  serviceUsers,
  type ServicesFormValues,
} from './services-form.ts';
import { amountText as moneyText, parseTypedAmount as parseMoney } from '../../../shared/money-amount.ts';

const HOME = 'a1c0ffee-0000-4000-8000-000000000001';
const RADON = 'a1c0ffee-0000-4000-8000-000000000006';
const TESTING = 'a1c0ffee-0000-4000-8000-000000000014';
const POOL = 'a1c0ffee-0000-4000-8000-000000000010';

const service = (uuid: string, name: string, sort: number, rest: Record<string, unknown> = {}) => ({
  uuid,
  name,
  description: '',
  ancillary: false,
  is_pac: false,
  label: false,
  rer: false,
  price_cents: 0,
  duration_minutes: 0,
  sort,
  prepare: '',
  ...rest,
});

/** Stored out of visitors' order on purpose: the form lists by sort, the save keeps the document's order. */
const DOCUMENT = {
  key: 'demo',
  currency: 'USD',
  rer_rush_amount_cents: 9900,
  settings: [{ key: 'RER_RUSH_ENABLED', value: 'Y' }],
  services: [
    service(RADON, 'Radon Testing', 61, { price_cents: 15000, duration_minutes: 60, ancillary: true }),
    service(HOME, 'Single-Family Home Inspection', 10, {
      price_cents: 42500,
      duration_minutes: 180,
      rer: true,
      prepare: 'Utilities on.',
    }),
    service(TESTING, 'Environmental Testing', 60, { label: true }),
    service(POOL, 'Pool &amp; Spa Inspection', 73, { price_cents: 17500, duration_minutes: 45 }),
  ],
  packages: [
    {
      id: 2,
      name: 'Complete',
      description: '<b>All</b>',
      best: true,
      best_text: 'Most popular',
      rer: true,
      price_cents: 55000,
      duration_minutes: 0,
      services: [HOME, RADON],
      sort: 2,
      prepare: '',
    },
    {
      id: 1,
      name: 'Essentials',
      description: '',
      best: false,
      best_text: '',
      rer: false,
      price_cents: 42500,
      duration_minutes: 200,
      services: [HOME],
      sort: 1,
      prepare: '',
    },
  ],
  inspectors: [{ id: 101, first: 'Sarah', last: 'Chen', display: '', services: [HOME, POOL] }],
  fees: [
    {
      code: 'home-size',
      description: 'Home size adjustment',
      scope: 'service',
      services: [HOME],
      rule: { kind: 'flat', amount_cents: 0 },
    },
  ],
  taxes: [],
  pricing: {
    fees: [],
    service_modifiers: [
      {
        code: 'radon-off',
        description: 'Radon with an inspection',
        services: [RADON],
        requires_any_of: [HOME],
        discount: { kind: 'amount', amount_cents: 2500 },
      },
    ],
    package_fee_waivers: [{ package_id: 2, fee_codes: ['home-size'] }],
    trip_fees: [],
    taxes: [
      {
        code: 'pool-tax',
        name: 'Pool tax',
        office: null,
        rate_percent: 1,
        services: [POOL],
        additional_charges: false,
      },
    ],
    coupons: [],
    convenience_fee_message: '',
  },
  booking_changes: { services: [{ service: POOL, cancel_until_hours: 48 }] },
  notifications: { brand_color: '#1f4e79' },
};
type Doc = Record<string, any>;

const loaded = () => servicesFormValues(DOCUMENT);
function edited(change: (values: ServicesFormValues) => void): ServicesFormValues {
  const values = structuredClone(loaded());
  change(values);
  return values;
}
function saved(change: (values: ServicesFormValues) => void): Doc {
  const result = applyServicesForm(DOCUMENT, loaded(), edited(change));
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.document;
}
function problems(change: (values: ServicesFormValues) => void) {
  const result = applyServicesForm(DOCUMENT, loaded(), edited(change));
  return result.ok ? [] : result.problems;
}
const row = (values: ServicesFormValues, uuid: string) => values.services.findIndex((s) => s.uuid === uuid);

describe('money as typed', () => {
  it('reads dollars to cents without a float, and writes cents back as dollars', () => {
    expect(parseMoney('425', 'USD')).toBe(42500);
    expect(parseMoney('0.10', 'USD')).toBe(10);
    expect(parseMoney('1,250.5', 'USD')).toBe(125050);
    expect(parseMoney('$19.99', 'USD')).toBe(1999);
    expect(parseMoney('1.999', 'USD')).toBeNull();
    expect(parseMoney('-5', 'USD')).toBeNull();
    expect(parseMoney('12a', 'USD')).toBeNull();
    expect(parseMoney('1500', 'JPY')).toBe(1500);
    expect(moneyText(42500, 'USD')).toBe('425.00');
    expect(moneyText(5, 'USD')).toBe('0.05');
  });

  it('takes a price from 0 to 1,000,000.00 and refuses one cent over', () => {
    expect(readPrice('0', 'USD')).toBe(0);
    expect(readPrice('1,000,000.00', 'USD')).toBe(100_000_000);
    expect(readPrice('1000000.01', 'USD')).toBeNull();
  });

  it('takes a length from 0 to 1440 whole minutes', () => {
    expect(readDuration('0')).toBe(0);
    expect(readDuration('1440')).toBe(1440);
    expect(readDuration('1441')).toBeNull();
    expect(readDuration('90.5')).toBeNull();
    expect(readDuration('')).toBeNull();
  });
});

describe('the form from the document', () => {
  it('lists services and packages in the order visitors see them, names as text, money as dollars', () => {
    const values = loaded();
    expect(values.services.map((s) => s.name)).toEqual([
      'Single-Family Home Inspection',
      'Environmental Testing',
      'Radon Testing',
      'Pool & Spa Inspection',
    ]);
    expect(values.services[0]).toEqual({
      uuid: HOME,
      name: 'Single-Family Home Inspection',
      description: '',
      price: '425.00',
      duration: '180',
      ancillary: false,
      isPac: false,
      label: false,
      rer: true,
      prepare: 'Utilities on.',
      sort: 10,
    });
    expect(values.packages.map((p) => p.packageId)).toEqual([1, 2]);
    expect(values.packages[1]).toMatchObject({
      packageId: 2,
      name: 'Complete',
      description: '<b>All</b>',
      price: '550.00',
      duration: '0',
      services: [HOME, RADON],
      best: true,
      bestText: 'Most popular',
      rer: true,
    });
    expect(values.rushFee).toBe('99.00');
  });

  it('saves an untouched form as the very same document', () => {
    const result = applyServicesForm(DOCUMENT, loaded(), loaded());
    expect(result.ok && result.document).toEqual(DOCUMENT);
  });
});

describe('saving', () => {
  it('writes a changed price as cents into that service only, in its own place, leaving the rest untouched', () => {
    const document = saved((values) => {
      values.services[row(values, RADON)]!.price = '175.5';
    });
    expect(document).toEqual({
      ...DOCUMENT,
      services: [{ ...DOCUMENT.services[0], price_cents: 17550 }, ...DOCUMENT.services.slice(1)],
    });
  });

  it('writes every field of a service as the document names it, and keeps an unchanged HTML name as written', () => {
    const document = saved((values) => {
      Object.assign(values.services[row(values, HOME)]!, {
        name: 'Home <Inspection> & more',
        description: 'Top to bottom.',
        price: '450',
        duration: '200',
        ancillary: true,
        isPac: true,
        rer: false,
        prepare: '  Keys ready.  ',
      });
    });
    expect(document.services[1]).toEqual({
      ...DOCUMENT.services[1],
      name: 'Home &lt;Inspection&gt; &amp; more',
      description: 'Top to bottom.',
      price_cents: 45000,
      duration_minutes: 200,
      ancillary: true,
      is_pac: true,
      rer: false,
      prepare: 'Keys ready.',
    });
    expect(document.services[3].name).toBe('Pool &amp; Spa Inspection');
  });

  it('turns a heading on and off: a heading keeps its price and length unasked, even when they are not valid text', () => {
    const heading = saved((values) => {
      Object.assign(values.services[row(values, RADON)]!, { label: true, price: 'nonsense', duration: '' });
    });
    expect(heading.services[0]).toEqual({ ...DOCUMENT.services[0], label: true });
    const service = saved((values) => {
      Object.assign(values.services[row(values, TESTING)]!, { label: false, price: '30', duration: '20' });
    });
    expect(service.services[2]).toEqual({
      ...DOCUMENT.services[2],
      label: false,
      price_cents: 3000,
      duration_minutes: 20,
    });
  });

  it('refuses names of 0 or 201 characters and takes 1 and 200', () => {
    expect(problems((values) => (values.services[0]!.name = '   '))).toEqual([
      { field: 'services.0.name', message: nameProblem },
    ]);
    expect(problems((values) => (values.packages[0]!.name = 'x'.repeat(201)))).toEqual([
      { field: 'packages.0.name', message: nameProblem },
    ]);
    expect(saved((values) => (values.services[0]!.name = 'x')).services[1].name).toBe('x');
    expect(saved((values) => (values.services[0]!.name = 'x'.repeat(200))).services[1].name).toHaveLength(200);
  });

  it('refuses a price one cent over a million and a length past a day, at their fields', () => {
    expect(problems((values) => (values.services[0]!.price = '1000000.01'))).toEqual([
      { field: 'services.0.price', message: priceProblem('USD') },
    ]);
    expect(saved((values) => (values.services[0]!.price = '1000000.00')).services[1].price_cents).toBe(100_000_000);
    expect(saved((values) => (values.services[0]!.price = '0')).services[1].price_cents).toBe(0);
    expect(problems((values) => (values.packages[1]!.duration = '1441'))).toEqual([
      { field: 'packages.1.duration', message: durationProblem },
    ]);
    expect(saved((values) => (values.packages[1]!.duration = '1440')).packages[0].duration_minutes).toBe(1440);
    expect(problems((values) => (values.rushFee = '1000000.01'))).toEqual([
      { field: 'rushFee', message: priceProblem('USD') },
    ]);
  });

  it('refuses a package with no services, and writes its chosen services', () => {
    expect(problems((values) => (values.packages[0]!.services = []))).toEqual([
      { field: 'packages.0.services', message: packageServicesProblem },
    ]);
    const document = saved((values) => (values.packages[0]!.services = [HOME, POOL]));
    expect(document.packages[1]).toEqual({ ...DOCUMENT.packages[1], services: [HOME, POOL] });
  });

  it('refuses a badge text past 60 characters and what to prepare past 1000', () => {
    expect(problems((values) => (values.packages[1]!.bestText = 'x'.repeat(61))).map((p) => p.field)).toEqual([
      'packages.1.bestText',
    ]);
    expect(problems((values) => (values.services[1]!.prepare = 'x'.repeat(1001))).map((p) => p.field)).toEqual([
      'services.1.prepare',
    ]);
    expect(saved((values) => (values.packages[1]!.bestText = 'x'.repeat(60))).packages[0].best_text).toHaveLength(60);
  });

  it('writes the rush report fee only when it changed', () => {
    expect(saved((values) => (values.rushFee = '125')).rer_rush_amount_cents).toBe(12500);
    expect(saved((values) => (values.rushFee = '99')).rer_rush_amount_cents).toBe(9900);
  });

  it('adds a service and a package at the end, with every field, after the last in order', () => {
    const document = saved((values) => {
      values.services.push({
        ...newService('b2c0ffee-0000-4000-8000-000000000001', values, 'USD'),
        name: 'Mold',
        price: '275',
        duration: '90',
      });
      values.packages.push({
        ...newPackage(DOCUMENT, values, 'USD'),
        name: 'Mold bundle',
        price: '600',
        services: [HOME, 'b2c0ffee-0000-4000-8000-000000000001'],
      });
    });
    expect(document.services[4]).toEqual(
      service('b2c0ffee-0000-4000-8000-000000000001', 'Mold', 83, { price_cents: 27500, duration_minutes: 90 }),
    );
    expect(document.packages[2]).toEqual({
      id: 3,
      name: 'Mold bundle',
      description: '',
      best: false,
      best_text: '',
      rer: false,
      price_cents: 60000,
      duration_minutes: 0,
      services: [HOME, 'b2c0ffee-0000-4000-8000-000000000001'],
      sort: 12,
      prepare: '',
    });
  });

  it('numbers a new package after every id the document has, even one removed from the form', () => {
    const values = edited((v) => v.packages.splice(1, 1));
    expect(newPackage(DOCUMENT, values, 'USD').packageId).toBe(3);
  });

  it('writes the order the person set as sort, 10, 20, 30…, and keeps the sorts while the order is unchanged', () => {
    const document = saved((values) => {
      const radon = values.services.splice(row(values, RADON), 1)[0]!;
      values.services.unshift(radon);
    });
    // Visitors' order now: Radon, Home, Testing, Pool; the document keeps its own order of items.
    expect(document.services.map((s: { uuid: string; sort: number }) => [s.uuid, s.sort])).toEqual([
      [RADON, 10],
      [HOME, 20],
      [TESTING, 30],
      [POOL, 40],
    ]);
    const packages = saved((values) => values.packages.reverse()).packages;
    expect(packages.map((p: { id: number; sort: number }) => [p.id, p.sort])).toEqual([
      [2, 10],
      [1, 20],
    ]);
  });

  it('leaves a removed service and package out', () => {
    const document = saved((values) => {
      values.services.splice(row(values, TESTING), 1);
      values.packages.splice(0, 1);
    });
    expect(document.services.map((s: { uuid: string }) => s.uuid)).toEqual([RADON, HOME, POOL]);
    expect(document.packages.map((p: { id: number }) => p.id)).toEqual([2]);
  });

  it('moves up and down within the list only', () => {
    expect(moveIndex(4, 0, -1)).toBeNull();
    expect(moveIndex(4, 0, 1)).toBe(1);
    expect(moveIndex(4, 3, 1)).toBeNull();
    expect(moveIndex(4, 3, -1)).toBe(2);
  });
});

describe('removing what something uses', () => {
  it('names every package, inspector, fee, tax, discount and rule that uses a service', () => {
    expect(serviceUsers(DOCUMENT, loaded(), HOME)).toEqual([
      'package “Essentials”',
      'package “Complete”',
      'inspector Sarah Chen',
      'fee “Home size adjustment”',
      'discount “Radon with an inspection”',
    ]);
    expect(serviceUsers(DOCUMENT, loaded(), POOL)).toEqual([
      'inspector Sarah Chen',
      'tax “Pool tax”',
      'its own rules on the Booking changes page',
    ]);
    expect(serviceUsers(DOCUMENT, loaded(), TESTING)).toEqual([]);
    // The packages as edited count: once no package includes Radon, only the discount keeps it.
    expect(
      serviceUsers(
        DOCUMENT,
        edited((v) => (v.packages[1]!.services = [HOME])),
        RADON,
      ),
    ).toEqual(['discount “Radon with an inspection”']);
  });

  it('says who uses it in the refusal', () => {
    expect(removalRefusal('Pool', ['inspector Sarah Chen', 'tax “Pool tax”'])).toBe(
      '“Pool” can’t be removed while it is used by: inspector Sarah Chen; tax “Pool tax”. Take it out of those first.',
    );
  });

  it('names the fee waiver of a package', () => {
    expect(packageUsers(DOCUMENT, 2)).toEqual(['a package fee waiver of your pricing rules']);
    expect(packageUsers(DOCUMENT, 1)).toEqual([]);
  });
});

describe("the server's refusal", () => {
  it('points a document path at the form row it came from', () => {
    const result = applyServicesForm(DOCUMENT, loaded(), loaded());
    if (!result.ok) throw new Error('refused');
    // The document's first service (Radon) is the form's third row; its first package (Complete) the second.
    expect(formFieldOf('services.0.price_cents', result)).toBe('services.2.price');
    expect(formFieldOf('services.1.duration_minutes', result)).toBe('services.0.duration');
    expect(formFieldOf('services.3.uuid', result)).toBe('services.3.name');
    expect(formFieldOf('packages.0.services.1', result)).toBe('packages.1.services');
    expect(formFieldOf('packages.1.best_text', result)).toBe('packages.0.bestText');
    expect(formFieldOf('rer_rush_amount_cents', result)).toBe('rushFee');
    expect(formFieldOf('services.9.name', result)).toBeNull();
    expect(formFieldOf('inspectors.0.services.0', result)).toBeNull();
    expect(formFieldOf(undefined, result)).toBeNull();
  });
});
