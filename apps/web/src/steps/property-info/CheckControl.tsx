import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { Controller, useWatch, type Control } from 'react-hook-form';
import type { PropertyInfoFormValues } from '@scheduler/contracts/forms/property-info';
import { propertyTexts } from './property-texts.ts';

/**
 * A checkbox question: a CheckBox, or the box of a triggered question that reveals `children`
 * (its dropdown or text box) while it is checked (spec 3.3).
 */
export function CheckControl({
  control,
  name,
  label,
  required,
  children,
}: {
  control: Control<PropertyInfoFormValues>;
  name: `answers.${string}`;
  label: string;
  required: boolean;
  children?: ReactNode;
}) {
  const helperId = useId();
  const checked = useWatch({ control, name: `${name}.checked` }) as boolean | undefined;
  return (
    <Box>
      <Controller
        control={control}
        name={`${name}.checked`}
        render={({ field, fieldState }) => (
          <>
            <FormControlLabel
              // Never cut (decision 0027): beside its box the whole question wraps, at any width.
              label={label}
              control={
                <Checkbox
                  checked={Boolean(field.value)}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  slotProps={{
                    input: {
                      'aria-label': label,
                      'aria-invalid': fieldState.invalid,
                      'aria-describedby': fieldState.error || required ? helperId : undefined,
                    },
                  }}
                />
              }
            />
            {(fieldState.error || required) && (
              <FormHelperText id={helperId} error={fieldState.invalid}>
                {fieldState.error?.message ?? propertyTexts.required}
              </FormHelperText>
            )}
          </>
        )}
      />
      {checked && children && <Box sx={{ mt: 1, ml: 4 }}>{children}</Box>}
    </Box>
  );
}
