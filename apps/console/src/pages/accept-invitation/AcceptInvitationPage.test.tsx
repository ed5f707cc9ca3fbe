import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OFFICE_ME } from '../../test-support/fixtures.ts';
import { refusal, renderPage, stubServer } from '../../test-support/render-page.tsx';
import AcceptInvitationPage from './AcceptInvitationPage.tsx';

const INVITATION = 'inv-42';
const renderInvitation = (query: string) => renderPage(<AcceptInvitationPage />, { path: `/accept-invitation/${INVITATION}${query}`, pattern: '/accept-invitation/:invitationId' });

describe('the invitation page', () => {
  it("starts the new account with the address the invitation's link names, still editable, and keeps it on the way to sign in", async () => {
    stubServer((request) => (request.path === '/api/console/me' ? refusal(401, 'unauthenticated', 'Please sign in.') : undefined));
    renderInvitation(`?email=${encodeURIComponent('new.inspector+1@example.com')}`);

    const email = (await screen.findByRole('textbox', { name: 'E-mail address' })) as HTMLInputElement;
    expect(email.value).toBe('new.inspector+1@example.com');
    await userEvent.clear(email);
    await userEvent.type(email, 'other@example.com');
    expect(email.value).toBe('other@example.com');

    const signIn = new URL(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')!, 'http://localhost');
    expect(signIn.pathname).toBe('/sign-in');
    expect(signIn.searchParams.get('email')).toBe('new.inspector+1@example.com');
    expect(signIn.searchParams.get('next')).toBe(`/accept-invitation/${INVITATION}?email=new.inspector%2B1%40example.com`);
  });

  it('leaves the address empty without one in the link', async () => {
    stubServer((request) => (request.path === '/api/console/me' ? refusal(401, 'unauthenticated', 'Please sign in.') : undefined));
    renderInvitation('');
    expect(((await screen.findByRole('textbox', { name: 'E-mail address' })) as HTMLInputElement).value).toBe('');
  });

  it('says when the person is signed in with another address than the one invited', async () => {
    stubServer((request) => (request.path === '/api/console/me' ? { status: 200, body: OFFICE_ME } : undefined));
    renderInvitation('?email=new%40example.com');
    expect(await screen.findByText(/This invitation was sent to new@example.com/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Accept the invitation' })).toBeTruthy();
  });
});
