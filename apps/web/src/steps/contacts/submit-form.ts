import type { FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * Checks a form as its submit would (every field, focus on the first failing one) and answers
 * the schema's output, or null when a field failed. Next runs this panel by panel.
 */
export function checkedValues<In extends FieldValues, Out extends FieldValues>(
  form: UseFormReturn<In, unknown, Out>,
): Promise<Out | null> {
  return new Promise((resolve) => {
    void form.handleSubmit(
      (values) => resolve(values),
      () => resolve(null),
    )();
  });
}
