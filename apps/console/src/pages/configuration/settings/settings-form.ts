import { isTruthySetting } from '@scheduler/domain/settings';
import { SETTING } from '@scheduler/contracts/setting-keys';
import { SETTING_GROUPS, type SettingEntry } from './settings-catalog.ts';

/**
 * The Settings page's form and the document it writes. Only the settings a person changed are
 * written; every other setting (the ones the catalogue does not know included) is kept exactly as
 * it was, in its place.
 */

type StoredValue = string | number | boolean | null;
type StoredSetting = { key: string; value: StoredValue };

export interface SettingsFormValues {
  /** By setting key: a switch's on/off, or the text of any other control. */
  settings: Record<string, string | boolean>;
  inspectorsSeeAll: boolean;
  /** The document's `console.office_sees_payments` (left out: on; decision 0083). */
  officeSeesPayments: boolean;
  /** The document's `console.calendar_events_show_prices` (left out: off; issue 45). */
  calendarShowsPrices: boolean;
}

const ENTRIES: readonly SettingEntry[] = SETTING_GROUPS.flatMap((group) => group.entries);
/** The most characters a stored text setting holds (the document's schema). */
export const SETTING_TEXT_MAX = 20_000;

function storedSettings(document: Record<string, unknown>): StoredSetting[] {
  return Array.isArray(document.settings) ? (document.settings as StoredSetting[]) : [];
}

function formValueOf(entry: SettingEntry, stored: StoredValue | undefined): string | boolean {
  if (entry.control.kind === 'switch') return isTruthySetting(stored ?? '');
  if (stored === undefined || stored === null)
    return entry.control.kind === 'number' ? String(entry.control.fallback) : '';
  return String(stored);
}

export function settingsFormValues(document: Record<string, unknown>): SettingsFormValues {
  const stored = new Map(storedSettings(document).map((setting) => [setting.key, setting.value]));
  const consoleSection = (document.console ?? {}) as {
    inspectors_see_all_orders?: boolean;
    office_sees_payments?: boolean;
    calendar_events_show_prices?: boolean;
  };
  return {
    settings: Object.fromEntries(ENTRIES.map((entry) => [entry.key, formValueOf(entry, stored.get(entry.key))])),
    inspectorsSeeAll: consoleSection.inspectors_see_all_orders === true,
    officeSeesPayments: consoleSection.office_sees_payments !== false,
    calendarShowsPrices: consoleSection.calendar_events_show_prices === true,
  };
}

export interface SettingProblem {
  key: string;
  message: string;
}

function problemOf(entry: SettingEntry, value: string | boolean): string | null {
  if (typeof value === 'boolean') return null;
  const control = entry.control;
  if (control.kind === 'number') {
    const number = Number(value.trim());
    return /^\d+$/.test(value.trim()) && number >= control.min && number <= control.max
      ? null
      : `Enter a whole number from ${control.min} to ${control.max}.`;
  }
  // The pricing reads an amount as plain digits with at most two decimals; anything else would silently count as 0.
  if (control.kind === 'amount' && value.trim() !== '' && !/^\d{1,9}(\.\d{1,2})?$/.test(value.trim()))
    return 'Enter an amount like 25 or 12.50, without a currency sign.';
  if (control.kind === 'text' && value.length > control.maxLength) return `At most ${control.maxLength} characters.`;
  if (value.length > SETTING_TEXT_MAX) return `At most ${SETTING_TEXT_MAX.toLocaleString('en-US')} characters.`;
  if (entry.key === SETTING.REDIRECT_BUTTON_URL && value.trim() !== '' && !/^https?:\/\/[^\s]+$/i.test(value.trim()))
    return 'Enter an address beginning with https://.';
  return null;
}

/** What a changed value is stored as: "Y"/"N" for a switch; a number stays a number where it was one. */
function storedValueOf(entry: SettingEntry, value: string | boolean, before: StoredValue | undefined): StoredValue {
  if (typeof value === 'boolean') return value ? 'Y' : 'N';
  const text =
    entry.control.kind === 'number' ||
    entry.control.kind === 'amount' ||
    entry.control.kind === 'list' ||
    entry.control.kind === 'text'
      ? value.trim()
      : value;
  return entry.control.kind === 'number' && typeof before === 'number' ? Number(text) : text;
}

/**
 * The document with the form's changes written in, or the problems, each naming its setting.
 * `loaded` is the form as it was loaded: a value the person did not change is not written, so a
 * setting the document leaves out stays left out.
 */
export function applySettingsForm(
  document: Record<string, unknown>,
  loaded: SettingsFormValues,
  values: SettingsFormValues,
): { ok: true; document: Record<string, unknown> } | { ok: false; problems: SettingProblem[] } {
  const changed = ENTRIES.filter((entry) => values.settings[entry.key] !== loaded.settings[entry.key]);
  const problems = changed.flatMap((entry) => {
    const message = problemOf(entry, values.settings[entry.key]!);
    return message ? [{ key: entry.key, message }] : [];
  });
  if (problems.length > 0) return { ok: false, problems };

  const settings = [...storedSettings(document)];
  for (const entry of changed) {
    const index = settings.findIndex((setting) => setting.key === entry.key);
    const value = storedValueOf(entry, values.settings[entry.key]!, settings[index]?.value);
    if (index >= 0) settings[index] = { key: entry.key, value };
    else settings.push({ key: entry.key, value });
  }
  const before = (document.console ?? {}) as Record<string, unknown>;
  const consoleSection = {
    ...before,
    inspectors_see_all_orders: values.inspectorsSeeAll,
    // Written once it was changed or was there: a document that leaves it out keeps its default.
    ...(values.officeSeesPayments !== loaded.officeSeesPayments || 'office_sees_payments' in before
      ? { office_sees_payments: values.officeSeesPayments }
      : {}),
    ...(values.calendarShowsPrices !== loaded.calendarShowsPrices || 'calendar_events_show_prices' in before
      ? { calendar_events_show_prices: values.calendarShowsPrices }
      : {}),
  };
  return { ok: true, document: { ...document, settings, console: consoleSection } };
}
