import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AFTER_CONFIRMATION } from '../../../shared/ConfirmYourAddress.tsx';
import { enterText } from '../../../test-support/enter-text.ts';
import { renderPage, stubServer, type Answer } from '../../../test-support/render-page.tsx';
import SignUpPage from './SignUpPage.tsx';

const SIGNED_UP = {
  token: null,
  user: {
    id: 'u9',
    name: 'Nora New',
    email: 'nora@example.com',
    emailVerified: false,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
  },
};

function serve(signUp: Answer, resend: Answer = { status: 200, body: { status: true } }) {
  return stubServer((request) => {
    if (request.method === 'POST' && request.path === '/api/auth/sign-up/email') return signUp;
    if (request.method === 'POST' && request.path === '/api/auth/send-verification-email') return resend;
    return undefined;
  });
}

const open = () =>
  renderPage(<SignUpPage />, {
    path: '/sign-up',
    pattern: '/sign-up',
    extraRoutes: [{ path: '/sign-in', element: <p>Sign in here</p> }],
  });

async function fill(name: string, email: string, password: string) {
  if (name) await enterText(await screen.findByRole('textbox', { name: /Your name/ }), name);
  if (email) await enterText(screen.getByRole('textbox', { name: /E-mail address/ }), email);
  if (password) await enterText(screen.getByLabelText(/^Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));
}

describe('the sign-up page', () => {
  it('makes the account with the address to confirm, the link bringing the person to set up the company', async () => {
    const requests = serve({ status: 200, body: SIGNED_UP });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your scheduler' })).toBeTruthy();
    await fill('Nora New', ' nora@example.com ', 'a long enough passphrase');

    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your e-mail address' })).toBeTruthy();
    expect(screen.getByText('nora@example.com').tagName).toBe('STRONG');
    expect(requests.map((r) => r.body)).toEqual([
      {
        name: 'Nora New',
        email: 'nora@example.com',
        password: 'a long enough passphrase',
        callbackURL: AFTER_CONFIRMATION,
      },
    ]);
  });

  it('sends the link again when asked, and says so', async () => {
    const requests = serve({ status: 200, body: SIGNED_UP });
    open();
    await fill('Nora New', 'nora@example.com', 'a long enough passphrase');
    await userEvent.click(await screen.findByRole('button', { name: 'Send the link again' }));
    expect(
      (await screen.findByText('We sent the link again. It may take a minute to arrive.')).getAttribute('role'),
    ).toBe('status');
    expect(requests.filter((r) => r.path === '/api/auth/send-verification-email').map((r) => r.body)).toEqual([
      { email: 'nora@example.com', callbackURL: AFTER_CONFIRMATION },
    ]);
  });

  it('checks each field before asking the server, naming what is wrong', async () => {
    const requests = serve({ status: 200, body: SIGNED_UP });
    open();
    await fill('', 'nora@', 'short');
    expect(await screen.findByText('Enter your name.')).toBeTruthy();
    expect(screen.getByText('Enter an e-mail address like name@example.com.')).toBeTruthy();
    expect(screen.getByText('Use at least 10 characters.')).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it("says Better Auth's refusal in words, and stays on the form", async () => {
    serve({ status: 422, body: { code: 'USER_ALREADY_EXISTS', message: 'User already exists' } });
    open();
    await fill('Nora New', 'nora@example.com', 'a long enough passphrase');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'There is already an account for this e-mail address: sign in instead.',
    );
    expect((screen.getByRole('textbox', { name: /E-mail address/ }) as HTMLInputElement).value).toBe(
      'nora@example.com',
    );
  });

  it('offers to sign in instead', async () => {
    serve({ status: 200, body: SIGNED_UP });
    open();
    await userEvent.click(await screen.findByRole('link', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/sign-in'));
  });
});
