import { randomUUID } from 'node:crypto';
import { possessive } from '@scheduler/domain/possessive';
import type { JobToQueue } from './job-queue.repository.ts';
import type { MessageBranding, MessageDocument } from './message-document.ts';

/**
 * The console's e-mails about a person's access (issue 25): a password reset, an invitation to a
 * company, a one-time sign-in link. They go through the same queue as the booking messages, so a
 * mail server that is down delays them and loses none. The token travels in the job only until
 * the message is sent (completeJob drops it); the link is written from PUBLIC_URL when it goes.
 */
export const ACCOUNT_EMAIL_JOB = 'account_email';

export type AccountMessageType =
  | 'password_reset'
  | 'invitation'
  | 'sign_in_link'
  | 'verify_email'
  | 'account_exists'
  // To the owners: the server disabled one of the company's webhook endpoints (decision 0086).
  | 'webhook_disabled'
  // To a directory agent: their one-use sign-in link to the company's agent portal (decision 0092).
  | 'agent_sign_in_link'
  // To the inspector and the owners and admins: an inspector's calendar refused its password (decision 0089).
  | 'calendar_reconnect';

/**
 * The account e-mails written as from the product rather than a company: those about an address
 * before any company (a sign-up's confirmation, and the answer to a sign-up with an address that
 * already has an account, issue 39).
 */
export const PRODUCT_ACCOUNT_MESSAGES: ReadonlySet<AccountMessageType> = new Set(['verify_email', 'account_exists']);

/** The name an e-mail before any company is written under (a sign-up's address confirmation). */
export const PRODUCT_NAME = 'Online Scheduler';

/** Where a confirmed sign-up continues: naming the company (the console's new-company page). */
export const AFTER_VERIFICATION_PATH = '/console/new-company';

export interface AccountEmailPayload extends Record<string, unknown> {
  type: AccountMessageType;
  to: string;
  /** The reset token, invitation id or sign-in token: the link's secret. Removed once sent. */
  account_token?: string;
  /** An invitation's company and inviter, and the role offered. */
  company_name?: string;
  inviter_name?: string;
  role?: string;
  /** A disabled webhook's company (for the link to its page), its URL, and why (`failing`, `gone`). */
  company_key?: string;
  endpoint_url?: string;
  reason?: string;
  /** The inspector whose calendar needs reconnecting (calendar_reconnect). */
  inspector_name?: string;
}

/** An account e-mail to queue, as part of the company whose sender and colours it carries (null: the product's). */
export function accountEmailJob(companyId: string | null, payload: AccountEmailPayload, now: Date): JobToQueue {
  return { companyId, kind: ACCOUNT_EMAIL_JOB, dedupeKey: `account:${randomUUID()}`, payload, runAt: now };
}

/** How long each link stays good, in the words the e-mail uses (auth.ts sets the same durations). */
export const ACCOUNT_LINK_LIFETIMES = {
  password_reset: '1 hour',
  invitation: '7 days',
  sign_in_link: '24 hours',
  verify_email: '24 hours',
} as const;

/** How long an agent's sign-in link stays good, in the e-mail's words (modules/agents sets the same, decision 0092). */
export const AGENT_SIGN_IN_LINK_LIFETIME = '15 minutes';

/** Where Better Auth sends a sign-in link it refuses, with `?error=INVALID_TOKEN` (the console's sign-in page). */
const SIGN_IN_LINK_FAILED_PATH = '/console/sign-in';

/** The tokens of reset, invitation and sign-in links; an address confirmation's is a signed JWT (three base64url parts). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{8,200}$/;
const JWT_PATTERN = /^[A-Za-z0-9_-]{2,1000}\.[A-Za-z0-9_-]{2,2000}\.[A-Za-z0-9_-]{2,1000}$/;

/** The link a message carries, under the configured base (house rule 15). */
export function accountLink(payload: AccountEmailPayload, publicBaseUrl: string): string | null {
  // No secret: the sign-in page, where the person signs in or chooses "Forgot your password?".
  if (payload.type === 'account_exists')
    return `${publicBaseUrl}/console/sign-in?email=${encodeURIComponent(payload.to)}`;
  if (payload.type === 'webhook_disabled' || payload.type === 'calendar_reconnect')
    return typeof payload.company_key === 'string' && payload.company_key !== ''
      ? `${publicBaseUrl}/console/${encodeURIComponent(payload.company_key)}/${payload.type === 'webhook_disabled' ? 'webhooks' : 'account'}`
      : null;
  const token = payload.account_token;
  if (typeof token !== 'string' || !(payload.type === 'verify_email' ? JWT_PATTERN : TOKEN_PATTERN).test(token))
    return null;
  const encoded = encodeURIComponent(token);
  switch (payload.type) {
    case 'password_reset':
      return `${publicBaseUrl}/console/reset-password?token=${encoded}`;
    case 'invitation':
      // The address it went to, so the page can fill in the form to make the account.
      return `${publicBaseUrl}/console/accept-invitation/${encoded}?email=${encodeURIComponent(payload.to)}`;
    case 'sign_in_link':
      // A used or expired link goes to the sign-in page, which says so (issue 41), not to /console.
      return `${publicBaseUrl}/api/auth/magic-link/verify?token=${encoded}&callbackURL=${encodeURIComponent('/console')}&errorCallbackURL=${encodeURIComponent(SIGN_IN_LINK_FAILED_PATH)}`;
    case 'agent_sign_in_link':
      // In the fragment: the page posts it, so it is in no server's log and a mail scanner's visit does not use it.
      return typeof payload.company_key === 'string' && payload.company_key !== ''
        ? `${publicBaseUrl}/${encodeURIComponent(payload.company_key)}/agents/sign-in#token=${encoded}`
        : null;
    case 'verify_email':
      return `${publicBaseUrl}/api/auth/verify-email?token=${encoded}&callbackURL=${encodeURIComponent(AFTER_VERIFICATION_PATH)}`;
  }
}

const ROLE_WORDS: Record<string, string> = {
  owner: 'an owner',
  admin: 'an administrator',
  office: 'office staff',
  inspector: 'an inspector',
};

/** The e-mail itself: one heading, a short explanation, and the link as its button. */
export function accountMessageDocument(
  payload: AccountEmailPayload,
  url: string,
  branding: MessageBranding,
): MessageDocument {
  const common = { sections: [], manage: null, calendarLinks: [], prepare: [], contact: null, branding };
  switch (payload.type) {
    case 'password_reset':
      return {
        ...common,
        subject: `Choose a new password for ${possessive(branding.companyName)} console`,
        preview: 'Someone asked to reset the password of this account.',
        heading: 'Choose a new password',
        opening: [
          `Someone (we hope you) asked to reset the password you use to sign in to ${possessive(branding.companyName)} console. The link works once, for ${ACCOUNT_LINK_LIFETIMES.password_reset}.`,
          'If it was not you, ignore this e-mail: your password stays as it is.',
        ],
        action: { label: 'Choose a new password', url },
      };
    case 'invitation': {
      const inviter = payload.inviter_name?.trim() || 'Someone';
      const company = payload.company_name?.trim() || branding.companyName;
      const role = ROLE_WORDS[payload.role ?? ''] ?? 'a member';
      return {
        ...common,
        subject: `${inviter} invited you to ${possessive(company)} console`,
        preview: `Join ${company} as ${role}.`,
        heading: `Join ${company}`,
        opening: [
          `${inviter} invited you to ${possessive(company)} scheduling console as ${role}. The invitation is good for ${ACCOUNT_LINK_LIFETIMES.invitation}.`,
        ],
        action: { label: 'Accept the invitation', url },
      };
    }
    case 'sign_in_link':
      return {
        ...common,
        subject: `Sign in to ${possessive(branding.companyName)} console`,
        preview: 'Your one-time sign-in link.',
        heading: 'Sign in',
        opening: [
          `This link signs you in to ${possessive(branding.companyName)} console once, within ${ACCOUNT_LINK_LIFETIMES.sign_in_link}. Then choose a password or add a passkey on your account page.`,
        ],
        action: { label: 'Sign in', url },
      };
    case 'agent_sign_in_link':
      return {
        ...common,
        subject: `Your sign-in link for ${possessive(branding.companyName)} agent portal`,
        preview: 'Your one-time sign-in link.',
        heading: 'Sign in to the agent portal',
        opening: [
          `This link signs you in to ${possessive(branding.companyName)} agent portal once, within ${AGENT_SIGN_IN_LINK_LIFETIME}. There you see the inspections you are on and book another.`,
          'If you did not ask for it, ignore this e-mail: nobody can sign in without it.',
        ],
        action: { label: 'Sign in', url },
      };
    case 'verify_email':
      return {
        ...common,
        subject: 'Confirm your e-mail address to set up your scheduler',
        preview: 'One click, then name your company.',
        heading: 'Confirm your e-mail address',
        opening: [
          `Someone (we hope you) signed up for ${branding.companyName} with this address. The link confirms it is yours and takes you on to set up your company; it works for ${ACCOUNT_LINK_LIFETIMES.verify_email}.`,
          'If it was not you, ignore this e-mail: nothing is set up without it.',
        ],
        action: { label: 'Confirm and continue', url },
      };
    case 'account_exists':
      return {
        ...common,
        subject: `You already have an account with ${branding.companyName}`,
        preview: 'Someone tried to sign up with this address.',
        heading: 'You already have an account',
        opening: [
          `Someone (we hope you) tried to create an account with ${branding.companyName} using this address, which already has one. Sign in with it instead; if you have forgotten your password, choose "Forgot your password?" on the sign-in page.`,
          'If it was not you, ignore this e-mail: nothing has changed.',
        ],
        action: { label: 'Sign in', url },
      };
    case 'webhook_disabled': {
      const why =
        payload.reason === 'gone'
          ? 'its receiver answered that it is gone (HTTP 410)'
          : 'every delivery to it has failed for 3 days';
      return {
        ...common,
        subject: `A webhook of ${branding.companyName} was turned off`,
        preview: 'Events are no longer sent to it.',
        heading: 'A webhook was turned off',
        opening: [
          `The webhook endpoint ${payload.endpoint_url ?? ''} was turned off because ${why}. Events are no longer sent to it.`,
          'Its delivery log says what the receiver answered. Once it is fixed, turn the endpoint on again and resend what it missed.',
        ],
        action: { label: 'Open the webhooks', url },
      };
    }
    case 'calendar_reconnect':
      return {
        ...common,
        subject: `${payload.inspector_name ?? 'An inspector'}'s calendar needs reconnecting`,
        preview: 'Busy times are no longer read from it, and bookings no longer written to it.',
        heading: 'A calendar needs reconnecting',
        opening: [
          `The calendar ${payload.inspector_name ?? 'an inspector'} connected to ${branding.companyName} refused its password (it was changed or revoked). Its busy times last read still count, but new events are not read, and bookings are not written to it.`,
          'The inspector reconnects it on their account page with a new app password.',
        ],
        action: { label: 'Open the account page', url },
      };
  }
}
