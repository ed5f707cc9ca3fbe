import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, type FieldPath, type UseFormReturn } from 'react-hook-form';
import type { PricingFormValues } from './pricing-values.ts';

/** A choice of a few options, labelled, its problem (or its help) under it. */
export function SelectField({
  form,
  name,
  label,
  help,
  options,
  onChosen,
}: {
  form: UseFormReturn<PricingFormValues>;
  name: FieldPath<PricingFormValues>;
  label: string;
  help?: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChosen?: (value: string) => void;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          label={label}
          value={field.value}
          onChange={(event) => {
            field.onChange(event);
            onChosen?.(event.target.value);
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ?? help}
          fullWidth
        >
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
