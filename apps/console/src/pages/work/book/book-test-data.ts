import type { Pricing } from '@scheduler/contracts/pricing';

/** The pricing answer's flags for a company that shows every fee and tax: the book page's tests' pricing. */
export const PRICING_FLAGS: Pick<
  Pricing,
  'convenience_fee_message' | 'pac_eligible' | 'pac_removed' | 'fees_hidden' | 'taxes_hidden'
> = {
  convenience_fee_message: '',
  pac_eligible: false,
  pac_removed: false,
  fees_hidden: false,
  taxes_hidden: false,
};
