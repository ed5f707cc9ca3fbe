import FormControl, { type FormControlProps } from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export interface FormTextFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  /** The browser's autofill token (`postal-code`, `email`, `tel`, `given-name`, …). */
  autoComplete: string;
  inputMode?: 'text' | 'numeric' | 'tel' | 'email';
  maxLength?: number;
  required?: boolean;
  autoFocus?: boolean;
  /** Shown under the field while it has no error. */
  hint?: string;
  /** Called after each change, e.g. to clear a banner that named the old value. */
  onValueChange?: (value: string) => void;
  sx?: FormControlProps['sx'];
}

/**
 * Every text field of the wizard's forms: an MUI outlined field bound to react-hook-form. It is
 * put together from FormControl, InputLabel, OutlinedInput and FormHelperText rather than
 * TextField, which would bring Select, Menu and Popover (about 8 KB gzip) into every form step. Its error shows
 * as red outline and helper text, and is tied to the input for screen readers (`aria-invalid`,
 * `aria-describedby`). Validation runs on blur and on submit (the form decides); the ref lets the
 * form focus the first failing field.
 */
export function FormTextField<T extends FieldValues>({ control, name, label, autoComplete, inputMode = 'text', maxLength, required, autoFocus, hint, onValueChange, sx }: FormTextFieldProps<T>) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const message = fieldState.error?.message ?? hint;
        return (
          <FormControl error={fieldState.invalid} required={required} sx={sx}>
            <InputLabel htmlFor={id}>{label}</InputLabel>
            <OutlinedInput
              id={id}
              // Sizes the outline's notch; a required field's label carries the asterisk.
              label={required ? `${label} *` : label}
              name={field.name}
              value={field.value ?? ''}
              onChange={(event) => {
                field.onChange(event.target.value);
                onValueChange?.(event.target.value);
              }}
              onBlur={field.onBlur}
              inputRef={field.ref}
              autoFocus={autoFocus}
              inputProps={{
                autoComplete,
                inputMode,
                maxLength,
                'aria-invalid': fieldState.invalid,
                'aria-describedby': message ? helperId : undefined,
              }}
            />
            {message ? <FormHelperText id={helperId}>{message}</FormHelperText> : null}
          </FormControl>
        );
      }}
    />
  );
}
