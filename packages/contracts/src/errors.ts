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
  // 400: a person form of the contacts step failed its checks (spec 8.5, spelled as the spec does).
  'BUYERS_AGENT_FAILED_VALIDATION',
  'SELLERS_AGENT_FAILED_VALIDATION',
  'INSURANCE_AGENT_FAILED_VALIDATION',
  'CLIENTS_FAILED_VALIDATION',
  'CONTACT_FAILED_VALIDATION',
  // The cart rules (spec 5.7, 8.4) and the property answers (spec 5.6).
  'unknown_item',
  'service_in_cart',
  'service_not_in_cart',
  'primary_required',
  'primary_required_to_remove',
  'single_primary_only',
  'pay_at_close_hidden',
  'rush_unavailable',
  'invalid_property_answer',
  'order_incomplete',
  // 401 and 404.
  'unauthorized',
  'not_found',
  'method_not_allowed',
  // 409: the request is fine but the state does not allow it.
  'order_confirmed',
  'office_taken',
  'conflict',
  // Confirm: a coupon's last use went to another order while this cart's lease had lapsed (decision 0030).
  'coupon_used_up',
  // Confirm: the order changed (in another tab) after the review showed it.
  'order_changed',
  // Payments (issue 23): a provider's webhook whose signature does not verify (or names no company
  // that takes payments), an event that does not match the order it names, and online payment
  // the company has not finished setting up (its keys, or the server's DATA_ENCRYPTION_KEY).
  'invalid_signature',
  'payment_mismatch',
  'payments_not_configured',
  // Webhooks (decision 0086) need the server's DATA_ENCRYPTION_KEY for their secrets (409).
  'webhooks_not_configured',
  // An inspector's own calendar (decision 0089): the server keeps no secrets, the credentials refused, no CalDAV there.
  'calendars_not_configured',
  'calendar_auth_failed',
  'calendar_unreachable',
  'calendar_oauth_state_invalid',
  'calendar_oauth_state_expired',
  'calendar_channel_expired',
  // A refund through Stripe (decision 0067) that Stripe refused or could not make (409).
  'refund_failed',
  // Managing a booking (issue 24): a manage link that is unknown, revoked or past its inspection
  // (404); a change the company's policy refuses now, a cancellation fee that is not the one
  // the page showed (409); a move to the time the booking already has (409, issue 42).
  'manage_link_invalid',
  'change_refused',
  'fee_changed',
  'same_time',
  // Signing an agreement (issue 43): a signing link that is unknown, replaced, of a voided agreement
  // or of an order no longer booked (404, the same for all); a signature of a document other than
  // the one the agreement holds now (409).
  'signing_link_invalid',
  'agreement_changed',
  // The console (issue 25): not signed in (401), signed in but not a member of the company or not
  // in a role that may do this (403).
  'unauthenticated',
  'forbidden',
  // Time off over booked inspections (409): the bookings are listed; accept_conflicts blocks it anyway.
  'time_off_conflicts',
  // The configuration (issue 26): a save made from a version someone has since replaced (409, with what they changed).
  'version_conflict',
  // The embedded scheduler (issue 27): a write that would change a field the company's page filled in and locked (400, the field named).
  'field_locked',
  // Sending an order's message again (issue 41): one that would not be true of the order now or
  // never went, and one whose resend waits to go already (409).
  'not_resendable',
  'resend_queued',
  // A company signing itself up (issue 26): an address nobody can place (404), an e-mail address
  // not yet confirmed (403), a key another company has, and a person who made the most companies (409).
  'address_not_found',
  'email_not_verified',
  'company_key_taken',
  'too_many_companies',
  // A disabled scheduler (issue 39): it takes no visitor's session or write; only a signed-in
  // member of the company who books for it (owner, admin, office) may try it (403).
  'scheduler_disabled',
  // Size limits.
  'payload_too_large',
  'uri_too_long',
  'headers_too_large',
  'rate_limited',
  // The public API (decision 0087): a key lacking the route's scope (403); an Idempotency-Key
  // reused with another body (422), or while its first request is still being answered (409).
  'insufficient_scope',
  'idempotency_key_reused',
  'idempotency_key_in_use',
  // The directory (decision 0091): a person written under another role than theirs (409), a
  // person merged into another already (409, naming where), a merge into themself (400).
  'role_mismatch',
  'already_merged',
  'same_person',
  // 5xx: nothing internal is ever shown.
  'internal_error',
  'unavailable',
  // 502: the payment provider failed or did not answer in time.
  'payment_provider_unavailable',
]);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** The one shape every 4xx/5xx answer of the API has. */
export const errorResponseSchema = z
  .object({
    error: z
      .object({
        code: errorCodeSchema,
        message: z.string(),
        field: z.string().optional(),
      })
      .strict(),
  })
  .strict();
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
