import type { CSSProperties } from 'react';

/**
 * Text for screen readers only: one pixel, clipped, never wrapping. Its box must sit inside a
 * positioned ancestor (a scrolling table's container is one) or it can widen the page.
 */
export const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};
