/**
 * Read by screen readers, not drawn: for live announcements and labels that the layout already
 * shows. Sizes are strings: in MUI's sx a bare 1 would mean 100%.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
