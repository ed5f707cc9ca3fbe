import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * A react-hook-form field as MUI's TextField takes it: the input's ref (TextField's own ref is its
 * wrapper), and the field's error as the helper text that the input is described by. A nested
 * name ("hours.mon") finds its error where react-hook-form keeps it, under its parent.
 */
export function fieldProps<T extends FieldValues>(form: UseFormReturn<T>, name: FieldPath<T>, helperText?: string) {
  const { ref, ...registered } = form.register(name);
  const error = form.getFieldState(name, form.formState).error?.message;
  return {
    ...registered,
    inputRef: ref,
    error: typeof error === 'string',
    helperText: typeof error === 'string' ? error : helperText,
  };
}
