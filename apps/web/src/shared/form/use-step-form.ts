import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';

/**
 * The one way a step builds its form: the zod form schema (classic or mini) validates (its messages are the ones
 * shown), a field is checked when the visitor leaves it and again on every change once it has
 * failed, and a submit checks everything and focuses the first failing field (spec 5.4, 5.6).
 * Submit hands over the schema's output (e.g. a ZIP+4 already cut to five digits).
 */
export function useStepForm<Input extends FieldValues, Output extends FieldValues>(
  schema: $ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
) {
  return useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onBlur',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });
}
