import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@scheduler/ui/api-error';

/**
 * Puts a server refusal that names one of the form's fields onto that field (the envelope's
 * `error.field`), focused, so the visitor sees it where they typed. Returns whether it did; any
 * other error is left to the caller.
 */
export function applyServerFieldError<T extends FieldValues>(
  error: unknown,
  fields: ReadonlyArray<FieldPath<T>>,
  setError: UseFormSetError<T>,
): boolean {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.field) return false;
  const field = fields.find((name) => name === error.field);
  if (!field) return false;
  setError(field, { type: 'server', message: error.message }, { shouldFocus: true });
  return true;
}

/** The server refused a value of this form, and the refusal shows on its field. */
export function isFieldError(error: unknown, fields: readonly string[]): boolean {
  return error instanceof ApiError && error.status === 400 && error.field !== undefined && fields.includes(error.field);
}
