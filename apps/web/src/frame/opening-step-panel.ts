import { useEffect, useState } from 'react';
import { MOBILE_QUERY } from '../shared/theme.ts';

/** A phone's toggle with nothing under it yet waits at most this long for a touch or a key. */
const PHONE_PANEL_AFTER_MS = 3_000;

/**
 * Resolves when the opening step's review panel may load (spec 2.10, issue 42): after the first
 * screen's own work, so that its JavaScript never waits for the panel's (decision 0019's budget).
 * Beside the step (800 px and more) that is once the page has loaded and the browser is idle; on a
 * phone, where the first screen shows only the panel's toggle and nothing to review, at the
 * visitor's first touch or key, or after PHONE_PANEL_AFTER_MS. Once per page.
 */
let wanted: Promise<void> | undefined;
function panelWanted(): Promise<void> {
  return (wanted ??= new Promise((resolve) => {
    if (matchMedia(MOBILE_QUERY).matches) {
      setTimeout(resolve, PHONE_PANEL_AFTER_MS);
      addEventListener('pointerdown', () => resolve(), { capture: true, once: true, passive: true });
      addEventListener('keydown', () => resolve(), { capture: true, once: true, passive: true });
      return;
    }
    const whenIdle = () =>
      'requestIdleCallback' in window
        ? requestIdleCallback(() => resolve(), { timeout: 1_000 })
        : setTimeout(resolve, 0);
    if (document.readyState === 'complete') whenIdle();
    else addEventListener('load', whenIdle, { once: true });
  }));
}

/** Whether the review panel is drawn now: at once on every step but the opening one, which waits for panelWanted. */
export function usePanelReady(openingStep: boolean): boolean {
  const [ready, setReady] = useState(!openingStep);
  useEffect(() => {
    if (ready) return;
    let cancelled = false;
    void panelWanted().then(() => {
      if (!cancelled) setReady(true);
    });
    return () => {
      cancelled = true;
    };
  }, [ready]);
  return ready;
}
