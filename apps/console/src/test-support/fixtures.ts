import type { AdminOrder } from '@scheduler/contracts/confirm';
import type { ConsoleInspectors, ConsoleMe, ConsoleSchedule } from '@scheduler/contracts/console';

export const OFFICE_ME: ConsoleMe = {
  user: { id: 'u1', name: 'Olive Office', email: 'olive@example.com', email_verified: true, has_password: true },
  memberships: [
    {
      company_key: 'demo',
      company_name: 'Scioto Valley Home Inspections',
      organization_id: 'org-demo',
      role: 'office',
      inspector_id: null,
      sees_all_orders: true,
      office_sees_payments: true,
    },
  ],
};

export const ORDER_ID = '3f1c2b4a-5d6e-4f70-8a91-b2c3d4e5f601';

/** A booked order on Tuesday, December 1st 2026, 9:30 AM to noon EST. */
export const ORDER: AdminOrder = {
  id: ORDER_ID,
  status: 'confirmed',
  confirmed_at: '2026-11-20T15:00:00.000Z',
  datetime: '2026-12-01T14:30:00.000Z',
  duration: 150,
  time_zone: 'America/New_York',
  local_date: '2026-12-01',
  local_time: '09:30',
  utc_offset: '-05:00',
  zone_abbreviation: 'EST',
  local_end_date: '2026-12-01',
  local_end_time: '12:00',
  local_end_utc_offset: '-05:00',
  inspectors: [{ id: 101, name: 'Sarah Chen' }],
  address: { address1: '12 Elm Street', address2: '', city: 'Columbus', state: 'OH', postal_code: '43215' },
  people: [
    {
      role: 'client',
      name: 'Jane Doe',
      email: 'jane@example.com',
      mobile_phone: '6145550100',
      work_phone: '',
      home_phone: '',
      work_fax: '',
      home_fax: '',
      company: '',
      agency: '',
    },
    {
      role: 'buyers_agent',
      name: 'Sam Realtor',
      email: 'sam@realty.example',
      mobile_phone: '',
      work_phone: '6145550111',
      home_phone: '',
      work_fax: '',
      home_fax: '',
      company: 'Realty One',
      agency: '',
    },
  ],
  property: {
    sqft: 2100,
    year_built: 1978,
    foundation: 'Basement',
    sales_price: '$325,000',
    answers: [{ question: 'Is the home vacant?', answer: 'Yes' }],
  },
  special_note: 'Gate code 4321.',
  services: [
    { id: 's1', name: 'Full Home Inspection' },
    { id: 's2', name: 'Radon Test' },
  ],
  total_cents: 57250,
  currency: 'USD',
  paid: false,
  reschedule_count: 0,
  attribution: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'Spring sale' },
  cancelled: null,
  history: [
    {
      at: '2026-11-20T15:00:00.000Z',
      type: 'confirmed',
      data: { start: '2026-12-01T14:30:00.000Z', by: { kind: 'visitor', role: 'client' } },
    },
  ],
};

export const OFFICE = { uuid: '5b0c3a8e-7f1d-4c2a-9e61-3d4f8a2b9c10', name: 'Columbus' };

/** An office of two inspectors with nothing booked, for pages that only list the inspectors. */
export const EMPTY_SCHEDULE: ConsoleSchedule = {
  office: { ...OFFICE, time_zone: 'America/New_York', road_factor: 1.3, average_speed_mph: 30 },
  offices: [OFFICE],
  from: '2026-12-01',
  dates: ['2026-12-01'],
  zone_abbreviations: ['EST'],
  inspectors: [
    { id: 101, name: 'Sarah Chen', working_hours: [], time_off: [], bookings: [], holds: [] },
    { id: 102, name: 'Mike Alvarez', working_hours: [], time_off: [], bookings: [], holds: [] },
  ],
};

export const OTHER_OFFICE = { uuid: '9d2e4f6a-8b1c-4d3e-a5f7-0b1c2d3e4f50', name: 'Dayton' };

/** GET …/inspectors: the company's working inspectors, two in Columbus and one in Dayton. */
export const INSPECTORS: ConsoleInspectors = {
  inspectors: [
    { id: 101, name: 'Sarah Chen', office_uuid: OFFICE.uuid, office_name: OFFICE.name },
    { id: 102, name: 'Mike Alvarez', office_uuid: OFFICE.uuid, office_name: OFFICE.name },
    { id: 201, name: 'Dana Brooks', office_uuid: OTHER_OFFICE.uuid, office_name: OTHER_OFFICE.name },
  ],
};
