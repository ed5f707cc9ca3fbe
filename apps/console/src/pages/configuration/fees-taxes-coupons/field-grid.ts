/** Fields side by side from a tablet up, one under another on a phone (no sideways scrolling at 375 px). */
export const FIELD_GRID = {
  display: 'grid',
  gap: 2.5,
  minWidth: 0,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
} as const;
