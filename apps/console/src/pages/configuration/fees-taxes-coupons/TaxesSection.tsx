import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useFieldArray, useFormState, useWatch, type UseFormReturn } from 'react-hook-form';
import { fieldProps } from '../../../shared/form.ts';
import { FIELD_GRID } from './field-grid.ts';
import { ItemAccordion } from './ItemAccordion.tsx';
import { newTax, type PricingFormValues } from './pricing-values.ts';
import { SelectField } from './SelectField.tsx';
import { ServiceChecks, type ServiceChoice } from './ServiceChecks.tsx';
import { officeOptions } from './TripFeesSection.tsx';
import { taxSummary, type OfficeChoice } from './item-summaries.ts';

function TaxEditor({
  form,
  index,
  offices,
  services,
  onRemove,
}: {
  form: UseFormReturn<PricingFormValues>;
  index: number;
  offices: readonly OfficeChoice[];
  services: readonly ServiceChoice[];
  onRemove: () => void;
}) {
  const row = useWatch({ control: form.control, name: `taxes.${index}` });
  const { errors } = useFormState({ control: form.control, name: `taxes.${index}` });
  return (
    <ItemAccordion
      title={row.name.trim() || 'New tax'}
      summary={taxSummary(row, offices)}
      open={row.loadedIndex === null}
      hasError={errors.taxes?.[index] !== undefined}
    >
      {row.locked ? (
        <Typography>This page cannot read this tax: it is kept exactly as it is.</Typography>
      ) : (
        <>
          <Box sx={FIELD_GRID}>
            <TextField
              label="Name"
              required
              {...fieldProps(
                form,
                `taxes.${index}.name`,
                'As the visitor reads it, like Franklin County Sales Tax; at most 100 characters.',
              )}
            />
            <TextField
              label="Code"
              required
              {...fieldProps(
                form,
                `taxes.${index}.code`,
                'Lower-case letters, digits, "-" and "_", at most 60; each tax has its own.',
              )}
              slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
            />
            <TextField
              label="Rate (%)"
              required
              {...fieldProps(form, `taxes.${index}.rate`, '0 to 100, with up to 4 decimals, like 7.25.')}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            {row.origin === 'short' ? (
              <Typography sx={{ alignSelf: 'center' }}>Office: every office (an older-style tax).</Typography>
            ) : (
              <SelectField
                form={form}
                name={`taxes.${index}.office`}
                label="Office"
                options={officeOptions(offices)}
                help="Orders of this office pay it; every office: all of them."
              />
            )}
          </Box>
          <ServiceChecks
            form={form}
            name={`taxes.${index}.services`}
            label="Services taxed"
            help="None ticked: every service."
            services={services}
          />
          {row.origin === 'pricing' && (
            <Controller
              control={form.control}
              name={`taxes.${index}.additionalCharges`}
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={field.value}
                      onChange={(event) => field.onChange(event.target.checked)}
                      onBlur={field.onBlur}
                      inputRef={field.ref}
                    />
                  }
                  label="Also tax trip fees, rush and order fees"
                />
              )}
            />
          )}
          <Box>
            <Button type="button" color="error" onClick={onRemove}>
              Remove this tax
            </Button>
          </Box>
        </>
      )}
    </ItemAccordion>
  );
}

export function TaxesSection({
  form,
  offices,
  services,
}: {
  form: UseFormReturn<PricingFormValues>;
  offices: readonly OfficeChoice[];
  services: readonly ServiceChoice[];
}) {
  const rows = useFieldArray({ control: form.control, name: 'taxes' });
  return (
    <>
      {rows.fields.length === 0 && <Typography>No taxes.</Typography>}
      {rows.fields.map((field, index) => (
        <TaxEditor
          key={field.id}
          form={form}
          index={index}
          offices={offices}
          services={services}
          onRemove={() => rows.remove(index)}
        />
      ))}
      <Box>
        <Button type="button" variant="outlined" onClick={() => rows.append(newTax())}>
          Add a tax
        </Button>
      </Box>
    </>
  );
}
