/**
 * The embed script (issue 27, decision 0046), served at /embed/v1/scheduler.js: it turns each
 * `data-online-scheduler` placeholder of a company's page into the wizard in a frame, inline or in
 * a popup, and relays what the wizard says (its height, its funnel events, its session) to the page.
 * No dependencies: the contract's constants are all it takes from the product (README.md).
 */
import {
  EMBED_DOM_EVENT,
  EMBED_MESSAGE_SOURCE,
  EMBED_PROTOCOL_VERSION,
  EMBED_SCRIPT_PATH,
  type HostToWizardMessage,
  type WizardToHostMessage,
} from '@scheduler/contracts/embed';
import { withAttribution } from './attribution.ts';
import { acceptMessage, boundedHeight } from './frame-messages.ts';
import { frameUrl, locksOf, prefillOf, readPlaceholder, type Placeholder } from './frame-url.ts';
import { mountPopup } from './popup-dialog.ts';
import { keepResumeToken, readResumeToken } from './resume-token.ts';
import { visibleArea } from './visible-area.ts';

declare global {
  interface Window {
    OnlineScheduler?: { mount(element: Element): void };
    dataLayer?: unknown[];
  }
}

const DEFAULT_TITLE = 'Schedule an inspection';
/** About the wizard's first step at 375 px, so the page moves little when the real height arrives. */
const INITIAL_HEIGHT = 640;

interface Frame {
  iframe: HTMLIFrameElement;
  element: HTMLElement;
  placeholder: Placeholder;
  /** The company's Google tag, said by the frame's `ready`: only then do events go to the page's dataLayer. */
  googleTagId: string | null;
}

const warn = (reason: string) => console.warn(`Online scheduler: ${reason}; the placeholder is left as it is.`);

/** Captured at load: document.currentScript is null once the script's first run is over. */
function scriptOrigin(): string | null {
  const script =
    (document.currentScript as HTMLScriptElement | null) ??
    document.querySelector<HTMLScriptElement>(`script[src*="${EMBED_SCRIPT_PATH}"]`);
  try {
    return script ? new URL(script.src).origin : null;
  } catch {
    return null;
  }
}

function install(schedulerOrigin: string): (element: Element) => void {
  const frames: Frame[] = [];
  const mounted = new WeakSet<Element>();

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
    if (accepted) handle(accepted.frame, accepted.message);
  });
  addEventListener('scroll', queueViewports, { passive: true });
  addEventListener('resize', queueViewports, { passive: true });

  return (element) => {
    if (!(element instanceof HTMLElement) || mounted.has(element)) return;
    const reading = readPlaceholder(element.dataset);
    if (!reading.ok) return warn(reading.reason);
    mounted.add(element);
    const { placeholder } = reading;
    const title = element.dataset.title || DEFAULT_TITLE;
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
      });
      // The page's campaign parameters, for the order's source (issue 42). The frame is not in the
      // page yet: it loads once, from this address.
      iframe.src = withAttribution(iframe.src, location.search);
      frames.push({ iframe, element, placeholder, googleTagId: null });
      return iframe;
    };
    if (placeholder.mode === 'popup') {
      mountPopup(element, { buttonText: element.dataset.buttonText || DEFAULT_TITLE, title, createFrame });
      return;
    }
    const iframe = createFrame();
    Object.assign(iframe.style, { display: 'block', width: '100%', height: `${INITIAL_HEIGHT}px`, border: '0' });
    element.replaceChildren(iframe);
  };
}

/** A second copy of the script on the page mounts its placeholders with the first one's listeners. */
function mountFunction(): ((element: Element) => void) | null {
  if (window.OnlineScheduler) return window.OnlineScheduler.mount;
  const origin = scriptOrigin();
  if (!origin) return null;
  const mount = install(origin);
  window.OnlineScheduler = { mount };
  return mount;
}

function start(): void {
  const mount = mountFunction();
  if (!mount) return warn(`cannot tell where ${EMBED_SCRIPT_PATH} was loaded from`);
  const mountAll = () => document.querySelectorAll('[data-online-scheduler]').forEach(mount);
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mountAll);
  else mountAll();
}

start();
