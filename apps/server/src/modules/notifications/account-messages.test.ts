import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_EMAIL_JOB,
  ACCOUNT_LINK_LIFETIMES,
  accountEmailJob,
  accountLink,
  accountMessageDocument,
  type AccountEmailPayload,
} from './account-messages.ts';

const BASE = 'https://book.example.com';
const BRANDING = { color: '#123456', logoUrl: null, companyName: 'Scioto Valley' };
const TOKEN = 'AbC-123_xyz-0987';

describe('accountLink', () => {
  it('writes each type of link under the configured base, with its token', () => {
    expect(accountLink({ type: 'password_reset', to: 'a@example.com', account_token: TOKEN }, BASE)).toBe(
      `${BASE}/console/reset-password?token=${TOKEN}`,
    );
    expect(accountLink({ type: 'invitation', to: 'a@example.com', account_token: TOKEN }, BASE)).toBe(
      `${BASE}/console/accept-invitation/${TOKEN}?email=a%40example.com`,
    );
    expect(accountLink({ type: 'sign_in_link', to: 'a@example.com', account_token: TOKEN }, BASE)).toBe(
      `${BASE}/api/auth/magic-link/verify?token=${TOKEN}&callbackURL=%2Fconsole&errorCallbackURL=%2Fconsole%2Fsign-in`,
    );
  });

  it('keeps the base it is given (a path prefix included) and nothing of the recipient', () => {
    const link = accountLink(
      { type: 'password_reset', to: 'evil.example.com', account_token: TOKEN },
      'https://example.org/scheduler',
    );
    expect(link).toBe(`https://example.org/scheduler/console/reset-password?token=${TOKEN}`);
    const url = new URL(accountLink({ type: 'sign_in_link', to: 'x@example.com', account_token: TOKEN }, BASE)!);
    expect(url.origin).toBe(BASE);
    expect(url.searchParams.get('token')).toBe(TOKEN);
    expect(url.searchParams.get('callbackURL')).toBe('/console');
    // The invitation carries the address it went to, encoded so that it adds no parameter of its own.
    const invitation = new URL(
      accountLink({ type: 'invitation', to: 'a+b@example.com&admin=1#x', account_token: TOKEN }, BASE)!,
    );
    expect(invitation.pathname).toBe(`/console/accept-invitation/${TOKEN}`);
    expect([...invitation.searchParams.keys()]).toEqual(['email']);
    expect(invitation.searchParams.get('email')).toBe('a+b@example.com&admin=1#x');
    expect(invitation.hash).toBe('');
  });

  it('takes tokens of 8 to 200 letters, digits, _ and -, and refuses anything else', () => {
    const link = (token: unknown) =>
      accountLink({ type: 'invitation', to: 'a@example.com', account_token: token as string }, BASE);
    expect(link('a'.repeat(8))).toBe(`${BASE}/console/accept-invitation/${'a'.repeat(8)}?email=a%40example.com`);
    expect(link('Z'.repeat(200))).not.toBeNull();
    // A UUID (an invitation's id) is a token.
    expect(link('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(
      `${BASE}/console/accept-invitation/0f8fad5b-d9cb-469f-a165-70867728950e?email=a%40example.com`,
    );
    for (const bad of [
      undefined,
      42,
      '',
      'a'.repeat(7),
      'a'.repeat(201),
      'abc/def/ghi',
      'abcdefgh?x=1',
      'abcdefgh&callbackURL=https://evil',
      'abc defgh',
      'abcdefgh#x',
      'abcd%2Fefgh',
      '../../etc/x',
      'abcdefgh\n',
      'äbcdefgh',
    ]) {
      expect(link(bad)).toBeNull();
    }
    expect(accountLink({ type: 'password_reset', to: 'a@example.com' }, BASE)).toBeNull();
  });

  it("takes a sign-up's address confirmation token as a JWT (three base64url parts), and continues to naming the company", () => {
    const jwt = `${'h'.repeat(36)}.${'p'.repeat(120)}.${'s'.repeat(43)}`;
    const link = (token: string) =>
      accountLink({ type: 'verify_email', to: 'a@example.com', account_token: token }, BASE);
    expect(link(jwt)).toBe(`${BASE}/api/auth/verify-email?token=${jwt}&callbackURL=%2Fconsole%2Fnew-company`);
    expect(link(`${'h'.repeat(1000)}.${'p'.repeat(2000)}.${'s'.repeat(1000)}`)).not.toBeNull();
    for (const bad of [
      'h'.repeat(40),
      `${'h'.repeat(1001)}.pp.ss`,
      'hh.pp',
      'hh.pp.ss.tt',
      'hh.p/p.ss',
      'hh.pp.ss&callbackURL=https://evil',
      'hh..ss',
    ]) {
      expect(link(bad)).toBeNull();
    }
  });
});

describe('accountMessageDocument', () => {
  const doc = (payload: AccountEmailPayload) =>
    accountMessageDocument(payload, 'https://book.example.com/link', BRANDING);

  it('asks a person who forgot their password to choose a new one, within an hour', () => {
    const message = doc({ type: 'password_reset', to: 'a@example.com', account_token: TOKEN });
    expect(message.subject).toBe("Choose a new password for Scioto Valley's console");
    expect(message.heading).toBe('Choose a new password');
    expect(message.action).toEqual({ label: 'Choose a new password', url: 'https://book.example.com/link' });
    expect(message.opening.join(' ')).toContain('1 hour');
    expect(message.opening.join(' ')).toMatch(/If it was not you, ignore this e-mail/);
    expect(message.branding).toEqual(BRANDING);
    expect(message).toMatchObject({ sections: [], manage: null, calendarLinks: [], prepare: [], contact: null });
  });

  it('invites a person to the company in the words of their role, good for 7 days', () => {
    const words = { owner: 'an owner', admin: 'an administrator', office: 'office staff', inspector: 'an inspector' };
    for (const [role, said] of Object.entries(words)) {
      const message = doc({
        type: 'invitation',
        to: 'a@example.com',
        account_token: TOKEN,
        company_name: 'Acme Inspections',
        inviter_name: 'Olga Owner',
        role,
      });
      expect(message.subject).toBe("Olga Owner invited you to Acme Inspections' console");
      expect(message.heading).toBe('Join Acme Inspections');
      expect(message.preview).toBe(`Join Acme Inspections as ${said}.`);
      expect(message.opening).toEqual([
        `Olga Owner invited you to Acme Inspections' scheduling console as ${said}. The invitation is good for 7 days.`,
      ]);
      expect(message.action).toEqual({ label: 'Accept the invitation', url: 'https://book.example.com/link' });
    }
    // Missing or blank names and an unknown role: plain words, never "undefined".
    const bare = doc({
      type: 'invitation',
      to: 'a@example.com',
      account_token: TOKEN,
      inviter_name: '  ',
      role: 'superuser',
    });
    expect(bare.subject).toBe("Someone invited you to Scioto Valley's console");
    expect(bare.preview).toBe('Join Scioto Valley as a member.');
    expect(JSON.stringify(bare)).not.toMatch(/undefined|null invited/);
  });

  it('asks a person who signed up to confirm their address, before any company, within 24 hours', () => {
    const message = doc({ type: 'verify_email', to: 'a@example.com', account_token: TOKEN });
    expect(message.subject).toBe('Confirm your e-mail address to set up your scheduler');
    expect(message.action).toEqual({ label: 'Confirm and continue', url: 'https://book.example.com/link' });
    expect(message.opening.join(' ')).toContain('it works for 24 hours');
  });

  it('signs a person in once, within 24 hours', () => {
    const message = doc({ type: 'sign_in_link', to: 'a@example.com', account_token: TOKEN });
    expect(message.subject).toBe("Sign in to Scioto Valley's console");
    expect(message.heading).toBe('Sign in');
    expect(message.action).toEqual({ label: 'Sign in', url: 'https://book.example.com/link' });
    expect(message.opening.join(' ')).toContain('once, within 24 hours');
  });

  it('says the lifetimes the auth configuration sets', () => {
    expect(ACCOUNT_LINK_LIFETIMES).toEqual({
      password_reset: '1 hour',
      invitation: '7 days',
      sign_in_link: '24 hours',
      verify_email: '24 hours',
    });
  });

  it('never writes the token into the text of a message', () => {
    for (const type of ['password_reset', 'invitation', 'sign_in_link', 'verify_email'] as const) {
      const message = doc({ type, to: 'a@example.com', account_token: TOKEN, role: 'office' });
      const { action, ...rest } = message;
      expect(JSON.stringify(rest)).not.toContain(TOKEN);
      expect(action?.url).toBe('https://book.example.com/link');
    }
  });
});

describe('accountEmailJob', () => {
  it('queues one job of its own kind for the company, due now, under a fresh key each time', () => {
    const now = new Date('2027-03-01T14:00:00.000Z');
    const payload: AccountEmailPayload = { type: 'password_reset', to: 'a@example.com', account_token: TOKEN };
    const first = accountEmailJob('company-1', payload, now);
    const second = accountEmailJob('company-1', payload, now);
    expect(first).toMatchObject({ companyId: 'company-1', kind: ACCOUNT_EMAIL_JOB, payload, runAt: now });
    expect(first.dedupeKey).toMatch(/^account:/);
    expect(second.dedupeKey).not.toBe(first.dedupeKey);
  });
});
