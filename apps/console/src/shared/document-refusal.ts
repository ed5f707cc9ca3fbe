import { ApiError } from '@scheduler/ui/api-error';

/**
 * A configuration save the server refused as an invalid document (400 `invalid_document`): the
 * field it names, as a dotted path into the document, and what to say at that field.
 */
export function refusedField(error: unknown): { path: string; message: string } | null {
  if (!(error instanceof ApiError) || error.status !== 400 || error.field === undefined) return null;
  // The server's message leads with "Invalid company document field "x":" for machines; at the field, the rest says it.
  const rest = error.message.replace(/^Invalid company document field "[^"]*":\s*/, '');
  return { path: error.field, message: rest.charAt(0).toUpperCase() + rest.slice(1) };
}
