/** The review-order panel's box, beside the step and in the drawer alike. */
export const panelSx = { p: 2, bgcolor: 'background.paper', overflowY: 'auto' } as const;
