import type { FunnelEvent } from './analytics.ts';

/**
 * The embedded scheduler (issue 27): what the embed script on a company's page and the wizard in
 * its frame say to each other, and what a page may fill in for the visitor. Types and constants
 * only, so that the embed script (no dependencies, a few KB) can share them.
 *
 * - The script is served at `EMBED_SCRIPT_PATH`; a placeholder element carries `data-online-scheduler`
 *   with the company key and office uuid (see apps/web/embed/README.md).
 * - The frame starts a session at `/{company_key}/online-scheduler/{office_uuid}` with the query
 *   parameters below; the server applies the prefill to the new draft order (each value validated
 *   as the wizard's own input would be; a bad one is left out) and keeps `embed` and `host` on the
 *   redirect into the wizard.
 */

/** Versioned: a breaking change to the placeholder's attributes or the messages gets /v2/. */
export const EMBED_SCRIPT_PATH = '/embed/v1/scheduler.js';

/** Every message carries these two, so that the page's other messages are told apart. */
export const EMBED_MESSAGE_SOURCE = 'online-scheduler';
export const EMBED_PROTOCOL_VERSION = 1;

/** What the prefill may fill in: a query parameter of the frame's URL, of the host page's URL, or a data attribute (`data-` + the name with dashes). */
export const PREFILL_FIELDS = [
  'postal_code',
  /** The street line; with `city`, `state` (its abbreviation) and `postal_code` the address step is filled. */
  'address',
  'city',
  'state',
  'client_first_name',
  'client_last_name',
  'client_email',
  'client_phone',
  /** Finds the agent in the company's directory by e-mail; the visitor's buyer's agent. */
  'agent_email',
  /** Comma-separated package ids. */
  'packages',
  /** Comma-separated service uuids. */
  'services',
] as const;
export type PrefillField = (typeof PREFILL_FIELDS)[number];

/** Fields a company may lock (`data-lock`, `lock=` in the frame's URL): the visitor sees them filled and cannot change them. */
export const LOCKABLE_FIELDS = ['postal_code', 'client_email', 'agent_email'] as const;
export type LockableField = (typeof LOCKABLE_FIELDS)[number];

/** The frame's own query parameters, besides the prefill. */
export const EMBED_QUERY = {
  /** `1`: the wizard is in a frame on a company's page. */
  embed: 'embed',
  /** The host page's origin: the one origin the wizard posts to (kept only when it is one of the company's embedding origins). */
  host: 'host',
  /** The token of the visitor's unfinished session on this page, kept by the embed script: the wizard offers to resume it. */
  resume: 'resume',
  /** Comma-separated `LockableField`s. */
  lock: 'lock',
  /**
   * The company's colour, `#rrggbb`: the wizard's primary colour in this frame (decision 0060).
   * Like `hide_header_footer`, kept only with an accepted `host`, and applied only when framed by it.
   */
  brandColor: 'brand_color',
  /** `1`: the wizard leaves out its header (logo, phone, banner) and footer (office details); the company's page has its own. */
  hideHeaderFooter: 'hide_header_footer',
} as const;

/** A brand colour as the frame's URL carries it (the script writes `#abc` out as `#aabbcc`). */
export const BRAND_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/**
 * `preview=1` on a company's link: the console's preview of the wizard beside an editor (issue 26).
 * The redirect keeps it, and the wizard then sends no funnel events: the office looking at its
 * own scheduler is not a visitor.
 */
export const PREVIEW_QUERY = 'preview';

interface MessageBase {
  source: typeof EMBED_MESSAGE_SOURCE;
  version: typeof EMBED_PROTOCOL_VERSION;
}

/** From the wizard's frame to the host page (posted to the host's origin only). */
export type WizardToHostMessage = MessageBase &
  /**
   * The wizard's document is up in the frame (posted as its script starts, before any data): the
   * embed script's sign that the browser did not refuse the frame (decision 0060).
   */
  (
    | { type: 'hello' }
    | {
        type: 'ready';
        /** The company's Google Tag Manager or GA4 id: the embed script pushes events to the host's `dataLayer`. */
        google_tag_id: string | null;
      }
    /** The content's height in CSS pixels: the frame takes it, so there is no inner scrollbar. */
    | { type: 'resize'; height: number }
    /** A funnel event, with the office it happened in. */
    | { type: 'event'; event: FunnelEvent; office_uuid: string }
    /** The visitor's unfinished session, for the resume offer after the host page reloads; null once it is confirmed. */
    | { type: 'session'; office_uuid: string; token: string | null }
    /**
     * Escape pressed in the wizard while none of its own dialogs is open: a key pressed in the
     * frame never reaches the host page, so a popup closes on this.
     */
    | { type: 'escape' }
  );

/**
 * From the host page to an inline frame: the part of the frame the visitor can see, in the frame's
 * own CSS pixels (top from the frame's top edge, and height), sent as the host page scrolls or
 * resizes. The wizard shows its dialogs there: centred in a frame taller than the screen, a
 * dialog would open out of sight.
 */
export type HostToWizardMessage = MessageBase & { type: 'viewport'; top: number; height: number };

/** The event the embed script dispatches on its placeholder element for each funnel event (`detail`: the event and office). */
export const EMBED_DOM_EVENT = 'online-scheduler:event';
/** Dispatched on the placeholder once its frame's wizard says hello (decision 0060). */
export const EMBED_READY_EVENT = 'online-scheduler:ready';
/** Dispatched on the placeholder when its frame never said hello (refused or unreachable): its fallback content is shown. */
export const EMBED_FAILED_EVENT = 'online-scheduler:failed';
/** The placeholder's state, for a page that looks after the events were sent: `loading`, `ready` or `failed`. */
export const EMBED_STATE_ATTRIBUTE = 'data-scheduler-state';
/** On any element of the page: a click (or Enter or Space) opens the popup; its value may name the placeholder's id. */
export const EMBED_OPENER_ATTRIBUTE = 'data-scheduler-open';
