import { z } from 'zod';
import { packageSchema, serviceSchema, type Package, type Service } from '@scheduler/contracts/company-document';
import { MAX_CENTS } from '@scheduler/contracts/pricing';
import { htmlToPlainText } from '@scheduler/domain/html-text';
import { amountText as moneyText, parseTypedAmount as parseMoney } from '../../../shared/money-amount.ts';

/**
 * The Services and prices page's form and the parts of the document it writes: `services`,
 * `packages` and `rer_rush_amount_cents`. Numbers are text while typed; the form refuses what the
 * document's schema would, naming the field. A save writes only what the person changed: an item
 * or a field left alone stays exactly as the document had it.
 */

export const MAX_NAME = 200;
export const MAX_DESCRIPTION = serviceSchema.shape.description.unwrap().maxLength ?? 20_000;
export const MAX_PREPARE = 1000;
export const MAX_BEST_TEXT = packageSchema.shape.best_text.unwrap().maxLength ?? 60;
export const MAX_DURATION = serviceSchema.shape.duration_minutes.unwrap().maxValue ?? 24 * 60;
export { MAX_CENTS };

export interface ServiceValues {
  uuid: string;
  /** Plain text: the document's HTML name read as text (an unchanged name keeps its HTML). */
  name: string;
  description: string;
  price: string;
  duration: string;
  ancillary: boolean;
  isPac: boolean;
  label: boolean;
  rer: boolean;
  prepare: string;
  /** The document's sort value (a new item: after the last); rewritten only when the order changed. */
  sort: number;
}

export interface PackageValues {
  /** The package's id (named apart from react-hook-form's own `id` of a list's item). */
  packageId: number;
  name: string;
  description: string;
  price: string;
  /** 0: the sum of its services' lengths. */
  duration: string;
  services: string[];
  best: boolean;
  bestText: string;
  rer: boolean;
  prepare: string;
  sort: number;
}

export interface ServicesFormValues {
  services: ServiceValues[];
  packages: PackageValues[];
  rushFee: string;
}

export interface FieldProblem {
  /** The form's field, as react-hook-form names it ("services.1.price"). */
  field: string;
  message: string;
}

type Doc = Record<string, unknown>;

const servicesRead = z.array(serviceSchema).catch([]);
const packagesRead = z.array(packageSchema).catch([]);

export function currencyOf(document: Doc): string {
  return typeof document.currency === 'string' && /^[A-Z]{3}$/.test(document.currency) ? document.currency : 'USD';
}

/** The document's services and packages, their defaults filled in as the server fills them. */
export function servicesOf(document: Doc): { services: Service[]; packages: Package[]; rushCents: number } {
  const rush = document.rer_rush_amount_cents;
  return {
    services: servicesRead.parse(document.services ?? []),
    packages: packagesRead.parse(document.packages ?? []),
    rushCents: typeof rush === 'number' && Number.isInteger(rush) && rush >= 0 ? rush : 0,
  };
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** The order visitors see: services by sort then name, packages by sort then id (as the server reads them). */
const serviceOrder = (a: { sort: number; name: string }, b: { sort: number; name: string }) =>
  a.sort - b.sort || byText(a.name, b.name);
const packageOrder = (a: { sort: number; packageId: number }, b: { sort: number; packageId: number }) =>
  a.sort - b.sort || a.packageId - b.packageId;

function serviceValues(service: Service, currency: string): ServiceValues {
  return {
    uuid: service.uuid,
    name: htmlToPlainText(service.name),
    description: service.description,
    price: moneyText(service.price_cents, currency),
    duration: String(service.duration_minutes),
    ancillary: service.ancillary,
    isPac: service.is_pac,
    label: service.label,
    rer: service.rer,
    prepare: service.prepare,
    sort: service.sort,
  };
}

function packageValues(pkg: Package, currency: string): PackageValues {
  return {
    packageId: pkg.id,
    name: htmlToPlainText(pkg.name),
    description: pkg.description,
    price: moneyText(pkg.price_cents, currency),
    duration: String(pkg.duration_minutes),
    services: [...pkg.services],
    best: pkg.best,
    bestText: pkg.best_text,
    rer: pkg.rer,
    prepare: pkg.prepare,
    sort: pkg.sort,
  };
}

export function servicesFormValues(document: Doc): ServicesFormValues {
  const currency = currencyOf(document);
  const { services, packages, rushCents } = servicesOf(document);
  return {
    services: services.map((s) => serviceValues(s, currency)).sort(serviceOrder),
    packages: packages.map((p) => packageValues(p, currency)).sort(packageOrder),
    rushFee: moneyText(rushCents, currency),
  };
}

// ---- Adding, removing, moving -------------------------------------------------------------

const nextSort = (items: ReadonlyArray<{ sort: number }>) =>
  items.length === 0 ? 10 : Math.max(...items.map((i) => i.sort)) + 10;

/** A new service at the end of the list: nothing filled in but a fresh uuid. */
export function newService(uuid: string, values: ServicesFormValues, currency: string): ServiceValues {
  return {
    uuid,
    name: '',
    description: '',
    price: moneyText(0, currency),
    duration: '60',
    ancillary: false,
    isPac: false,
    label: false,
    rer: false,
    prepare: '',
    sort: nextSort(values.services),
  };
}

/** A new package at the end: the next id after every id the document or the form has (a removed one is not reused before a save). */
export function newPackage(document: Doc, values: ServicesFormValues, currency: string): PackageValues {
  const ids = [...servicesOf(document).packages.map((p) => p.id), ...values.packages.map((p) => p.packageId)];
  return {
    packageId: ids.length === 0 ? 1 : Math.max(...ids) + 1,
    name: '',
    description: '',
    price: moneyText(0, currency),
    duration: '0',
    services: [],
    best: false,
    bestText: '',
    rer: false,
    prepare: '',
    sort: nextSort(values.packages),
  };
}

/** The list with the item at `from` moved to `to` (up or down by one), or null at an end. */
export function moveIndex(length: number, from: number, direction: -1 | 1): number | null {
  const to = from + direction;
  return from < 0 || from >= length || to < 0 || to >= length ? null : to;
}

const quoted = (name: string) => `“${htmlToPlainText(name) || 'untitled'}”`;

interface Referencing {
  fees: Array<{ description: string; services: string[] }>;
  taxes: Array<{ name: string; services: string[] }>;
  coupons: Array<{ name: string; services?: string[] }>;
  modifiers: Array<{ description: string; services: string[]; requires_any_of?: string[] }>;
  waivers: Array<{ package_id: number }>;
}

function referencingOf(document: Doc): Referencing {
  const list = <T>(value: unknown) => (Array.isArray(value) ? (value as T[]) : []);
  const pricing = (document.pricing ?? {}) as Record<string, unknown>;
  return {
    fees: [...list<Referencing['fees'][number]>(document.fees), ...list<Referencing['fees'][number]>(pricing.fees)],
    taxes: [
      ...list<Referencing['taxes'][number]>(document.taxes),
      ...list<Referencing['taxes'][number]>(pricing.taxes),
    ],
    coupons: list<Referencing['coupons'][number]>(pricing.coupons),
    modifiers: list<Referencing['modifiers'][number]>(pricing.service_modifiers),
    waivers: list<Referencing['waivers'][number]>(pricing.package_fee_waivers),
  };
}

/**
 * Who uses a service, in words: the form's packages (as edited), and the document's inspectors,
 * fees, taxes, coupons, modifiers and booking-change rules. A service in use is not removed: the
 * save would be refused, or a package or a tax would quietly change.
 */
export function serviceUsers(document: Doc, values: ServicesFormValues, uuid: string): string[] {
  const users: string[] = [];
  for (const pkg of values.packages) if (pkg.services.includes(uuid)) users.push(`package ${quoted(pkg.name)}`);
  const inspectors = Array.isArray(document.inspectors)
    ? (document.inspectors as Array<{ first: string; last: string; display?: string; services?: string[] }>)
    : [];
  for (const inspector of inspectors)
    if (inspector.services?.includes(uuid))
      users.push(`inspector ${inspector.display || `${inspector.first} ${inspector.last}`}`);
  const refs = referencingOf(document);
  for (const fee of refs.fees) if (fee.services?.includes(uuid)) users.push(`fee ${quoted(fee.description)}`);
  for (const tax of refs.taxes) if (tax.services?.includes(uuid)) users.push(`tax ${quoted(tax.name)}`);
  for (const coupon of refs.coupons) if (coupon.services?.includes(uuid)) users.push(`coupon ${quoted(coupon.name)}`);
  for (const modifier of refs.modifiers)
    if (modifier.services?.includes(uuid) || modifier.requires_any_of?.includes(uuid))
      users.push(`discount ${quoted(modifier.description)}`);
  const changes = (document.booking_changes ?? {}) as { services?: Array<{ service: string }> };
  if (changes.services?.some((rules) => rules.service === uuid))
    users.push('its own rules on the Booking changes page');
  return users;
}

/** Who uses a package: the pricing rules' fee waivers name it by id. */
export function packageUsers(document: Doc, packageId: number): string[] {
  return referencingOf(document).waivers.some((w) => w.package_id === packageId)
    ? ['a package fee waiver of your pricing rules']
    : [];
}

export function removalRefusal(name: string, users: readonly string[]): string {
  return `${name ? `“${name}”` : 'This item'} can’t be removed while it is used by: ${users.join('; ')}. Take it out of those first.`;
}

// ---- Checking and writing -----------------------------------------------------------------

export const nameProblem = `Enter a name of 1 to ${MAX_NAME} characters.`;
export const priceProblem = (currency: string) =>
  `Enter an amount from 0 to ${moneyText(MAX_CENTS, currency)}, like 425 or 425.00, without a currency sign.`;
export const durationProblem = `Enter a whole number of minutes from 0 to ${MAX_DURATION}.`;
export const packageServicesProblem = 'Choose at least one service for the package.';
export const descriptionProblem = `At most ${MAX_DESCRIPTION.toLocaleString('en-US')} characters.`;
export const prepareProblem = `At most ${MAX_PREPARE} characters.`;
export const bestTextProblem = `At most ${MAX_BEST_TEXT} characters.`;

/** Cents from 0 to the document's limit, or null. */
export function readPrice(text: string, currency: string): number | null {
  const cents = parseMoney(text, currency);
  return cents !== null && cents <= MAX_CENTS ? cents : null;
}

/** Whole minutes from 0 to a day, or null. */
export function readDuration(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,5}$/.test(trimmed)) return null;
  const minutes = Number(trimmed);
  return minutes <= MAX_DURATION ? minutes : null;
}

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

type Fields = Record<string, unknown>;

/** What a form item writes, in the document's own field names. A heading's price and length are not asked: it keeps what it had. */
function serviceFields(
  value: ServiceValues,
  currency: string,
  kept: Service | undefined,
  problems: FieldProblem[],
  prefix: string,
): Fields {
  const fields: Fields = {
    name: escapeHtml(value.name.trim()),
    description: value.description,
    ancillary: value.ancillary,
    is_pac: value.isPac,
    label: value.label,
    rer: value.rer,
    prepare: value.prepare.trim(),
  };
  const name = value.name.trim();
  if (name.length < 1 || name.length > MAX_NAME) problems.push({ field: `${prefix}name`, message: nameProblem });
  if (value.description.length > MAX_DESCRIPTION)
    problems.push({ field: `${prefix}description`, message: descriptionProblem });
  if (value.prepare.trim().length > MAX_PREPARE) problems.push({ field: `${prefix}prepare`, message: prepareProblem });
  if (value.label) {
    fields.price_cents = kept?.price_cents ?? 0;
    fields.duration_minutes = kept?.duration_minutes ?? 0;
    return fields;
  }
  const price = readPrice(value.price, currency);
  if (price === null) problems.push({ field: `${prefix}price`, message: priceProblem(currency) });
  else fields.price_cents = price;
  const duration = readDuration(value.duration);
  if (duration === null) problems.push({ field: `${prefix}duration`, message: durationProblem });
  else fields.duration_minutes = duration;
  return fields;
}

function packageFields(
  value: PackageValues,
  currency: string,
  known: ReadonlySet<string>,
  problems: FieldProblem[],
  prefix: string,
): Fields {
  const name = value.name.trim();
  if (name.length < 1 || name.length > MAX_NAME) problems.push({ field: `${prefix}name`, message: nameProblem });
  if (value.description.length > MAX_DESCRIPTION)
    problems.push({ field: `${prefix}description`, message: descriptionProblem });
  if (value.prepare.trim().length > MAX_PREPARE) problems.push({ field: `${prefix}prepare`, message: prepareProblem });
  if (value.bestText.trim().length > MAX_BEST_TEXT)
    problems.push({ field: `${prefix}bestText`, message: bestTextProblem });
  const price = readPrice(value.price, currency);
  if (price === null) problems.push({ field: `${prefix}price`, message: priceProblem(currency) });
  const duration = readDuration(value.duration);
  if (duration === null) problems.push({ field: `${prefix}duration`, message: durationProblem });
  const services = value.services.filter((id) => known.has(id));
  if (services.length === 0) problems.push({ field: `${prefix}services`, message: packageServicesProblem });
  return {
    name: escapeHtml(name),
    description: value.description,
    best: value.best,
    best_text: value.bestText.trim(),
    rer: value.rer,
    price_cents: price ?? 0,
    duration_minutes: duration ?? 0,
    services,
    prepare: value.prepare.trim(),
  };
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The stored item with only the fields the person changed written over it. */
function merged(stored: Fields, loaded: Fields, next: Fields): Fields {
  const out = { ...stored };
  for (const [key, value] of Object.entries(next)) if (!same(value, loaded[key])) out[key] = value;
  return out;
}

/**
 * Keeps the loaded sort values while they still give the form's order; otherwise numbers the
 * list 10, 20, 30… in the form's order (the order visitors will see).
 */
function sortsOf<T extends { sort: number }>(items: readonly T[], order: (a: T, b: T) => number): number[] {
  const inOrder = items.every((item, i) => i === 0 || order(items[i - 1]!, item) <= 0);
  return items.map((item, i) => (inOrder ? item.sort : (i + 1) * 10));
}

export type ApplyResult =
  | {
      ok: true;
      document: Doc;
      /** For each of the document's services (packages), the form's row it came from: a refusal's path names the document's index. */
      serviceRows: number[];
      packageRows: number[];
    }
  | { ok: false; problems: FieldProblem[] };

/**
 * The document with the form written in, or the form's problems. Items keep their place in the
 * document's lists (new ones at the end); the order the person set is written as `sort`.
 */
export function applyServicesForm(document: Doc, loaded: ServicesFormValues, values: ServicesFormValues): ApplyResult {
  const currency = currencyOf(document);
  const stored = servicesOf(document);
  const problems: FieldProblem[] = [];
  const rawServices = Array.isArray(document.services) ? (document.services as Fields[]) : [];
  const rawPackages = Array.isArray(document.packages) ? (document.packages as Fields[]) : [];

  const serviceSorts = sortsOf(values.services, (a, b) => a.sort - b.sort || byText(a.name.trim(), b.name.trim()));
  const nextServices = values.services.map((value, row) => {
    const kept = stored.services.find((s) => s.uuid === value.uuid);
    return {
      uuid: value.uuid,
      row,
      fields: { ...serviceFields(value, currency, kept, problems, `services.${row}.`), sort: serviceSorts[row]! },
    };
  });
  const known = new Set(values.services.map((s) => s.uuid));
  const packageSorts = sortsOf(values.packages, packageOrder);
  const nextPackages = values.packages.map((value, row) => ({
    id: value.packageId,
    row,
    fields: { ...packageFields(value, currency, known, problems, `packages.${row}.`), sort: packageSorts[row]! },
  }));
  const rush = readPrice(values.rushFee, currency);
  if (rush === null) problems.push({ field: 'rushFee', message: priceProblem(currency) });
  if (problems.length > 0) return { ok: false, problems };

  const ignore: FieldProblem[] = [];
  const loadedService = (uuid: string): Fields => {
    const value = loaded.services.find((s) => s.uuid === uuid);
    return value
      ? {
          ...serviceFields(
            value,
            currency,
            stored.services.find((s) => s.uuid === uuid),
            ignore,
            '',
          ),
          sort: value.sort,
        }
      : {};
  };
  const loadedPackage = (id: number): Fields => {
    const value = loaded.packages.find((p) => p.packageId === id);
    return value
      ? { ...packageFields(value, currency, new Set(loaded.services.map((s) => s.uuid)), ignore, ''), sort: value.sort }
      : {};
  };

  const serviceRows: number[] = [];
  const services: Fields[] = [];
  for (const raw of rawServices) {
    const next = nextServices.find((s) => s.uuid === raw.uuid);
    if (!next) continue;
    services.push(merged(raw, loadedService(next.uuid), next.fields));
    serviceRows.push(next.row);
  }
  for (const next of nextServices) {
    if (rawServices.some((raw) => raw.uuid === next.uuid)) continue;
    services.push({ uuid: next.uuid, ...next.fields });
    serviceRows.push(next.row);
  }

  const packageRows: number[] = [];
  const packages: Fields[] = [];
  for (const raw of rawPackages) {
    const next = nextPackages.find((p) => p.id === raw.id);
    if (!next) continue;
    packages.push(merged(raw, loadedPackage(next.id), next.fields));
    packageRows.push(next.row);
  }
  for (const next of nextPackages) {
    if (rawPackages.some((raw) => raw.id === next.id)) continue;
    packages.push({ id: next.id, ...next.fields });
    packageRows.push(next.row);
  }

  const out: Doc = { ...document };
  if (!same(services, rawServices)) out.services = services;
  if (!same(packages, rawPackages)) out.packages = packages;
  if (rush !== readPrice(loaded.rushFee, currency)) out.rer_rush_amount_cents = rush;
  return { ok: true, document: out, serviceRows, packageRows };
}

const SERVICE_FIELDS: Readonly<Record<string, keyof ServiceValues>> = {
  name: 'name',
  description: 'description',
  price_cents: 'price',
  duration_minutes: 'duration',
  prepare: 'prepare',
};
const PACKAGE_FIELDS: Readonly<Record<string, keyof PackageValues>> = {
  name: 'name',
  description: 'description',
  price_cents: 'price',
  duration_minutes: 'duration',
  services: 'services',
  best_text: 'bestText',
  prepare: 'prepare',
};

/**
 * The form's field that a refused document's path names ("services.3.price_cents": the document's
 * fourth service, wherever the form lists it), or null when it names something this page does not show.
 */
export function formFieldOf(
  path: string | undefined,
  rows: { serviceRows: readonly number[]; packageRows: readonly number[] },
): string | null {
  const [list, index, key] = (path ?? '').split('.');
  if (list === 'rer_rush_amount_cents') return 'rushFee';
  if ((list !== 'services' && list !== 'packages') || !/^\d+$/.test(index ?? '')) return null;
  const row = (list === 'services' ? rows.serviceRows : rows.packageRows)[Number(index)];
  if (row === undefined) return null;
  const field = key === undefined ? 'name' : (list === 'services' ? SERVICE_FIELDS : PACKAGE_FIELDS)[key];
  // A refused field the form has no box for (a flag, an id) is said at the item's name.
  return `${list}.${row}.${field ?? 'name'}`;
}
