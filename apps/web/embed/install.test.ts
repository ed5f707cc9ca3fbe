// @vitest-environment happy-dom
// @vitest-environment-options {"url":"https://www.company.example/book","settings":{"navigation":{"disableChildFrameNavigation":true}}}
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EMBED_FAILED_EVENT,
  EMBED_MESSAGE_SOURCE,
  EMBED_PROTOCOL_VERSION,
  EMBED_READY_EVENT,
} from '@scheduler/contracts/embed';
import { AFTER_LOAD_MS, HELLO_WITHIN_MS } from './frame-watch.ts';
import { install, type OnlineSchedulerApi } from './install.ts';

/**
 * The script's work on a page (decision 0060), in happy-dom with frames that navigate nowhere: the
 * wizard's side is a stand-in window whose messages the test posts.
 */
const SCHEDULER = 'https://scheduler.example.com';
const OFFICE = 'a1b2c3d4-0000-4000-8000-00000000beef';
const PAGE = 'https://www.company.example';

let page: { api: OnlineSchedulerApi; prepareOpeners(): void };
let heard: Array<{ type: string; target: string; detail: unknown }>;
let warnings: string[];

beforeAll(() => {
  page = install(SCHEDULER);
  for (const type of [EMBED_READY_EVENT, EMBED_FAILED_EVENT])
    document.addEventListener(type, (event) =>
      heard.push({ type, target: (event.target as Element).id, detail: (event as CustomEvent).detail }),
    );
});
beforeEach(() => {
  heard = [];
  warnings = [];
  vi.spyOn(console, 'warn').mockImplementation((text: string) => void warnings.push(text));
  // Every frame's watch on a clock of the test's: none is left running past its test.
  vi.useFakeTimers();
});
afterEach(() => {
  document.querySelectorAll('dialog[open]').forEach((dialog) => (dialog as HTMLDialogElement).close());
  document.body.replaceChildren();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Puts `html` in the page and mounts its placeholders, as the script does when it starts. */
function load(html: string): void {
  document.body.innerHTML = html;
  document.querySelectorAll('[data-online-scheduler]').forEach(page.api.mount);
  page.prepareOpeners();
}

const placeholder = (attributes: string, inside = '') =>
  `<div data-online-scheduler="demo" data-office="${OFFICE}" ${attributes}>${inside}</div>`;

/** The frame's wizard as the page hears it: a window of its own, whose messages come from the scheduler's origin. */
function wizardIn(iframe: HTMLIFrameElement) {
  const frameWindow = { postMessage: vi.fn() };
  Object.defineProperty(iframe, 'contentWindow', { value: frameWindow });
  return {
    say: (type: string, fields: object = {}) =>
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: SCHEDULER,
          source: frameWindow as unknown as Window,
          data: { source: EMBED_MESSAGE_SOURCE, version: EMBED_PROTOCOL_VERSION, type, ...fields },
        }),
      ),
  };
}

const frame = () => document.querySelector('iframe')!;
const state = (id: string) => document.getElementById(id)!.getAttribute('data-scheduler-state');

describe('an inline frame', () => {
  it('carries the look, and is ready once its wizard says hello: the event once, the state kept', () => {
    load(placeholder('id="booking" data-brand-color="#0A7" data-hide-header-footer', '<a href="/call">Call us</a>'));
    const src = new URL(frame().src);
    expect([src.searchParams.get('brand_color'), src.searchParams.get('hide_header_footer')]).toEqual(['#00aa77', '1']);
    expect(state('booking')).toBe('loading');
    const wizard = wizardIn(frame());
    wizard.say('hello');
    wizard.say('ready', { google_tag_id: null });
    wizard.say('hello');
    expect(state('booking')).toBe('ready');
    expect(heard).toEqual([
      {
        type: EMBED_READY_EVENT,
        target: 'booking',
        detail: { company_key: 'demo', office_uuid: OFFICE, mode: 'inline' },
      },
    ]);
    expect(warnings).toEqual([]);
  });

  it('takes any message of the wizard as its hello (a wizard that said ready first)', () => {
    load(placeholder('id="booking"'));
    wizardIn(frame()).say('resize', { height: 900 });
    expect(state('booking')).toBe('ready');
  });

  it(`fails when its wizard has not said hello ${HELLO_WITHIN_MS} ms after it was made: the page's own content back, the origin to add named`, () => {
    load(placeholder('id="booking"', '<a href="/call">Call us</a> to book'));
    const iframe = frame();
    const wizard = wizardIn(iframe);
    vi.advanceTimersByTime(HELLO_WITHIN_MS - 1);
    expect(state('booking')).toBe('loading');
    vi.advanceTimersByTime(1);
    expect(state('booking')).toBe('failed');
    expect(document.getElementById('booking')!.innerHTML).toBe('<a href="/call">Call us</a> to book');
    expect(heard).toEqual([
      {
        type: EMBED_FAILED_EVENT,
        target: 'booking',
        detail: { company_key: 'demo', office_uuid: OFFICE, mode: 'inline' },
      },
    ]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`add ${PAGE} to the company's embedding origins`);
    // A wizard that comes up after all is no longer heard: the page shows its fallback.
    wizard.say('hello');
    expect(state('booking')).toBe('failed');
    expect(heard).toHaveLength(1);
  });

  it(`fails ${AFTER_LOAD_MS} ms after its document loaded without a hello (an error page), not before`, () => {
    load(placeholder('id="booking"', '<p>Call us</p>'));
    frame().dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(AFTER_LOAD_MS - 1);
    expect(state('booking')).toBe('loading');
    vi.advanceTimersByTime(1);
    expect(state('booking')).toBe('failed');
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('stays once its wizard said hello, whatever loads or times out after', () => {
    load(placeholder('id="booking"'));
    wizardIn(frame()).say('hello');
    frame().dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(HELLO_WITHIN_MS * 2);
    expect(state('booking')).toBe('ready');
    expect(frame()).not.toBeNull();
  });

  it("shows a line with the office's own link when the page put nothing inside the placeholder", () => {
    load(placeholder('id="booking"', '\n  '));
    vi.advanceTimersByTime(HELLO_WITHIN_MS);
    const link = document.querySelector<HTMLAnchorElement>('#booking a')!;
    expect(link.textContent).toBe('Open the scheduler');
    expect(link.href).toBe(`${SCHEDULER}/demo/online-scheduler/${OFFICE}`);
    expect(document.getElementById('booking')!.textContent).toMatch(/^The scheduler could not be shown here\./);
  });

  it('is brought into view and focus by open(), and has nothing to close', () => {
    load(placeholder('id="booking"'));
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(() => undefined);
    const focused = vi.spyOn(HTMLIFrameElement.prototype, 'focus');
    expect(page.api.open('booking')).toBe(true);
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(focused).toHaveBeenCalledWith({ preventScroll: true });
    expect(page.api.close('booking')).toBe(false);
    expect(page.api.close()).toBe(false);
  });

  it('warns of a brand colour that is not one, and mounts all the same', () => {
    load(placeholder('id="booking" data-brand-color="blue"'));
    expect(new URL(frame().src).searchParams.has('brand_color')).toBe(false);
    expect(warnings).toEqual([expect.stringContaining('data-brand-color="blue" is not a colour such as #1f4e79')]);
  });
});

describe('a popup', () => {
  const dialog = () => document.querySelector('dialog');

  it('is opened by OnlineScheduler.open() and closed by close(), focus back where it was; its frame made on the first opening', () => {
    load(`<button id="mine">Book now</button>${placeholder('id="booking" data-mode="popup"')}`);
    expect(frame()).toBeNull();
    expect(state('booking')).toBeNull();
    document.getElementById('mine')!.focus();
    expect(page.api.open()).toBe(true);
    expect(dialog()!.open).toBe(true);
    expect(document.activeElement?.textContent).toBe('Close');
    expect(state('booking')).toBe('loading');
    expect(page.api.close()).toBe(true);
    expect(dialog()!.open).toBe(false);
    expect(document.activeElement?.id).toBe('mine');
    expect(page.api.close()).toBe(false);
    // Opened again: the same frame.
    const first = frame();
    page.api.open('#booking');
    expect(frame()).toBe(first);
    expect(page.api.close(document.getElementById('booking')!)).toBe(true);
  });

  it('finds the first popup when none is named, even after an inline placeholder, and nothing for an unknown name', () => {
    load(
      `${placeholder('id="inline"')}${placeholder('id="first" data-mode="popup"')}${placeholder('id="second" data-mode="popup"')}`,
    );
    page.api.open();
    expect(document.querySelector('#first dialog')?.hasAttribute('open')).toBe(true);
    page.api.close();
    expect(page.api.open('nowhere')).toBe(false);
    expect(page.api.open(document.body)).toBe(false);
    expect(document.querySelectorAll('dialog[open]')).toHaveLength(0);
  });

  it('counts only placeholders still on the page', () => {
    load(placeholder('id="gone" data-mode="popup"'));
    const gone = document.getElementById('gone')!;
    load(placeholder('id="here" data-mode="popup"'));
    page.api.open();
    expect(document.querySelector('#here dialog')?.hasAttribute('open')).toBe(true);
    expect(gone.querySelector('dialog')).toBeNull();
  });

  it("shows the page's own content in the dialog when its frame fails, Close still there", () => {
    load(placeholder('id="booking" data-mode="popup"', '<a href="tel:+16145550100">Call us to book</a>'));
    expect(document.querySelector('#booking > button')?.textContent).toBe('Schedule an inspection');
    page.api.open();
    vi.advanceTimersByTime(HELLO_WITHIN_MS);
    expect(frame()).toBeNull();
    expect(dialog()!.querySelector('.osch-fallback')?.innerHTML).toBe('<a href="tel:+16145550100">Call us to book</a>');
    expect(dialog()!.querySelector('.osch-close')).not.toBeNull();
    expect(heard.map((event) => event.type)).toEqual([EMBED_FAILED_EVENT]);
    expect(state('booking')).toBe('failed');
  });
});

describe("the page's openers (data-scheduler-open)", () => {
  const press = (element: Element, key: string) => {
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
    element.dispatchEvent(event);
    return event;
  };
  const isOpen = () => document.querySelector('dialog')?.hasAttribute('open') ?? false;

  it('gives an element that is not a button the role, a tab stop and the dialog it opens; a button only the latter', () => {
    load(
      `<div id="div" data-scheduler-open>Book</div><a id="link" href="/book" data-scheduler-open>Book</a>` +
        `<button id="button" data-scheduler-open>Book</button><span id="own" role="link" tabindex="-1" data-scheduler-open="inline">Book</span>` +
        `${placeholder('id="inline"')}${placeholder('data-mode="popup"')}`,
    );
    const attributes = (id: string) => {
      const element = document.getElementById(id)!;
      return [element.getAttribute('role'), element.getAttribute('tabindex'), element.getAttribute('aria-haspopup')];
    };
    expect(attributes('div')).toEqual(['button', '0', 'dialog']);
    expect(attributes('link')).toEqual(['button', null, 'dialog']);
    expect(attributes('button')).toEqual([null, null, 'dialog']);
    // The page's own role and tab stop stay; an inline scheduler is no dialog.
    expect(attributes('own')).toEqual(['link', '-1', null]);
  });

  it('opens the popup on a click, stopping a link from leaving the page', () => {
    load(
      `<p><a id="link" href="/book" data-scheduler-open><span>Book</span></a></p>${placeholder('data-mode="popup"')}`,
    );
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('#link span')!.dispatchEvent(click);
    expect(isOpen()).toBe(true);
    expect(click.defaultPrevented).toBe(true);
  });

  it('opens on Enter and Space as a button does; a link’s Enter and a button’s keys are left to the browser’s own click', () => {
    load(
      `<div id="div" data-scheduler-open="booking">Book</div><a id="link" href="/book" data-scheduler-open>Book</a><button id="button" data-scheduler-open>Book</button>` +
        placeholder('id="booking" data-mode="popup"'),
    );
    for (const [id, key, opens] of [
      ['div', 'Enter', true],
      ['div', ' ', true],
      ['div', 'a', false],
      ['link', ' ', true],
      ['link', 'Enter', false],
      ['button', 'Enter', false],
      ['button', ' ', false],
    ] as const) {
      const event = press(document.getElementById(id)!, key);
      expect(isOpen(), `${id} ${key}`).toBe(opens);
      expect(event.defaultPrevented, `${id} ${key}`).toBe(opens);
      page.api.close();
    }
  });

  it('leaves a click alone when there is nothing to open: the link goes where it says', () => {
    load(`<a id="link" href="/book" data-scheduler-open="nowhere">Book</a>${placeholder('data-mode="popup"')}`);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('link')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    expect(isOpen()).toBe(false);
  });
});
