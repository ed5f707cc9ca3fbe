import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, stubServer, type Answer } from '../../../test-support/render-page.tsx';
import ResetPasswordPage, { EXPIRED_LINK } from './ResetPasswordPage.tsx';
import { enterText } from '../../../test-support/enter-text.ts';

function serve(reset: Answer) {
  return stubServer((request) =>
    request.method === 'POST' && request.path === '/api/auth/reset-password' ? reset : undefined,
  );
}

const open = (query: string) =>
  renderPage(<ResetPasswordPage />, {
    path: `/reset-password${query}`,
    pattern: '/reset-password',
    extraRoutes: [{ path: '/sign-in', element: <p>Sign in here</p> }],
  });

async function choose(password: string, again = password) {
  await enterText(await screen.findByLabelText(/^New password/), password);
  await enterText(screen.getByLabelText(/^The new password again/), again);
  await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
}

describe('the reset-password page', () => {
  it('saves a new password with the link token, then goes to sign in', async () => {
    const requests = serve({ status: 200, body: { status: true } });
    open('?token=abcDEF123_-token');
    await choose('a long new password');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/sign-in?reset=1'));
    expect(requests.map((r) => r.body)).toEqual([{ newPassword: 'a long new password', token: 'abcDEF123_-token' }]);
  });

  it('asks for ten characters and the same twice before sending anything', async () => {
    const requests = serve({ status: 200, body: { status: true } });
    open('?token=abcDEF123_-token');
    await choose('short');
    expect(await screen.findByText('Use at least 10 characters.')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText(/^New password/));
    await userEvent.clear(screen.getByLabelText(/^The new password again/));
    await choose('a long new password', 'a long new passw0rd');
    expect(await screen.findByText('The two passwords are not the same.')).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it('says an expired link in words, from the server or from the link itself', async () => {
    serve({ status: 400, body: { code: 'INVALID_TOKEN', message: 'Invalid token' } });
    open('?token=abcDEF123_-token');
    await choose('a long new password');
    expect((await screen.findByRole('alert')).textContent).toBe(EXPIRED_LINK);
  });

  it('offers a new link when Better Auth sent the person here with an error', async () => {
    serve({ status: 500, body: {} });
    open('?error=INVALID_TOKEN');
    expect((await screen.findByRole('alert')).textContent).toBe(EXPIRED_LINK);
    expect(screen.getByRole('link', { name: 'Send me a new link' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.queryByRole('button', { name: 'Save the new password' })).toBeNull();
  });
});
