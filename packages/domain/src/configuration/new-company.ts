import { WEEKDAYS, type Weekday } from '@scheduler/contracts/company-document';
import type { NewCompany } from '@scheduler/contracts/onboarding';
import { usStates } from '../address/us-states.ts';

/**
 * The company document of a company that signed itself up (issue 26): what its owner told the
 * sign-up (name, first office, first inspector, first service) and a sensible default for the
 * rest, which the document's own schema fills in (settings, policy, messages...). The result is an
 * import document: the import validates it with the same schema as every save.
 */

/** The identifiers a new company's first office and service get (random UUIDs, chosen by the caller). */
export interface NewCompanyIds {
  officeUuid: string;
  serviceUuid: string;
}

/** The first inspector's id: the company's own numbering starts at 1. */
export const FIRST_INSPECTOR_ID = 1;

/**
 * The owner's address receives the office's copy of every booking until they change it; it is
 * never the office's public e-mail (issue 41): visitors see only an address the founder gave for them.
 */
export function newCompanyDocument(input: NewCompany, ids: NewCompanyIds, ownerEmail: string): Record<string, unknown> {
  const { company, office, inspector, service } = input;
  const states = usStates().map((state, index) => ({ id: index + 1, ...state }));
  const hours = Object.fromEntries(
    WEEKDAYS.map((day: Weekday) => [
      day,
      inspector.weekdays.includes(day) ? [{ start: inspector.start, end: inspector.end }] : [],
    ]),
  );
  return {
    key: company.key,
    name: company.name,
    states,
    offices: [
      {
        uuid: ids.officeUuid,
        name: company.name,
        phone: office.phone,
        email: office.email,
        state: office.state,
        time_zone: office.time_zone,
        address1: office.address1,
        address2: office.address2,
        city: office.city,
        postal_code: office.postal_code,
        latitude: office.latitude,
        longitude: office.longitude,
      },
    ],
    inspectors: [
      {
        id: FIRST_INSPECTOR_ID,
        office: ids.officeUuid,
        first: inspector.first,
        last: inspector.last,
        email: ownerEmail,
        services: [ids.serviceUuid],
        // Centred on the office: an inspector's own home base is set later in the console.
        home_base: { latitude: office.latitude, longitude: office.longitude, postal_code: office.postal_code },
        max_drive_miles: inspector.radius_miles,
        weekly_hours: hours,
      },
    ],
    services: [
      {
        uuid: ids.serviceUuid,
        name: service.name,
        price_cents: service.price_cents,
        duration_minutes: service.duration_minutes,
      },
    ],
    notifications: { office_email: ownerEmail },
  };
}
