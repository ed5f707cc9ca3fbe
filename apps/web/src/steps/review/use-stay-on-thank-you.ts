import { useEffect } from 'react';

/**
 * Spec 2.11: once the order is confirmed the browser's Back does not lead into the editable steps.
 * The thank-you page puts a copy of itself on top of the history; Back lands on that copy, and a
 * new copy is put on top again, so the visitor stays on the thank-you state.
 */
export function useStayOnThankYou(): void {
  useEffect(() => {
    const stay = () => window.history.pushState(window.history.state, '', window.location.href);
    stay();
    window.addEventListener('popstate', stay);
    return () => window.removeEventListener('popstate', stay);
  }, []);
}
