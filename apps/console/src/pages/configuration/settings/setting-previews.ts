import { formatIsoDate } from '@scheduler/contracts/date-format';
import { PARTY_FIELD_SETTINGS, type Party } from '@scheduler/contracts/people';
import { PEOPLE_SETTING } from '@scheduler/contracts/people-setting-keys';
import { SETTING } from '@scheduler/contracts/setting-keys';
import { FIELD_LABELS, panelFields } from '@scheduler/domain/people/person-fields';
import { schedulerMode, stepOrder, type StepName } from '@scheduler/domain/route-table';
import { SettingsReader } from '@scheduler/domain/settings';

/**
 * "Show what visitors see": for each setting that changes the wizard, a small drawing of the part
 * it changes, in each of its states (Off and On, or each choice), from the wizard's own words.
 * Plain data: the page draws it, the test checks every such setting has one. The drawings read the
 * form as it is now (the banner typed, the step order the other switches make), never the server.
 */

/** A setting's value in the form: a switch's on/off, or the text of any other control. */
export type FormValue = string | boolean;
export type FormValues = Readonly<Record<string, FormValue | undefined>>;

/** One piece of a drawing; `changed` marks what the setting changes. */
export type MockItem =
  | { kind: 'heading'; text: string }
  | { kind: 'text'; text: string; changed?: boolean; keepLines?: boolean }
  | { kind: 'button'; text: string; changed?: boolean; disabled?: boolean }
  | { kind: 'field'; label: string; value?: string; changed?: boolean; required?: boolean }
  | { kind: 'steps'; steps: readonly string[]; changed?: string }
  /** The company's own HTML: drawn only through the wizard's sanitiser. */
  | { kind: 'banner'; html: string; changed?: boolean }
  | { kind: 'chips'; chips: ReadonlyArray<{ text: string; disabled?: boolean; changed?: boolean }> };

export interface PreviewState {
  /** "Off", "On", a choice's name, or words made from the value ("Coupons a cart may use: 2"). */
  label: string | ((value: FormValue | undefined) => string);
  matches: (value: FormValue | undefined) => boolean;
  draw: (values: FormValues) => readonly MockItem[];
}

export interface SettingPreview {
  key: string;
  /** Where in the wizard the drawing is: "The header of every step". */
  where: string;
  states: readonly PreviewState[];
}

const isOn = (value: FormValue | undefined) => value === true;
const text = (values: FormValues, key: string) => (typeof values[key] === 'string' ? (values[key] as string) : '');

function onOff(
  key: string,
  where: string,
  off: (values: FormValues) => readonly MockItem[],
  on: (values: FormValues) => readonly MockItem[],
): SettingPreview {
  return {
    key,
    where,
    states: [
      { label: 'Off', matches: (value) => !isOn(value), draw: off },
      { label: 'On', matches: isOn, draw: on },
    ],
  };
}

// ---- The step order (spec 2.2), from the wizard's own route table ----

const STEP_NAMES: Readonly<Record<StepName, string>> = {
  'postal-code': 'Postal code',
  calendar: 'Date and time',
  address: 'Address',
  contacts: 'People',
  'property-info': 'Property',
  packages: 'Services',
  review: 'Review',
};

/** The steps in the order visitors walk them, with the switches as in `values` but `key` set to `on`. */
function stepsWith(values: FormValues, key: string, on: boolean): string[] {
  const flag = (name: string) => (name === key ? on : isOn(values[name]));
  const calendarLast = flag(SETTING.INSPECTOR_CALENDAR_LAST);
  const zipRestrict = (flag(SETTING.RESTRICT_INSPECTOR_ZIP) || flag(SETTING.LIMIT_ZIP_BY_DAY)) && !calendarLast;
  return stepOrder(schedulerMode({ calendarLast, zipRestrict })).map((step) => STEP_NAMES[step]);
}

function postalCodeStep(key: string): SettingPreview {
  const steps =
    (on: boolean) =>
    (values: FormValues): MockItem[] => [
      { kind: 'steps', steps: stepsWith(values, key, on), changed: STEP_NAMES['postal-code'] },
      ...(isOn(values[SETTING.INSPECTOR_CALENDAR_LAST])
        ? [
            {
              kind: 'text' as const,
              text: 'With "Pick the time last" on, visitors are not asked for a postal code first.',
            },
          ]
        : []),
    ];
  return onOff(key, 'The steps, in order', steps(false), steps(true));
}

// ---- Samples the drawings share ----

const HEADER = (values: FormValues, changed = false): MockItem =>
  isOn(values[SETTING.HIDE_LOGO])
    ? { kind: 'text', text: 'Scioto Valley Home Inspections', changed }
    : { kind: 'chips', chips: [{ text: 'Your logo', changed }] };
const SLOTS = ['8:00 AM', '9:30 AM', '11:00 AM', '12:30 PM', '2:00 PM', '3:30 PM'];
const PAC_NAME = (values: FormValues) => text(values, SETTING.PAC_NAME).trim() || 'Pay at Close';
const SCHEDULE_AGAIN: MockItem = { kind: 'button', text: 'Schedule Again' };

const PARTY_OF_PREFIX: ReadonlyArray<[Party, string]> = [
  ['client', 'Client'],
  ['buyers_agent', "Buyer's agent"],
  ['sellers_agent', "Seller's agent"],
  ['insurance_agent', 'Insurance agent'],
  ['contact', 'Other contacts'],
];

/** A party's form as the wizard lays it out from the two field settings as typed now. */
function personForm(party: Party, values: FormValues): MockItem[] {
  const keys = PARTY_FIELD_SETTINGS[party];
  const settings = new SettingsReader([
    { key: keys.display, value: text(values, keys.display) },
    { key: keys.required, value: text(values, keys.required) },
  ]);
  const fields = panelFields(settings, party);
  // The whole form is what the lists make: every field is marked.
  return fields.displayed.map((field) => ({
    kind: 'field',
    label: field === 'state' ? 'State' : FIELD_LABELS[field],
    required: fields.required.includes(field),
    changed: true,
  }));
}

function personFieldPreviews(): SettingPreview[] {
  return PARTY_OF_PREFIX.flatMap(([party, who]) =>
    [PARTY_FIELD_SETTINGS[party].display, PARTY_FIELD_SETTINGS[party].required].map((key) => ({
      key,
      where: `The ${who.toLowerCase()} form on the people step`,
      states: [
        {
          label: 'With the lists as typed',
          matches: () => true,
          draw: (values: FormValues) => personForm(party, values),
        },
      ],
    })),
  );
}

// ---- The catalogue ----

export const SETTING_PREVIEWS: readonly SettingPreview[] = [
  onOff(
    SETTING.HIDE_LOGO,
    'The header of every step',
    (values) => [HEADER({ ...values, [SETTING.HIDE_LOGO]: false }, true)],
    (values) => [HEADER({ ...values, [SETTING.HIDE_LOGO]: true }, true)],
  ),
  {
    key: SETTING.INFO_BANNER,
    where: 'The header of every step',
    states: [
      { label: 'No banner', matches: (value) => String(value ?? '').trim() === '', draw: (values) => [HEADER(values)] },
      {
        label: 'Your banner',
        matches: (value) => String(value ?? '').trim() !== '',
        draw: (values) => {
          const html = text(values, SETTING.INFO_BANNER);
          return [
            HEADER(values),
            html.trim() === ''
              ? { kind: 'text', text: 'Type a banner above to see it here.', changed: true }
              : { kind: 'banner', html, changed: true },
          ];
        },
      },
    ],
  },
  onOff(
    SETTING.INSPECTOR_CALENDAR_LAST,
    'The steps, in order',
    (values) => [
      { kind: 'steps', steps: stepsWith(values, SETTING.INSPECTOR_CALENDAR_LAST, false), changed: STEP_NAMES.calendar },
    ],
    (values) => [
      { kind: 'steps', steps: stepsWith(values, SETTING.INSPECTOR_CALENDAR_LAST, true), changed: STEP_NAMES.calendar },
    ],
  ),
  onOff(
    SETTING.PROPERTY_INFO_NOTE,
    'The property step',
    () => [
      { kind: 'heading', text: 'Please provide information about the property' },
      { kind: 'field', label: 'Square feet' },
      { kind: 'field', label: 'Year built' },
    ],
    () => [
      { kind: 'heading', text: 'Please provide information about the property' },
      { kind: 'field', label: 'Square feet' },
      { kind: 'field', label: 'Year built' },
      { kind: 'field', label: 'Special instructions', changed: true },
    ],
  ),
  {
    key: SETTING.DATE_FORMAT,
    where: 'A date field on the property step',
    states: ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD'].map((format) => ({
      label: format,
      // No choice stored reads as the product's default.
      matches: (value: FormValue | undefined) =>
        (typeof value === 'string' && value !== '' ? value : 'MM/DD/YYYY') === format,
      draw: (): MockItem[] => [
        { kind: 'field', label: 'Closing date', value: formatIsoDate('2026-12-24', format), changed: true },
      ],
    })),
  },
  onOff(
    SETTING.ALLOW_TODAY,
    'The calendar',
    () => [
      { kind: 'heading', text: 'Select a day' },
      {
        kind: 'chips',
        chips: [{ text: 'Today', disabled: true, changed: true }, { text: 'Tomorrow' }, { text: 'Saturday' }],
      },
    ],
    () => [
      { kind: 'heading', text: 'Select a day' },
      { kind: 'chips', chips: [{ text: 'Today', changed: true }, { text: 'Tomorrow' }, { text: 'Saturday' }] },
    ],
  ),
  onOff(
    SETTING.SHOW_INSPECTOR_NAMES,
    'The times of a day, and the review',
    () => [
      { kind: 'chips', chips: [{ text: '9:30 AM' }, { text: '2:00 PM' }] },
      { kind: 'heading', text: 'Date and Time' },
    ],
    () => [
      {
        kind: 'chips',
        chips: [
          { text: '9:30 AM with Mike Alvarez', changed: true },
          { text: '2:00 PM with Sarah Chen', changed: true },
        ],
      },
      { kind: 'heading', text: 'Date, Time and Inspector' },
    ],
  ),
  {
    key: SETTING.APT_DISPLAY,
    where: 'The date and time step',
    states: [
      {
        label: 'Calendar',
        matches: (value) => value !== 'list',
        draw: () => [
          { kind: 'heading', text: 'Select a day' },
          { kind: 'chips', chips: [{ text: 'Dec 22' }, { text: 'Dec 23' }, { text: 'Dec 24', changed: true }] },
          { kind: 'heading', text: 'Select a time slot' },
          { kind: 'chips', chips: [{ text: '9:30 AM' }, { text: '2:00 PM' }] },
        ],
      },
      {
        label: 'List',
        matches: (value) => value === 'list',
        draw: () => [
          { kind: 'text', text: 'Thursday, December 24th 2026 at 9:30 AM', changed: true },
          { kind: 'text', text: 'Thursday, December 24th 2026 at 2:00 PM', changed: true },
          { kind: 'button', text: 'Show More' },
        ],
      },
    ],
  },
  onOff(
    SETTING.APPOINTMENT_LIMIT,
    'The times of a day',
    () => [{ kind: 'chips', chips: SLOTS.map((slot) => ({ text: slot })) }],
    (values) => {
      const limit = Number(text(values, SETTING.APPOINTMENT_LIMIT_VALUE));
      const shown = Number.isInteger(limit) && limit > 0 ? Math.min(limit, SLOTS.length) : SLOTS.length;
      return [
        { kind: 'chips', chips: SLOTS.slice(0, shown).map((slot) => ({ text: slot, changed: true })) },
        { kind: 'text', text: `At most ${Number.isInteger(limit) && limit > 0 ? limit : '…'} a day.` },
      ];
    },
  ),
  {
    key: SETTING.HOLD_MINUTES,
    where: 'The step after the calendar',
    states: [
      {
        label: (value) => `${String(value ?? '').trim() || '15'} minutes`,
        matches: () => true,
        draw: (values) => [
          {
            kind: 'text',
            text: `We're holding 12/24/2026 at 9:30AM for you for ${text(values, SETTING.HOLD_MINUTES).trim() || '15'} minutes while you finish your order.`,
            changed: true,
          },
        ],
      },
    ],
  },
  postalCodeStep(SETTING.RESTRICT_INSPECTOR_ZIP),
  postalCodeStep(SETTING.LIMIT_ZIP_BY_DAY),

  onOff(
    PEOPLE_SETTING.SELLERS_AGENT,
    'The people step',
    () => [
      { kind: 'text', text: 'Home Buyer' },
      { kind: 'text', text: "Buyer's Agent" },
    ],
    () => [
      { kind: 'text', text: 'Home Buyer' },
      { kind: 'text', text: "Buyer's Agent" },
      { kind: 'text', text: "Seller's Agent", changed: true },
    ],
  ),
  onOff(
    PEOPLE_SETTING.INSURANCE_AGENT,
    'The people step',
    () => [
      { kind: 'text', text: 'Home Buyer' },
      { kind: 'text', text: "Buyer's Agent" },
    ],
    () => [
      { kind: 'text', text: 'Home Buyer' },
      { kind: 'text', text: "Buyer's Agent" },
      { kind: 'text', text: 'Insurance Agent', changed: true },
    ],
  ),
  onOff(
    PEOPLE_SETTING.DO_NOT_ALLOW_EDIT_AGENTS_INFO,
    'An agent found in your directory, on the people step',
    () => [
      { kind: 'heading', text: "Buyer's Agent" },
      { kind: 'text', text: 'Sam Realtor, Realty One' },
      { kind: 'button', text: 'Edit', changed: true },
    ],
    () => [
      { kind: 'heading', text: "Buyer's Agent" },
      { kind: 'text', text: 'Sam Realtor, Realty One' },
      { kind: 'text', text: 'No Edit button: the details are shown as they are.', changed: true },
    ],
  ),
  onOff(
    PEOPLE_SETTING.HIDE_USE_INSPECTION_ADDRESS,
    'A client form on the people step',
    () => [
      { kind: 'heading', text: 'Home Buyer' },
      { kind: 'button', text: 'Use inspection address', changed: true },
      { kind: 'field', label: 'Address Line 1' },
    ],
    () => [
      { kind: 'heading', text: 'Home Buyer' },
      { kind: 'field', label: 'Address Line 1' },
    ],
  ),
  ...personFieldPreviews(),

  onOff(
    SETTING.HIDE_ALL_FEES,
    'Your order, on the review',
    () => [
      { kind: 'text', text: 'Full Home Inspection  $425.00' },
      { kind: 'text', text: 'Radon Test  $150.00' },
      { kind: 'text', text: 'Total  $575.00', changed: true },
    ],
    () => [
      { kind: 'text', text: 'Full Home Inspection' },
      { kind: 'text', text: 'Radon Test' },
      { kind: 'text', text: 'No amounts, fees, taxes or total.', changed: true },
    ],
  ),
  onOff(
    SETTING.DO_NOT_SHOW_TAX_IN_PACKAGES,
    'Your order, on the review',
    () => [
      { kind: 'text', text: 'Subtotal  $575.00' },
      { kind: 'text', text: 'Tax  $40.25', changed: true },
      { kind: 'text', text: 'Total  $615.25', changed: true },
    ],
    () => [{ kind: 'text', text: 'Total  $575.00', changed: true }],
  ),
  onOff(
    SETTING.REQUIRE_PRIMARY_SERVICE_BEFORE_ANCILLARY,
    'An add-on service, with an empty cart',
    () => [
      { kind: 'heading', text: 'Radon Test' },
      { kind: 'button', text: 'Add Service', changed: true },
    ],
    () => [
      { kind: 'heading', text: 'Radon Test' },
      { kind: 'button', text: "Please add a 'primary' service to your cart first", disabled: true, changed: true },
    ],
  ),
  onOff(
    SETTING.ALLOW_ONLY_SINGLE_SERVICE,
    'A second main service, with one in the cart',
    () => [
      { kind: 'heading', text: 'Commercial Inspection' },
      { kind: 'button', text: 'Add Service', changed: true },
    ],
    () => [
      { kind: 'heading', text: 'Commercial Inspection' },
      { kind: 'button', text: 'Add Service' },
      { kind: 'text', text: 'Only one primary service can be ordered at a time.', changed: true },
    ],
  ),
  {
    key: SETTING.COUPON_LIMIT,
    where: 'The packages step and your order',
    states: [
      {
        label: '0: no coupon box',
        matches: (value) => Number(String(value ?? '0').trim() || '0') === 0,
        draw: () => [{ kind: 'text', text: 'No coupon box.', changed: true }],
      },
      {
        label: (value) => `Up to ${String(value ?? '').trim() || '1'} a cart`,
        matches: (value) => Number(String(value ?? '0').trim() || '0') !== 0,
        draw: () => [
          { kind: 'field', label: 'Coupon code', changed: true },
          { kind: 'button', text: 'Apply' },
        ],
      },
    ],
  },
  onOff(
    SETTING.HIDE_COUPON_AFTER_PACKAGE_ADDED,
    'The packages step, with a package chosen',
    (values) => [
      { kind: 'heading', text: 'Gold Package' },
      { kind: 'button', text: 'REMOVE PACKAGE' },
      ...couponBox(values),
    ],
    () => [
      { kind: 'heading', text: 'Gold Package' },
      { kind: 'button', text: 'REMOVE PACKAGE' },
      { kind: 'text', text: 'No coupon box.', changed: true },
    ],
  ),
  onOff(
    SETTING.RER_RUSH_ENABLED,
    'A package with a repair estimate report',
    () => [
      { kind: 'heading', text: 'Gold Package' },
      { kind: 'button', text: 'SELECT PACKAGE' },
    ],
    () => [
      { kind: 'heading', text: 'Gold Package' },
      { kind: 'button', text: 'SELECT PACKAGE' },
      { kind: 'text', text: "Do you want to rush RER's delivery?", changed: true },
      { kind: 'button', text: 'Rush the Report', changed: true },
    ],
  ),
  onOff(
    SETTING.PAC_HIDE_ON_ONLINE_SCHEDULER,
    'The packages step',
    (values) => [
      { kind: 'text', text: `Your inspection qualifies you to ${PAC_NAME(values)}!`, changed: true },
      { kind: 'button', text: 'Add Pay At Close', changed: true },
    ],
    () => [{ kind: 'text', text: 'No pay-at-close offer.', changed: true }],
  ),
  onOff(
    SETTING.PAC_CHARGE_BY_STATE,
    'The pay-at-close offer',
    (values) => [
      { kind: 'text', text: `Your inspection qualifies you to ${PAC_NAME(values)}!` },
      { kind: 'button', text: 'Add Pay At Close' },
    ],
    (values) => {
      const fee = text(values, SETTING.PAC_CHARGE_BY_STATE_FEE).trim();
      return [
        { kind: 'text', text: `Your inspection qualifies you to ${PAC_NAME(values)}!` },
        {
          kind: 'text',
          text:
            fee !== '' && Number(fee) > 0
              ? `Please note a $${fee} ${PAC_NAME(values)} Service fee will be added to your order total.`
              : 'Enter the service fee below to see its note here.',
          changed: true,
        },
        { kind: 'button', text: 'Add Pay At Close' },
      ];
    },
  ),

  onOff(
    SETTING.SHOW_PAYMENT_LINK,
    'The thank-you page of an unpaid order',
    () => [{ kind: 'heading', text: 'Thank you!' }, SCHEDULE_AGAIN],
    () => [
      { kind: 'heading', text: 'Thank you!' },
      { kind: 'button', text: 'Pay Online', changed: true },
      SCHEDULE_AGAIN,
    ],
  ),
  {
    key: SETTING.CONFIRMATION_BANNER,
    where: 'The thank-you page',
    states: [
      {
        label: 'Our words',
        matches: (value) => String(value ?? '').trim() === '',
        draw: () => [
          { kind: 'heading', text: 'Thank you!' },
          {
            kind: 'text',
            text: 'Your inspection order has been placed. Someone from our office will contact you soon for further confirmation.',
            changed: true,
          },
        ],
      },
      {
        label: 'Your words',
        matches: (value) => String(value ?? '').trim() !== '',
        // The thank-you page shows the message as text, its line breaks kept: so does the drawing.
        draw: (values) => [
          { kind: 'heading', text: 'Thank you!' },
          {
            kind: 'text',
            text: text(values, SETTING.CONFIRMATION_BANNER).trim() || 'Type your message above to see it here.',
            keepLines: true,
            changed: true,
          },
        ],
      },
    ],
  },
  onOff(
    SETTING.REDIRECT_BUTTON_ENABLED,
    'The thank-you page',
    () => [{ kind: 'heading', text: 'Thank you!' }, SCHEDULE_AGAIN],
    (values) => [
      { kind: 'heading', text: 'Thank you!' },
      SCHEDULE_AGAIN,
      {
        kind: 'button',
        text:
          text(values, SETTING.REDIRECT_BUTTON_TEXT).trim() ||
          text(values, SETTING.REDIRECT_BUTTON_URL).trim() ||
          'Your button',
        changed: true,
      },
    ],
  ),
];

/** The coupon box where the company offers coupons at all (COUPON_LIMIT above 0). */
function couponBox(values: FormValues): MockItem[] {
  const limit = Number(text(values, SETTING.COUPON_LIMIT).trim() || '0');
  return limit > 0
    ? [{ kind: 'field', label: 'Coupon code', changed: true }]
    : [{ kind: 'text', text: 'No coupon box: "Coupons a cart may use" is 0.', changed: true }];
}

/**
 * The settings of the page without a drawing, and why: each is drawn in another's preview, or
 * changes what is offered rather than how it looks. A setting of the page is either here or has a
 * preview (the catalogue's test holds the page to it).
 */
export const WITHOUT_PREVIEW: Readonly<Record<string, string>> = {
  [SETTING.APPOINTMENT_LIMIT_VALUE]: 'Drawn in the preview of "Limit the times shown a day".',
  [PEOPLE_SETTING.CONTACT_TYPES]: 'Changes which contact types are offered, by id; the People page names them.',
  [SETTING.PAC_NAME]: 'Drawn in the pay-at-close previews.',
  [SETTING.PAC_SUBMISSION_FEE]: 'Above 0 it hides the fees in the cart, as "Hide all prices" draws.',
  [SETTING.PAC_CHARGE_BY_STATE_FEE]: 'Drawn in the preview of "Charge a pay-at-close service fee".',
  [SETTING.REDIRECT_BUTTON_URL]: 'Drawn in the preview of "Show a button back to your site".',
  [SETTING.REDIRECT_BUTTON_TEXT]: 'Drawn in the preview of "Show a button back to your site".',
};

const BY_KEY = new Map(SETTING_PREVIEWS.map((preview) => [preview.key, preview]));

export function previewOf(key: string): SettingPreview | undefined {
  return BY_KEY.get(key);
}

/** Which of the preview's states the value is in (the first that matches; -1 for none). */
export function currentState(preview: SettingPreview, value: FormValue | undefined): number {
  return preview.states.findIndex((state) => state.matches(value));
}

/** A state's label for the value it is shown with. */
export function stateLabel(state: PreviewState, value: FormValue | undefined): string {
  return typeof state.label === 'string' ? state.label : state.label(value);
}
