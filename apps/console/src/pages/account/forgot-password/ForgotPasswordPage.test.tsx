import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { enterText } from '../../../test-support/enter-text.ts';
import { renderPage, stubServer, type Answer } from '../../../test-support/render-page.tsx';
import ForgotPasswordPage, { RESET_SENT } from './ForgotPasswordPage.tsx';

function serve(reset: Answer) {
  return stubServer((request) =>
    request.method === 'POST' && request.path === '/api/auth/request-password-reset' ? reset : undefined,
  );
}

async function ask(email: string) {
  renderPage(<ForgotPasswordPage />, { path: '/forgot-password', pattern: '/forgot-password' });
  if (email) await enterText(await screen.findByRole('textbox', { name: /E-mail address/ }), email);
  await userEvent.click(await screen.findByRole('button', { name: 'Send the link' }));
}

describe('the forgot-password page', () => {
  it('asks for a link back to the reset page, and says it went without saying whether the address has an account', async () => {
    const requests = serve({ status: 200, body: { status: true } });
    await ask('olive@example.com');
    expect((await screen.findByText(RESET_SENT)).closest('[role="status"]')).toBeTruthy();
    expect(requests.map((r) => r.body)).toEqual([
      { email: 'olive@example.com', redirectTo: '/console/reset-password' },
    ]);
    expect(screen.queryByRole('button', { name: 'Send the link' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/sign-in');
  });

  it('says the same when Better Auth refuses the address, so the page tells nobody who has an account', async () => {
    serve({ status: 400, body: { code: 'USER_NOT_FOUND', message: 'User not found' } });
    await ask('nobody@example.com');
    expect((await screen.findByText(RESET_SENT)).closest('[role="status"]')).toBeTruthy();
  });

  it.each([
    [429, 'Too many attempts. Please wait a minute and try again.'],
    [500, 'Something went wrong on our side. Please try again in a moment.'],
  ])('says a %s in words, and keeps the form', async (status, text) => {
    serve({ status, body: { message: 'nope' } });
    await ask('olive@example.com');
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(screen.getByRole('button', { name: 'Send the link' })).toBeTruthy();
  });

  it('checks the address before asking', async () => {
    const requests = serve({ status: 200, body: { status: true } });
    await ask('');
    expect(await screen.findByText('Enter your e-mail address.')).toBeTruthy();
    expect(requests).toEqual([]);
  });
});
