import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ensureMember,
  organizationOfCompanyKey,
} from '../apps/server/src/modules/console-auth/console-auth.repository.ts';
import { screenshot, VIEWPORTS, waitForMainHeading } from './support/browser.ts';
import { consoleLinkIn, DEMO_COMPANY, forgetSignInAttempts, signInMember, waitForMail } from './support/console.ts';
import { useRunningProduct } from './support/running-product.ts';

/**
 * The console's accounts in the browser (decision 0044): a password chosen from the reset e-mail's
 * link, a wrong password and too many of them, an invitation from the Team page turned into an
 * account, and a passkey added on Account that then signs in.
 */
const running = useRunningProduct();

const MISMATCH = 'That e-mail address and password do not match. Check them and try again.';
const TOO_MANY = 'Too many attempts. Please wait a minute and try again.';

async function signInWithPassword(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function memberWithoutPassword(email: string, name: string): Promise<void> {
  const { product } = running;
  const organizationId = (await organizationOfCompanyKey(product.database.db, DEMO_COMPANY.key))!;
  await ensureMember(product.database.db, { email, name }, organizationId, 'office');
}

/** A member who chose `password` through the reset e-mail, as the first test walks it. */
async function resetPasswordOf(page: Page, email: string, password: string): Promise<void> {
  const { product } = running;
  await page.goto(`${product.publicUrl}/console/sign-in`);
  await waitForMainHeading(page, 'Sign in');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await waitForMainHeading(page, 'Choose a new password');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: 'If that address has an account, we have sent it a link to choose a new password.' })
    .waitFor();
  const mail = await waitForMail(product, email, (m) => m.text.includes('/console/reset-password'));
  await page.goto(consoleLinkIn(mail, product, 'reset-password'));
  await waitForMainHeading(page, 'Choose a new password');
  await page.getByLabel(/^New password/).fill(password);
  await page.getByLabel('The new password again').fill(password);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await page.getByRole('status').filter({ hasText: 'Your password is changed. Sign in with the new one.' }).waitFor();
}

it('chooses a new password from the reset e-mail and signs in with it', async () => {
  const { browser } = running;
  const email = 'rita.reset@example.com';
  await memberWithoutPassword(email, 'Rita Reset');
  const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
  await resetPasswordOf(page, email, 'a-new-password-42');
  await screenshot(page, 'console-password-changed-1280');
  await signInWithPassword(page, email, 'a-new-password-42');
  await waitForMainHeading(page, 'Schedule');
  expect(new URL(page.url()).pathname).toBe('/console/demo/schedule');
  await page.close();
});

it('says a wrong password does not match, and after six quick ones that there were too many attempts', async () => {
  const { product, browser } = running;
  const email = 'wanda.wrong@example.com';
  await memberWithoutPassword(email, 'Wanda Wrong');
  const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
  await resetPasswordOf(page, email, 'the-right-password-1');
  // This file's other sign-ins do not count against these six.
  await forgetSignInAttempts(product, '/sign-in/email');
  const alert = page.getByRole('alert');
  await signInWithPassword(page, email, 'not-the-password-1');
  await alert.filter({ hasText: MISMATCH }).waitFor();
  await screenshot(page, 'console-wrong-password-1280');
  const seen: string[] = [(await alert.textContent()) ?? ''];
  for (let attempt = 2; attempt <= 6; attempt++) {
    const answered = page.waitForResponse((response) => response.url().includes('/sign-in/email'));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await answered;
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    seen.push((await alert.textContent()) ?? '');
  }
  expect(seen.slice(0, 5)).toEqual(Array(5).fill(MISMATCH));
  expect(seen[5]).toBe(TOO_MANY);
  await screenshot(page, 'console-too-many-attempts-1280');
  // Even the right password waits for the minute.
  await page.getByLabel(/^Password/).fill('the-right-password-1');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await alert.filter({ hasText: TOO_MANY }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/console/sign-in');
  await forgetSignInAttempts(product, '/sign-in/email');
  await page.close();
});

it('invites new.office@example.com as office from the Team page, and the invitation makes an office account', async () => {
  const { product, browser } = running;
  const owner = await browser.newPage({ viewport: VIEWPORTS.desktop });
  await signInMember(owner, product, { email: 'ida.owner@example.com', name: 'Ida Owner', role: 'owner' });
  await owner.getByRole('link', { name: 'Team', exact: true }).click();
  await waitForMainHeading(owner, 'Team');
  const invite = owner.getByRole('region', { name: 'Invite someone' });
  await invite.getByLabel('E-mail address').fill('new.office@example.com');
  await invite.getByRole('combobox', { name: 'Role' }).click();
  await owner.getByRole('option', { name: 'Office' }).click();
  await invite.getByRole('button', { name: 'Send the invitation' }).click();
  await invite
    .getByRole('status')
    .filter({ hasText: 'We have sent an invitation to new.office@example.com.' })
    .waitFor();
  await owner
    .getByRole('region', { name: 'Pending invitations' })
    .getByText(/new\.office@example\.com · Office/)
    .waitFor();
  await screenshot(owner, 'console-team-invited-1280');
  await owner.close();

  const mail = await waitForMail(product, 'new.office@example.com', (m) =>
    m.text.includes('/console/accept-invitation/'),
  );
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
  const page = await context.newPage();
  await page.goto(consoleLinkIn(mail, product, 'accept-invitation'));
  await waitForMainHeading(page, 'Join your company');
  // The account is for the address the invitation went to: named, not typed (issue 39).
  await page.getByText('new.office@example.com', { exact: true }).waitFor();
  await page.getByLabel('Your name').fill('Nina New');
  await page.getByLabel(/^Password/).fill('nina-new-password-7');
  await page.getByLabel('The password again').fill('nina-new-password-7');
  await page.getByRole('button', { name: 'Create my account and join' }).click();
  await waitForMainHeading(page, 'Schedule');
  expect(new URL(page.url()).pathname).toBe('/console/demo/schedule');
  // An office member: the office's links, no Team.
  expect(
    (await page.getByRole('navigation', { name: 'Console' }).getByRole('link').allTextContents()).map((text) =>
      text.trim(),
    ),
  ).toEqual(['Schedule', 'Orders', 'Payments', 'My tasks', 'Funnel', 'Account']);
  await page.getByRole('button', { name: 'Book by phone' }).waitFor();
  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await page.getByText('Nina New · new.office@example.com').waitFor();
  await context.close();
});

it('adds a passkey on Account, and after signing out "Sign in with a passkey" signs in', async () => {
  const { product, browser } = running;
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });

  await signInMember(page, product, { email: 'pat.passkey@example.com', name: 'Pat Passkey', role: 'office' });
  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await waitForMainHeading(page, 'Your account');
  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  await passkeys.getByText('You have no passkeys yet.').waitFor();
  await passkeys.getByLabel('Name for the new passkey').fill('Test laptop');
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await passkeys.getByText(/^Test laptop · added /).waitFor();
  await screenshot(page, 'console-passkey-added-1280');

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await waitForMainHeading(page, 'Sign in');
  await page.goto(`${product.publicUrl}/console/demo/schedule`);
  await waitForMainHeading(page, 'Sign in');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await waitForMainHeading(page, 'Schedule');
  expect(new URL(page.url()).pathname).toBe('/console/demo/schedule');
  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await page.getByText('Pat Passkey · pat.passkey@example.com').waitFor();
  await context.close();
});
