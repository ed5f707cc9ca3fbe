import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageFacts } from '../apps/server/src/modules/notifications/mail-content.ts';
import {
  messageDocument,
  messageTemplate,
  type MessageOccasion,
} from '../apps/server/src/modules/notifications/message-document.ts';
import { messageFacts } from '../apps/server/src/modules/notifications/message-fixtures.ts';
import { renderMessage } from '../apps/server/src/modules/notifications/render-message.tsx';
import { accessibilityViolations, workerBrowser, screenshot, VIEWPORTS } from './support/browser.ts';

/**
 * The e-mails as a mail program's window shows them (issue 23): at a phone's width and a
 * desktop's, light and dark, nothing wider than the window, and axe-clean for a screen reader.
 * Issue 24's occasions too: a confirmation with the reader's "Manage your inspection" button, a
 * moved booking's e-mail to the client (the new time, and the old one as "Was"), and the office's
 * copy of a cancellation (who cancelled, why, the late fee). With E2E_SCREENSHOTS=1, screenshots
 * land in .test-artifacts/screenshots/email-*.png to look at.
 */
const MANAGE_URL = 'https://book.example.com/demo/manage/Zm9yZ2VkLXRva2VuLXRoYXQtbm8tbGluay1oYXMtZ28';
const PAY_URL = messageFacts.payUrl!;
/** The fixture's booking (9:30 to 12:00 EST on 1 December 2026) was on Monday 30 November at 10:00 before it moved. */
const PREVIOUS_START = new Date('2026-11-30T15:00:00Z');
const CANCELLED: MessageFacts = {
  ...messageFacts,
  status: 'cancelled',
  cancelled: { at: new Date('2026-11-29T16:00:00Z'), reason: 'We found another house.', feeCents: 7500 },
  sequence: 1,
};

interface Occasion {
  name: string;
  occasion: MessageOccasion;
  facts: MessageFacts;
  /** The last row of the price table ("Total$609.53"), or null where the e-mail has no price. */
  lastRow: string | null;
  /** Where each of the e-mail's buttons leads, by its words; a button not named here must not be there. */
  buttons: Partial<Record<'Pay Online' | 'Manage your inspection', string>>;
  /** Lines of the details the reader must find, each one paragraph ("Label: value"). */
  rows: string[];
}

const OCCASIONS: Occasion[] = [
  {
    name: 'client-confirmation',
    occasion: { kind: 'confirmation', audience: 'client' },
    facts: messageFacts,
    lastRow: 'Total$609.53',
    buttons: { 'Pay Online': PAY_URL },
    rows: [],
  },
  {
    name: 'office-copy',
    occasion: { kind: 'confirmation', audience: 'office' },
    facts: messageFacts,
    lastRow: 'Total$609.53',
    buttons: {},
    rows: ['Note: Gate code 1234'],
  },
  {
    name: 'reminder',
    occasion: { kind: 'reminder', audience: 'client' },
    facts: messageFacts,
    lastRow: 'Total$609.53',
    buttons: { 'Pay Online': PAY_URL },
    rows: [],
  },
  {
    name: 'client-confirmation-manage',
    occasion: { kind: 'confirmation', audience: 'client', manageUrl: MANAGE_URL },
    facts: messageFacts,
    lastRow: 'Total$609.53',
    buttons: { 'Pay Online': PAY_URL, 'Manage your inspection': MANAGE_URL },
    rows: ['When: Tuesday, December 1st 2026, 9:30 AM – 12:00 PM EST'],
  },
  {
    name: 'client-rescheduled',
    occasion: {
      kind: 'rescheduled',
      audience: 'client',
      change: { previousStart: PREVIOUS_START, author: { kind: 'visitor', role: null, isReader: false } },
      manageUrl: MANAGE_URL,
    },
    facts: { ...messageFacts, sequence: 1 },
    lastRow: 'Total$609.53',
    buttons: { 'Pay Online': PAY_URL, 'Manage your inspection': MANAGE_URL },
    rows: [
      'When: Tuesday, December 1st 2026, 9:30 AM – 12:00 PM EST',
      'Was: Monday, November 30th 2026, 10:00 AM – 12:30 PM EST',
    ],
  },
  {
    name: 'office-cancelled',
    occasion: {
      kind: 'cancelled',
      audience: 'office',
      change: { previousStart: messageFacts.start, author: { kind: 'visitor', role: null, isReader: false } },
    },
    facts: CANCELLED,
    // The office's copy keeps the order's price: what was cancelled, beside the fee owed.
    lastRow: 'Total$609.53',
    buttons: {},
    rows: [
      'Cancelled by: the client or agent, with their "Manage your inspection" link',
      'Reason: We found another house.',
      'Late-cancellation fee: $75.00',
      'When: Tuesday, December 1st 2026, 9:30 AM – 12:00 PM EST',
    ],
  },
];
const BRANDING = { color: '#1f4e79', logoUrl: null, companyName: messageFacts.companyName };

describe('the e-mails in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await workerBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  for (const { name, occasion, facts, lastRow, buttons, rows } of OCCASIONS) {
    for (const [viewport, size] of Object.entries(VIEWPORTS)) {
      for (const scheme of ['light', 'dark'] as const) {
        it(`${name} at ${size.width} px, ${scheme}: fits the window and reads for a screen reader`, async () => {
          // The template the worker would choose: the built-in one, the office's own words for its copy of a change.
          const document = messageDocument(facts, occasion, messageTemplate(occasion, {}), BRANDING);
          const rendered = await renderMessage(document);
          // A context of its own: axe-core reads the page through it.
          const context = await browser.newContext({ viewport: size, colorScheme: scheme });
          const page = await context.newPage();
          try {
            await page.setContent(rendered.html);
            expect(await page.evaluate(() => window.document.documentElement.scrollWidth)).toBeLessThanOrEqual(
              size.width,
            );
            expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(document.heading);
            if (lastRow === null) expect(await page.getByRole('table').count()).toBe(0);
            else expect(await page.getByRole('table').getByRole('row').last().textContent()).toBe(lastRow);
            for (const words of ['Pay Online', 'Manage your inspection'] as const) {
              const link = page.getByRole('link', { name: words, exact: true });
              const href = buttons[words];
              if (href === undefined) {
                expect(await link.count(), words).toBe(0);
              } else {
                expect(await link.getAttribute('href')).toBe(href);
                // A button, whole on the screen: not cut off by the window at a phone's width.
                const box = (await link.boundingBox())!;
                expect(box.x).toBeGreaterThanOrEqual(0);
                expect(box.x + box.width).toBeLessThanOrEqual(size.width);
              }
            }
            for (const row of rows)
              await page.getByRole('paragraph').filter({ hasText: row }).first().waitFor({ timeout: 2_000 });
            expect(await accessibilityViolations(page)).toEqual([]);
            await screenshot(page, `email-${name}-${viewport}-${scheme}`);
          } finally {
            await context.close();
          }
        });
      }
    }
  }
});
