/**
 * The part of an inline frame on screen, in the frame's own pixels (the `viewport` message): the
 * wizard opens its dialogs there rather than centred in a frame taller than the screen.
 */
export function visibleArea(
  frameTop: number,
  frameHeight: number,
  viewportHeight: number,
): { top: number; height: number } {
  const top = Math.max(0, -frameTop);
  const bottom = Math.min(frameHeight, viewportHeight - frameTop);
  return { top: Math.round(top), height: Math.max(0, Math.round(bottom - top)) };
}
