import FormControl, { type FormControlProps } from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export interface FormTextFieldProps<T extends FieldValues, Out extends FieldValues = T> {
  /** The form's control; `Out` is what its schema gives on submit (a field may change type there). */
  control: Control<T, unknown, Out>;
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
  /**
   * Makes the field a native select of these choices, after a blank one: the phone's own picker,
   * and the browser's autofill fills it (a state dropdown, `address-level1`).
   */
  options?: ReadonlyArray<{ value: string; label: string }>;
  /** Called after each change, e.g. to clear a banner that named the old value. */
  onValueChange?: (value: string) => void;
  sx?: FormControlProps['sx'];
}

/**
 * Every text field (or native select, given `options`) of the wizard's forms: an MUI outlined
 * field bound to react-hook-form. It is put together from FormControl, InputLabel, OutlinedInput
 * and FormHelperText rather than TextField, which would bring Select, Menu and Popover (about
 * 8 KB gzip) into every form step. Its error shows as red outline and helper text, and is tied to
 * the input for screen readers (`aria-invalid`, `aria-describedby`). Validation runs on blur and
 * on submit (the form decides); the ref lets the form focus the first failing field.
 */
export function FormTextField<T extends FieldValues, Out extends FieldValues = T>({ control, name, label, autoComplete, inputMode = 'text', maxLength, required, autoFocus, hint, options, onValueChange, sx }: FormTextFieldProps<T, Out>) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const message = fieldState.error?.message ?? hint;
        const inputProps = {
          autoComplete,
          inputMode: options ? undefined : inputMode,
          maxLength,
          'aria-invalid': fieldState.invalid,
          'aria-describedby': message ? helperId : undefined,
        };
        // Sizes the outline's notch; a required field's label carries the asterisk.
        const notchLabel = required ? `${label} *` : label;
        const common = {
          id,
          name: field.name,
          value: field.value ?? '',
          onChange: (event: { target: { value: string } }) => {
            field.onChange(event.target.value);
            onValueChange?.(event.target.value);
          },
          onBlur: field.onBlur,
          inputRef: field.ref,
          autoFocus,
          inputProps,
        };
        return (
          <FormControl error={fieldState.invalid} required={required} sx={sx}>
            {/* A native select shows its blank choice: the label stays above it. */}
            <InputLabel htmlFor={id} shrink={options ? true : undefined}>
              {label}
            </InputLabel>
            {options ? (
              <NativeSelect {...common} input={<OutlinedInput label={notchLabel} notched />}>
                <option value="" />
                {options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect>
            ) : (
              <OutlinedInput {...common} label={notchLabel} />
            )}
            {message ? <FormHelperText id={helperId}>{message}</FormHelperText> : null}
          </FormControl>
        );
      }}
    />
  );
}
