import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OFFICE_ME } from '../../../test-support/fixtures.ts';
import { renderPage, stubServer, type Answer } from '../../../test-support/render-page.tsx';
import SignInPage from './SignInPage.tsx';
import { enterText } from '../../../test-support/enter-text.ts';

const SIGNED_IN = {
  redirect: false,
  token: 'session-token',
  user: {
    id: 'u1',
    name: 'Olive Office',
    email: 'olive@example.com',
    emailVerified: true,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
  },
};

function serve(signIn: Answer) {
  return stubServer((request) => {
    if (request.method === 'POST' && request.path === '/api/auth/sign-in/email') return signIn;
    if (request.path === '/api/console/me') return { status: 200, body: OFFICE_ME };
    return undefined;
  });
}

async function signIn(password = 'correct horse battery') {
  renderPage(<SignInPage />, {
    path: '/sign-in?next=%2Fdemo%2Forders%3Fstatus%3Dall',
    pattern: '/sign-in',
    extraRoutes: [{ path: '/demo/orders', element: <p>The orders</p> }],
  });
  await enterText(await screen.findByLabelText(/E-mail address/), 'olive@example.com');
  await enterText(screen.getByLabelText(/^Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the sign-in page', () => {
  const landOn = (path: string) => {
    serve({ status: 500, body: {} });
    renderPage(<SignInPage />, { path, pattern: '/sign-in' });
  };
  const USED =
    'This sign-in link cannot be used: it was used already, or it has expired. A link works once, within 24 hours, and only at the address it was sent for (http://localhost:3000). Sign in below, or use "Forgot your password?" to be sent a new link.';

  it('says why a used or expired sign-in link brought the person here (issue 41)', async () => {
    landOn('/sign-in?error=INVALID_TOKEN');
    expect((await screen.findByRole('alert')).textContent).toBe(USED);
    // The form is still there to sign in with.
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('says it too for a link sent before the sign-in page was its landing, which came by /console', async () => {
    landOn(`/sign-in?next=${encodeURIComponent('/?error=INVALID_TOKEN')}`);
    expect((await screen.findByRole('alert')).textContent).toBe(USED);
  });

  it("says another link's failure in general words, and nothing without one", async () => {
    landOn('/sign-in?error=failed_to_create_session');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That sign-in link did not work. Sign in below, or use "Forgot your password?" to be sent a new link.',
    );
    cleanup();
    landOn('/sign-in?next=%2Fdemo%2Forders');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says a wrong password in words, and stays', async () => {
    const requests = serve({
      status: 401,
      body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
    });
    await signIn('not my password');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That e-mail address and password do not match. Check them and try again.',
    );
    expect(requests.find((r) => r.path === '/api/auth/sign-in/email')?.body).toMatchObject({
      email: 'olive@example.com',
      password: 'not my password',
    });
    expect(screen.getByTestId('location').textContent).toBe('/sign-in?next=%2Fdemo%2Forders%3Fstatus%3Dall');
  });

  it('says too many attempts on a 429', async () => {
    serve({ status: 429, body: { message: 'Too many requests. Please try again later.' } });
    await signIn();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many attempts. Please wait a minute and try again.',
    );
  });

  it('checks the fields before asking the server', async () => {
    const requests = serve({ status: 200, body: SIGNED_IN });
    renderPage(<SignInPage />, { path: '/sign-in', pattern: '/sign-in' });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your e-mail address.')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect(requests.filter((r) => r.path.startsWith('/api/auth/'))).toEqual([]);
  });

  it('goes back to the page that asked once signed in', async () => {
    serve({ status: 200, body: SIGNED_IN });
    await signIn();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/demo/orders?status=all'));
    expect(screen.getByText('The orders')).toBeTruthy();
  });
});
