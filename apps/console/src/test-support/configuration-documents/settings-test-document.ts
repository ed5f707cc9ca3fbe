import { SETTING } from '@scheduler/contracts/setting-keys';
import type { Setting } from '@scheduler/contracts/settings';

// The settings page's company document, shared by its page test and the editors' refusals suite.
/** A company document as the server sends it: settings the catalogue knows, and two it does not. */
export const DOCUMENT = {
  key: 'demo',
  name: 'Scioto Valley Home Inspections',
  settings: [
    { key: SETTING.ALLOW_TODAY, value: 'N' },
    { key: 'LEGACY_PRODUCT_SETTING', value: 'kept as it is' },
    { key: SETTING.APPOINTMENT_LIMIT_VALUE, value: '10' },
    { key: SETTING.HIDE_LOGO, value: 'Y' },
    { key: SETTING.INFO_BANNER, value: '<p>Closed on <b>December 25</b></p>' },
    { key: 'ANOTHER_UNKNOWN', value: 7 },
  ] as Setting[],
  offices: [{ uuid: '5b0c3a8e-7f1d-4c2a-9e61-3d4f8a2b9c10', name: 'Columbus' }],
  console: { inspectors_see_all_orders: false },
};

export const withSetting = (key: string, value: Setting['value']) =>
  DOCUMENT.settings.map((setting) => (setting.key === key ? { key, value } : setting));
