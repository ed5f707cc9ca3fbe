import { useEffect } from 'react';

/** Marks the history entries this hook puts on top, so a reload or a remount does not stack more. */
const COPY = 'schedulerBackCopy';

/**
 * Spec 2.11: "The browser back button is blocked on this screen." The screen puts a copy of its own
 * entry on top of the history (once: not when the entry it stands on is such a copy already), so
 * the browser's Back lands on the same screen.
 *
 * - `always` (the unconfirmed review): every Back lands on the copy and a new copy is put on top
 *   again, so the browser's Back never leaves; the page's own Back button goes to /packages.
 * - `once` (the thank-you): the first Back stays; the next ones walk the history as usual. Every
 *   path of a confirmed order shows the thank-you (the route table), so no Back leads into an
 *   editable step, and the visitor is not trapped on the site (decision 0018, addendum).
 */
export function useBlockBack(mode: 'always' | 'once', enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    const copy = () =>
      window.history.pushState({ ...(window.history.state as object | null), [COPY]: true }, '', window.location.href);
    if (!(window.history.state as Record<string, unknown> | null)?.[COPY]) copy();
    if (mode === 'once') return;
    window.addEventListener('popstate', copy);
    return () => window.removeEventListener('popstate', copy);
  }, [mode, enabled]);
}
