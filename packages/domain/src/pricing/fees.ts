import type { FeeRule } from '@scheduler/contracts/company-document';

/** What fee rules read about the property. Unknown facts are null. */
export interface PropertyFacts {
  sqft: number | null;
  yearBuilt: number | null;
}

/**
 * The amount, in cents, a fee rule charges for a property. A rule that depends on a fact the
 * visitor has not given yet charges nothing until it is known.
 */
export function feeAmount(rule: FeeRule, property: PropertyFacts): number {
  switch (rule.kind) {
    case 'flat':
      return rule.amount_cents;
    case 'square_feet_tiers': {
      if (property.sqft === null || property.sqft <= 0) return 0;
      const sqft = property.sqft;
      const tier = rule.tiers.find((t) => t.up_to_sqft === null || sqft <= t.up_to_sqft);
      return tier ? tier.amount_cents : 0;
    }
    case 'built_before_year':
      return property.yearBuilt !== null && property.yearBuilt < rule.year ? rule.amount_cents : 0;
  }
}
