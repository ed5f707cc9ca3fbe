import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OFFICE_ME } from '../../../test-support/fixtures.ts';
import { enterText } from '../../../test-support/enter-text.ts';
import { renderPage, stubServer, type Answer, type RecordedRequest } from '../../../test-support/render-page.tsx';
import AccountPage from './AccountPage.tsx';

const PASSKEY = {
  id: 'pk1',
  name: 'Work laptop',
  publicKey: 'x',
  userId: 'u1',
  credentialID: 'c1',
  counter: 0,
  deviceType: 'singleDevice',
  backedUp: false,
  transports: 'internal',
  createdAt: '2026-11-20T15:00:00.000Z',
  aaguid: null,
};
const SESSION = {
  id: 's1',
  token: 't1',
  userId: 'u1',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
  ipAddress: '203.0.113.7',
  createdAt: '2026-11-20T15:00:00.000Z',
  updatedAt: '2026-11-20T15:00:00.000Z',
  expiresAt: '2026-12-20T15:00:00.000Z',
};

/** Better Auth's account endpoints: the lists, and the answer to each change by its path (200 `{}` unless told). */
function serve({
  passkeys = [PASSKEY] as unknown[],
  sessions = [SESSION] as unknown[],
  changes = {} as Record<string, Answer>,
  me = OFFICE_ME,
  choose = { status: 204, body: null } as Answer,
} = {}) {
  return stubServer((request) => {
    if (request.path === '/api/console/me') return { status: 200, body: me };
    if (request.method === 'POST' && request.path === '/api/console/me/password') return choose;
    if (request.path === '/api/auth/passkey/list-user-passkeys') return { status: 200, body: passkeys };
    if (request.path === '/api/auth/list-sessions') return { status: 200, body: sessions };
    if (request.method === 'POST' && request.path.startsWith('/api/auth/'))
      return changes[request.path.slice('/api/auth/'.length)] ?? { status: 200, body: { status: true } };
    return undefined;
  });
}

const open = () =>
  renderPage(<AccountPage />, {
    path: '/demo/account',
    pattern: '/:companyKey/account',
    extraRoutes: [{ path: '/sign-in', element: <p>Sign in here</p> }],
  });
const block = (name: string) => screen.getByRole('region', { name });
/** A block shown once the page knows whether the person has a password. */
const findBlock = (name: string) => screen.findByRole('region', { name });
/** The owner the printed link signed in: no password, no passkey (issue 41). */
const LINK_ONLY = { ...OFFICE_ME, user: { ...OFFICE_ME.user, has_password: false } };
const posted = (requests: RecordedRequest[], path: string) =>
  requests.filter((r) => r.method === 'POST' && r.path === `/api/auth/${path}`).map((r) => r.body);
const lists = (requests: RecordedRequest[], path: string) =>
  requests.filter((r) => r.path === `/api/auth/${path}`).length;

describe('the account page', () => {
  it('says whose account it is, and shows its passkeys and sessions under headings', async () => {
    serve();
    open();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your account');
    expect(await screen.findByText('Olive Office · olive@example.com')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Passkeys',
      'Where you are signed in',
      'Change your password',
      'Sign out',
    ]);
    expect((await within(block('Passkeys')).findByText(/^Work laptop · added /)).textContent).toMatch(
      /^Work laptop · added \w+, November 20th 2026 at \d+:00 [AP]M \w+/,
    );
    const session = await within(block('Where you are signed in')).findByText(
      'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
    );
    expect(session.nextSibling?.textContent).toMatch(/^Signed in \w+, November 20th 2026 at .* from 203\.0\.113\.7$/);
  });

  it('names a passkey without a name and a browser it does not know, and leaves out an unknown address', async () => {
    serve({ passkeys: [{ ...PASSKEY, name: null }], sessions: [{ ...SESSION, userAgent: null, ipAddress: null }] });
    open();
    expect(
      await within(block('Passkeys')).findByRole('button', { name: 'Delete the passkey Unnamed passkey' }),
    ).toBeTruthy();
    const unknown = await within(block('Where you are signed in')).findByText('An unknown browser');
    expect(unknown.nextSibling?.textContent).not.toContain(' from ');
  });

  it('says so when there are no passkeys yet', async () => {
    serve({ passkeys: [] });
    open();
    expect(await within(block('Passkeys')).findByText('You have no passkeys yet.')).toBeTruthy();
  });

  it('deletes a passkey and reads the passkeys again', async () => {
    const requests = serve();
    open();
    await userEvent.click(
      await within(block('Passkeys')).findByRole('button', { name: 'Delete the passkey Work laptop' }),
    );
    await waitFor(() => expect(posted(requests, 'passkey/delete-passkey')).toEqual([{ id: 'pk1' }]));
    await waitFor(() => expect(lists(requests, 'passkey/list-user-passkeys')).toBe(2));
  });

  it("says a passkey's deletion refused, in words", async () => {
    serve({ changes: { 'passkey/delete-passkey': { status: 500, body: { message: 'boom' } } } });
    open();
    await userEvent.click(
      await within(block('Passkeys')).findByRole('button', { name: 'Delete the passkey Work laptop' }),
    );
    expect((await within(block('Passkeys')).findByRole('alert')).textContent).toBe(
      'Something went wrong on our side. Please try again in a moment.',
    );
  });

  it('says a list it could not read, in words', async () => {
    stubServer((request) => {
      if (request.path === '/api/console/me') return { status: 200, body: OFFICE_ME };
      if (request.path.startsWith('/api/auth/')) return { status: 401, body: { message: 'Unauthorized' } };
      return undefined;
    });
    open();
    expect(await within(block('Passkeys')).findByText('Unauthorized')).toBeTruthy();
    expect(await within(block('Where you are signed in')).findByText('Unauthorized')).toBeTruthy();
  });

  it('signs out everywhere else, says so, and reads the sessions again', async () => {
    const requests = serve();
    open();
    await userEvent.click(
      await within(block('Where you are signed in')).findByRole('button', { name: 'Sign out everywhere else' }),
    );
    expect((await within(block('Where you are signed in')).findByRole('status')).textContent).toBe(
      'You are signed out everywhere else.',
    );
    expect(posted(requests, 'revoke-other-sessions')).toHaveLength(1);
    await waitFor(() => expect(lists(requests, 'list-sessions')).toBe(2));
  });

  it('changes the password, signing out the other sessions, and empties the form', async () => {
    const requests = serve();
    open();
    const form = await findBlock('Change your password');
    await enterText(within(form).getByLabelText(/^Current password/), 'the old passphrase');
    await enterText(within(form).getByLabelText(/^New password/), 'a brand new passphrase');
    await enterText(within(form).getByLabelText(/^The new password again/), 'a brand new passphrase');
    await userEvent.click(within(form).getByRole('button', { name: 'Change the password' }));
    expect((await within(form).findByRole('status')).textContent).toBe(
      'Your password is changed, and your other sessions are signed out.',
    );
    expect(posted(requests, 'change-password')).toEqual([
      { currentPassword: 'the old passphrase', newPassword: 'a brand new passphrase', revokeOtherSessions: true },
    ]);
    await waitFor(() => expect((within(form).getByLabelText(/^Current password/) as HTMLInputElement).value).toBe(''));
  });

  it('checks the new password before sending anything', async () => {
    const requests = serve();
    open();
    const form = await findBlock('Change your password');
    await enterText(within(form).getByLabelText(/^New password/), 'too short');
    await enterText(within(form).getByLabelText(/^The new password again/), 'not the same');
    await userEvent.click(within(form).getByRole('button', { name: 'Change the password' }));
    expect(await within(form).findByText('Enter your current password.')).toBeTruthy();
    expect(within(form).getByText('Use at least 10 characters.')).toBeTruthy();
    expect(within(form).getByText('The two passwords are not the same.')).toBeTruthy();
    expect(posted(requests, 'change-password')).toEqual([]);
  });

  it('says a wrong current password in words', async () => {
    serve({
      changes: { 'change-password': { status: 400, body: { code: 'INVALID_PASSWORD', message: 'Invalid password' } } },
    });
    open();
    const form = await findBlock('Change your password');
    await enterText(within(form).getByLabelText(/^Current password/), 'not my passphrase');
    await enterText(within(form).getByLabelText(/^New password/), 'a brand new passphrase');
    await enterText(within(form).getByLabelText(/^The new password again/), 'a brand new passphrase');
    await userEvent.click(within(form).getByRole('button', { name: 'Change the password' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('That is not your current password.');
  });

  it('lets a person signed in by a link choose a first password, without a current one they never had (issue 41)', async () => {
    const requests = serve({ me: LINK_ONLY, passkeys: [] });
    open();
    const form = await findBlock('Choose a password');
    expect(screen.queryByRole('region', { name: 'Change your password' })).toBeNull();
    expect(within(form).queryByLabelText(/^Current password/)).toBeNull();
    // Checked before anything is sent.
    await enterText(within(form).getByLabelText(/^New password/), 'too short');
    await userEvent.click(within(form).getByRole('button', { name: 'Choose the password' }));
    expect(await within(form).findByText('Use at least 10 characters.')).toBeTruthy();
    await userEvent.clear(within(form).getByLabelText(/^New password/));
    await enterText(within(form).getByLabelText(/^New password/), 'a brand new passphrase');
    await enterText(within(form).getByLabelText(/^The new password again/), 'a brand new passphrase');
    await userEvent.click(within(form).getByRole('button', { name: 'Choose the password' }));
    expect((await within(form).findByRole('status')).textContent).toBe(
      'Your password is chosen: next time, sign in with your e-mail address and it.',
    );
    expect(
      requests.filter((r) => r.method === 'POST' && r.path === '/api/console/me/password').map((r) => r.body),
    ).toEqual([{ new_password: 'a brand new passphrase' }]);
    expect(posted(requests, 'change-password')).toEqual([]);
    // The page reads the person again: a next visit offers to change it.
    await waitFor(() => expect(requests.filter((r) => r.path === '/api/console/me')).toHaveLength(2));
  });

  it("says the server's refusal of a first password, and sends a person with a passkey to the sign-in page's reset instead", async () => {
    serve({
      me: LINK_ONLY,
      passkeys: [],
      choose: { status: 409, body: { error: { code: 'conflict', message: 'You already have a password.' } } },
    });
    open();
    const form = await findBlock('Choose a password');
    await enterText(within(form).getByLabelText(/^New password/), 'a brand new passphrase');
    await enterText(within(form).getByLabelText(/^The new password again/), 'a brand new passphrase');
    await userEvent.click(within(form).getByRole('button', { name: 'Choose the password' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('You already have a password.');
    cleanup();
    serve({ me: LINK_ONLY });
    open();
    const withPasskey = await findBlock('Choose a password');
    expect(
      await within(withPasskey).findByText(
        'You sign in with a passkey. To add a password as well, use "Forgot your password?" on the sign-in page.',
      ),
    ).toBeTruthy();
    expect(within(withPasskey).queryByRole('button', { name: 'Choose the password' })).toBeNull();
  });

  it('signs out and goes to sign in, forgetting what it had read', async () => {
    const requests = serve();
    const { client } = open();
    await screen.findByText('Olive Office · olive@example.com');
    await userEvent.click(within(block('Sign out')).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/sign-in'));
    expect(posted(requests, 'sign-out')).toHaveLength(1);
    expect(client.getQueryCache().getAll()).toEqual([]);
  });

  it('stays and says so when signing out fails', async () => {
    serve({ changes: { 'sign-out': { status: 503, body: { message: 'Down' } } } });
    open();
    await userEvent.click(await within(block('Sign out')).findByRole('button', { name: 'Sign out' }));
    expect((await within(block('Sign out')).findByRole('alert')).textContent).toBe(
      'Something went wrong on our side. Please try again in a moment.',
    );
    expect(screen.getByTestId('location').textContent).toBe('/demo/account');
  });
});
