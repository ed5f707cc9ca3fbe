import { describe, expect, it } from 'vitest';
import { PEOPLE_SETTING } from '@scheduler/contracts/people-setting-keys';
import { SETTING } from '@scheduler/contracts/setting-keys';
import { SETTING_GROUPS } from './settings-catalog.ts';
import {
  currentState,
  previewOf,
  SETTING_PREVIEWS,
  stateLabel,
  WITHOUT_PREVIEW,
  type FormValues,
  type MockItem,
} from './setting-previews.ts';

const ENTRIES = SETTING_GROUPS.flatMap((group) => group.entries);
const KEYS = new Set(ENTRIES.map((entry) => entry.key));
const draw = (key: string, state: number, values: FormValues = {}) => previewOf(key)!.states[state]!.draw(values);
const stepsOf = (items: readonly MockItem[]) =>
  items.find((item): item is Extract<MockItem, { kind: 'steps' }> => item.kind === 'steps')!.steps;

describe('the previews catalogue', () => {
  it('gives every setting of the page a preview or a reason for none, never both', () => {
    for (const entry of ENTRIES) {
      const has = [previewOf(entry.key) !== undefined, entry.key in WITHOUT_PREVIEW];
      expect({ key: entry.key, has }).toEqual({ key: entry.key, has: has[0] ? [true, false] : [false, true] });
    }
  });

  it('names only settings of the page, each once', () => {
    for (const key of [...SETTING_PREVIEWS.map((preview) => preview.key), ...Object.keys(WITHOUT_PREVIEW)])
      expect(KEYS.has(key), key).toBe(true);
    expect(new Set(SETTING_PREVIEWS.map((preview) => preview.key)).size).toBe(SETTING_PREVIEWS.length);
  });

  it('draws the settings visitors see change: the banner, the step order, the coupon box, the cart rules, the calendar, the people and the thank-you page', () => {
    const required = [
      SETTING.INFO_BANNER,
      SETTING.INSPECTOR_CALENDAR_LAST,
      SETTING.HIDE_COUPON_AFTER_PACKAGE_ADDED,
      SETTING.REQUIRE_PRIMARY_SERVICE_BEFORE_ANCILLARY,
      SETTING.ALLOW_TODAY,
      SETTING.SHOW_INSPECTOR_NAMES,
      SETTING.APT_DISPLAY,
      SETTING.APPOINTMENT_LIMIT,
      PEOPLE_SETTING.SELLERS_AGENT,
      PEOPLE_SETTING.INSURANCE_AGENT,
      PEOPLE_SETTING.DO_NOT_ALLOW_EDIT_AGENTS_INFO,
      PEOPLE_SETTING.HIDE_USE_INSPECTION_ADDRESS,
      PEOPLE_SETTING.CLIENT_DISPLAY_FIELDS,
      SETTING.SHOW_PAYMENT_LINK,
      SETTING.CONFIRMATION_BANNER,
      SETTING.REDIRECT_BUTTON_ENABLED,
    ];
    expect(required.filter((key) => previewOf(key) === undefined)).toEqual([]);
  });

  it('marks in every preview what the setting changes', () => {
    for (const preview of SETTING_PREVIEWS) {
      const items = preview.states.flatMap((state) => state.draw({}));
      const changed = items.some((item) =>
        item.kind === 'chips'
          ? item.chips.some((chip) => chip.changed === true)
          : 'changed' in item && item.changed !== undefined && item.changed !== false,
      );
      expect(changed, preview.key).toBe(true);
    }
  });

  it('puts a switch in "Off" when off and "On" when on, and the two drawings differ', () => {
    const switches = ENTRIES.filter((entry) => entry.control.kind === 'switch' && previewOf(entry.key));
    expect(switches.length).toBeGreaterThan(20);
    for (const entry of switches) {
      const preview = previewOf(entry.key)!;
      expect(
        preview.states.map((state) => stateLabel(state, undefined)),
        entry.key,
      ).toEqual(['Off', 'On']);
      expect([currentState(preview, false), currentState(preview, true)], entry.key).toEqual([0, 1]);
      expect(preview.states[0]!.draw({}), entry.key).not.toEqual(preview.states[1]!.draw({ [entry.key]: true }));
    }
  });

  it('puts each choice in its own state, and a missing choice in the default', () => {
    const preview = previewOf(SETTING.DATE_FORMAT)!;
    expect(['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD', ''].map((value) => currentState(preview, value))).toEqual([
      0, 1, 2, 0,
    ]);
    expect(draw(SETTING.DATE_FORMAT, 1)).toEqual([
      { kind: 'field', label: 'Closing date', value: '24/12/2026', changed: true },
    ]);
    const display = previewOf(SETTING.APT_DISPLAY)!;
    expect(['calendar', 'list', ''].map((value) => currentState(display, value))).toEqual([0, 1, 0]);
  });

  it('reads the coupon box from the number of coupons: 0 has none', () => {
    const preview = previewOf(SETTING.COUPON_LIMIT)!;
    expect(['0', '', '1', '20'].map((value) => currentState(preview, value))).toEqual([0, 0, 1, 1]);
    expect(stateLabel(preview.states[1]!, '2')).toBe('Up to 2 a cart');
    // Hiding the coupon box after a package says so when there is no box to hide.
    expect(draw(SETTING.HIDE_COUPON_AFTER_PACKAGE_ADDED, 0, { [SETTING.COUPON_LIMIT]: '1' })).toContainEqual({
      kind: 'field',
      label: 'Coupon code',
      changed: true,
    });
    expect(draw(SETTING.HIDE_COUPON_AFTER_PACKAGE_ADDED, 0, { [SETTING.COUPON_LIMIT]: '0' })).toContainEqual({
      kind: 'text',
      text: 'No coupon box: "Coupons a cart may use" is 0.',
      changed: true,
    });
    expect(draw(SETTING.HIDE_COUPON_AFTER_PACKAGE_ADDED, 1, { [SETTING.COUPON_LIMIT]: '1' })).not.toContainEqual(
      expect.objectContaining({ label: 'Coupon code' }),
    );
  });
});

describe('the step order drawings', () => {
  it('moves the date and time step last with "Pick the time last"', () => {
    expect(stepsOf(draw(SETTING.INSPECTOR_CALENDAR_LAST, 0))).toEqual([
      'Date and time',
      'Address',
      'People',
      'Property',
      'Services',
      'Review',
    ]);
    expect(stepsOf(draw(SETTING.INSPECTOR_CALENDAR_LAST, 1))).toEqual([
      'Address',
      'People',
      'Property',
      'Services',
      'Date and time',
      'Review',
    ]);
  });

  it('adds the postal-code step with a postal-code limit, the other switches as they are now', () => {
    expect(stepsOf(draw(SETTING.RESTRICT_INSPECTOR_ZIP, 1))[0]).toBe('Postal code');
    expect(stepsOf(draw(SETTING.RESTRICT_INSPECTOR_ZIP, 0))[0]).toBe('Date and time');
    // The other limit already on: the step is there either way.
    expect(stepsOf(draw(SETTING.RESTRICT_INSPECTOR_ZIP, 0, { [SETTING.LIMIT_ZIP_BY_DAY]: true }))[0]).toBe(
      'Postal code',
    );
    // The calendar last: no postal-code step, and the drawing says why.
    const calendarLast = draw(SETTING.LIMIT_ZIP_BY_DAY, 1, { [SETTING.INSPECTOR_CALENDAR_LAST]: true });
    expect(stepsOf(calendarLast)).not.toContain('Postal code');
    expect(calendarLast).toContainEqual({
      kind: 'text',
      text: 'With "Pick the time last" on, visitors are not asked for a postal code first.',
    });
    // ...and "Pick the time last" off, with a limit on, starts at the postal code.
    expect(stepsOf(draw(SETTING.INSPECTOR_CALENDAR_LAST, 0, { [SETTING.LIMIT_ZIP_BY_DAY]: true }))[0]).toBe(
      'Postal code',
    );
  });
});

describe('drawings made from what is typed', () => {
  it("draws the banner as typed (as company HTML, for the page's sanitiser), and asks for one when empty", () => {
    const preview = previewOf(SETTING.INFO_BANNER)!;
    expect([currentState(preview, ''), currentState(preview, '  '), currentState(preview, '<b>Closed</b>')]).toEqual([
      0, 0, 1,
    ]);
    expect(draw(SETTING.INFO_BANNER, 1, { [SETTING.INFO_BANNER]: '<b>Closed</b>' })).toContainEqual({
      kind: 'banner',
      html: '<b>Closed</b>',
      changed: true,
    });
    expect(draw(SETTING.INFO_BANNER, 1, {})).toContainEqual({
      kind: 'text',
      text: 'Type a banner above to see it here.',
      changed: true,
    });
    expect(draw(SETTING.INFO_BANNER, 0, {}).some((item) => item.kind === 'banner')).toBe(false);
  });

  it('draws the thank-you message as text with its lines, never as HTML', () => {
    const items = draw(SETTING.CONFIRMATION_BANNER, 1, { [SETTING.CONFIRMATION_BANNER]: 'Thanks!\n<b>See you</b>' });
    expect(items).toContainEqual({ kind: 'text', text: 'Thanks!\n<b>See you</b>', keepLines: true, changed: true });
    expect(items.some((item) => item.kind === 'banner')).toBe(false);
  });

  it("draws a party's form from its two lists, as the wizard lays it out", () => {
    const values = {
      [PEOPLE_SETTING.CLIENT_DISPLAY_FIELDS]: 'email,first,last,city',
      [PEOPLE_SETTING.CLIENT_REQUIRED_FIELDS]: 'email',
    };
    expect(draw(PEOPLE_SETTING.CLIENT_DISPLAY_FIELDS, 0, values)).toEqual([
      { kind: 'field', label: 'First Name', required: true, changed: true },
      { kind: 'field', label: 'Last Name', required: true, changed: true },
      { kind: 'field', label: 'Email', required: true, changed: true },
      { kind: 'field', label: 'City', required: false, changed: true },
    ]);
    // Neither list set: the form's defaults.
    expect(
      draw(PEOPLE_SETTING.BA_REQUIRED_FIELDS, 0, {}).map((item) => (item.kind === 'field' ? item.label : '')),
    ).toEqual(['First Name', 'Last Name', 'Email', 'Mobile Phone', 'Company:']);
  });

  it('draws the times a day at the limit typed, the held minutes, the redirect button and the pay-at-close fee', () => {
    const limited = draw(SETTING.APPOINTMENT_LIMIT, 1, { [SETTING.APPOINTMENT_LIMIT_VALUE]: '2' });
    expect(limited[0]).toEqual({
      kind: 'chips',
      chips: [
        { text: '8:00 AM', changed: true },
        { text: '9:30 AM', changed: true },
      ],
    });
    expect(draw(SETTING.HOLD_MINUTES, 0, { [SETTING.HOLD_MINUTES]: '20' })[0]).toMatchObject({
      text: expect.stringContaining('for 20 minutes'),
    });
    expect(
      draw(SETTING.REDIRECT_BUTTON_ENABLED, 1, { [SETTING.REDIRECT_BUTTON_TEXT]: 'Back to our site' }),
    ).toContainEqual({ kind: 'button', text: 'Back to our site', changed: true });
    expect(
      draw(SETTING.REDIRECT_BUTTON_ENABLED, 1, { [SETTING.REDIRECT_BUTTON_URL]: 'https://example.com' }),
    ).toContainEqual({ kind: 'button', text: 'https://example.com', changed: true });
    expect(
      draw(SETTING.PAC_CHARGE_BY_STATE, 1, {
        [SETTING.PAC_CHARGE_BY_STATE_FEE]: '25',
        [SETTING.PAC_NAME]: 'Pay Later',
      }),
    ).toContainEqual({
      kind: 'text',
      text: 'Please note a $25 Pay Later Service fee will be added to your order total.',
      changed: true,
    });
  });
});

describe('drawings at their bounds', () => {
  const chipsOf = (items: readonly MockItem[]) =>
    items.flatMap((item) => (item.kind === 'chips' ? item.chips.map((chip) => chip.text) : []));
  const textsOf = (items: readonly MockItem[]) =>
    items.flatMap((item) => (item.kind === 'text' || item.kind === 'button' ? [item.text] : []));

  it('shows every time of the sample day at a limit of six or more, and all of them with no valid limit', () => {
    const limited = (value: string) => draw(SETTING.APPOINTMENT_LIMIT, 1, { [SETTING.APPOINTMENT_LIMIT_VALUE]: value });
    expect(chipsOf(limited('1'))).toEqual(['8:00 AM']);
    expect(chipsOf(limited('6'))).toHaveLength(6);
    expect(textsOf(limited('6'))).toEqual(['At most 6 a day.']);
    // More than the sample day has: all of it, the limit still said as typed.
    expect(chipsOf(limited('7'))).toHaveLength(6);
    expect(textsOf(limited('7'))).toEqual(['At most 7 a day.']);
    for (const value of ['0', '', '2.5', '-1', 'two']) {
      expect(chipsOf(limited(value)), value).toHaveLength(6);
      expect(textsOf(limited(value)), value).toEqual(['At most … a day.']);
    }
    // Off: the whole day, nothing marked.
    expect(draw(SETTING.APPOINTMENT_LIMIT, 0, { [SETTING.APPOINTMENT_LIMIT_VALUE]: '2' })).toEqual([
      {
        kind: 'chips',
        chips: ['8:00 AM', '9:30 AM', '11:00 AM', '12:30 PM', '2:00 PM', '3:30 PM'].map((text) => ({ text })),
      },
    ]);
  });

  it('holds 15 minutes when none are typed, and names the minutes in its one state', () => {
    const preview = previewOf(SETTING.HOLD_MINUTES)!;
    expect(preview.states).toHaveLength(1);
    expect(currentState(preview, '')).toBe(0);
    expect(stateLabel(preview.states[0]!, '')).toBe('15 minutes');
    expect(stateLabel(preview.states[0]!, ' 30 ')).toBe('30 minutes');
    expect(textsOf(draw(SETTING.HOLD_MINUTES, 0, { [SETTING.HOLD_MINUTES]: '  ' }))).toEqual([
      "We're holding 12/24/2026 at 9:30AM for you for 15 minutes while you finish your order.",
    ]);
  });

  it("labels the coupon limit's states, one coupon a cart when the number is left empty", () => {
    const preview = previewOf(SETTING.COUPON_LIMIT)!;
    expect(stateLabel(preview.states[0]!, '0')).toBe('0: no coupon box');
    expect(stateLabel(preview.states[1]!, '')).toBe('Up to 1 a cart');
    expect(stateLabel(preview.states[1]!, ' 3 ')).toBe('Up to 3 a cart');
    expect(currentState(preview, undefined)).toBe(0);
    expect(currentState(preview, '00')).toBe(0);
  });

  it('draws the header with the logo, or the company name in its place when the logo is hidden', () => {
    expect(draw(SETTING.HIDE_LOGO, 0)).toEqual([{ kind: 'chips', chips: [{ text: 'Your logo', changed: true }] }]);
    expect(draw(SETTING.HIDE_LOGO, 1)).toEqual([
      { kind: 'text', text: 'Scioto Valley Home Inspections', changed: true },
    ]);
    // Another setting's drawing keeps the header as the switch is now, unmarked.
    expect(draw(SETTING.INFO_BANNER, 0, { [SETTING.HIDE_LOGO]: true })).toEqual([
      { kind: 'text', text: 'Scioto Valley Home Inspections', changed: false },
    ]);
  });

  it('calls pay at close by the name typed, "Pay at Close" when none, and asks for a fee above 0', () => {
    expect(textsOf(draw(SETTING.PAC_HIDE_ON_ONLINE_SCHEDULER, 0))).toEqual([
      'Your inspection qualifies you to Pay at Close!',
      'Add Pay At Close',
    ]);
    expect(textsOf(draw(SETTING.PAC_HIDE_ON_ONLINE_SCHEDULER, 0, { [SETTING.PAC_NAME]: ' Close & Pay ' }))[0]).toBe(
      'Your inspection qualifies you to Close & Pay!',
    );
    for (const fee of ['', '0', '  '])
      expect(textsOf(draw(SETTING.PAC_CHARGE_BY_STATE, 1, { [SETTING.PAC_CHARGE_BY_STATE_FEE]: fee })), fee).toContain(
        'Enter the service fee below to see its note here.',
      );
    expect(textsOf(draw(SETTING.PAC_CHARGE_BY_STATE, 1, { [SETTING.PAC_CHARGE_BY_STATE_FEE]: '0.01' }))).toContain(
      'Please note a $0.01 Pay at Close Service fee will be added to your order total.',
    );
  });

  it("says the office's own thank-you words when none are typed, and asks for them once the state is chosen", () => {
    const preview = previewOf(SETTING.CONFIRMATION_BANNER)!;
    expect([currentState(preview, ''), currentState(preview, ' \n '), currentState(preview, 'Thanks')]).toEqual([
      0, 0, 1,
    ]);
    expect(textsOf(draw(SETTING.CONFIRMATION_BANNER, 0))).toEqual([
      'Your inspection order has been placed. Someone from our office will contact you soon for further confirmation.',
    ]);
    expect(textsOf(draw(SETTING.CONFIRMATION_BANNER, 1, { [SETTING.CONFIRMATION_BANNER]: '  ' }))).toEqual([
      'Type your message above to see it here.',
    ]);
  });

  it('names the button back to the site by its text, else its address, else "Your button"', () => {
    const button = (values: FormValues) => textsOf(draw(SETTING.REDIRECT_BUTTON_ENABLED, 1, values)).at(-1);
    expect(button({})).toBe('Your button');
    expect(button({ [SETTING.REDIRECT_BUTTON_TEXT]: '  ', [SETTING.REDIRECT_BUTTON_URL]: ' ' })).toBe('Your button');
    expect(
      button({ [SETTING.REDIRECT_BUTTON_TEXT]: 'Home', [SETTING.REDIRECT_BUTTON_URL]: 'https://example.com' }),
    ).toBe('Home');
    expect(textsOf(draw(SETTING.REDIRECT_BUTTON_ENABLED, 0))).toEqual(['Schedule Again']);
  });

  it('says where on the people step each party’s field lists are drawn', () => {
    expect(previewOf(PEOPLE_SETTING.CLIENT_DISPLAY_FIELDS)!.where).toBe('The client form on the people step');
    expect(previewOf(PEOPLE_SETTING.BA_REQUIRED_FIELDS)!.where).toBe("The buyer's agent form on the people step");
    expect(stateLabel(previewOf(PEOPLE_SETTING.CLIENT_DISPLAY_FIELDS)!.states[0]!, 'email')).toBe(
      'With the lists as typed',
    );
  });
});
