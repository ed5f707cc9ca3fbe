import FormControl, { type FormControlProps } from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, useRef, type ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export interface FormTextFieldProps<T extends FieldValues, Out extends FieldValues = T> {
  /** The form's control; `Out` is what its schema gives on submit (a field may change type there). */
  control: Control<T, unknown, Out>;
  name: FieldPath<T>;
  label: ReactNode;
  /** The accessible name when `label` is not the whole text (a long label shown cut short). */
  accessibleLabel?: string;
  /** Rewrites what is typed before it is kept (e.g. digits only). */
  /** Rewrites the value when the field loses focus (a phone number in its country's way), before it is checked. */
  formatOnBlur?: (text: string) => string;
  transform?: (text: string) => string;
  type?: 'text' | 'date';
  multiline?: boolean;
  /**
   * Makes the field a native select of these choices: the phone's own picker, and the browser's
   * autofill fills it (a state dropdown, `address-level1`). `emptyOption` comes first when given.
   */
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
  /** Shown and sent, not editable: a value the company's page locked (issue 27). */
  readOnly?: boolean;
  /** Called after each change, e.g. to clear a banner that named the old value. */
  onValueChange?: (value: string) => void;
  /** Drawn at the field's end (a date's calendar button), given the value and a way to set it as if typed. */
  adornment?: (field: { value: string; set: (value: string) => void }) => ReactNode;
  sx?: FormControlProps['sx'];
}

/**
 * Every text field (a native select given `options`, a text area given `multiline`) of the
 * wizard's forms: an MUI outlined field bound to react-hook-form. It is put together from
 * FormControl, InputLabel, OutlinedInput and FormHelperText rather than TextField, which would
 * bring Select, Menu and Popover (about 8 KB gzip) into every form step. Its error shows as red
 * outline and helper text, and is tied to the input for screen readers (`aria-invalid`,
 * `aria-describedby`). Validation runs on blur and on submit (the form decides); the ref lets the
 * form focus the first failing field.
 */
export function FormTextField<T extends FieldValues, Out extends FieldValues = T>(props: FormTextFieldProps<T, Out>) {
  const {
    control,
    name,
    label,
    accessibleLabel,
    transform,
    formatOnBlur,
    type,
    multiline,
    options,
    emptyOption,
    autoComplete,
    inputMode = 'text',
    maxLength,
    required,
    autoFocus,
    hint,
    readOnly,
    onValueChange,
    adornment,
    sx,
  } = props;
  // autoFocus by hand, once (see focusWhenMounted): the browser build leaves the attribute to the
  // browser, which honours it on a page's first load only.
  const focusedOnce = useRef(false);
  const id = useId();
  const helperId = `${id}-helper`;
  // A native select shows its first choice and a date field its format: the label stays above them.
  const labelAbove = options !== undefined || type === 'date' ? true : undefined;
  // Sizes the outline's notch; a required field's label carries the asterisk.
  const notchLabel = required ? <>{label} *</> : label;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const message = fieldState.error?.message ?? hint;
        const common = {
          id,
          name: field.name,
          value: field.value ?? '',
          onChange: (event: { target: { value: string } }) => {
            const value = transform ? transform(event.target.value) : event.target.value;
            field.onChange(value);
            onValueChange?.(value);
          },
          onBlur: () => {
            // Formatting on blur rather than as typed: rewriting while typing moves the caret and
            // makes a bracket or dash impossible to delete.
            if (formatOnBlur && typeof field.value === 'string') {
              const formatted = formatOnBlur(field.value);
              if (formatted !== field.value) field.onChange(formatted);
            }
            field.onBlur();
          },
          inputRef: (element: HTMLInputElement | null) => {
            field.ref(element);
            if (element && autoFocus && !focusedOnce.current) {
              focusedOnce.current = true;
              element.focus();
            }
          },
          inputProps: {
            'aria-label': accessibleLabel,
            autoComplete,
            inputMode: options ? undefined : inputMode,
            maxLength,
            readOnly,
            'aria-invalid': fieldState.invalid,
            'aria-describedby': message ? helperId : undefined,
          },
        };
        return (
          <FormControl error={fieldState.invalid} required={required} sx={sx}>
            <InputLabel htmlFor={id} shrink={labelAbove}>
              {label}
            </InputLabel>
            {options ? (
              <NativeSelect {...common} input={<OutlinedInput label={notchLabel} notched />}>
                {emptyOption !== undefined && <option value="">{emptyOption}</option>}
                {options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect>
            ) : (
              <OutlinedInput
                {...common}
                label={notchLabel}
                notched={labelAbove}
                type={type}
                multiline={multiline}
                minRows={multiline ? 3 : undefined}
                endAdornment={adornment?.({
                  value: typeof field.value === 'string' ? field.value : '',
                  // As if typed, then checked at once: a picked date is a whole answer.
                  set: (value) => {
                    field.onChange(value);
                    onValueChange?.(value);
                    field.onBlur();
                  },
                })}
              />
            )}
            {message ? <FormHelperText id={helperId}>{message}</FormHelperText> : null}
          </FormControl>
        );
      }}
    />
  );
}
