import { useEffect } from 'react';
import { focusScreenHeading } from '@scheduler/ui/focus';

/**
 * For a dialog: when it goes away (closed, or replaced by the next step), focus goes to the
 * screen's heading rather than back to the button that opened it or to the body. Pair it with
 * the dialog's `disableRestoreFocus`. Deferred a tick, so that it lands on the heading of whatever
 * screen is showing once the dialog is gone.
 */
export function useFocusHeadingAfterClose(): void {
  useEffect(() => () => void setTimeout(focusScreenHeading, 0), []);
}
