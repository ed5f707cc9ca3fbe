import { PEOPLE_SETTING } from '@scheduler/contracts/people-setting-keys';
import { SETTING } from '@scheduler/contracts/setting-keys';

/**
 * Every setting the wizard reads (spec 9.6), grouped as a person thinks of them, each with its
 * meaning in plain words and the control that fits its value. Values are stored as the company
 * document has always held them: "Y"/"N" for switches, text for the rest.
 */
export type SettingControl =
  | { kind: 'switch' }
  | { kind: 'number'; min: number; max: number; fallback: number }
  /** An amount of money in the currency's units, as the pricing reads it: "25" or "12.50". */
  | { kind: 'amount' }
  | { kind: 'text'; maxLength: number }
  | { kind: 'html' }
  | { kind: 'choice'; options: ReadonlyArray<{ value: string; label: string }> }
  | { kind: 'list'; hint: string };

export interface SettingEntry {
  key: string;
  label: string;
  help: string;
  control: SettingControl;
}

export interface SettingGroup {
  title: string;
  entries: readonly SettingEntry[];
}

const onOff = { kind: 'switch' } as const;
const fields = (who: string, prefix: 'BA' | 'SA' | 'IA' | 'CLIENT' | 'CONTACTS'): SettingEntry[] => [
  {
    key: PEOPLE_SETTING[`${prefix}_DISPLAY_FIELDS`],
    label: `${who}: fields shown`,
    help: `The fields of the ${who.toLowerCase()} form, in order.`,
    control: { kind: 'list', hint: 'Comma list, like first,last,email,mobile_phone.' },
  },
  {
    key: PEOPLE_SETTING[`${prefix}_REQUIRED_FIELDS`],
    label: `${who}: fields required`,
    help: `The fields the ${who.toLowerCase()} form cannot leave empty.`,
    control: { kind: 'list', hint: 'Comma list of fields shown.' },
  },
];

export const SETTING_GROUPS: readonly SettingGroup[] = [
  {
    title: 'Steps and layout',
    entries: [
      {
        key: SETTING.HIDE_LOGO,
        label: 'Hide the logo',
        help: "Visitors see no logo in the wizard's header.",
        control: onOff,
      },
      {
        key: SETTING.INFO_BANNER,
        label: 'Banner on every step',
        help: 'A short message in the header. HTML is allowed; scripts, styles and event attributes are removed before it is shown.',
        control: { kind: 'html' },
      },
      {
        key: SETTING.INSPECTOR_CALENDAR_LAST,
        label: 'Pick the time last',
        help: 'The calendar becomes the last step, after the property, services and people.',
        control: onOff,
      },
      {
        key: SETTING.PROPERTY_INFO_NOTE,
        label: 'Ask for special instructions',
        help: 'A notes box on the property step, shown again on the review.',
        control: onOff,
      },
      {
        key: SETTING.DATE_FORMAT,
        label: 'Date format',
        help: 'How the date fields write dates (the closing date, for one).',
        control: {
          kind: 'choice',
          options: [
            { value: 'MM/DD/YYYY', label: 'MM/DD/YYYY' },
            { value: 'DD/MM/YYYY', label: 'DD/MM/YYYY' },
            { value: 'YYYY-MM-DD', label: 'YYYY-MM-DD' },
          ],
        },
      },
    ],
  },
  {
    title: 'Calendar and times',
    entries: [
      {
        key: SETTING.ALLOW_TODAY,
        label: 'Allow booking today',
        help: "Visitors may pick a time today (still within the office's notice).",
        control: onOff,
      },
      {
        key: SETTING.SHOW_INSPECTOR_NAMES,
        label: "Show inspectors' names",
        help: 'Visitors see who each time is with. Off: times are grouped, and the company assigns the inspector.',
        control: onOff,
      },
      {
        key: SETTING.APT_DISPLAY,
        label: 'How times are shown',
        help: 'A month calendar, or a list of the next times.',
        control: {
          kind: 'choice',
          options: [
            { value: 'calendar', label: 'Calendar' },
            { value: 'list', label: 'List' },
          ],
        },
      },
      {
        key: SETTING.APPOINTMENT_LIMIT,
        label: 'Limit the times shown a day',
        help: 'Shows at most the number below of times on each day.',
        control: onOff,
      },
      {
        key: SETTING.APPOINTMENT_LIMIT_VALUE,
        label: 'Times shown a day',
        help: 'Used when the limit above is on.',
        control: { kind: 'number', min: 1, max: 100, fallback: 10 },
      },
      {
        key: SETTING.HOLD_MINUTES,
        label: 'Minutes a picked time is held',
        help: 'While a visitor finishes the order, nobody else can take the time they picked.',
        control: { kind: 'number', min: 1, max: 120, fallback: 15 },
      },
      {
        key: SETTING.RESTRICT_INSPECTOR_ZIP,
        label: 'Limit inspectors to their postal codes',
        help: 'Offers an inspector only at the postal codes on their list (the Inspectors page).',
        control: onOff,
      },
      {
        key: SETTING.LIMIT_ZIP_BY_DAY,
        label: 'Limit postal codes by day',
        help: 'Offers an inspector only at their postal codes for that weekday, where they have a list for it.',
        control: onOff,
      },
    ],
  },
  {
    title: 'People',
    entries: [
      {
        key: PEOPLE_SETTING.SELLERS_AGENT,
        label: "Ask for the seller's agent",
        help: "The contacts step has a seller's agent panel and role.",
        control: onOff,
      },
      {
        key: PEOPLE_SETTING.INSURANCE_AGENT,
        label: 'Ask for an insurance agent',
        help: 'The contacts step has an insurance agent panel.',
        control: onOff,
      },
      {
        key: PEOPLE_SETTING.DO_NOT_ALLOW_EDIT_AGENTS_INFO,
        label: "Agents' details cannot be edited",
        help: 'An agent found in the directory is shown as it is, not as a form.',
        control: onOff,
      },
      {
        key: PEOPLE_SETTING.HIDE_USE_INSPECTION_ADDRESS,
        label: 'Hide "Use inspection address"',
        help: "People forms don't offer to copy the property's address.",
        control: onOff,
      },
      {
        key: PEOPLE_SETTING.CONTACT_TYPES,
        label: 'Contact types offered',
        help: 'The ids of the contact types visitors may add.',
        control: { kind: 'list', hint: 'Comma list of ids, like 1,2,3.' },
      },
      ...fields('Client', 'CLIENT'),
      ...fields("Buyer's agent", 'BA'),
      ...fields("Seller's agent", 'SA'),
      ...fields('Insurance agent', 'IA'),
      ...fields('Other contacts', 'CONTACTS'),
    ],
  },
  {
    title: 'Cart and prices',
    entries: [
      {
        key: SETTING.HIDE_ALL_FEES,
        label: 'Hide all prices',
        help: 'Visitors see no amounts, fees, taxes or total.',
        control: onOff,
      },
      {
        key: SETTING.DO_NOT_SHOW_TAX_IN_PACKAGES,
        label: 'Leave taxes out of package prices',
        help: 'The total is the subtotal, and taxes are not shown.',
        control: onOff,
      },
      {
        key: SETTING.REQUIRE_PRIMARY_SERVICE_BEFORE_ANCILLARY,
        label: 'A main service before add-ons',
        help: 'Add-on services can be chosen only with a main service in the cart.',
        control: onOff,
      },
      {
        key: SETTING.ALLOW_ONLY_SINGLE_SERVICE,
        label: 'One main service only',
        help: 'At most one main service in a cart.',
        control: onOff,
      },
      {
        key: SETTING.COUPON_LIMIT,
        label: 'Coupons a cart may use',
        help: '0 hides the coupon box.',
        control: { kind: 'number', min: 0, max: 20, fallback: 0 },
      },
      {
        key: SETTING.HIDE_COUPON_AFTER_PACKAGE_ADDED,
        label: 'Hide coupons once a package is chosen',
        help: 'The coupon box goes away when the cart holds a package.',
        control: onOff,
      },
      {
        key: SETTING.RER_RUSH_ENABLED,
        label: 'Offer a rush report',
        help: "Visitors may pay for the report within 24 hours (the rush price is the company's RER rush amount).",
        control: onOff,
      },
      {
        key: SETTING.PAC_HIDE_ON_ONLINE_SCHEDULER,
        label: 'Hide pay-at-close',
        help: 'Visitors are not offered to pay at closing.',
        control: onOff,
      },
      {
        key: SETTING.PAC_NAME,
        label: 'Name of pay-at-close',
        help: 'What the pay-at-close option is called.',
        control: { kind: 'text', maxLength: 100 },
      },
      {
        key: SETTING.PAC_SUBMISSION_FEE,
        label: 'Pay-at-close submission fee',
        help: 'Added to an order paid at closing. Above 0, the cart shows no fees of its own.',
        control: { kind: 'amount' },
      },
      {
        key: SETTING.PAC_CHARGE_BY_STATE,
        label: 'Charge a pay-at-close service fee',
        help: 'Orders paid at closing carry the service fee below, and the pay-at-close offer says so.',
        control: onOff,
      },
      {
        key: SETTING.PAC_CHARGE_BY_STATE_FEE,
        label: 'Pay-at-close service fee',
        help: 'Used when the switch above is on.',
        control: { kind: 'amount' },
      },
    ],
  },
  {
    title: 'Thank-you page',
    entries: [
      {
        key: SETTING.SHOW_PAYMENT_LINK,
        label: 'Show "Pay Online"',
        help: 'The thank-you page offers to pay now.',
        control: onOff,
      },
      {
        key: SETTING.CONFIRMATION_BANNER,
        label: 'Thank-you message',
        help: "Your own words on the thank-you page, shown as you write them, line breaks kept. Empty: the standard thank-you with your office's e-mail and phone.",
        control: { kind: 'html' },
      },
      {
        key: SETTING.REDIRECT_BUTTON_ENABLED,
        label: 'Show a button back to your site',
        help: 'A button on the thank-you page to the address below.',
        control: onOff,
      },
      {
        key: SETTING.REDIRECT_BUTTON_URL,
        label: 'Button address',
        help: 'Where the button goes: an address beginning with https://.',
        control: { kind: 'text', maxLength: 2000 },
      },
      {
        key: SETTING.REDIRECT_BUTTON_TEXT,
        label: 'Button words',
        help: 'What the button says.',
        control: { kind: 'text', maxLength: 60 },
      },
    ],
  },
];

/** The console's own settings (the document's `console` section), shown as their own group. */
export const CONSOLE_GROUP_TITLE = 'Console';
export const INSPECTORS_SEE_ALL_LABEL = "Inspectors see every inspector's bookings";
export const OFFICE_SEES_PAYMENTS_LABEL = 'Office staff see the Payments page';
export const OFFICE_SEES_PAYMENTS_HELP =
  "Every payment, refund and dispute of the company, its totals and its CSV. Owners and admins always see it; office staff still record a payment on an order's page.";
export const CALENDAR_PRICES_LABEL = "Show prices in inspectors' own calendars";
export const CALENDAR_PRICES_HELP =
  "Bookings written into inspectors' connected calendars carry the order's total and whether it is paid. Off, they show the services, the client's last name, the address and the order's link only.";
export const INSPECTORS_SEE_ALL_HELP =
  'Inspector members read the whole schedule and every order, not only their own. They still change only their own time off.';
