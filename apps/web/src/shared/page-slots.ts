/**
 * Where the review-order panel is drawn (spec 2.10). The page frame renders the empty slot and the
 * sidebar draws into it; the id lives here, below both, so that neither imports the other for it.
 */
export const REVIEW_PANEL_SLOT_ID = 'review-panel';
