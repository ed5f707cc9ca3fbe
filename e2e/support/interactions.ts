import type { BrowserContext, Page } from 'playwright-core';

/**
 * Counts a visitor's interactions in every page of a context (issue 20 item 10), as a person would
 * count them: each click or tap, each key pressed, each field typed into (however many characters:
 * typing on into the same field is one), and each choice in a drop-down. Ticking a check box or
 * choosing a radio is its click (or key) alone: the browser's `input` event that follows is the same act. Only events the browser
 * marks as the user's own count, so the page's own scripts add nothing.
 */
export async function countInteractions(context: BrowserContext): Promise<void> {
  await context.addInitScript((TAB_LOG) => {
    const counter = window as unknown as { __interactions: number };
    counter.__interactions = 0;
    let lastTyped: EventTarget | null = null;
    // The tab's list, kept in its session storage so that it runs on across full page loads (the
    // agent portal's link into the wizard): one line an interaction, what and where.
    const tabLog = (line: string) => {
      try {
        const log = JSON.parse(sessionStorage.getItem(TAB_LOG) ?? '[]') as string[];
        sessionStorage.setItem(TAB_LOG, JSON.stringify([...log, line]));
      } catch {
        // A page without storage (about:blank) keeps its own count only.
      }
    };
    const count = (event: Event) => {
      counter.__interactions++;
      const target = event.target as HTMLElement | null;
      const name =
        target?.getAttribute('aria-label') ||
        target?.getAttribute('name') ||
        (target?.textContent ?? '').trim().slice(0, 48);
      tabLog(`${event.type} ${target?.tagName.toLowerCase() ?? '?'} "${name}" on ${location.pathname}`);
    };
    document.addEventListener('click', (event) => event.isTrusted && count(event), true);
    document.addEventListener('keydown', (event) => event.isTrusted && count(event), true);
    document.addEventListener(
      'input',
      (event) => {
        if (!event.isTrusted || event.target === lastTyped) return;
        // A check box's or radio's change follows the click (or Space) that made it, already counted.
        const kind = (event.target as HTMLInputElement | null)?.type;
        if (kind === 'checkbox' || kind === 'radio') return;
        lastTyped = event.target;
        count(event);
      },
      true,
    );
    // A drop-down's choice: Playwright's selectOption sets it from script, as a pick would end.
    document.addEventListener(
      'change',
      (event) => (event.target as Element | null)?.tagName === 'SELECT' && count(event),
      true,
    );
  }, TAB_LOG);
}

const TAB_LOG = '__interactions_of_tab';

/** The interactions counted in the page so far. */
export async function interactionsOf(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __interactions?: number }).__interactions ?? 0);
}

/**
 * Every interaction counted in the page's tab so far, across full page loads of the same site (the
 * agent portal's link into the wizard, issue 47): one line each, what was touched and where.
 */
export async function interactionsOfTab(page: Page): Promise<string[]> {
  return page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[], TAB_LOG);
}
