import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useId, type ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export interface FormTextFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: ReactNode;
  /** The accessible name when `label` is not the whole text (a long label shown cut short). */
  accessibleLabel?: string;
  /** Rewrites what is typed before it is kept (e.g. digits only). */
  transform?: (text: string) => string;
  type?: 'text' | 'date';
  multiline?: boolean;
  /** Makes it a native select of these options (a dropdown question), `emptyOption` first when given. */
  options?: ReadonlyArray<{ value: string; label: string }>;
  emptyOption?: string;
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
  sx?: TextFieldProps['sx'];
}

/**
 * Every text field of the wizard's forms: an MUI field bound to react-hook-form. Its error shows
 * as red outline and helper text, and is tied to the input for screen readers (`aria-invalid`,
 * `aria-describedby`). Validation runs on blur and on submit (the form decides); the ref lets the
 * form focus the first failing field.
 */
export function FormTextField<T extends FieldValues>({ control, name, label, accessibleLabel, transform, type, multiline, options, emptyOption, autoComplete, inputMode = 'text', maxLength, required, autoFocus, hint, onValueChange, sx }: FormTextFieldProps<T>) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const message = fieldState.error?.message ?? hint;
        return (
          <TextField
            id={id}
            label={label}
            name={field.name}
            value={field.value ?? ''}
            onChange={(event) => {
              const value = transform ? transform(event.target.value) : event.target.value;
              field.onChange(value);
              onValueChange?.(value);
            }}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldState.invalid}
            helperText={message}
            required={required}
            autoFocus={autoFocus}
            type={type}
            select={options !== undefined}
            multiline={multiline}
            minRows={multiline ? 3 : undefined}
            sx={sx}
            slotProps={{
              formHelperText: { id: helperId },
              inputLabel: type === 'date' || options ? { shrink: true } : undefined,
              select: options ? { native: true } : undefined,
              htmlInput: {
                'aria-label': accessibleLabel,
                autoComplete,
                inputMode,
                maxLength,
                'aria-invalid': fieldState.invalid,
                'aria-describedby': message ? helperId : undefined,
              },
            }}
          >
            {options && emptyOption !== undefined && <option value="">{emptyOption}</option>}
            {options?.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </TextField>
        );
      }}
    />
  );
}
