/**
 * The popup mode: a button that opens the wizard in a modal dialog. The native <dialog> opened
 * with showModal() gives the role, aria-modal, the top layer (above any stacking context of the
 * company's page) and an inert page behind; what it leaves to us is keeping Tab inside (the
 * browser would move on to its own address bar), the page's scrolling, and focus on close.
 */

const CSS =
  '.osch-dialog{padding:0;border:0;border-radius:8px;box-shadow:0 8px 40px rgba(0,0,0,.35);background:#fff;width:min(960px,calc(100vw - 64px));height:min(900px,calc(100vh - 64px));max-width:none;max-height:none;overflow:hidden}' +
  '.osch-dialog[open]{display:flex;flex-direction:column}' +
  '.osch-dialog::backdrop{background:rgba(0,0,0,.5)}' +
  '.osch-bar{display:flex;justify-content:flex-end;padding:4px;border-bottom:1px solid #ddd}' +
  '.osch-close{font:inherit;font-size:16px;min-height:44px;padding:0 16px;cursor:pointer}' +
  '.osch-frame{flex:1;display:block;width:100%;border:0}' +
  '.osch-guard{position:fixed;opacity:0;pointer-events:none}' +
  '.osch-fallback{flex:1;padding:24px;overflow:auto}' +
  // Full screen on a phone: a panel with margins would leave the wizard too narrow.
  '@media (max-width:599.98px){.osch-dialog{width:100%;height:100%;border-radius:0;margin:0}}';

let styled = false;

/** Constructed style sheets are exempt from a page's style-src policy; a <style> element is the fallback. */
function addStyles(): void {
  if (styled) return;
  styled = true;
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  } catch {
    const style = document.createElement('style');
    style.textContent = CSS;
    document.head.append(style);
  }
}

/** An invisible stop at each end of the dialog that sends focus round to the other end. */
function focusGuard(onFocus: () => void): HTMLSpanElement {
  const guard = document.createElement('span');
  guard.tabIndex = 0;
  guard.className = 'osch-guard';
  guard.addEventListener('focus', onFocus);
  return guard;
}

export interface PopupOptions {
  buttonText: string;
  /** The dialog's accessible name. */
  title: string;
  /** The wizard's frame, made on the first opening and kept: a held time survives closing and reopening. */
  createFrame(): HTMLIFrameElement;
}

/** What the script and the page's API (OnlineScheduler.open, close) do with a popup. */
export interface Popup {
  open(): void;
  /** Whether it was open. */
  close(): boolean;
  /** The frame failed (decision 0060): the dialog shows these instead, the placeholder's own content. */
  showFallback(content: readonly Node[]): void;
}

export function mountPopup(placeholder: HTMLElement, options: PopupOptions): Popup {
  const opener = document.createElement('button');
  opener.type = 'button';
  opener.textContent = options.buttonText;
  placeholder.replaceChildren(opener);
  let dialog: HTMLDialogElement | null = null;
  /** The frame, or the fallback in its place: where Shift+Tab from the Close button goes round to. */
  let body: HTMLElement | null = null;
  let overflow: [string, string] = ['', ''];
  /** Whoever opened it (this button, or the page's own through data-scheduler-open or the API) gets focus back. */
  let returnTo: HTMLElement = opener;

  const build = (): HTMLDialogElement => {
    addStyles();
    const created = document.createElement('dialog');
    created.className = 'osch-dialog';
    created.setAttribute('aria-label', options.title);
    const bar = document.createElement('div');
    bar.className = 'osch-bar';
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'osch-close';
    close.textContent = 'Close';
    close.addEventListener('click', () => created.close());
    bar.append(close);
    const frame = options.createFrame();
    frame.className = 'osch-frame';
    body = frame;
    created.append(
      focusGuard(() => body?.focus()),
      bar,
      frame,
      focusGuard(() => close.focus()),
    );
    // Escape closes a modal dialog natively; both ways end here.
    created.addEventListener('close', () => {
      [document.documentElement.style.overflow, document.body.style.overflow] = overflow;
      (returnTo.isConnected ? returnTo : opener).focus();
    });
    placeholder.append(created);
    return created;
  };

  const open = () => {
    if (dialog?.open) return;
    const active = document.activeElement;
    returnTo = active instanceof HTMLElement && active !== document.body ? active : opener;
    dialog ??= build();
    const root = document.documentElement.style;
    overflow = [root.overflow, document.body.style.overflow];
    root.overflow = 'hidden';
    document.body.style.overflow = 'hidden';
    dialog.showModal();
    dialog.querySelector<HTMLButtonElement>('.osch-close')?.focus();
  };
  opener.addEventListener('click', open);

  return {
    open,
    close: () => {
      if (!dialog?.open) return false;
      dialog.close();
      return true;
    },
    showFallback: (content) => {
      const fallback = document.createElement('div');
      fallback.className = 'osch-fallback';
      fallback.tabIndex = -1;
      fallback.append(...content);
      body?.replaceWith(fallback);
      body = fallback;
    },
  };
}
