import { SETTING } from '@scheduler/contracts/setting-keys';
import { OFFICE } from '../fixtures.ts';

// The inspectors page's company document, shared by its page test and the editors' refusals suite.
export const DAY = [{ start: '08:00', end: '17:00' }];

export const FULL_HOME = 'a0000000-0000-4000-8000-000000000001';

export const RADON = 'a0000000-0000-4000-8000-000000000002';

// Far from any real today: the page reads the office's clock, and these stay past and upcoming.
export const PAST = '2001-05-01';

export const UPCOMING = '2098-12-24';

export const SARAH = {
  id: 101,
  office: OFFICE.uuid,
  first: 'Sarah',
  last: 'Chen',
  display: '',
  email: 'sarah@example.com',
  phone: '',
  active: true,
  preferred_rank: 1,
  services: [FULL_HOME],
  max_inspections_per_day: 3,
  home_base: { latitude: 40.1, longitude: -83.1, postal_code: '43017' },
  max_drive_miles: 40,
  postal_codes: ['43001', '43002'],
  postal_codes_by_weekday: {},
  weekly_hours: { sun: [], mon: DAY, tue: DAY, wed: DAY, thu: DAY, fri: DAY, sat: [] },
  overrides: [
    { date: PAST, intervals: [] as Array<{ start: string; end: string }>, note: 'Long ago' },
    { date: UPCOMING, intervals: [] as Array<{ start: string; end: string }>, note: 'Christmas Eve' },
  ],
};

export const MIKE = {
  ...SARAH,
  id: 102,
  first: 'Mike',
  last: 'Alvarez',
  email: '',
  preferred_rank: null,
  postal_codes: ['43003'],
  overrides: [],
};

export const DOCUMENT = {
  key: 'demo',
  name: 'Scioto Valley Home Inspections',
  settings: [{ key: SETTING.RESTRICT_INSPECTOR_ZIP, value: 'Y' }],
  offices: [{ ...OFFICE, time_zone: 'America/New_York', postal_code: '43215', latitude: 39.96, longitude: -83 }],
  services: [
    { uuid: FULL_HOME, name: 'Full Home Inspection', ancillary: false, label: false, is_pac: false },
    { uuid: RADON, name: 'Radon Test', ancillary: true, label: false, is_pac: false },
  ],
  inspectors: [SARAH, MIKE],
};
