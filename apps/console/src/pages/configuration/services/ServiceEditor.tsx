import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { Controller, useWatch, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { fieldProps } from '../../../shared/form.ts';
import {
  MAX_CENTS,
  MAX_DESCRIPTION,
  MAX_DURATION,
  MAX_NAME,
  MAX_PREPARE,
  type ServicesFormValues,
} from './services-form.ts';
import { amountText as moneyText } from '../../../shared/money-amount.ts';

type Form = UseFormReturn<ServicesFormValues>;

/** A yes-or-no of an item, with what it means under it. */
export function Flag({
  form,
  name,
  label,
  help,
}: {
  form: Form;
  name: FieldPath<ServicesFormValues>;
  label: string;
  help: string;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          sx={{ alignItems: 'flex-start', minWidth: 0, '& .MuiFormControlLabel-label': { overflowWrap: 'anywhere' } }}
          control={
            <Checkbox
              checked={field.value === true}
              onChange={(event) => field.onChange(event.target.checked)}
              slotProps={{ input: { 'aria-describedby': `${name}-help` } }}
              sx={{ pt: 0.5 }}
            />
          }
          label={
            <>
              {label}
              <Box
                component="span"
                id={`${name}-help`}
                sx={{ display: 'block', color: 'text.secondary', fontSize: '0.875rem' }}
              >
                {help}
              </Box>
            </>
          }
        />
      )}
    />
  );
}

const twoColumns = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
} as const;

/** One service's fields: what visitors read, its price and length (not for a heading), how it is offered, what to prepare. */
export function ServiceEditor({ form, index, currency }: { form: Form; index: number; currency: string }) {
  const heading = useWatch({ control: form.control, name: `services.${index}.label` });
  const field = (name: 'name' | 'description' | 'price' | 'duration' | 'prepare', help: string) =>
    fieldProps(form, `services.${index}.${name}`, help);
  return (
    <Box sx={{ display: 'grid', gap: 2.5, minWidth: 0 }}>
      <Flag
        form={form}
        name={`services.${index}.label`}
        label="Heading only"
        help="A heading in the services list, like “Testing”: visitors can’t choose it, and it has no price or length."
      />
      <TextField label="Name" required {...field('name', `What visitors see; 1 to ${MAX_NAME} characters.`)} />
      <TextField
        label="Description"
        multiline
        minRows={2}
        {...field(
          'description',
          `Shown under the name. Up to ${MAX_DESCRIPTION.toLocaleString('en-US')} characters; simple HTML such as <b> is kept.`,
        )}
      />
      {!heading && (
        <Box sx={twoColumns}>
          <TextField
            label="Price"
            inputMode="decimal"
            {...field('price', `In ${currency}, 0 to ${moneyText(MAX_CENTS, currency)}, like 425.00.`)}
          />
          <TextField
            label="Length (minutes)"
            inputMode="numeric"
            {...field('duration', `How long the inspector needs: 0 to ${MAX_DURATION}.`)}
          />
        </Box>
      )}
      {!heading && (
        <Box sx={twoColumns}>
          <Flag
            form={form}
            name={`services.${index}.ancillary`}
            label="Add-on"
            help="Offered as an extra to a main inspection."
          />
          <Flag
            form={form}
            name={`services.${index}.isPac`}
            label="Pay at closing"
            help="The pay-at-closing option: the fee is paid when the sale closes."
          />
          <Flag
            form={form}
            name={`services.${index}.rer`}
            label="Rush report available"
            help="Its repair estimate report can be rushed, for the rush report fee."
          />
        </Box>
      )}
      <TextField
        label="What to prepare"
        multiline
        minRows={2}
        {...field(
          'prepare',
          `Told in the confirmation and reminders, like “Utilities must be on”. Up to ${MAX_PREPARE} characters.`,
        )}
      />
    </Box>
  );
}
