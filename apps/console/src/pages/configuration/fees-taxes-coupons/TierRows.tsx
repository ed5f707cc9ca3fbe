import TextField from '@mui/material/TextField';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { fieldProps } from '../../../shared/form.ts';
import { EditableRows } from './EditableRows.tsx';
import { MAX_TIERS, tierSpec } from './row-builders.ts';
import { EMPTY_TIER, type Origin, type PricingFormValues, type TierKind } from './pricing-values.ts';

/** What a tier's bound counts, for its label. */
const UNITS: Readonly<Record<TierKind, (currency: string) => string>> = {
  square_feet_tiers: () => 'square feet',
  age_tiers: () => 'years old',
  sales_price_tiers: (currency) => `sales price, ${currency}`,
  distance_bands: () => 'miles by road',
};

type TierListName = `fees.${number}.tiers` | `tripFees.${number}.bands`;

/**
 * Tiers as rows "up to N: amount", the first whose bound the property reaches applying. Every
 * tier but the last needs its bound; the last one's may be left empty for "and above". Bounds
 * rise from row to row (checked on save, as the schema checks them).
 */
export function TierRows({
  form,
  name,
  kind,
  origin,
  currency,
}: {
  form: UseFormReturn<PricingFormValues>;
  name: TierListName;
  kind: TierKind;
  origin: Origin;
  currency: string;
}) {
  const rows = useFieldArray({ control: form.control, name });
  const unit = UNITS[kind](currency);
  const range = tierSpec(kind, origin).range(currency);
  return (
    <EditableRows
      noun="tier"
      intro={
        <>The first tier the property fits applies. Leave the last tier&apos;s bound empty for &quot;and above&quot;.</>
      }
      rows={rows.fields}
      max={MAX_TIERS}
      columns="minmax(0, 1fr) minmax(0, 1fr)"
      onAdd={() => rows.append({ ...EMPTY_TIER })}
      onRemove={rows.remove}
      fields={(index) => (
        <>
          <TextField
            label={`Tier ${index + 1} up to (${unit})`}
            {...fieldProps(
              form,
              `${name}.${index}.upTo`,
              index === rows.fields.length - 1
                ? `Empty: and above. Or ${range}`
                : `More than the tier before; ${range}`,
            )}
            slotProps={{ htmlInput: { inputMode: kind === 'sales_price_tiers' ? 'decimal' : 'numeric' } }}
          />
          <TextField
            label={`Tier ${index + 1} amount (${currency})`}
            {...fieldProps(form, `${name}.${index}.amount`, 'Like 75 or 75.50; at most 1,000,000.')}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </>
      )}
    />
  );
}
