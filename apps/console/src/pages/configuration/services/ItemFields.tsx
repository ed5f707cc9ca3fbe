import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { Controller, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { fieldProps } from '../../../shared/form.ts';
import { amountText as moneyText } from '../../../shared/money-amount.ts';
import { MAX_CENTS, MAX_DESCRIPTION, MAX_NAME, MAX_PREPARE, type ServicesFormValues } from './services-form.ts';

type Form = UseFormReturn<ServicesFormValues>;

/** Two fields side by side from a tablet up, one under the other on a phone. */
export const TWO_COLUMNS = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
} as const;

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

/** What a service's or a package's own fields say about it, where the two differ. */
export interface ItemWords {
  /** Where visitors read the description. */
  description: string;
  /** A price, as the price's example. */
  price: string;
  duration: string;
  /** Where what to prepare is told. */
  prepare: string;
}

/**
 * The fields a service and a package share, in the order visitors meet them: `lead` first, the
 * name and description, the price and length (unless `priced` is off), the item's own fields
 * (`children`), and what to prepare last.
 */
export function ItemFields({
  form,
  list,
  index,
  currency,
  words,
  priced = true,
  lead,
  children,
}: {
  form: Form;
  list: 'services' | 'packages';
  index: number;
  currency: string;
  words: ItemWords;
  priced?: boolean;
  lead?: ReactNode;
  children: ReactNode;
}) {
  const field = (name: 'name' | 'description' | 'price' | 'duration' | 'prepare', help: string) =>
    fieldProps(form, `${list}.${index}.${name}`, help);
  return (
    <Box sx={{ display: 'grid', gap: 2.5, minWidth: 0 }}>
      {lead}
      <TextField label="Name" required {...field('name', `What visitors see; 1 to ${MAX_NAME} characters.`)} />
      <TextField
        label="Description"
        multiline
        minRows={2}
        {...field(
          'description',
          `${words.description} Up to ${MAX_DESCRIPTION.toLocaleString('en-US')} characters; simple HTML such as <b> is kept.`,
        )}
      />
      {priced && (
        <Box sx={TWO_COLUMNS}>
          <TextField
            label="Price"
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            {...field('price', `In ${currency}, 0 to ${moneyText(MAX_CENTS, currency)}, like ${words.price}.`)}
          />
          <TextField
            label="Length (minutes)"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            {...field('duration', words.duration)}
          />
        </Box>
      )}
      {children}
      <TextField
        label="What to prepare"
        multiline
        minRows={2}
        {...field('prepare', `${words.prepare} Up to ${MAX_PREPARE} characters.`)}
      />
    </Box>
  );
}
