import { describe, expect, it } from 'vitest';
import { SETTING } from '@scheduler/contracts/setting-keys';
import { SETTING_GROUPS } from './settings-catalog.ts';
import { applySettingsForm, settingsFormValues, SETTING_TEXT_MAX } from './settings-form.ts';

const document = {
  key: 'demo',
  settings: [
    { key: SETTING.ALLOW_TODAY, value: 'N' },
    { key: 'SOME_OTHER_PRODUCT_SETTING', value: 'kept as it is' },
    { key: SETTING.APPOINTMENT_LIMIT_VALUE, value: '10' },
    { key: SETTING.COUPON_LIMIT, value: 1 },
    { key: SETTING.INFO_BANNER, value: '<b>Hello</b>' },
  ],
  console: { inspectors_see_all_orders: false },
};

describe('settingsFormValues', () => {
  it('reads switches as on or off, numbers and texts as text, and a missing number as its default', () => {
    const values = settingsFormValues(document);
    expect(values.settings[SETTING.ALLOW_TODAY]).toBe(false);
    expect(values.settings[SETTING.HIDE_LOGO]).toBe(false);
    expect(values.settings[SETTING.APPOINTMENT_LIMIT_VALUE]).toBe('10');
    expect(values.settings[SETTING.HOLD_MINUTES]).toBe('15');
    expect(values.settings[SETTING.INFO_BANNER]).toBe('<b>Hello</b>');
    expect(values.inspectorsSeeAll).toBe(false);
  });

  it('holds every setting of the catalogue, each once', () => {
    const keys = SETTING_GROUPS.flatMap((group) => group.entries.map((entry) => entry.key));
    expect(new Set(keys).size).toBe(keys.length);
    expect(Object.keys(settingsFormValues(document).settings).sort()).toEqual([...keys].sort());
  });
});

describe('applySettingsForm', () => {
  const loaded = settingsFormValues(document);
  const edit = (change: Record<string, string | boolean>, inspectorsSeeAll = false, officeSeesPayments = true) =>
    applySettingsForm(document, loaded, {
      settings: { ...loaded.settings, ...change },
      inspectorsSeeAll,
      officeSeesPayments,
      calendarShowsPrices: false,
    });

  it('writes nothing but the console section when nothing changed', () => {
    expect(edit({})).toEqual({ ok: true, document: { ...document, console: { inspectors_see_all_orders: false } } });
  });

  it('writes a switch as "Y" in its place, keeps unknown settings, and adds a missing one at the end', () => {
    const result = edit({ [SETTING.ALLOW_TODAY]: true, [SETTING.HIDE_LOGO]: true });
    expect(result.ok && result.document.settings).toEqual([
      { key: SETTING.ALLOW_TODAY, value: 'Y' },
      { key: 'SOME_OTHER_PRODUCT_SETTING', value: 'kept as it is' },
      { key: SETTING.APPOINTMENT_LIMIT_VALUE, value: '10' },
      { key: SETTING.COUPON_LIMIT, value: 1 },
      { key: SETTING.INFO_BANNER, value: '<b>Hello</b>' },
      { key: SETTING.HIDE_LOGO, value: 'Y' },
    ]);
  });

  it('keeps a number a number where it was one, and text where it was text', () => {
    const result = edit({ [SETTING.COUPON_LIMIT]: '2', [SETTING.APPOINTMENT_LIMIT_VALUE]: ' 12 ' });
    const settings = result.ok ? (result.document.settings as Array<{ key: string; value: unknown }>) : [];
    expect(settings.find((setting) => setting.key === SETTING.COUPON_LIMIT)?.value).toBe(2);
    expect(settings.find((setting) => setting.key === SETTING.APPOINTMENT_LIMIT_VALUE)?.value).toBe('12');
  });

  it.each([
    ['100', true],
    ['101', false],
    ['1', true],
    ['0', false],
    ['1.5', false],
    ['', false],
  ])('takes %j times shown a day: %s, naming the setting when not', (text, ok) => {
    const result = edit({ [SETTING.APPOINTMENT_LIMIT_VALUE]: text });
    expect(result.ok).toBe(ok);
    if (!result.ok)
      expect(result.problems).toEqual([
        { key: SETTING.APPOINTMENT_LIMIT_VALUE, message: 'Enter a whole number from 1 to 100.' },
      ]);
  });

  it('refuses a button address that is not a web address, a button text past its length, and a banner past the limit', () => {
    const result = edit({
      [SETTING.REDIRECT_BUTTON_URL]: 'javascript:alert(1)',
      [SETTING.REDIRECT_BUTTON_TEXT]: 'x'.repeat(61),
      [SETTING.INFO_BANNER]: 'x'.repeat(SETTING_TEXT_MAX + 1),
    });
    expect(result.ok ? [] : result.problems.map((problem) => problem.key).sort()).toEqual(
      [SETTING.INFO_BANNER, SETTING.REDIRECT_BUTTON_TEXT, SETTING.REDIRECT_BUTTON_URL].sort(),
    );
    expect(
      edit({
        [SETTING.REDIRECT_BUTTON_TEXT]: 'x'.repeat(60),
        [SETTING.INFO_BANNER]: 'x'.repeat(SETTING_TEXT_MAX),
        [SETTING.REDIRECT_BUTTON_URL]: 'https://example.com/',
      }).ok,
    ).toBe(true);
  });

  it("writes the console's own setting into its section", () => {
    const result = edit({}, true);
    expect(result.ok && result.document.console).toEqual({ inspectors_see_all_orders: true });
  });

  it('reads "office sees payments" left out as on, and writes it only once it is changed or was written', () => {
    expect(loaded.officeSeesPayments).toBe(true);
    const off = edit({}, false, false);
    expect(off.ok && off.document.console).toEqual({ inspectors_see_all_orders: false, office_sees_payments: false });
    const written = { ...document, console: { inspectors_see_all_orders: false, office_sees_payments: false } };
    const values = settingsFormValues(written);
    expect(values.officeSeesPayments).toBe(false);
    const on = applySettingsForm(written, values, { ...values, officeSeesPayments: true });
    expect(on.ok && on.document.console).toEqual({ inspectors_see_all_orders: false, office_sees_payments: true });
  });

  it('reads "prices in inspectors\' calendars" left out as off, and writes it only once it is changed or was written', () => {
    expect(loaded.calendarShowsPrices).toBe(false);
    const on = applySettingsForm(document, loaded, { ...loaded, calendarShowsPrices: true });
    expect(on.ok && on.document.console).toEqual({
      inspectors_see_all_orders: false,
      calendar_events_show_prices: true,
    });
    const written = { ...document, console: { inspectors_see_all_orders: false, calendar_events_show_prices: true } };
    const values = settingsFormValues(written);
    expect(values.calendarShowsPrices).toBe(true);
    const off = applySettingsForm(written, values, { ...values, calendarShowsPrices: false });
    expect(off.ok && off.document.console).toEqual({
      inspectors_see_all_orders: false,
      calendar_events_show_prices: false,
    });
  });
});
