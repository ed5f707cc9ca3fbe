/**
 * Catalogue and inspector rows in the company document's shapes, which the engines and the
 * export read. One mapping per table, used by every repository that reads them.
 */
import type { Inspector, Package, Service } from '@scheduler/contracts/company-document';
import type * as t from './schema.ts';

export function serviceFromRow(s: typeof t.services.$inferSelect): Service {
  return {
    uuid: s.id,
    name: s.name,
    description: s.description,
    ancillary: s.ancillary,
    is_pac: s.isPac,
    label: s.label,
    rer: s.rer,
    price_cents: s.priceCents,
    duration_minutes: s.durationMinutes,
    sort: s.sort,
    prepare: s.prepare,
  };
}

export function packageFromRow(
  p: typeof t.packages.$inferSelect,
  packageServices: Array<typeof t.packageServices.$inferSelect>,
): Package {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    best: p.best,
    best_text: p.bestText,
    rer: p.rer,
    price_cents: p.priceCents,
    duration_minutes: p.durationMinutes,
    services: packageServices.filter((ps) => ps.packageId === p.id).map((ps) => ps.serviceId),
    sort: p.sort,
    prepare: p.prepare,
  };
}

export function inspectorFromRow(i: typeof t.inspectors.$inferSelect): Inspector {
  return {
    id: i.id,
    office: i.officeId,
    first: i.first,
    last: i.last,
    display: i.display,
    email: i.email,
    phone: i.phone,
    active: i.active,
    preferred_rank: i.preferredRank,
    services: i.services,
    max_inspections_per_day: i.maxInspectionsPerDay,
    home_base: { latitude: i.homeLatitude, longitude: i.homeLongitude, postal_code: i.homePostalCode },
    max_drive_miles: i.maxDriveMiles,
    postal_codes: i.postalCodes,
    postal_codes_by_weekday: i.postalCodesByWeekday,
    weekly_hours: i.weeklyHours as Inspector['weekly_hours'],
    overrides: i.overrides,
  };
}
