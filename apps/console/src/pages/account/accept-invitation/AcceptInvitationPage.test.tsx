import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OFFICE_ME } from '../../../test-support/fixtures.ts';
import { refusal, renderPage, stubServer } from '../../../test-support/render-page.tsx';
import AcceptInvitationPage from './AcceptInvitationPage.tsx';
import { enterText } from '../../../test-support/enter-text.ts';

const INVITATION = 'inv-42';
const renderInvitation = (query: string) =>
  renderPage(<AcceptInvitationPage />, {
    path: `/accept-invitation/${INVITATION}${query}`,
    pattern: '/accept-invitation/:invitationId',
    extraRoutes: [{ path: '/:companyKey/schedule', element: <p>Landed on the schedule</p> }],
  });
/** The person once they joined: a member of the demo, whose organization the acceptance names. */
const JOINED_ME = { ...OFFICE_ME, user: { ...OFFICE_ME.user, email: 'new.inspector+1@example.com' } };

describe('the invitation page', () => {
  it('makes the account for the address the invitation went to (named, not typed), signs in with it and accepts, landing on the company', async () => {
    const requests = stubServer((request) => {
      if (request.path === '/api/console/me')
        return requests.some((seen) => seen.path === '/api/auth/sign-in/email')
          ? { status: 200, body: JOINED_ME }
          : refusal(401, 'unauthenticated', 'Please sign in.');
      if (request.path === `/api/console/invitations/${INVITATION}/account`)
        return { status: 201, body: { email: 'new.inspector+1@example.com' } };
      if (request.path === '/api/auth/sign-in/email') return { status: 200, body: { token: 't', user: { id: 'u1' } } };
      if (request.path === '/api/auth/organization/accept-invitation')
        return { status: 200, body: { invitation: {}, member: { organizationId: 'org-demo' } } };
      return undefined;
    });
    renderInvitation(`?email=${encodeURIComponent('new.inspector+1@example.com')}`);

    expect(await screen.findByText('new.inspector+1@example.com')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'E-mail address' })).toBeNull();
    await enterText(screen.getByRole('textbox', { name: 'Your name' }), 'Nia Inspector');
    await enterText(screen.getByLabelText(/^Password/, { selector: 'input' }), 'a long enough passphrase');
    await enterText(screen.getByLabelText(/^The password again/, { selector: 'input' }), 'a long enough passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Create my account and join' }));

    expect(await screen.findByText('Landed on the schedule')).toBeTruthy();
    const account = requests.find((request) => request.path === `/api/console/invitations/${INVITATION}/account`);
    expect(account?.body).toEqual({ name: 'Nia Inspector', password: 'a long enough passphrase' });
    const signIn = requests.find((request) => request.path === '/api/auth/sign-in/email');
    expect(signIn?.body).toMatchObject({ email: 'new.inspector+1@example.com', password: 'a long enough passphrase' });
  });

  it("shows the server's words when the invitation is no longer valid, keeping what was typed", async () => {
    stubServer((request) => {
      if (request.path === '/api/console/me') return refusal(401, 'unauthenticated', 'Please sign in.');
      if (request.path === `/api/console/invitations/${INVITATION}/account`)
        return refusal(404, 'not_found', 'This invitation is no longer valid: ask for a new one.');
      return undefined;
    });
    renderInvitation('?email=new%40example.com');
    await enterText(await screen.findByRole('textbox', { name: 'Your name' }), 'Nia Inspector');
    await enterText(screen.getByLabelText(/^Password/, { selector: 'input' }), 'a long enough passphrase');
    await enterText(screen.getByLabelText(/^The password again/, { selector: 'input' }), 'a long enough passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Create my account and join' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This invitation is no longer valid: ask for a new one.',
    );
    expect((screen.getByRole('textbox', { name: 'Your name' }) as HTMLInputElement).value).toBe('Nia Inspector');
  });

  it('keeps the address and the way back here on the link to sign in', async () => {
    stubServer((request) =>
      request.path === '/api/console/me' ? refusal(401, 'unauthenticated', 'Please sign in.') : undefined,
    );
    renderInvitation(`?email=${encodeURIComponent('new.inspector+1@example.com')}`);
    const signIn = new URL(
      (await screen.findByRole('link', { name: 'Sign in' })).getAttribute('href')!,
      'http://localhost',
    );
    expect(signIn.pathname).toBe('/sign-in');
    expect(signIn.searchParams.get('email')).toBe('new.inspector+1@example.com');
    expect(signIn.searchParams.get('next')).toBe(
      `/accept-invitation/${INVITATION}?email=new.inspector%2B1%40example.com`,
    );
  });

  it('says when the person is signed in with another address than the one invited', async () => {
    stubServer((request) => (request.path === '/api/console/me' ? { status: 200, body: OFFICE_ME } : undefined));
    renderInvitation('?email=new%40example.com');
    expect(await screen.findByText(/This invitation was sent to new@example.com/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Accept the invitation' })).toBeTruthy();
  });
});
