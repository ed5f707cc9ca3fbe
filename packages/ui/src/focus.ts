import { useEffect, useRef } from 'react';

/**
 * A ref that focuses its element once it is mounted: what React does for `autoFocus`. The
 * browser build runs on Preact (decision 0019), which leaves `autoFocus` to the browser's own
 * autofocus, and a browser honours that once per page load only: a dialog opened later kept focus
 * on its container instead of its button.
 */
export function focusWhenMounted(element: HTMLElement | null): void {
  element?.focus();
}

/** The id of the heading (h1) of whatever screen is showing: a step, a status page, a prompt. */
export const SCREEN_HEADING_ID = 'screen-heading';
/** The id of the page's main landmark, the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * Puts keyboard and screen-reader focus on the screen's heading, so that the visitor hears where
 * they are and the next Tab starts from the top of the new content. Falls back to the main
 * landmark while no heading is rendered.
 */
export function focusScreenHeading(): void {
  const target = document.getElementById(SCREEN_HEADING_ID) ?? document.getElementById(MAIN_CONTENT_ID);
  target?.focus();
}

// The first screen of a page load keeps the browser's own focus (the document), so that the first
// Tab reaches the skip link; every other screen (a step change, a status page, a prompt, a console
// page) takes it. Remembering the last screen rather than counting mounts keeps React's
// development double-run of effects from looking like a screen change.
let lastScreen: string | null = null;

/** Records `screen` as the one showing; true when it replaced another one. */
function replacesAnotherScreen(screen: string): boolean {
  const previous = lastScreen;
  lastScreen = screen;
  return previous !== null && previous !== screen;
}

/**
 * Focuses the heading when the screen named `screen` replaces another one. Every screen's heading
 * uses it (with `id={SCREEN_HEADING_ID}` and `tabIndex={-1}`), so focus never falls to the body.
 */
export function useScreenHeadingFocus(screen: string): void {
  useEffect(() => {
    if (replacesAnotherScreen(screen)) focusScreenHeading();
  }, [screen]);
}

/** A ref for a page's h1 (tabIndex -1) that takes focus when the page named `screen` replaces another. */
export function useHeadingFocus<T extends HTMLElement>(screen: string) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (replacesAnotherScreen(screen)) ref.current?.focus();
  }, [screen]);
  return ref;
}
