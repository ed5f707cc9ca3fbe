import type { OfficeResponse } from '@scheduler/contracts/office';
import { SETTING } from '@scheduler/contracts/setting-keys';
import type { SettingsReader } from '@scheduler/domain/settings';
import { feeSettingCents } from './cart-rules.ts';

const DEFAULT_APPOINTMENT_LIMIT = 10;
const DEFAULT_PAC_NAME = 'Pay at Close';

/** What the packages step reads from the office's settings (spec 9.6, DECISIONS on pay-at-close). */
export function packagesSettings(office: OfficeResponse, settings: SettingsReader) {
  const pacServiceId = office.pac_service_uuid;
  return {
    pacServiceId,
    pacName: settings.text(SETTING.PAC_NAME).trim() || DEFAULT_PAC_NAME,
    /** Pay-at-close can be offered at all: the company has it and does not hide it (DECISIONS 9.6). */
    pacAvailable: office.pac_enabled && pacServiceId !== null && !settings.isOn(SETTING.PAC_HIDE_ON_ONLINE_SCHEDULER),
    pacStateFeeCents: settings.isOn(SETTING.PAC_CHARGE_BY_STATE)
      ? feeSettingCents(settings.text(SETTING.PAC_CHARGE_BY_STATE_FEE))
      : 0,
    requirePrimaryFirst: settings.isOn(SETTING.REQUIRE_PRIMARY_SERVICE_BEFORE_ANCILLARY),
    singlePrimaryOnly: settings.isOn(SETTING.ALLOW_ONLY_SINGLE_SERVICE),
    rushEnabled: settings.isOn(SETTING.RER_RUSH_ENABLED),
    couponLimit: settings.number(SETTING.COUPON_LIMIT, 0),
    hideCouponAfterPackage: settings.isOn(SETTING.HIDE_COUPON_AFTER_PACKAGE_ADDED),
    appointmentLimit: settings.isOn(SETTING.APPOINTMENT_LIMIT)
      ? settings.number(SETTING.APPOINTMENT_LIMIT_VALUE, DEFAULT_APPOINTMENT_LIMIT)
      : 0,
  };
}
export type PackagesSettings = ReturnType<typeof packagesSettings>;
