import { holdMinutesOf } from '@scheduler/domain/availability/hold-length';
import { SETTING } from '@scheduler/contracts/setting-keys';
import { addDays } from '@scheduler/domain/availability/zoned-calendar';
import type { SettingsReader } from '@scheduler/domain/settings';
import { firstBookableFrom } from '../../shared/scheduling-api.ts';
import type { SlotFilter } from '../../shared/queries.ts';

/** Spec 4.5, 9.1: a month change fetches six more weeks; list mode's Show More four. */
export const MONTH_CHANGE_WINDOW_DAYS = 42;
export const LIST_WINDOW_DAYS = 28;
const DEFAULT_LIST_PAGE = 10;
const DEFAULT_APPOINTMENT_LIMIT = 10;

/** Everything the calendar step derives from the settings, the order and today, before it renders. */
export interface CalendarOptions {
  listMode: boolean;
  showNames: boolean;
  /** The most appointments offered on one day; 0 for no limit (spec 9.1). */
  appointmentLimit: number;
  /** Availability is limited by the property's postal code (spec 2.5 note). */
  zipLimited: boolean;
  postalCode: string;
  today: string;
  firstDate: string;
  holdMinutes: number;
  listPageSize: number;
  /** How many days each further availability window spans. */
  pageDays: number;
  /** What every availability request of the step sends besides its dates. */
  filter: SlotFilter;
}

export interface CalendarInputs {
  settings: SettingsReader;
  orderDuration: number;
  /** The order's postal code, else the one kept in local storage (spec 4.1). */
  orderPostalCode: string;
  storedPostalCode: string | null;
  /** Today in the office's time zone, YYYY-MM-DD. */
  today: string;
}

export function calendarOptions({
  settings,
  orderDuration,
  orderPostalCode,
  storedPostalCode,
  today,
}: CalendarInputs): CalendarOptions {
  const listMode = settings.text(SETTING.APT_DISPLAY) === 'list';
  const appointmentLimit = settings.isOn(SETTING.APPOINTMENT_LIMIT)
    ? settings.number(SETTING.APPOINTMENT_LIMIT_VALUE, DEFAULT_APPOINTMENT_LIMIT)
    : 0;
  const zipLimited = settings.isOn(SETTING.LIMIT_ZIP_BY_DAY) || settings.isOn(SETTING.RESTRICT_INSPECTOR_ZIP);
  const postalCode = orderPostalCode || storedPostalCode || '';
  return {
    listMode,
    showNames: settings.isOn(SETTING.SHOW_INSPECTOR_NAMES),
    appointmentLimit,
    zipLimited,
    postalCode,
    today,
    firstDate: firstBookableFrom(today, settings.isOn(SETTING.ALLOW_TODAY)),
    holdMinutes: holdMinutesOf(settings),
    listPageSize: appointmentLimit || DEFAULT_LIST_PAGE,
    pageDays: listMode ? LIST_WINDOW_DAYS : MONTH_CHANGE_WINDOW_DAYS,
    // Calendar mode caps each day on screen; list mode asks the server to (decision 0007).
    filter: {
      duration: orderDuration,
      limit: listMode ? appointmentLimit : 0,
      postalCode: zipLimited && postalCode ? postalCode : undefined,
    },
  };
}

/**
 * Spec 4.5: moving to a month in the future that ends less than four weeks after the latest
 * loaded date fetches six more weeks.
 */
export function monthNeedsMore(month: string, today: string, loadedUntil: string): boolean {
  const lastOfMonth = addDays(`${addDays(month, 31).slice(0, 7)}-01`, -1);
  return month >= `${today.slice(0, 7)}-01` && addDays(loadedUntil, -28) <= lastOfMonth;
}

/** Spec 2.5 disabled dates: past, today unless allowed (the first bookable date), or without slots. */
export function isBookableDay(day: string, firstDate: string, today: string, slotsOnDay: number): boolean {
  return day >= firstDate && day >= today && slotsOnDay > 0;
}
