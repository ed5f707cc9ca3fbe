/**
 * The embed script's work on a page (issue 27, decision 0046): each placeholder turned into the
 * wizard in a frame, inline or in a popup; what the wizard says (its height, its funnel events,
 * its session) relayed to the page; and what the page may do (decision 0060): open and close
 * through `window.OnlineScheduler` and `data-scheduler-open`, and hear whether each frame came up.
 */
import {
  EMBED_DOM_EVENT,
  EMBED_FAILED_EVENT,
  EMBED_MESSAGE_SOURCE,
  EMBED_PROTOCOL_VERSION,
  EMBED_READY_EVENT,
  EMBED_STATE_ATTRIBUTE,
  type HostToWizardMessage,
  type WizardToHostMessage,
} from '@scheduler/contracts/embed';
import { withAttribution } from './attribution.ts';
import { fallbackContent } from './fallback.ts';
import { acceptMessage, boundedHeight } from './frame-messages.ts';
import { frameUrl, locksOf, lookOf, prefillOf, readPlaceholder, type Placeholder } from './frame-url.ts';
import { watchFrame, type FrameOutcome, type FrameWatch } from './frame-watch.ts';
import { listenForOpeners, OPENER_SELECTOR, openerTarget, prepareOpener } from './openers.ts';
import { mountPopup } from './popup-dialog.ts';
import { keepResumeToken, readResumeToken } from './resume-token.ts';
import { visibleArea } from './visible-area.ts';

/** A placeholder element, or its id (with or without `#`); none: the page's first popup, else its first placeholder. */
export type SchedulerTarget = Element | string | undefined;

/** What the page may call (README.md, decision 0060). */
export interface OnlineSchedulerApi {
  /** Mounts a placeholder added after the script started. */
  mount(element: Element): void;
  /** Opens a popup; brings an inline scheduler into view and focus. Whether there was one. */
  open(target?: SchedulerTarget): boolean;
  /** Closes a popup (with no target, whichever is open). Whether one was open; an inline scheduler has nothing to close. */
  close(target?: SchedulerTarget): boolean;
}

declare global {
  interface Window {
    OnlineScheduler?: OnlineSchedulerApi;
    dataLayer?: unknown[];
  }
}

export const warn = (reason: string) => console.warn(`Online scheduler: ${reason}; the placeholder is left as it is.`);

const DEFAULT_TITLE = 'Schedule an inspection';
/** About the wizard's first step at 375 px, so the page moves little when the real height arrives. */
const INITIAL_HEIGHT = 640;

interface Frame {
  iframe: HTMLIFrameElement;
  element: HTMLElement;
  placeholder: Placeholder;
  /** The company's Google tag, said by the frame's `ready`: only then do events go to the page's dataLayer. */
  googleTagId: string | null;
  watch: FrameWatch;
}

/** A mounted placeholder, as the page's API finds it. */
interface Mounted {
  element: HTMLElement;
  mode: Placeholder['mode'];
  open(): void;
  close(): boolean;
}

/**
 * Sets the page up for the scheduler at `schedulerOrigin` (the script's own): the listeners for the
 * frames' messages, the page's scrolling and the openers, once per page. Returns the page's API
 * and what gives the openers present button semantics.
 */
export function install(schedulerOrigin: string): { api: OnlineSchedulerApi; prepareOpeners(): void } {
  const frames: Frame[] = [];
  const mounted: Mounted[] = [];

  const postViewport = (frame: Frame) => {
    const rect = frame.iframe.getBoundingClientRect();
    const message: HostToWizardMessage = {
      source: EMBED_MESSAGE_SOURCE,
      version: EMBED_PROTOCOL_VERSION,
      type: 'viewport',
      ...visibleArea(rect.top, rect.height, innerHeight),
    };
    frame.iframe.contentWindow?.postMessage(message, schedulerOrigin);
  };
  // Scrolling fires many events a frame; the wizard needs the visible part once a frame at most.
  let viewportQueued = false;
  const queueViewports = () => {
    if (viewportQueued) return;
    viewportQueued = true;
    requestAnimationFrame(() => {
      viewportQueued = false;
      for (const frame of frames) if (frame.placeholder.mode === 'inline') postViewport(frame);
    });
  };

  const handle = (frame: Frame, message: WizardToHostMessage) => {
    const { iframe, element, placeholder } = frame;
    if (message.type === 'ready') {
      frame.googleTagId = message.google_tag_id;
      if (placeholder.mode === 'inline') postViewport(frame);
    } else if (message.type === 'resize') {
      // In the popup the frame is the panel's height and the wizard scrolls inside it (README.md).
      if (placeholder.mode !== 'inline') return;
      iframe.style.height = `${boundedHeight(message.height)}px`;
      postViewport(frame);
    } else if (message.type === 'event') {
      const detail = { ...message.event, office_uuid: message.office_uuid };
      element.dispatchEvent(new CustomEvent(EMBED_DOM_EVENT, { detail, bubbles: true }));
      if (frame.googleTagId)
        (window.dataLayer ??= []).push({ event: `online_scheduler_${message.event.name}`, online_scheduler: detail });
    } else if (message.type === 'escape') {
      // Escape inside the frame never reaches this page: the wizard says so, and the popup closes.
      if (placeholder.mode === 'popup') iframe.closest('dialog')?.close();
    } else if (message.type === 'session') {
      keepResumeToken(() => localStorage, placeholder.companyKey, placeholder.officeUuid, message.token);
    }
  };

  addEventListener('message', (event) => {
    const accepted = acceptMessage(event, schedulerOrigin, frames);
    if (!accepted) return;
    // Any message from the wizard, `hello` first of all, says its frame came up.
    accepted.frame.watch.hello();
    handle(accepted.frame, accepted.message);
  });
  addEventListener('scroll', queueViewports, { passive: true });
  addEventListener('resize', queueViewports, { passive: true });

  const find = (target: SchedulerTarget): Mounted | undefined => {
    // A single-page site may have removed a placeholder since: only those on the page count.
    const present = mounted.filter((entry) => entry.element.isConnected);
    if (!target) return present.find((entry) => entry.mode === 'popup') ?? present[0];
    const element = typeof target === 'string' ? document.getElementById(target.replace(/^#/, '')) : target;
    return present.find((entry) => entry.element === element);
  };
  const open = (target?: SchedulerTarget) => {
    const entry = find(target);
    entry?.open();
    return entry !== undefined;
  };
  listenForOpeners((opener) => open(openerTarget(opener)));

  const mount = (element: Element) => {
    if (!(element instanceof HTMLElement) || mounted.some((entry) => entry.element === element)) return;
    const reading = readPlaceholder(element.dataset);
    if (!reading.ok) return warn(reading.reason);
    const { placeholder } = reading;
    const { look, problem } = lookOf(element.dataset);
    if (problem) console.warn(`Online scheduler: ${problem}.`);
    const title = element.dataset.title || DEFAULT_TITLE;
    const officeLink = `${schedulerOrigin}/${placeholder.companyKey}/online-scheduler/${placeholder.officeUuid}`;
    // What the page put inside: shown again if the frame fails.
    const content = Array.from(element.childNodes);
    let showFallback = (nodes: Node[]) => element.replaceChildren(...nodes);
    const announce = (state: 'loading' | FrameOutcome) => {
      element.setAttribute(EMBED_STATE_ATTRIBUTE, state);
      if (state === 'loading') return;
      const detail = {
        company_key: placeholder.companyKey,
        office_uuid: placeholder.officeUuid,
        mode: placeholder.mode,
      };
      element.dispatchEvent(
        new CustomEvent(state === 'ready' ? EMBED_READY_EVENT : EMBED_FAILED_EVENT, { detail, bubbles: true }),
      );
    };
    const createFrame = () => {
      const iframe = document.createElement('iframe');
      iframe.title = title;
      iframe.src = frameUrl({
        schedulerOrigin,
        placeholder,
        hostOrigin: location.origin,
        prefill: prefillOf(element.dataset, new URLSearchParams(location.search)),
        locks: locksOf(element.dataset),
        resumeToken: readResumeToken(() => localStorage, placeholder.companyKey, placeholder.officeUuid),
        look,
      });
      // The page's campaign parameters, for the order's source (issue 42). The frame is not in the
      // page yet: it loads once, from this address.
      iframe.src = withAttribution(iframe.src, location.search);
      const frame: Frame = {
        iframe,
        element,
        placeholder,
        googleTagId: null,
        watch: watchFrame(iframe, (outcome) => {
          if (outcome === 'failed') {
            frames.splice(frames.indexOf(frame), 1);
            showFallback(fallbackContent(content, officeLink));
            console.warn(
              `Online scheduler: the scheduler did not load in its frame (refused or unreachable), so the placeholder's own content is shown. If this site is not allowed yet, add ${location.origin} to the company's embedding origins (the console's Website embedding page).`,
            );
          }
          announce(outcome);
        }),
      };
      frames.push(frame);
      announce('loading');
      return iframe;
    };
    if (placeholder.mode === 'popup') {
      const popup = mountPopup(element, {
        buttonText: element.dataset.buttonText || DEFAULT_TITLE,
        title,
        createFrame,
      });
      showFallback = popup.showFallback;
      mounted.push({ element, mode: 'popup', open: popup.open, close: popup.close });
      return;
    }
    const iframe = createFrame();
    Object.assign(iframe.style, { display: 'block', width: '100%', height: `${INITIAL_HEIGHT}px`, border: '0' });
    element.replaceChildren(iframe);
    mounted.push({
      element,
      mode: 'inline',
      // Inline, "open" brings the scheduler into view and, while it stands, focus into it; there is nothing to close.
      open: () => {
        element.scrollIntoView();
        if (iframe.isConnected) iframe.focus({ preventScroll: true });
      },
      close: () => false,
    });
  };

  return {
    api: {
      mount,
      open,
      close: (target) => (target ? [find(target)] : mounted).reduce((closed, entry) => entry?.close() || closed, false),
    },
    prepareOpeners: () =>
      document
        .querySelectorAll<HTMLElement>(OPENER_SELECTOR)
        .forEach((opener) => prepareOpener(opener, find(openerTarget(opener))?.mode === 'popup')),
  };
}
