import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Frame, type Locator, type Page } from 'playwright-core';

/**
 * Debian's Chromium builds: the headless shell (package chromium-headless-shell) for the tests,
 * the full browser (package chromium) when HEADED=1 shows it. The shell is the same Blink without
 * the browser's windowing and services, and on two cores a page visit with an axe analysis costs
 * it 42 % less CPU (22.9 against 39.7 core-seconds for six), the browser tests' largest cost.
 * CHROMIUM_PATH names another build.
 */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const FULL_CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM = process.env.CHROMIUM_PATH ?? (process.env.HEADED === '1' ? FULL_CHROMIUM : HEADLESS_SHELL);
export const SCREENSHOT_DIR = '.test-artifacts/screenshots';

/**
 * HEADED=1 shows the browser, each action slowed by HEADED_SLOW_MO ms (default 250) so that a
 * person can follow it; it needs a display (DISPLAY or WAYLAND_DISPLAY, e.g. under xvfb-run).
 */
function headedOptions(): { headless: boolean; slowMo?: number } {
  if (process.env.HEADED !== '1') return { headless: true };
  if (!process.env.DISPLAY && !process.env.WAYLAND_DISPLAY)
    throw new Error('HEADED=1 needs a display: set DISPLAY (or run under xvfb-run).');
  return { headless: false, slowMo: Number(process.env.HEADED_SLOW_MO ?? 250) };
}

/** Debian's Chromium, headless unless HEADED=1, with nothing that reaches for the network: a browser of the caller's own (a benchmark's). */
export async function launchBrowser(): Promise<Browser> {
  const packageName = CHROMIUM === HEADLESS_SHELL ? 'chromium-headless-shell' : 'chromium';
  if (!existsSync(CHROMIUM))
    throw new Error(`Chromium is missing at ${CHROMIUM}: install it with \`apt-get install -y ${packageName}\`.`);
  return chromium.launch({
    ...headedOptions(),
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/** The Chromium of this test worker, started by the first file that asks for it. */
let workersChromium: Promise<Browser> | undefined;

/**
 * A Chromium for one test file: the worker's own, shared with the files it runs before and after
 * this one (the browser project shares its modules between files), since starting one cost each
 * file about a second of both cores. A file's pages live in contexts of their own, as they did in
 * a browser of their own; `close()` on the handle closes the contexts this file opened and leaves
 * the browser to the next file. Playwright ends it when the worker exits.
 */
export async function workerBrowser(): Promise<Browser> {
  // A launch that failed (or a browser that died) is not kept: the next file launches anew
  // instead of failing on the same rejected promise.
  let launched = workersChromium ? await workersChromium.catch(() => undefined) : undefined;
  if (!launched?.isConnected()) {
    workersChromium = launchBrowser();
    workersChromium.catch(() => {
      workersChromium = undefined;
    });
    launched = await workersChromium;
  }
  const browser = launched;
  const opened = new Set<BrowserContext>();
  const newContext: Browser['newContext'] = async (options) => {
    const context = await browser.newContext(options);
    opened.add(context);
    context.on('close', () => opened.delete(context));
    return context;
  };
  const newPage: Browser['newPage'] = async (options) => (await newContext(options)).newPage();
  const close = async () => {
    await Promise.all([...opened].map((context) => context.close()));
  };
  const own: Partial<Record<keyof Browser, unknown>> = { newContext, newPage, close };
  return new Proxy(browser, {
    get(target, property) {
      if (property in own) return own[property as keyof Browser];
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * The full Chromium, as a visitor's browser that refuses a framed page of another site its cookies
 * and storage (Debian's build does by default: `document.hasStorageAccess()` is false and
 * localStorage throws in such a frame; the embed tests check that it still does).
 */
export async function launchBrowserBlockingThirdParties(): Promise<Browser> {
  if (!existsSync(FULL_CHROMIUM))
    throw new Error(`Chromium is missing at ${FULL_CHROMIUM}: install it with \`apt-get install -y chromium\`.`);
  return chromium.launch({
    headless: true,
    executablePath: FULL_CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export const VIEWPORTS = { desktop: { width: 1280, height: 900 }, mobile: { width: 375, height: 812 } } as const;

/**
 * axe-core's rules over the page, run in the page itself as @axe-core/playwright's legacy mode
 * did (its default mode opens a second page for every analysis to merge the frames' results, and
 * the wizard has no frames to merge), with the same options: every rule axe enables by default
 * (best practices included), and only violations detailed (`resultTypes`: the passes it would
 * otherwise describe node by node cost a quarter of the analysis).
 *
 * axe's script is put into each frame of a document once: AxeBuilder evaluated its unminified
 * source (1.3 MB) twice per analysis, and a check at two widths of one page analyses it twice
 * (decision 0084).
 */
async function axeViolations(page: Page): Promise<Violation[]> {
  await animationsSettled(page);
  const [main, ...others] = page.frames();
  await withAxe(main!);
  // A frame that fails or takes over a second (a closing one) is left out, as AxeBuilder left it.
  await Promise.all(
    others.map((frame) =>
      Promise.race([withAxe(frame), new Promise((resolve) => setTimeout(resolve, 1_000))]).catch(() => undefined),
    ),
  );
  const outcome = await page.evaluate(
    (options) =>
      (globalThis as unknown as AxeWindow).axe.run(document, options).then(
        (results) => ({ error: null, violations: results.violations }),
        (error: Error) => ({ error: error.message, violations: [] }),
      ),
    { resultTypes: ['violations'] },
  );
  if (outcome.error) throw new Error(outcome.error);
  return outcome.violations as Violation[];
}

interface AxeWindow {
  axe: {
    run(context: Document, options: object): Promise<{ violations: unknown[] }>;
    configure(options: object): void;
  };
}

/** axe-core in `frame`'s document, configured as @axe-core/playwright configures it: put in once per document. */
async function withAxe(frame: Frame): Promise<void> {
  if (await frame.evaluate(() => typeof (globalThis as unknown as Partial<AxeWindow>).axe?.run === 'function')) return;
  await frame.evaluate(axeSource());
  await frame.evaluate(() =>
    (globalThis as unknown as AxeWindow).axe.configure({
      allowedOrigins: ['<same_origin>'],
      branding: { application: 'playwright' },
    }),
  );
}

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Colours are read once the page is still: a button that has just become enabled fades its
 * background in (MUI's transition), and read halfway it fails contrast it meets when settled.
 * Endless animations (a spinner) never settle and are not waited for.
 */
async function animationsSettled(page: Page | Frame): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

/** What the tests read of an axe-core violation (axe-core's `Result`). */
interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}
const describeViolation = (v: Violation) =>
  `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`;

/** Serious and critical axe-core violations on the page, as readable lines. */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  return (await axeViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(describeViolation);
}

/** axe-core's own script (minified), the version @axe-core/playwright depends on; read once per test process. */
let axeScript: string | undefined;
const axeSource = () =>
  (axeScript ??= readFileSync(
    createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'),
    'utf8',
  ));

/**
 * Every axe-core violation inside one frame of another origin (a company's embed), which the
 * page's analysis leaves out. Evaluated in the frame as the test's own script, so the wizard's
 * Content-Security-Policy has nothing to refuse.
 */
export async function frameAccessibilityViolations(frame: Frame): Promise<string[]> {
  await animationsSettled(frame);
  await frame.evaluate(axeSource());
  const violations = (await frame.evaluate(
    (tags) =>
      (
        globalThis as unknown as {
          axe: { run(context: Document, options: object): Promise<{ violations: unknown[] }> };
        }
      ).axe
        .run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
        .then((results) => results.violations),
    AXE_TAGS,
  )) as Violation[];
  return violations.map(describeViolation);
}

/** Every axe-core violation on the page, whatever its impact, as readable lines. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  return (await axeViolations(page)).map(describeViolation);
}

/** The text of the element that has keyboard focus, with its role or tag. */
export async function focusedElement(
  page: Page,
): Promise<{ tag: string; text: string; id: string; role: string | null }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      text: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim(),
      id: el?.id ?? '',
      role: el?.getAttribute('role') ?? null,
    };
  });
}

/**
 * Screenshots are for a person to look at (E2E_SCREENSHOTS=1 keeps them in SCREENSHOT_DIR); no test
 * reads them, and on two cores each cost a quarter of a second of software rendering, so a plain run
 * takes none.
 */
export const KEEP_SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

/** A screenshot of the whole page (or of one element, or only the viewport) when E2E_SCREENSHOTS=1. */
export async function screenshot(
  target: Page | Locator,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (!KEEP_SCREENSHOTS) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = `${SCREENSHOT_DIR}/${name}.png`;
  if ('goto' in target) await target.screenshot({ path, fullPage: options.fullPage ?? true });
  else await target.screenshot({ path });
}

/** The current heading of the screen, once it has rendered. */
/** Waits until the page's one h1 reads `text` (after a click, the old page's heading may still be up for a moment). */
export async function waitForMainHeading(page: Page, text: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: text, exact: true }).waitFor();
}

export async function mainHeading(page: Page): Promise<string> {
  const heading = page.getByRole('heading', { level: 1 });
  await heading.waitFor();
  return (await heading.textContent()) ?? '';
}
