import type { DocumentInspector } from './inspector-form.ts';

/**
 * Adding and removing inspectors. A new inspector starts as most do: at the company's first
 * office, Monday to Friday 8:00 AM to 5:00 PM, doing every main service; the person names them.
 */

interface RosterDocument {
  inspectors?: unknown;
  offices?: unknown;
  services?: unknown;
}

interface OfficeLike {
  uuid: string;
  postal_code?: string;
  latitude?: number | null;
  longitude?: number | null;
}

interface ServiceLike {
  uuid: string;
  ancillary?: boolean;
  label?: boolean;
  is_pac?: boolean;
}

const listOf = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

const WORKDAY = [{ start: '08:00', end: '17:00' }];

/**
 * The next inspector id: one more than the largest in the document or than `highestUsed`, the
 * largest the company ever used (a removed inspector's id, named again, would bring them and their
 * orders back). 1 for the first.
 */
export function nextInspectorId(inspectors: ReadonlyArray<{ id: number }>, highestUsed = 0): number {
  return inspectors.reduce((largest, inspector) => Math.max(largest, inspector.id), highestUsed) + 1;
}

/**
 * A new, unnamed inspector: the document's schema defaults for what is not said here. Their home
 * base is the office's place until the person says where they live (none when the office has none).
 */
export function newInspector(document: RosterDocument, highestUsed = 0): DocumentInspector {
  const office = listOf<OfficeLike>(document.offices)[0];
  // Main services only: headings, add-ons and pay-at-close are not what an inspector is booked for.
  const services = listOf<ServiceLike>(document.services).filter(
    (service) => !service.ancillary && !service.label && !service.is_pac,
  );
  return {
    id: nextInspectorId(listOf<DocumentInspector>(document.inspectors), highestUsed),
    office: office?.uuid ?? '',
    first: '',
    last: '',
    display: '',
    email: '',
    phone: '',
    active: true,
    preferred_rank: null,
    services: services.map((service) => service.uuid),
    max_inspections_per_day: 3,
    home_base: {
      latitude: office?.latitude ?? null,
      longitude: office?.longitude ?? null,
      postal_code: office?.postal_code ?? '',
    },
    max_drive_miles: 40,
    postal_codes: [],
    postal_codes_by_weekday: {},
    weekly_hours: { sun: [], mon: WORKDAY, tue: WORKDAY, wed: WORKDAY, thu: WORKDAY, fri: WORKDAY, sat: [] },
    overrides: [],
  };
}

/** The office time zone an inspector's dates are read in: their office's, else the first office's, else UTC. */
export function officeTimeZone(document: RosterDocument, officeUuid: string): string {
  const offices = listOf<{ uuid: string; time_zone?: string }>(document.offices);
  return (offices.find((office) => office.uuid === officeUuid) ?? offices[0])?.time_zone ?? 'UTC';
}

/**
 * The document without the inspector. Nothing else in the document names an inspector by id, so
 * nothing is left pointing at them; their past and booked orders live outside the document and
 * keep their name (the server marks the inspector removed rather than deleting them).
 */
export function withoutInspector<D extends RosterDocument>(document: D, id: number): D {
  return {
    ...document,
    inspectors: listOf<DocumentInspector>(document.inspectors).filter((inspector) => inspector.id !== id),
  };
}
