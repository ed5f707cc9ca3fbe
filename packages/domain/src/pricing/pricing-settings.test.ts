import { describe, expect, it } from 'vitest';
import { SETTING } from '@scheduler/contracts/setting-keys';
import { SettingsReader } from '../settings.ts';
import { pricingSettings } from './pricing-settings.ts';

describe('pricingSettings', () => {
  it('reads the pricing settings with their defaults', () => {
    expect(pricingSettings(new SettingsReader([]))).toEqual({
      hideAllFees: false,
      doNotShowTaxInPackages: false,
      couponLimit: 0,
      rerRushEnabled: false,
      requirePrimaryBeforeAncillary: false,
      allowOnlySingleService: false,
      pacName: 'Pay at Close',
      pacHidden: false,
      pacSubmissionFeeCents: 0,
      pacChargeByState: false,
      pacChargeByStateFeeCents: 0,
    });
  });

  it('reads what a company sets', () => {
    const settings = pricingSettings(
      new SettingsReader([
        { key: SETTING.HIDE_ALL_FEES, value: 'Y' },
        { key: SETTING.COUPON_LIMIT, value: '2' },
        { key: SETTING.PAC_NAME, value: 'CloseCredit' },
        { key: SETTING.PAC_SUBMISSION_FEE, value: '25' },
        { key: SETTING.PAC_CHARGE_BY_STATE, value: 1 },
        { key: SETTING.PAC_CHARGE_BY_STATE_FEE, value: '39.95' },
        { key: SETTING.ALLOW_ONLY_SINGLE_SERVICE, value: true },
      ]),
    );
    expect(settings).toMatchObject({
      hideAllFees: true,
      couponLimit: 2,
      pacName: 'CloseCredit',
      pacSubmissionFeeCents: 2500,
      pacChargeByState: true,
      pacChargeByStateFeeCents: 3995,
      allowOnlySingleService: true,
    });
  });

  it('keeps the coupon limit within 0 to 20', () => {
    expect(pricingSettings(new SettingsReader([{ key: SETTING.COUPON_LIMIT, value: '-3' }])).couponLimit).toBe(0);
    expect(pricingSettings(new SettingsReader([{ key: SETTING.COUPON_LIMIT, value: 500 }])).couponLimit).toBe(20);
  });

  it('keeps a pay-at-close name of 100 characters whole, and cuts a longer one to 100', () => {
    const named = (name: string) =>
      pricingSettings(new SettingsReader([{ key: SETTING.PAC_NAME, value: name }])).pacName;
    expect(named('a'.repeat(100))).toBe('a'.repeat(100));
    expect(named('b'.repeat(101))).toBe('b'.repeat(100));
  });
});
