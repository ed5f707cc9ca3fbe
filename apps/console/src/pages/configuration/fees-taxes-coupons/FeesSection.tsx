import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFieldArray, useFormState, useWatch, type UseFormReturn } from 'react-hook-form';
import { fieldProps } from '../../../shared/form.ts';
import { FIELD_GRID } from './field-grid.ts';
import { DescriptionAndCode } from './DescriptionAndCode.tsx';
import { ItemAccordion } from './ItemAccordion.tsx';
import { feeSummary } from './item-summaries.ts';
import {
  EDITABLE_FEE_KINDS,
  newFee,
  SHORT_FORM_FEE_KINDS,
  type FeeValues,
  type PricingFormValues,
} from './pricing-values.ts';
import { questionRuleOf, questionRuleWords, type DocumentNames } from './pricing-words.ts';
import { SelectField } from './SelectField.tsx';
import { ServiceChecks, type ServiceChoice } from './ServiceChecks.tsx';
import { TierRows } from './TierRows.tsx';

export const FEE_KIND_LABELS: Readonly<Record<(typeof EDITABLE_FEE_KINDS)[number], string>> = {
  flat: 'A fixed amount',
  square_feet_tiers: 'By square feet',
  age_tiers: "By the home's age",
  sales_price_tiers: 'By sales price',
  built_before_year: 'If built before a year',
};

const SCOPES = [
  { value: 'service', label: 'On each of some services' },
  { value: 'order', label: 'Once per order' },
];

export interface FeesContext {
  currency: string;
  services: readonly ServiceChoice[];
  names: DocumentNames;
  /** The loaded fee a locked row writes back (to say its rule in words). */
  loadedFee: (row: FeeValues) => unknown;
}

/** A fee the page does not edit: what it is, in words, and where it is set. */
function LockedFee({ row, context }: { row: FeeValues; context: FeesContext }) {
  const rule = questionRuleOf(context.loadedFee(row));
  const services =
    row.scope === 'order'
      ? 'Charged once per order.'
      : `Charged on: ${row.services.map(context.names.service).join(', ') || 'no service'}.`;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography>Code: {row.code}</Typography>
      {rule ? (
        <>
          <Typography>{services}</Typography>
          <Typography>{questionRuleWords(rule, context.names)}</Typography>
          <Typography sx={{ fontWeight: 600 }}>Set on the Property questions page.</Typography>
        </>
      ) : (
        <Typography>This page cannot read this fee: it is kept exactly as it is.</Typography>
      )}
    </Box>
  );
}

function FeeEditor({
  form,
  index,
  context,
  onRemove,
}: {
  form: UseFormReturn<PricingFormValues>;
  index: number;
  context: FeesContext;
  onRemove: () => void;
}) {
  const row = useWatch({ control: form.control, name: `fees.${index}` });
  const { errors } = useFormState({ control: form.control, name: `fees.${index}` });
  const title = row.description.trim() || 'New fee';
  const kinds = (row.origin === 'short' ? SHORT_FORM_FEE_KINDS : EDITABLE_FEE_KINDS).map((kind) => ({
    value: kind,
    label: FEE_KIND_LABELS[kind],
  }));
  return (
    <ItemAccordion
      title={title}
      summary={feeSummary(row, context.currency)}
      open={row.loadedIndex === null}
      hasError={errors.fees?.[index] !== undefined}
    >
      {row.locked ? (
        <LockedFee row={row} context={context} />
      ) : (
        <>
          <Box sx={FIELD_GRID}>
            <DescriptionAndCode
              form={form}
              list="fees"
              index={index}
              isNew={row.loadedIndex === null}
              codeHelp='Lower-case letters, digits, "-" and "_", at most 60; each fee has its own.'
            />
            <SelectField
              form={form}
              name={`fees.${index}.scope`}
              label="Charged"
              options={SCOPES}
              help="On each listed service of the order, or once on the whole order."
            />
            <SelectField
              form={form}
              name={`fees.${index}.kind`}
              label="How much"
              options={kinds}
              help={
                row.origin === 'short'
                  ? 'An older-style fee: a fixed amount, by square feet, or if built before a year.'
                  : 'A fixed amount, or by a fact of the property.'
              }
            />
          </Box>
          {row.scope === 'service' && (
            <ServiceChecks
              form={form}
              name={`fees.${index}.services`}
              label="Services it is added to"
              help="The fee is a line of each of these services in the order."
              services={context.services}
            />
          )}
          {(row.kind === 'flat' || row.kind === 'built_before_year') && (
            <Box sx={FIELD_GRID}>
              {row.kind === 'built_before_year' && (
                <TextField
                  label="Built before (year)"
                  {...fieldProps(
                    form,
                    `fees.${index}.year`,
                    'A home built before this year pays the fee; 1200 to 3000.',
                  )}
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                />
              )}
              <TextField
                label={`Amount (${context.currency})`}
                {...fieldProps(form, `fees.${index}.amount`, 'Like 75 or 75.50; at most 1,000,000.')}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            </Box>
          )}
          {(row.kind === 'square_feet_tiers' || row.kind === 'age_tiers' || row.kind === 'sales_price_tiers') && (
            <TierRows
              key={row.kind}
              form={form}
              name={`fees.${index}.tiers`}
              kind={row.kind}
              origin={row.origin}
              currency={context.currency}
            />
          )}
        </>
      )}
      {!row.locked && (
        <Box>
          <Button type="button" color="error" onClick={onRemove}>
            Remove this fee
          </Button>
        </Box>
      )}
    </ItemAccordion>
  );
}

/** Every fee of both lists, each opening to its editor, and a button to add one (into the pricing section). */
export function FeesSection({ form, context }: { form: UseFormReturn<PricingFormValues>; context: FeesContext }) {
  const rows = useFieldArray({ control: form.control, name: 'fees' });
  return (
    <>
      {rows.fields.length === 0 && <Typography>No fees yet.</Typography>}
      {rows.fields.map((field, index) => (
        <FeeEditor key={field.id} form={form} index={index} context={context} onRemove={() => rows.remove(index)} />
      ))}
      <Box>
        <Button type="button" variant="outlined" onClick={() => rows.append(newFee())}>
          Add a fee
        </Button>
      </Box>
    </>
  );
}
