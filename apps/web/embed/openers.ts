import { EMBED_OPENER_ATTRIBUTE } from '@scheduler/contracts/embed';

/**
 * The page's own "Book now" elements (decision 0060): any element with `data-scheduler-open`
 * opens the popup, by click and by keyboard, as a button would. Its value may name the
 * placeholder's id (`data-scheduler-open="booking"`, or `#booking`); empty, the page's first popup.
 */
export const OPENER_SELECTOR = `[${EMBED_OPENER_ATTRIBUTE}]`;

/** A <button> or button-like <input>: the browser gives it focus, the role, and a click for Enter and Space. */
const isNativeButton = (element: Element) =>
  element.tagName === 'BUTTON' ||
  (element instanceof HTMLInputElement && /^(button|submit|reset|image)$/.test(element.type));

/** The placeholder's id the opener names, or '' for the page's first popup. */
export const openerTarget = (opener: Element): string =>
  (opener.getAttribute(EMBED_OPENER_ATTRIBUTE) ?? '').trim().replace(/^#/, '');

/**
 * Button semantics for an opener that lacks them: the role, a tab stop, and (for a popup) that it
 * opens a dialog. A link keeps its href: without the script it still takes the visitor to the
 * scheduler; with it, it opens the popup, so it is announced as the button it then is.
 */
export function prepareOpener(opener: HTMLElement, opensDialog: boolean): void {
  if (!isNativeButton(opener)) {
    if (!opener.hasAttribute('role')) opener.setAttribute('role', 'button');
    if (opener.tabIndex < 0 && !opener.hasAttribute('tabindex')) opener.tabIndex = 0;
  }
  if (opensDialog) opener.setAttribute('aria-haspopup', 'dialog');
}

/** Whether a key on the opener opens, as on a button: Enter and Space, which a native button (and a link's Enter) already turn into a click. */
export function activatesOpener(opener: Element, key: string): boolean {
  if (isNativeButton(opener)) return false;
  if (key === ' ') return true;
  return key === 'Enter' && !(opener.tagName === 'A' && opener.hasAttribute('href'));
}

const openerOf = (event: Event): HTMLElement | null => {
  const target = event.target;
  const opener = target instanceof Element ? target.closest(OPENER_SELECTOR) : null;
  return opener instanceof HTMLElement ? opener : null;
};

/**
 * Listens on the document, so an opener added later works too (though only those present when
 * the script starts are given a role and a tab stop). `open` says whether there was something to
 * open: only then is the element's own action (a link's navigation) stopped.
 */
export function listenForOpeners(open: (opener: HTMLElement) => boolean): void {
  document.addEventListener('click', (event) => {
    const opener = openerOf(event);
    if (opener && open(opener)) event.preventDefault();
  });
  document.addEventListener('keydown', (event) => {
    const opener = openerOf(event);
    if (!opener || event.repeat || !activatesOpener(opener, event.key)) return;
    // Space would also scroll the page.
    if (open(opener)) event.preventDefault();
  });
}
