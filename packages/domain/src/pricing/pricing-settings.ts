import { SETTING } from '@scheduler/contracts/setting-keys';
import type { SettingsReader } from '../settings.ts';
import { settingAmountCents } from './money.ts';

/** The settings pricing and the cart rules read (spec 9.4-9.6), read once per company. */
export interface PricingSettings {
  hideAllFees: boolean;
  doNotShowTaxInPackages: boolean;
  /** The most coupons one order may carry; 0 accepts none. */
  couponLimit: number;
  rerRushEnabled: boolean;
  requirePrimaryBeforeAncillary: boolean;
  allowOnlySingleService: boolean;
  pacName: string;
  pacHidden: boolean;
  pacSubmissionFeeCents: number;
  pacChargeByState: boolean;
  pacChargeByStateFeeCents: number;
}

export const DEFAULT_PAC_NAME = 'Pay at Close';
const MAX_COUPON_LIMIT = 20;

export function pricingSettings(settings: SettingsReader): PricingSettings {
  const couponLimit = Math.trunc(settings.number(SETTING.COUPON_LIMIT, 0));
  return {
    hideAllFees: settings.isOn(SETTING.HIDE_ALL_FEES),
    doNotShowTaxInPackages: settings.isOn(SETTING.DO_NOT_SHOW_TAX_IN_PACKAGES),
    couponLimit: Math.min(MAX_COUPON_LIMIT, Math.max(0, couponLimit)),
    rerRushEnabled: settings.isOn(SETTING.RER_RUSH_ENABLED),
    requirePrimaryBeforeAncillary: settings.isOn(SETTING.REQUIRE_PRIMARY_SERVICE_BEFORE_ANCILLARY),
    allowOnlySingleService: settings.isOn(SETTING.ALLOW_ONLY_SINGLE_SERVICE),
    pacName: settings.text(SETTING.PAC_NAME).trim().slice(0, 100) || DEFAULT_PAC_NAME,
    pacHidden: settings.isOn(SETTING.PAC_HIDE_ON_ONLINE_SCHEDULER),
    pacSubmissionFeeCents: settingAmountCents(settings.text(SETTING.PAC_SUBMISSION_FEE)),
    pacChargeByState: settings.isOn(SETTING.PAC_CHARGE_BY_STATE),
    pacChargeByStateFeeCents: settingAmountCents(settings.text(SETTING.PAC_CHARGE_BY_STATE_FEE)),
  };
}
