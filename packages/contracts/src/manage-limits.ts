/**
 * The manage link's limits (issue 24), in a module without zod: the manage page imports these
 * without loading the schemas (`manage.ts` builds them when it loads, about 33 KB gzip).
 */

/** A manage link's token: 256 random bits, base64url (43 characters), like the pay link's. */
export const MANAGE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The longest reason a visitor may give for cancelling. */
export const CANCEL_REASON_MAX = 1000;
