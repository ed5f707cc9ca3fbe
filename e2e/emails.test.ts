import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TEMPLATES } from '../apps/server/src/modules/notifications/mail-content.ts';
import { messageDocument, type MessageOccasion } from '../apps/server/src/modules/notifications/message-document.ts';
import { messageFacts } from '../apps/server/src/modules/notifications/message-fixtures.ts';
import { renderMessage } from '../apps/server/src/modules/notifications/render-message.tsx';
import { accessibilityViolations, launchBrowser, screenshot, VIEWPORTS } from './support/browser.ts';

/**
 * The e-mails as a mail program's window shows them (issue 23): at a phone's width and a
 * desktop's, light and dark, nothing wider than the window, and axe-clean for a screen reader.
 * With E2E_SCREENSHOTS=1, screenshots land in .test-artifacts/screenshots/email-*.png to look at.
 */
const OCCASIONS: Array<[string, MessageOccasion]> = [
  ['client-confirmation', { kind: 'confirmation', audience: 'client' }],
  ['office-copy', { kind: 'confirmation', audience: 'office' }],
  ['reminder', { kind: 'reminder', audience: 'client' }],
];
const BRANDING = { color: '#1f4e79', logoUrl: null, companyName: messageFacts.companyName };

describe('the e-mails in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  for (const [name, occasion] of OCCASIONS) {
    for (const [viewport, size] of Object.entries(VIEWPORTS)) {
      for (const scheme of ['light', 'dark'] as const) {
        it(`${name} at ${size.width} px, ${scheme}: fits the window and reads for a screen reader`, async () => {
          const template = DEFAULT_TEMPLATES[occasion.kind === 'confirmation' ? occasion.audience : occasion.kind];
          const document = messageDocument(messageFacts, occasion, template, BRANDING);
          const rendered = await renderMessage(document);
          // A context of its own: axe-core reads the page through it.
          const context = await browser.newContext({ viewport: size, colorScheme: scheme });
          const page = await context.newPage();
          try {
            await page.setContent(rendered.html);
            expect(await page.evaluate(() => window.document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
            expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(document.heading);
            expect(await page.getByRole('table').getByRole('row').last().textContent()).toBe('Total$609.53');
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
