/**
 * The range of the PostgreSQL `integer` columns these numbers are stored in. A module of its own
 * (company-document.ts re-exports it): a wire schema that bounds an id does not load the whole
 * company document with it, which the wizard's answer parser would carry (decision 0056).
 */
export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;
