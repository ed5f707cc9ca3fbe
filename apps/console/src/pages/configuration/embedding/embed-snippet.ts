import {
  BRAND_COLOR_PATTERN,
  EMBED_OPENER_ATTRIBUTE,
  EMBED_SCRIPT_PATH,
  LOCKABLE_FIELDS,
  PREFILL_FIELDS,
  type PrefillField,
} from '@scheduler/contracts/embed';

/**
 * The HTML a company pastes on its page (decisions 0046 and 0060): the placeholder the embed
 * script turns into the scheduler, with a plain link to the scheduler inside it (what the page
 * shows without the script, or when the browser refuses the frame), and the script itself, from
 * this server.
 */

export type EmbedMode = 'inline' | 'popup';

export interface SnippetChoice {
  /** Where the script is served: this console's own server. */
  serverOrigin: string;
  companyKey: string;
  officeUuid: string;
  mode: EmbedMode;
  /** Popup only; empty leaves the script's own wording. */
  buttonText: string;
  /** The scheduler's colour on the page, `#rrggbb`; empty (or not a colour) leaves its own. */
  brandColor: string;
  /** Leave out the scheduler's header and footer: the page has its own. */
  hideHeaderFooter: boolean;
}

/** The words of the link inside the placeholder. */
export const FALLBACK_LINK_TEXT = 'Schedule an inspection online';

/** A colour the snippet may carry: `#` and six hexadecimal digits, as the server takes it. */
export const isBrandColor = (text: string): boolean => BRAND_COLOR_PATTERN.test(text.trim());

/** A value inside double quotes, as the browser reads it back. */
function attributeValue(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** `postal_code` -> `data-postal-code`: the prefill's names as the placeholder's attributes. */
export const dataAttributeOf = (field: string): string => `data-${field.replace(/_/g, '-')}`;

export function embedSnippet(choice: SnippetChoice): string {
  /** A null value is an attribute without one (`data-hide-header-footer`). */
  const attributes: Array<[string, string | null]> = [
    ['data-online-scheduler', choice.companyKey],
    ['data-office', choice.officeUuid],
    ['data-mode', choice.mode],
  ];
  const buttonText = choice.buttonText.trim();
  if (choice.mode === 'popup' && buttonText !== '') attributes.push(['data-button-text', buttonText]);
  if (isBrandColor(choice.brandColor)) attributes.push(['data-brand-color', choice.brandColor.trim().toLowerCase()]);
  if (choice.hideHeaderFooter) attributes.push(['data-hide-header-footer', null]);
  const written = attributes.map(([name, value]) => (value === null ? name : `${name}="${attributeValue(value)}"`));
  const link = `${choice.serverOrigin}/${choice.companyKey}/online-scheduler/${choice.officeUuid}`;
  const fallback = `<a href="${attributeValue(link)}">${FALLBACK_LINK_TEXT}</a>`;
  return `<div ${written.join(' ')}>${fallback}</div>\n<script src="${attributeValue(choice.serverOrigin + EMBED_SCRIPT_PATH)}" async></script>`;
}

/** One line for each field a page may fill in: a Record, so a field added to the contract needs its line here. */
const PREFILL_MEANING: Record<PrefillField, string> = {
  postal_code: 'The property’s postal code; in postal-code mode the visitor starts at the calendar.',
  address: 'The street line of the property’s address.',
  city: 'The property’s city.',
  state: 'The property’s state, as its abbreviation (OH).',
  client_first_name: 'The client’s first name.',
  client_last_name: 'The client’s last name.',
  client_email: 'The client’s e-mail address.',
  client_phone: 'The client’s phone number.',
  agent_email: 'The buyer’s agent, found in your directory by this e-mail address.',
  packages: 'Package ids to put in the cart, separated by commas.',
  services: 'Service ids to put in the cart, separated by commas.',
};

export interface AttributeHelp {
  attribute: string;
  meaning: string;
}

export const PREFILL_ATTRIBUTES: readonly AttributeHelp[] = PREFILL_FIELDS.map((field) => ({
  attribute: dataAttributeOf(field),
  meaning: PREFILL_MEANING[field],
}));

export const LOCK_ATTRIBUTE: AttributeHelp = {
  attribute: 'data-lock',
  meaning: `Fields the visitor sees filled in and cannot change, separated by commas: ${LOCKABLE_FIELDS.join(', ')}.`,
};

export const OPENER_ATTRIBUTE: AttributeHelp = {
  attribute: EMBED_OPENER_ATTRIBUTE,
  meaning:
    'On any button or link of your page: it opens the popup. Give it the placeholder’s id (data-scheduler-open="booking") when the page has more than one.',
};
