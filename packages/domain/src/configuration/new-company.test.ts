import { describe, expect, it } from 'vitest';
import { companyDocumentSchema } from '@scheduler/contracts/company-document';
import { newCompanyBodySchema, type NewCompanyBody } from '@scheduler/contracts/onboarding';
import { FIRST_INSPECTOR_ID, newCompanyDocument } from './new-company.ts';

const IDS = { officeUuid: '11111111-1111-4111-8111-111111111111', serviceUuid: '22222222-2222-4222-8222-222222222222' };
const BODY: NewCompanyBody = {
  company: { name: 'Buckeye Home Inspections', key: 'buckeye' },
  office: {
    address1: '4200 Sawmill Rd',
    city: 'Columbus',
    state: 'OH',
    postal_code: '43220',
    latitude: 40.05,
    longitude: -83.07,
    time_zone: 'America/New_York',
  },
  inspector: {
    first: 'Fran',
    last: 'Founder',
    weekdays: ['mon', 'wed', 'sat'],
    start: '07:30',
    end: '16:00',
    radius_miles: 25,
  },
  service: { name: 'Home inspection', price_cents: 0, duration_minutes: 15 },
};
const documentOf = (body: NewCompanyBody, ownerEmail = 'fran@example.com') =>
  companyDocumentSchema.parse(newCompanyDocument(newCompanyBodySchema.parse(body), IDS, ownerEmail));

describe('newCompanyDocument', () => {
  it('is a valid company document: the founder’s office, inspector and service, and defaults for the rest', () => {
    const doc = documentOf(BODY);
    expect(doc).toMatchObject({
      key: 'buckeye',
      name: 'Buckeye Home Inspections',
      currency: 'USD',
      scheduler_enabled: true,
      settings: [],
      packages: [],
    });
    expect(doc.offices).toEqual([
      expect.objectContaining({
        uuid: IDS.officeUuid,
        name: 'Buckeye Home Inspections',
        state: 'OH',
        time_zone: 'America/New_York',
        // Visitors see no e-mail until the founder gives one: never their sign-in address (issue 41).
        email: '',
        latitude: 40.05,
      }),
    ]);
    expect(doc.offices[0]!.scheduling).toMatchObject({
      slot_granularity_minutes: 30,
      minimum_notice_hours: 12,
      booking_horizon_days: 120,
    });
    expect(doc.services).toEqual([
      expect.objectContaining({
        uuid: IDS.serviceUuid,
        name: 'Home inspection',
        price_cents: 0,
        duration_minutes: 15,
        ancillary: false,
      }),
    ]);
    expect(doc.notifications.office_email).toBe('fran@example.com');
    expect(doc.states.map((s) => s.id)).toEqual(doc.states.map((_, i) => i + 1));
    expect(doc.states.find((s) => s.abbreviation === 'OH')).toMatchObject({ name: 'Ohio' });
  });

  it('gives the inspector the chosen weekdays only, the service, and a home base at the office', () => {
    const [inspector] = documentOf(BODY).inspectors;
    expect(inspector).toMatchObject({
      id: FIRST_INSPECTOR_ID,
      office: IDS.officeUuid,
      services: [IDS.serviceUuid],
      max_drive_miles: 25,
      email: 'fran@example.com',
      active: true,
    });
    expect(inspector!.weekly_hours).toEqual({
      sun: [],
      mon: [{ start: '07:30', end: '16:00' }],
      tue: [],
      wed: [{ start: '07:30', end: '16:00' }],
      thu: [],
      fri: [],
      sat: [{ start: '07:30', end: '16:00' }],
    });
    expect(inspector!.home_base).toEqual({ latitude: 40.05, longitude: -83.07, postal_code: '43220' });
  });

  it("keeps the office's own e-mail when one is given", () => {
    const doc = documentOf({ ...BODY, office: { ...BODY.office, email: 'office@buckeye.example' } });
    expect(doc.offices[0]!.email).toBe('office@buckeye.example');
    expect(doc.notifications.office_email).toBe('fran@example.com');
  });

  it('takes the bounds of the sign-up form: every weekday, the longest service, the widest radius', () => {
    const doc = documentOf({
      ...BODY,
      inspector: {
        ...BODY.inspector,
        weekdays: ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
        start: '00:00',
        end: '23:59',
        radius_miles: 500,
      },
      service: { name: 'x'.repeat(200), price_cents: 100_000_000, duration_minutes: 1440 },
    });
    expect(Object.values(doc.inspectors[0]!.weekly_hours).every((day) => day.length === 1)).toBe(true);
    expect(doc.services[0]).toMatchObject({ price_cents: 100_000_000, duration_minutes: 1440 });
  });

  it('is refused past the bounds by the sign-up schema', () => {
    const refused = (body: unknown) => newCompanyBodySchema.safeParse(body).success;
    expect(refused({ ...BODY, inspector: { ...BODY.inspector, weekdays: [] } })).toBe(false);
    expect(refused({ ...BODY, inspector: { ...BODY.inspector, radius_miles: 501 } })).toBe(false);
    expect(refused({ ...BODY, service: { ...BODY.service, duration_minutes: 14 } })).toBe(false);
    expect(refused({ ...BODY, service: { ...BODY.service, price_cents: 100_000_001 } })).toBe(false);
    expect(refused({ ...BODY, company: { ...BODY.company, key: 'a' } })).toBe(false);
    expect(refused({ ...BODY, company: { ...BODY.company, key: 'ab' } })).toBe(true);
  });
});
