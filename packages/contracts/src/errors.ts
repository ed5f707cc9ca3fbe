import { z } from 'zod';

/**
 * Every code an error answer of the API may carry: a closed list, so that the wizard can branch
 * on a code knowing it exists, and a new one is a visible change to this contract.
 */
export const errorCodeSchema = z.enum([
  // 400: the request itself is wrong.
  'invalid_request',
  'invalid_json',
  'invalid_document',
  'invalid_url',
  'bad_request',
  'unsupported_media_type',
  'key_mismatch',
  'unknown_inspector',
  'invalid_postal_code',
  'unknown_state',
  'po_box',
  'order_incomplete',
  // 401 and 404.
  'unauthorized',
  'not_found',
  'method_not_allowed',
  // 409: the request is fine but the state does not allow it.
  'order_confirmed',
  'office_taken',
  'conflict',
  // Size limits.
  'payload_too_large',
  'uri_too_long',
  'headers_too_large',
  'rate_limited',
  // 5xx: nothing internal is ever shown.
  'internal_error',
  'unavailable',
]);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** The one shape every 4xx/5xx answer of the API has. */
export const errorResponseSchema = z.object({
  error: z
    .object({
      code: errorCodeSchema,
      message: z.string(),
      field: z.string().optional(),
    })
    .strict(),
}).strict();
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
