import { OFFICE, OTHER_OFFICE } from '../fixtures.ts';

// The offices page's company document, shared by its page test and the editors' refusals suite.
export const COLUMBUS = {
  ...OFFICE,
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

export const DAYTON = { ...OTHER_OFFICE, phone: '', email: '', state: 'OH', time_zone: 'America/New_York' };

export const DOCUMENT = {
  key: 'demo',
  name: 'Scioto Valley Home Inspections',
  states: [
    { id: 1, abbreviation: 'OH', name: 'Ohio' },
    { id: 2, abbreviation: 'IN', name: 'Indiana' },
  ],
  offices: [COLUMBUS, DAYTON],
  inspectors: [{ id: 101, office: OFFICE.uuid, first: 'Sarah', last: 'Chen', display: '' }],
  settings: [],
};
