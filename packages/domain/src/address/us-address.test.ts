import { describe, expect, it } from 'vitest';
import {
  addressLine1,
  addressLine2,
  citySpellings,
  isPoBox,
  parseUsAddress,
  placeConflicts,
  postalCodeOf,
  titleCase,
} from './us-address.ts';
import { stateCode } from './us-states.ts';

/** typed -> [address line 1, address line 2, city, state, postal code] */
const SHAPES: Array<[string, string, string, string, string, string]> = [
  ['1105 Schrock Rd, Suite 300, Columbus, OH 43229', '1105 Schrock Rd', 'Ste 300', 'Columbus', 'OH', '43229'],
  ['1105 schrock road suite 300 columbus oh 43229', '1105 Schrock Rd', 'Ste 300', 'Columbus', 'OH', '43229'],
  ['123 Main St Apt 4B, Dublin, OH 43017', '123 Main St', 'Apt 4B', 'Dublin', 'OH', '43017'],
  ['123 Main St apt 4b, Dublin, OH 43017', '123 Main St', 'Apt 4B', 'Dublin', 'OH', '43017'],
  ['123 Main Street #12, Dublin, OH 43017', '123 Main St', '#12', 'Dublin', 'OH', '43017'],
  ['123 Main St, Apartment 7, Dublin, OH 43017', '123 Main St', 'Apt 7', 'Dublin', 'OH', '43017'],
  ['10 Park Place, Apt. 5C, Worthington, OH 43085', '10 Park Pl', 'Apt 5C', 'Worthington', 'OH', '43085'],
  ['700 E Broad St Unit 3, Columbus, OH 43215', '700 E Broad St', 'Unit 3', 'Columbus', 'OH', '43215'],
  ['2400 Lane Ave Bldg 2 Ste 100, Columbus, OH 43221', '2400 Lane Ave', 'Bldg 2 Ste 100', 'Columbus', 'OH', '43221'],
  ['123 Main Street Building 2 Suite 4, Dublin, OH 43017', '123 Main St', 'Bldg 2 Ste 4', 'Dublin', 'OH', '43017'],
  ['350 Fifth Avenue, Floor 21, New York, NY 10118', '350 Fifth Ave', 'Fl 21', 'New York', 'NY', '10118'],
  ['6000 Sawmill Rd Spc 4 Dublin OH 43017', '6000 Sawmill Rd', 'Spc 4', 'Dublin', 'OH', '43017'],
  ['45 Southwest Pkwy Lot 7, Grove City, OH 43123', '45 Southwest Pkwy', 'Lot 7', 'Grove City', 'OH', '43123'],
  ['123 Main St Rear, Dublin OH 43017', '123 Main St', 'Rear', 'Dublin', 'OH', '43017'],
  ['5 N High St, Columbus, OH 43215-1234', '5 N High St', '', 'Columbus', 'OH', '43215-1234'],
  ['123 Main St, Dublin, OH 43017-4410', '123 Main St', '', 'Dublin', 'OH', '43017-4410'],
  ['555 Broad St Columbus OH 432154410', '555 Broad St', '', 'Columbus', 'OH', '43215-4410'],
  ['500 South Front Street, Columbus, Ohio 43215', '500 S Front St', '', 'Columbus', 'OH', '43215'],
  ['1600 Pennsylvania Ave NW, Washington, DC 20500', '1600 Pennsylvania Ave NW', '', 'Washington', 'DC', '20500'],
  ['300 BOYLSTON AVE E SEATTLE WA 98102', '300 Boylston Ave E', '', 'Seattle', 'WA', '98102'],
  ['123 N. Main St., Dublin, OH 43017', '123 N Main St', '', 'Dublin', 'OH', '43017'],
  ['8 E. Olentangy St., Powell, OH 43065', '8 E Olentangy St', '', 'Powell', 'OH', '43065'],
  ['4410 north west street, columbus, ohio 43214', '4410 N West St', '', 'Columbus', 'OH', '43214'],
  ['  123   main  st  ,  dublin ,  oh   43017  ', '123 Main St', '', 'Dublin', 'OH', '43017'],
  ['123 Main St, Dublin 43017', '123 Main St', '', 'Dublin', '', '43017'],
  ['123 Main St, Apt 4B, Dublin 43017', '123 Main St', 'Apt 4B', 'Dublin', '', '43017'],
  ['123 Main St Dublin 43017', '123 Main St', '', 'Dublin', '', '43017'],
  ['123 Main St 43017', '123 Main St', '', '', '', '43017'],
  ['4200 Northwest Blvd Columbus OH', '4200 Northwest Blvd', '', 'Columbus', 'OH', ''],
  ['123 Main St, Dublin, Ohio', '123 Main St', '', 'Dublin', 'OH', ''],
  ['4 Washington Blvd, Washington', '4 Washington Blvd', '', 'Washington', '', ''],
  ['221B Baker St, Columbus, OH 43215', '221B Baker St', '', 'Columbus', 'OH', '43215'],
  ['100 1/2 Main St, Delaware, OH 43015', '100 1/2 Main St', '', 'Delaware', 'OH', '43015'],
  ['1234 County Road 10, Ashley, OH 43003', '1234 County Rd 10', '', 'Ashley', 'OH', '43003'],
  ['9 State Route 37 W, Delaware, OH 43015', '9 State Rte 37 W', '', 'Delaware', 'OH', '43015'],
  ['77 US Highway 1 Apt 2, Edison, NJ 08817', '77 US Hwy 1', 'Apt 2', 'Edison', 'NJ', '08817'],
  ['77 Massachusetts Avenue, Cambridge, MA 02139', '77 Massachusetts Ave', '', 'Cambridge', 'MA', '02139'],
  ['1 Infinite Loop, Cupertino, CA 95014', '1 Infinite Loop', '', 'Cupertino', 'CA', '95014'],
  ['89 Elm Court, Westerville, OH 43081', '89 Elm Ct', '', 'Westerville', 'OH', '43081'],
  ['500 W 5th Ave, Columbus, OH 43201', '500 W 5th Ave', '', 'Columbus', 'OH', '43201'],
  ['7 Saint Clair Ave, St. Louis, MO 63101', '7 Saint Clair Ave', '', 'St. Louis', 'MO', '63101'],
  ['Dublin, OH 43017', '', '', 'Dublin', 'OH', '43017'],
  ['43017', '', '', '', '', '43017'],
  // Issue 22, StrykerJS survivors: parts missing, doubled commas and spaces, a state name of two words.
  ['123 Main St, Apt 4B', '123 Main St', 'Apt 4B', '', '', ''],
  ['Main, Dublin, OH', 'Main', '', 'Dublin', 'OH', ''],
  ['New York New York', '', '', 'New York', 'NY', ''],
  ['100 1/2 Main St', '100 1/2 Main St', '', '', '', ''],
  [',, 123 Main St ,, Dublin,, OH', '123 Main St', '', 'Dublin', 'OH', ''],
  ['123 Main St, WA', '123 Main St', '', '', 'WA', ''],
  ['123 Main St, Apt 4, WA 98102', '123 Main St', 'Apt 4', '', 'WA', '98102'],
  ['123 Main St, Dublin OH, 43017', '123 Main St', '', 'Dublin', 'OH', '43017'],
  ['  new   albany  ', '', '', 'New Albany', '', ''],
  ['Dublin Ohio', '', '', 'Dublin', 'OH', ''],
  // A lone state name, with no ZIP or street before it, is taken for a city.
  ['Washington', '', '', 'Washington', '', ''],
  // With a ZIP after it, the same name is the state.
  ['4 Washington Blvd, Washington 98102', '4 Washington Blvd', '', '', 'WA', '98102'],
  ['Main St, Apt 4, OH', 'Main St', 'Apt 4', '', 'OH', ''],
  ['12a County Road 5, Ashley, OH', '12A County Rd 5', '', 'Ashley', 'OH', ''],
  ['9 State Route 37 North, Delaware, OH', '9 State Rte 37 N', '', 'Delaware', 'OH', ''],
  // A city whose name starts with a unit's word ("Upper", "Front") is not a unit.
  ['123 Main St, Upper Arlington, OH 43221', '123 Main St', '', 'Upper Arlington', 'OH', '43221'],
  ['123 Main St Apt 4, Front Royal, VA', '123 Main St', 'Apt 4', 'Front Royal', 'VA', ''],
];

describe('reading a typed US address', () => {
  it.each(SHAPES)('%s', (typed, line1, line2, city, state, postalCode) => {
    const address = parseUsAddress(typed);
    expect({
      line1: addressLine1(address),
      line2: addressLine2(address),
      city: address.city,
      state: address.state,
      postalCode: postalCodeOf(address),
    }).toEqual({
      line1,
      line2,
      city,
      state,
      postalCode,
    });
    expect(address.poBox).toBe(false);
  });

  it('keeps the parts apart: number, directionals, name and suffix', () => {
    expect(parseUsAddress('1600 pennsylvania avenue northwest, washington dc 20500')).toMatchObject({
      number: '1600',
      predirectional: '',
      street: 'Pennsylvania',
      suffix: 'Ave',
      postdirectional: 'NW',
      zip: '20500',
      plus4: '',
    });
    expect(parseUsAddress('12 south high street #4, columbus, oh 43215-0001')).toMatchObject({
      number: '12',
      predirectional: 'S',
      street: 'High',
      suffix: 'St',
      units: [{ designator: '#', value: '4' }],
      zip: '43215',
      plus4: '0001',
    });
  });

  it.each([
    ['PO Box 123, Columbus, OH 43215', 'PO Box 123'],
    ['P.O. Box 55 Dublin OH 43017', 'PO Box 55'],
    ['p o box 7, newark, oh 43055', 'PO Box 7'],
    ['Post Office Box 9, Newark, OH 43055', 'PO Box 9'],
    ['POBox 12, Delaware, OH 43015', 'PO Box 12'],
    ['PO Drawer 4, Marion, OH 43302', 'PO Box 4'],
    ['PO Box#12, Dublin, OH', 'PO Box 12'],
    ['PO Box #12, Dublin, OH', 'PO Box 12'],
  ])('recognises the PO box in %s', (typed, line1) => {
    const address = parseUsAddress(typed);
    expect(address.poBox).toBe(true);
    if (line1) expect(addressLine1(address)).toBe(line1);
    expect(isPoBox(typed)).toBe(true);
  });

  it('writes a PO box without its number as "PO Box", with no space after it', () => {
    expect(addressLine1(parseUsAddress('PO Box'))).toBe('PO Box');
  });

  it('does not take streets that merely contain the letters for PO boxes', () => {
    for (const typed of [
      '12 Post Rd, Dublin, OH 43017',
      '3 Box Elder Ct, Dublin, OH 43017',
      '4 Polo Club Dr, Dublin, OH 43017',
      '8 Pony Express Dr, Dublin, OH 43017',
    ]) {
      expect(isPoBox(typed)).toBe(false);
      expect(parseUsAddress(typed).poBox).toBe(false);
    }
  });
});

describe('a postal code that contradicts the typed place', () => {
  const dublin = { city: 'Dublin', stateCode: 'OH' };

  it('names a city the postal code does not belong to', () => {
    const conflicts = placeConflicts({ city: 'Columbus', state: 'OH', postalCode: '43017' }, dublin);
    expect(conflicts).toEqual([
      {
        field: 'city',
        typed: 'Columbus',
        expected: 'Dublin',
        message: 'The postal code 43017 is in Dublin, not Columbus.',
      },
    ]);
  });

  it('names a state the postal code is not in', () => {
    const conflicts = placeConflicts({ city: 'Dublin', state: 'CA', postalCode: '43017' }, dublin);
    expect(conflicts.map((c) => c.field)).toEqual(['state']);
    expect(conflicts[0]!.message).toBe('The postal code 43017 is in OH, not CA.');
  });

  it('reads spellings of the same place as one: case, "St." and "Saint", a state name or code', () => {
    expect(placeConflicts({ city: 'dublin', state: 'Ohio', postalCode: '43017' }, dublin)).toEqual([]);
    expect(
      placeConflicts({ city: 'St. Louis', state: 'MO', postalCode: '63101' }, { city: 'Saint Louis', stateCode: 'MO' }),
    ).toEqual([]);
    expect(
      placeConflicts(
        { city: 'Mt Vernon', state: 'OH', postalCode: '43050' },
        { city: 'Mount Vernon', stateCode: 'OH' },
      ),
    ).toEqual([]);
    expect(placeConflicts({ city: '', state: '', postalCode: '43017' }, dublin)).toEqual([]);
  });

  it('reads a typed city with spaces or a hyphen around it as the same city', () => {
    expect(placeConflicts({ city: ' Dublin ', state: 'OH', postalCode: '43017' }, dublin)).toEqual([]);
    expect(placeConflicts({ city: 'Dublin-', state: 'OH', postalCode: '43017' }, dublin)).toEqual([]);
  });
});

describe('small helpers', () => {
  it('writes out abbreviated city names for a directory lookup', () => {
    expect(citySpellings('St. Louis')).toEqual(['St. Louis', 'Saint Louis']);
    expect(citySpellings('Ft Wayne')).toEqual(['Ft Wayne', 'Fort Wayne']);
    expect(citySpellings('Dublin')).toEqual(['Dublin']);
    expect(citySpellings(' St Louis ')).toEqual(['St Louis', 'Saint Louis']);
  });

  it('knows states by code and by name, in any case', () => {
    expect(stateCode('oh')).toBe('OH');
    expect(stateCode('New York')).toBe('NY');
    expect(stateCode('district of columbia')).toBe('DC');
    expect(stateCode('Ontario')).toBeNull();
    // As people type them: with dots, spaces around, several spaces inside.
    expect([stateCode('N.Y.'), stateCode(' oh '), stateCode('New   York')]).toEqual(['NY', 'OH', 'NY']);
  });

  it('title-cases names and keeps ordinals in lower case', () => {
    expect(titleCase("O'FALLON")).toBe("O'Fallon");
    expect(titleCase('WINSTON-SALEM')).toBe('Winston-Salem');
    expect(titleCase('5TH')).toBe('5th');
  });
});

// Issue 22: the ways people type an address, each part checked, where StrykerJS found mutants no test noticed.
describe('parseUsAddress: the ways people type an address', () => {
  const none = {
    number: '',
    predirectional: '',
    street: '',
    suffix: '',
    postdirectional: '',
    units: [],
    city: '',
    state: '',
    zip: '',
    plus4: '',
    poBox: false,
  };
  it.each([
    [
      '  1105   Schrock Rd ,  Columbus ,  OH  43229. ',
      { number: '1105', street: 'Schrock', suffix: 'Rd', city: 'Columbus', state: 'OH', zip: '43229' },
    ],
    [
      '12B Elm St Apt 4, Columbus OH',
      {
        number: '12B',
        street: 'Elm',
        suffix: 'St',
        units: [{ designator: 'Apt', value: '4' }],
        city: 'Columbus',
        state: 'OH',
      },
    ],
    [
      '3 1/2 Main St, Dublin, OH 43017',
      { number: '3 1/2', street: 'Main', suffix: 'St', city: 'Dublin', state: 'OH', zip: '43017' },
    ],
    ['PO Box 12, Dublin, OH 43017', { street: 'PO Box 12', city: 'Dublin', state: 'OH', zip: '43017', poBox: true }],
    ['P.O. Box # 7a, Dublin OH 43017', { street: 'PO Box 7A', city: 'Dublin', state: 'OH', zip: '43017', poBox: true }],
    [
      'N High St Unit 2, Columbus, OH',
      {
        predirectional: 'N',
        street: 'High',
        suffix: 'St',
        units: [{ designator: 'Unit', value: '2' }],
        city: 'Columbus',
        state: 'OH',
      },
    ],
    ['100 State Route 161, Dublin, OH', { number: '100', street: 'State Rte 161', city: 'Dublin', state: 'OH' }],
    ['Columbus, OH 43215', { city: 'Columbus', state: 'OH', zip: '43215' }],
    [
      '450 W Broad St Columbus OH 43215',
      {
        number: '450',
        predirectional: 'W',
        street: 'Broad',
        suffix: 'St',
        city: 'Columbus',
        state: 'OH',
        zip: '43215',
      },
    ],
    [
      '22 Oak Ave, Ste. 100, Worthington, OH 43085-1234',
      {
        number: '22',
        street: 'Oak',
        suffix: 'Ave',
        units: [{ designator: 'Ste', value: '100' }],
        city: 'Worthington',
        state: 'OH',
        zip: '43085',
        plus4: '1234',
      },
    ],
    ['7 main st worthington ohio', { number: '7', street: 'Main', suffix: 'St', city: 'Worthington', state: 'OH' }],
  ])('%j', (typed, parts) => {
    expect(parseUsAddress(typed)).toEqual({ ...none, ...parts });
  });
});

// Issue 22, second round: the StrykerJS survivors left, and the wrong answers they sat on.
describe('parseUsAddress: the answers that were wrong', () => {
  const none = {
    number: '',
    predirectional: '',
    street: '',
    suffix: '',
    postdirectional: '',
    units: [],
    city: '',
    state: '',
    zip: '',
    plus4: '',
    poBox: false,
  };

  it('reads a state right after the street as the state, with no city: "123 Main St OH"', () => {
    // Was "123 Main" in the city "St".
    expect(parseUsAddress('123 Main St OH')).toEqual({
      ...none,
      number: '123',
      street: 'Main',
      suffix: 'St',
      state: 'OH',
    });
  });

  it('ends a numbered route at its number when a unit follows with no comma: "77 US Highway 1 Apt 2"', () => {
    // Was "77 Us Hwy" in the city "1 Apt 2".
    expect(parseUsAddress('77 US Highway 1 Apt 2')).toEqual({
      ...none,
      number: '77',
      street: 'US Hwy 1',
      units: [{ designator: 'Apt', value: '2' }],
    });
  });

  it('keeps both the letter and the fraction of a house number: "100a 1/2 Main St"', () => {
    // Was "100A 1/2" on the street "12 Main".
    expect(parseUsAddress('100a 1/2 Main St')).toEqual({ ...none, number: '100A 1/2', street: 'Main', suffix: 'St' });
  });

  it('reads the number of a PO box typed "POB": "POB 12"', () => {
    // Was "PO Box" without its number.
    expect(parseUsAddress('POB 12')).toEqual({ ...none, street: 'PO Box 12', poBox: true });
  });
});

// With no comma after the street line, the line ends at its last suffix (or a numbered route's
// number, or a PO box's number) with the directional and units after it; what follows is read as
// the place, as if a comma came before it.
describe('parseUsAddress: a street line with no comma after it', () => {
  const none = {
    number: '',
    predirectional: '',
    street: '',
    suffix: '',
    postdirectional: '',
    units: [],
    city: '',
    state: '',
    zip: '',
    plus4: '',
    poBox: false,
  };
  const apt = (value: string) => ({ designator: 'Apt', value });
  it.each([
    ['123 main street oh 43017', { number: '123', street: 'Main', suffix: 'St', state: 'OH', zip: '43017' }],
    ['77 US Highway 1 Edison NJ', { number: '77', street: 'US Hwy 1', city: 'Edison', state: 'NJ' }],
    ['12 1/2 County Road 5 Ashley OH', { number: '12 1/2', street: 'County Rd 5', city: 'Ashley', state: 'OH' }],
    [
      '123 Main St Apt 4 Dublin 43017',
      { number: '123', street: 'Main', suffix: 'St', units: [apt('4')], city: 'Dublin', zip: '43017' },
    ],
    ['123 Main St Apt 4 OH', { number: '123', street: 'Main', suffix: 'St', units: [apt('4')], state: 'OH' }],
    [
      '123 Main St #4 Dublin OH',
      {
        number: '123',
        street: 'Main',
        suffix: 'St',
        units: [{ designator: '#', value: '4' }],
        city: 'Dublin',
        state: 'OH',
      },
    ],
    ['123 Main St N OH', { number: '123', street: 'Main', suffix: 'St', postdirectional: 'N', state: 'OH' }],
    [
      '300 Boylston Ave E Apt 2B Seattle WA',
      {
        number: '300',
        street: 'Boylston',
        suffix: 'Ave',
        postdirectional: 'E',
        units: [apt('2B')],
        city: 'Seattle',
        state: 'WA',
      },
    ],
    [
      '123 Main St Rear OH',
      { number: '123', street: 'Main', suffix: 'St', units: [{ designator: 'Rear', value: '' }], state: 'OH' },
    ],
    // "CT" is Connecticut after a suffix, and the suffix itself when nothing else can be.
    ['4 Oak Ct', { number: '4', street: 'Oak', suffix: 'Ct' }],
    ['4 Oak Ct CT 06101', { number: '4', street: 'Oak', suffix: 'Ct', state: 'CT', zip: '06101' }],
    // The last suffix ends the street: "Run" is part of the name.
    ['123 Fox Run Rd OH', { number: '123', street: 'Fox Run', suffix: 'Rd', state: 'OH' }],
    ['100 Court St Dublin OH', { number: '100', street: 'Court', suffix: 'St', city: 'Dublin', state: 'OH' }],
    // "St" after a suffix is the city's Saint.
    [
      '123 Main St St. Louis MO 63101',
      { number: '123', street: 'Main', suffix: 'St', city: 'St. Louis', state: 'MO', zip: '63101' },
    ],
    // Were "123 Main St Grv" in the city "City", and the unit "Upper" in "Arlington".
    [
      '123 Main St Grove City OH 43123',
      { number: '123', street: 'Main', suffix: 'St', city: 'Grove City', state: 'OH', zip: '43123' },
    ],
    [
      '2100 Tremont Rd Upper Arlington OH 43221',
      { number: '2100', street: 'Tremont', suffix: 'Rd', city: 'Upper Arlington', state: 'OH', zip: '43221' },
    ],
    // The comma is before the state only.
    [
      '123 Main St Dublin, OH 43017',
      { number: '123', street: 'Main', suffix: 'St', city: 'Dublin', state: 'OH', zip: '43017' },
    ],
    [
      '123 Main St Apt 4 Dublin, OH',
      { number: '123', street: 'Main', suffix: 'St', units: [apt('4')], city: 'Dublin', state: 'OH' },
    ],
    // No suffix this reader knows: the street parser's city, if it finds one.
    ['123 Broadway New York NY', { number: '123', street: 'Broadway', city: 'New York', state: 'NY' }],
    ['123 Broadway NY', { number: '123', street: 'Broadway', state: 'NY' }],
    // A lone state name after the street is a city, as after a comma; with a ZIP it is the state.
    ['123 Main St Washington', { number: '123', street: 'Main', suffix: 'St', city: 'Washington' }],
    ['123 Main St Washington 98102', { number: '123', street: 'Main', suffix: 'St', state: 'WA', zip: '98102' }],
    ['PO Box 12 Dublin 43017', { street: 'PO Box 12', city: 'Dublin', zip: '43017', poBox: true }],
    ['  123  Main  St   Dublin  OH ', { number: '123', street: 'Main', suffix: 'St', city: 'Dublin', state: 'OH' }],
    [', 123 Main St Dublin OH.', { number: '123', street: 'Main', suffix: 'St', city: 'Dublin', state: 'OH' }],
    [
      '12 Main St Dublin OH 43017 4410',
      { number: '12', street: 'Main', suffix: 'St', city: 'Dublin', state: 'OH', zip: '43017', plus4: '4410' },
    ],
  ])('%j', (typed, parts) => {
    expect(parseUsAddress(typed)).toEqual({ ...none, ...parts });
  });
});

describe('parseUsAddress: lettered house numbers and lines the street parser cannot read', () => {
  const none = {
    number: '',
    predirectional: '',
    street: '',
    suffix: '',
    postdirectional: '',
    units: [],
    city: '',
    state: '',
    zip: '',
    plus4: '',
    poBox: false,
  };
  it.each([
    // Was "221B" on the street "N Main", with no predirectional.
    [
      '221B N Main St, Columbus, OH',
      { number: '221B', predirectional: 'N', street: 'Main', suffix: 'St', city: 'Columbus', state: 'OH' },
    ],
    // Was "12" on the street "A".
    [
      '12a Broadway N, Dublin OH',
      { number: '12A', street: 'Broadway', postdirectional: 'N', city: 'Dublin', state: 'OH' },
    ],
    // A corner, which the street parser does not read: kept as typed.
    ['12 Main & Oak, Dublin, OH', { street: '12 Main & Oak', city: 'Dublin', state: 'OH' }],
    ['12 Main & Oak Dublin OH', { street: '12 Main & Oak', city: 'Dublin', state: 'OH' }],
    ['', {}],
  ])('%j', (typed, parts) => {
    expect(parseUsAddress(typed)).toEqual({ ...none, ...parts });
  });
});
