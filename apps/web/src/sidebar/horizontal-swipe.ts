import type { TouchEvent } from 'react';

/** How far a finger must travel sideways, and how much more sideways than down, to be a swipe. */
const MIN_SWIPE_PX = 50;
const SIDEWAYS_RATIO = 2;

export type SwipeDirection = 'left' | 'right';

/** The direction of a finished touch, or null when it was a tap or mostly a scroll. */
export function swipeDirection(start: { x: number; y: number }, end: { x: number; y: number }): SwipeDirection | null {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  if (Math.abs(dx) < MIN_SWIPE_PX || Math.abs(dx) < SIDEWAYS_RATIO * Math.abs(dy)) return null;
  return dx < 0 ? 'left' : 'right';
}

/**
 * Touch handlers that call `onSwipe` for a sideways swipe (spec 2.10: on touch screens a swipe left
 * opens the review-order panel and a swipe right closes it). A vertical scroll is not a swipe.
 */
export function horizontalSwipeHandlers(onSwipe: (direction: SwipeDirection) => void) {
  let start: { x: number; y: number } | null = null;
  return {
    onTouchStart: (event: TouchEvent) => {
      const touch = event.touches[0];
      start = touch ? { x: touch.clientX, y: touch.clientY } : null;
    },
    onTouchEnd: (event: TouchEvent) => {
      const touch = event.changedTouches[0];
      if (!start || !touch) return;
      const direction = swipeDirection(start, { x: touch.clientX, y: touch.clientY });
      start = null;
      if (direction) onSwipe(direction);
    },
  };
}
