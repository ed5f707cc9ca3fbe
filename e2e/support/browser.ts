import { existsSync, mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = '.test-artifacts/screenshots';

/**
 * HEADED=1 shows the browser, each action slowed by HEADED_SLOW_MO ms (default 250) so that a
 * person can follow it; it needs a display (DISPLAY or WAYLAND_DISPLAY, e.g. under xvfb-run).
 */
function headedOptions(): { headless: boolean; slowMo?: number } {
  if (process.env.HEADED !== '1') return { headless: true };
  if (!process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) throw new Error('HEADED=1 needs a display: set DISPLAY (or run under xvfb-run).');
  return { headless: false, slowMo: Number(process.env.HEADED_SLOW_MO ?? 250) };
}

/** Debian's Chromium, headless unless HEADED=1, with nothing that reaches for the network. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is missing at ${CHROMIUM}: install it with \`apt-get install -y chromium\`.`);
  return chromium.launch({
    ...headedOptions(),
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

export const VIEWPORTS = { desktop: { width: 1280, height: 900 }, mobile: { width: 375, height: 812 } } as const;

/** Serious and critical axe-core violations on the page, as readable lines. */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Every axe-core violation on the page, whatever its impact, as readable lines. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The text of the element that has keyboard focus, with its role or tag. */
export async function focusedElement(page: Page): Promise<{ tag: string; text: string; id: string; role: string | null }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return { tag: el?.tagName.toLowerCase() ?? '', text: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim(), id: el?.id ?? '', role: el?.getAttribute('role') ?? null };
  });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

/** The current heading of the screen, once it has rendered. */
export async function mainHeading(page: Page): Promise<string> {
  const heading = page.getByRole('heading', { level: 1 });
  await heading.waitFor();
  return (await heading.textContent()) ?? '';
}
