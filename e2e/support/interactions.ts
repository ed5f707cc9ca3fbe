import type { BrowserContext, Page } from 'playwright-core';

/**
 * Counts a visitor's interactions in every page of a context (issue 20 item 10), as a person would
 * count them: each click or tap, each key pressed, each field typed into (however many characters:
 * typing on into the same field is one), and each choice in a drop-down. Only events the browser
 * marks as the user's own count, so the page's own scripts add nothing.
 */
export async function countInteractions(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const counter = window as unknown as { __interactions: number };
    counter.__interactions = 0;
    let lastTyped: EventTarget | null = null;
    const count = () => {
      counter.__interactions++;
    };
    document.addEventListener('click', (event) => event.isTrusted && count(), true);
    document.addEventListener('keydown', (event) => event.isTrusted && count(), true);
    document.addEventListener(
      'input',
      (event) => {
        if (!event.isTrusted || event.target === lastTyped) return;
        lastTyped = event.target;
        count();
      },
      true,
    );
    // A drop-down's choice: Playwright's selectOption sets it from script, as a pick would end.
    document.addEventListener(
      'change',
      (event) => (event.target as Element | null)?.tagName === 'SELECT' && count(),
      true,
    );
  });
}

/** The interactions counted in the page so far. */
export async function interactionsOf(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __interactions?: number }).__interactions ?? 0);
}
