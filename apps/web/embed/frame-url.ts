import {
  BRAND_COLOR_PATTERN,
  EMBED_QUERY,
  LOCKABLE_FIELDS,
  PREFILL_FIELDS,
  type LockableField,
  type PrefillField,
} from '@scheduler/contracts/embed';

/** The same rule as the server's company key (apps/server/src/api/shared-schemas.ts). */
const COMPANY_KEY = /^[a-z0-9][a-z0-9-]{1,62}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Longer than any real value; the server validates the rest, so a page cannot send it megabytes. */
export const MAX_PREFILL_LENGTH = 200;

/** What one placeholder asks for, read from its attributes. */
export interface Placeholder {
  companyKey: string;
  officeUuid: string;
  mode: 'inline' | 'popup';
}

export type PlaceholderReading = { ok: true; placeholder: Placeholder } | { ok: false; reason: string };

/** `postal_code` -> `postalCode`: the dataset name of `data-postal-code`. */
const datasetName = (field: string) => field.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());

export function readPlaceholder(dataset: DOMStringMap): PlaceholderReading {
  const companyKey = dataset.onlineScheduler ?? '';
  const officeUuid = (dataset.office ?? '').toLowerCase();
  const mode = dataset.mode ?? 'inline';
  if (!COMPANY_KEY.test(companyKey))
    return { ok: false, reason: `data-online-scheduler="${companyKey}" is not a company key` };
  if (!UUID.test(officeUuid))
    return { ok: false, reason: `data-office="${dataset.office ?? ''}" is not an office uuid` };
  if (mode !== 'inline' && mode !== 'popup')
    return { ok: false, reason: `data-mode="${mode}" is neither inline nor popup` };
  return { ok: true, placeholder: { companyKey, officeUuid, mode } };
}

/**
 * The prefill: the page's own URL parameters, then the placeholder's attributes over them (the
 * company's markup is more deliberate than a link a visitor followed). Empty values count as absent.
 */
export function prefillOf(dataset: DOMStringMap, hostQuery: URLSearchParams): Map<PrefillField, string> {
  const prefill = new Map<PrefillField, string>();
  for (const field of PREFILL_FIELDS) {
    const value = dataset[datasetName(field)] || hostQuery.get(field);
    if (value) prefill.set(field, value.slice(0, MAX_PREFILL_LENGTH));
  }
  return prefill;
}

/** The locks, from the placeholder only: the host page's URL is the visitor's to change. */
export function locksOf(dataset: DOMStringMap): LockableField[] {
  const named = (dataset.lock ?? '').split(/[\s,]+/);
  return LOCKABLE_FIELDS.filter((field) => named.includes(field));
}

/** How the wizard looks in this frame (decision 0060): the company's colour, and its header and footer left out. */
export interface Look {
  brandColor: string | null;
  hideHeaderFooter: boolean;
}

/**
 * The look, from the placeholder only (like the locks: a visitor's link has no say in it).
 * `#abc` is written out as `#aabbcc`; a colour that is not one is left out, and said.
 */
export function lookOf(dataset: DOMStringMap): { look: Look; problem: string | null } {
  const written = dataset.brandColor?.trim() ?? '';
  const colour = /^#[0-9a-f]{3}$/i.test(written) ? written.replace(/[0-9a-f]/gi, '$&$&') : written;
  const valid = BRAND_COLOR_PATTERN.test(colour);
  const hide = dataset.hideHeaderFooter;
  return {
    look: {
      brandColor: valid ? colour.toLowerCase() : null,
      hideHeaderFooter: hide !== undefined && hide !== 'false',
    },
    problem:
      valid || written === ''
        ? null
        : `data-brand-color="${written}" is not a colour such as #1f4e79; the scheduler keeps its own`,
  };
}

export interface FrameUrlInput {
  schedulerOrigin: string;
  placeholder: Placeholder;
  hostOrigin: string;
  prefill: ReadonlyMap<PrefillField, string>;
  locks: readonly LockableField[];
  resumeToken: string | null;
  look: Look;
}

/** The office's link, which starts a session and redirects into the wizard, marked as embedded by this host. */
export function frameUrl(input: FrameUrlInput): string {
  const query = new URLSearchParams({ [EMBED_QUERY.embed]: '1', [EMBED_QUERY.host]: input.hostOrigin });
  for (const [field, value] of input.prefill) query.set(field, value);
  if (input.locks.length > 0) query.set(EMBED_QUERY.lock, input.locks.join(','));
  if (input.resumeToken) query.set(EMBED_QUERY.resume, input.resumeToken);
  if (input.look.brandColor) query.set(EMBED_QUERY.brandColor, input.look.brandColor);
  if (input.look.hideHeaderFooter) query.set(EMBED_QUERY.hideHeaderFooter, '1');
  const { companyKey, officeUuid } = input.placeholder;
  return `${input.schedulerOrigin}/${companyKey}/online-scheduler/${officeUuid}?${query.toString()}`;
}
