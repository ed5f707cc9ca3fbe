import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFieldArray, useFormState, useWatch, type UseFormReturn } from 'react-hook-form';
import { fieldProps } from '../../../shared/form.ts';
import { FIELD_GRID } from './field-grid.ts';
import { DescriptionAndCode } from './DescriptionAndCode.tsx';
import { EditableRows } from './EditableRows.tsx';
import { ItemAccordion } from './ItemAccordion.tsx';
import { tripSummary, type OfficeChoice } from './item-summaries.ts';
import { MAX_ZONES, postalCodesOf } from './row-builders.ts';
import { newTripFee, type PricingFormValues } from './pricing-values.ts';
import { SelectField } from './SelectField.tsx';
import { TierRows } from './TierRows.tsx';

const KINDS = [
  { value: 'postal_codes', label: "By the property's postal code" },
  { value: 'distance_bands', label: 'By road miles from the office' },
];

/** "Every office" and each office by name, for a trip fee's or a tax's office. */
export const officeOptions = (offices: readonly OfficeChoice[]) => [
  { value: '', label: 'Every office' },
  ...offices.map((office) => ({ value: office.uuid, label: office.name })),
];

function Zones({ form, index, currency }: { form: UseFormReturn<PricingFormValues>; index: number; currency: string }) {
  const zones = useFieldArray({ control: form.control, name: `tripFees.${index}.zones` });
  const typed = useWatch({ control: form.control, name: `tripFees.${index}.zones` });
  return (
    <EditableRows
      noun="zone"
      intro="A property in one of a zone's postal codes pays that zone's amount; anywhere else pays nothing."
      rows={zones.fields}
      max={MAX_ZONES}
      columns="minmax(0, 2fr) minmax(0, 1fr)"
      onAdd={() => zones.append({ postalCodes: '', amount: '' })}
      onRemove={zones.remove}
      fields={(z) => (
        <>
          <TextField
            label={`Zone ${z + 1} postal codes`}
            multiline
            minRows={1}
            {...fieldProps(
              form,
              `tripFees.${index}.zones.${z}.postalCodes`,
              `Separated by commas, like 43015, 43040 (${postalCodesOf(typed[z]?.postalCodes ?? '').length} now; at most 2,000).`,
            )}
          />
          <TextField
            label={`Zone ${z + 1} amount (${currency})`}
            {...fieldProps(form, `tripFees.${index}.zones.${z}.amount`, 'Like 35 or 35.50.')}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </>
      )}
    />
  );
}

function TripFeeEditor({
  form,
  index,
  currency,
  offices,
  onRemove,
}: {
  form: UseFormReturn<PricingFormValues>;
  index: number;
  currency: string;
  offices: readonly OfficeChoice[];
  onRemove: () => void;
}) {
  const row = useWatch({ control: form.control, name: `tripFees.${index}` });
  const { errors } = useFormState({ control: form.control, name: `tripFees.${index}` });
  return (
    <ItemAccordion
      title={row.description.trim() || 'New trip fee'}
      summary={tripSummary(row, offices)}
      open={row.loadedIndex === null}
      hasError={errors.tripFees?.[index] !== undefined}
    >
      {row.locked ? (
        <Typography>This page cannot read this trip fee: it is kept exactly as it is.</Typography>
      ) : (
        <>
          <Box sx={FIELD_GRID}>
            <DescriptionAndCode
              form={form}
              list="tripFees"
              index={index}
              isNew={row.loadedIndex === null}
              codeHelp='Lower-case letters, digits, "-" and "_", at most 60.'
            />
            <SelectField
              form={form}
              name={`tripFees.${index}.office`}
              label="Office"
              options={officeOptions(offices)}
              help="Orders of this office pay it; every office: all of them."
            />
            <SelectField form={form} name={`tripFees.${index}.kind`} label="Charged" options={KINDS} />
          </Box>
          {row.kind === 'postal_codes' ? (
            <Zones form={form} index={index} currency={currency} />
          ) : (
            <TierRows
              form={form}
              name={`tripFees.${index}.bands`}
              kind="distance_bands"
              origin="pricing"
              currency={currency}
            />
          )}
          <Box>
            <Button type="button" color="error" onClick={onRemove}>
              Remove this trip fee
            </Button>
          </Box>
        </>
      )}
    </ItemAccordion>
  );
}

export function TripFeesSection({
  form,
  currency,
  offices,
}: {
  form: UseFormReturn<PricingFormValues>;
  currency: string;
  offices: readonly OfficeChoice[];
}) {
  const rows = useFieldArray({ control: form.control, name: 'tripFees' });
  return (
    <>
      {rows.fields.length === 0 && <Typography>No trip fees: visits cost the same everywhere.</Typography>}
      {rows.fields.map((field, index) => (
        <TripFeeEditor
          key={field.id}
          form={form}
          index={index}
          currency={currency}
          offices={offices}
          onRemove={() => rows.remove(index)}
        />
      ))}
      <Box>
        <Button type="button" variant="outlined" onClick={() => rows.append(newTripFee())}>
          Add a trip fee
        </Button>
      </Box>
    </>
  );
}
