import type { PackageResponse, ServiceResponse } from '@scheduler/contracts/catalogue';
import type { Pricing } from '@scheduler/contracts/pricing';
import { listedService } from '@scheduler/domain/pricing/display-fixtures';

/** Test builders of the catalogue a packages screen shows (the demo company's shapes). */
export const service = (id: string, changes: Partial<ServiceResponse> = {}): ServiceResponse =>
  listedService(id, changes);

export const pkg = (
  id: number,
  services: ServiceResponse[],
  changes: Partial<PackageResponse> = {},
): PackageResponse => ({
  id,
  name: `Package ${id}`,
  description: '',
  base: 40000,
  subtotal: 45000,
  amount: 45000,
  total: 47000,
  savings: 5000,
  best: false,
  bestText: '',
  rer: false,
  duration: 180,
  services,
  ...changes,
});

export const uuid = (n: number) => `a1c0ffee-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const pricingFixture = (changes: Partial<Pricing> = {}): Pricing => ({
  package: null,
  services: [],
  additional: { total: 0, fees: [] },
  taxes: [],
  coupons: [],
  totals: { subtotal: 0, discounts: 0, additional: 0, taxes: 0, grand_total: 0, display_total: 0 },
  convenience_fee_message: '',
  pac_eligible: false,
  pac_removed: false,
  fees_hidden: false,
  taxes_hidden: false,
  ...changes,
});
