import { z } from 'zod';
import { WEEKDAYS, type Weekday } from '@scheduler/contracts/company-document';
import { MAX_CENTS } from '@scheduler/contracts/pricing';
import { COMPANY_KEY_PATTERN, type NewCompanyBody, type Place } from '@scheduler/contracts/onboarding';
import { amountText, parseAmount } from '../../../shared/money-amount.ts';

/**
 * The new company's form (issue 26): what a founder types, and the sign-up's request made of it.
 * Everything has a default a home-inspection company would choose, so that the fewest fields need
 * typing: the founder's own name as the first inspector, weekdays 8 to 5, a three-hour inspection.
 */

export interface NewCompanyValues {
  companyName: string;
  companyKey: string;
  /** Whether the person typed the key themselves: until then it follows the name. */
  keyEdited: boolean;
  /** The office's address in one line, placed by the lookup. */
  address: string;
  phone: string;
  /** The office's e-mail for visitors (optional): never the founder's sign-in address unasked (issue 41). */
  email: string;
  first: string;
  last: string;
  weekdays: Weekday[];
  start: string;
  end: string;
  radiusMiles: string;
  serviceName: string;
  price: string;
  durationMinutes: string;
}

export const BOUNDS = {
  radiusMiles: { min: 1, max: 500 },
  durationMinutes: { min: 15, max: 24 * 60 },
  keyLength: 63,
  nameLength: 200,
  emailLength: 254,
} as const;

const anEmail = z.email();

export const WORKDAYS: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri'];
export const WEEKDAY_LABELS: Record<Weekday, string> = {
  sun: 'Sunday',
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
};
/** Monday first, as an office plans its week. */
export const WEEK_ORDER: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

/** The person's name split in two for the first inspector: "Fran de la Founder" → Fran / de la Founder. */
export function splitName(name: string): { first: string; last: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return { first: words[0] ?? '', last: words.slice(1).join(' ') };
}

export function initialValues(personName: string): NewCompanyValues {
  return {
    companyName: '',
    companyKey: '',
    keyEdited: false,
    address: '',
    phone: '',
    email: '',
    ...splitName(personName),
    weekdays: [...WORKDAYS],
    start: '08:00',
    end: '17:00',
    radiusMiles: '30',
    serviceName: 'Home inspection',
    price: '',
    durationMinutes: '180',
  };
}

/** The web address a name suggests: lower-case letters and digits joined by dashes ("Buckeye Home Inspections, LLC" → buckeye-home-inspections-llc). */
export function keyFromName(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  const key = ascii
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return key.slice(0, BOUNDS.keyLength).replace(/-+$/, '');
}

export type FieldName = Exclude<keyof NewCompanyValues, 'keyEdited'>;
export interface Problem {
  field: FieldName;
  message: string;
}

function wholeNumber(text: string): number | null {
  return /^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : null;
}

/**
 * The request, or what is wrong, field by field. `place` is the office's address as the lookup
 * found it (null: not found yet).
 */
export function newCompanyRequest(
  values: NewCompanyValues,
  place: Place | null,
  currency = 'USD',
): { ok: true; body: NewCompanyBody } | { ok: false; problems: Problem[] } {
  const problems: Problem[] = [];
  const need = (field: FieldName, text: string, what: string, max: number) => {
    if (text.trim() === '') problems.push({ field, message: `Enter ${what}.` });
    else if (text.trim().length > max) problems.push({ field, message: `At most ${max} characters.` });
  };
  need('companyName', values.companyName, "your company's name", BOUNDS.nameLength);
  if (!COMPANY_KEY_PATTERN.test(values.companyKey)) {
    problems.push({
      field: 'companyKey',
      message: 'Use 2 to 63 lower-case letters, digits and dashes, starting with a letter or digit.',
    });
  }
  if (values.address.trim() === '') problems.push({ field: 'address', message: "Enter your office's address." });
  else if (!place)
    problems.push({ field: 'address', message: 'We have not found this address yet. Check it, with its postal code.' });
  if (values.phone.trim().length > 40) problems.push({ field: 'phone', message: 'At most 40 characters.' });
  const email = values.email.trim();
  if (email !== '' && (email.length > BOUNDS.emailLength || !anEmail.safeParse(email).success))
    problems.push({ field: 'email', message: 'Enter an e-mail address like office@example.com, or leave it empty.' });
  need('first', values.first, 'a first name', 100);
  need('last', values.last, 'a last name', 100);
  if (values.weekdays.length === 0) problems.push({ field: 'weekdays', message: 'Choose at least one day.' });
  const time = /^([01]\d|2[0-3]):[0-5]\d$/;
  if (!time.test(values.start)) problems.push({ field: 'start', message: 'Enter a time like 08:00.' });
  if (!time.test(values.end)) problems.push({ field: 'end', message: 'Enter a time like 17:00.' });
  else if (time.test(values.start) && values.end <= values.start)
    problems.push({ field: 'end', message: 'The day must end after it starts.' });
  const radius = wholeNumber(values.radiusMiles);
  if (radius === null || radius < BOUNDS.radiusMiles.min || radius > BOUNDS.radiusMiles.max) {
    problems.push({
      field: 'radiusMiles',
      message: `Enter whole miles from ${BOUNDS.radiusMiles.min} to ${BOUNDS.radiusMiles.max}.`,
    });
  }
  need('serviceName', values.serviceName, "the service's name", BOUNDS.nameLength);
  const price = parseAmount(values.price, currency);
  if (price === null || price > MAX_CENTS)
    problems.push({
      field: 'price',
      message: `Enter a price like 425 or 425.00, up to ${amountText(MAX_CENTS, currency)}.`,
    });
  const minutes = wholeNumber(values.durationMinutes);
  if (minutes === null || minutes < BOUNDS.durationMinutes.min || minutes > BOUNDS.durationMinutes.max) {
    problems.push({
      field: 'durationMinutes',
      message: `Enter minutes from ${BOUNDS.durationMinutes.min} to ${BOUNDS.durationMinutes.max}.`,
    });
  }
  if (problems.length > 0 || !place || price === null || radius === null || minutes === null)
    return { ok: false, problems };
  return {
    ok: true,
    body: {
      company: { name: values.companyName.trim(), key: values.companyKey },
      office: {
        address1: place.address1,
        address2: place.address2,
        city: place.city,
        state: place.state,
        postal_code: place.postal_code,
        latitude: place.latitude,
        longitude: place.longitude,
        time_zone: place.time_zone,
        phone: values.phone.trim(),
        email,
      },
      inspector: {
        first: values.first.trim(),
        last: values.last.trim(),
        weekdays: WEEKDAYS.filter((day) => values.weekdays.includes(day)),
        start: values.start,
        end: values.end,
        radius_miles: radius,
      },
      service: { name: values.serviceName.trim(), price_cents: price, duration_minutes: minutes },
    },
  };
}

/** The form's field of a server refusal's `field` (the request's path, such as `company.key`). */
export function formFieldOfRefusal(path: string | undefined): FieldName | null {
  const fields: Record<string, FieldName> = {
    'company.name': 'companyName',
    'company.key': 'companyKey',
    'office.address1': 'address',
    'office.city': 'address',
    'office.state': 'address',
    'office.postal_code': 'address',
    'office.time_zone': 'address',
    'office.phone': 'phone',
    'office.email': 'email',
    'inspector.first': 'first',
    'inspector.last': 'last',
    'inspector.weekdays': 'weekdays',
    'inspector.start': 'start',
    'inspector.end': 'end',
    'inspector.radius_miles': 'radiusMiles',
    'service.name': 'serviceName',
    'service.price_cents': 'price',
    'service.duration_minutes': 'durationMinutes',
  };
  return path ? (fields[path] ?? null) : null;
}
