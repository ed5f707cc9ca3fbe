import { useRef, useState } from 'react';

/**
 * A button that shows and hides a list of page links below it (a disclosure): the console's Menu
 * and the configuration pages on a phone or a tablet. Choosing a link closes the list. Another page
 * then focuses its own heading; the page already shown opens nothing new, so focus goes back to the
 * button rather than staying on a link the closed list hides.
 */
export function useDisclosure(listId: string) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return {
    open,
    buttonProps: {
      ref: button,
      type: 'button' as const,
      'aria-expanded': open,
      'aria-controls': listId,
      onClick: () => setOpen(!open),
    },
    /** A link of the list was chosen; `alreadyShown` when it is the page on screen. */
    chosen(alreadyShown: boolean): void {
      setOpen(false);
      if (alreadyShown) button.current?.focus();
    },
  };
}
