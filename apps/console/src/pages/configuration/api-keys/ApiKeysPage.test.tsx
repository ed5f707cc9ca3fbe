import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleMe } from '@scheduler/contracts/console';
import type { ApiKeyCreated, ApiKeySummary } from '@scheduler/contracts/public-api';
import { OFFICE_ME } from '../../../test-support/fixtures.ts';
import { refusal, renderPage, stubServer, type RecordedRequest } from '../../../test-support/render-page.tsx';
import { enterText } from '../../../test-support/enter-text.ts';
import ApiKeysPage from './ApiKeysPage.tsx';

const OWNER_ME: ConsoleMe = { ...OFFICE_ME, memberships: [{ ...OFFICE_ME.memberships[0]!, role: 'owner' }] };
const KEYS_PATH = '/api/console/companies/demo/api-keys';
const SECRET = `isk_live_AbCdEfGhIjKl_${'s'.repeat(43)}`;

const LIVE: ApiKeySummary = {
  id: '0b5a3c1e-1111-4a2b-8c3d-000000000001',
  name: 'Report writer',
  prefix: 'isk_live_Zz9Yy8Xx7Ww6',
  scopes: ['orders:read', 'orders:write'],
  created_at: '2026-11-02T15:00:00.000Z',
  created_by: 'Olive Owner',
  last_used_at: null,
  revoked_at: null,
};
const REVOKED: ApiKeySummary = {
  ...LIVE,
  id: '0b5a3c1e-1111-4a2b-8c3d-000000000002',
  name: 'Old CRM',
  prefix: 'isk_live_Oo1Oo1Oo1Oo1',
  scopes: ['directory:read'],
  last_used_at: '2026-11-20T10:00:00.000Z',
  revoked_at: '2026-11-21T10:00:00.000Z',
};
const NEW_KEY: ApiKeyCreated = {
  key: { ...LIVE, id: '0b5a3c1e-1111-4a2b-8c3d-000000000003', name: 'Zapier', prefix: 'isk_live_AbCdEfGhIjKl' },
  secret: SECRET,
};

function serve(keys: ApiKeySummary[] = [LIVE, REVOKED]): RecordedRequest[] {
  let listed = keys;
  return stubServer((request) => {
    if (request.path === '/api/console/me') return { status: 200, body: OWNER_ME };
    if (request.path === KEYS_PATH && request.method === 'GET') return { status: 200, body: { keys: listed } };
    if (request.path === KEYS_PATH && request.method === 'POST') {
      listed = [...listed, NEW_KEY.key];
      return { status: 201, body: NEW_KEY };
    }
    if (request.path === `${KEYS_PATH}/${LIVE.id}/revoke`) {
      const revoked = { ...LIVE, revoked_at: '2026-11-30T10:00:00.000Z' };
      listed = listed.map((key) => (key.id === LIVE.id ? revoked : key));
      return { status: 200, body: revoked };
    }
    return undefined;
  });
}

const renderKeys = () => renderPage(<ApiKeysPage />, { path: '/demo/api-keys', pattern: '/:companyKey/api-keys' });
const rows = () =>
  within(screen.getByRole('table', { name: 'API keys' }))
    .getAllByRole('row')
    .slice(1);

afterEach(() => vi.unstubAllGlobals());

describe('the API keys page', () => {
  it('lists each key by name, visible start, permissions in words, maker, last use and whether revoked; never a key', async () => {
    serve();
    renderKeys();
    await screen.findByRole('table', { name: 'API keys' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('API keys');
    const [live, revoked] = rows();
    expect(live!.textContent).toContain('Report writer');
    expect(live!.textContent).toContain('isk_live_Zz9Yy8Xx7Ww6');
    expect(live!.textContent).toContain('Read orders');
    expect(live!.textContent).toContain('Book, move and cancel orders');
    expect(live!.textContent).toContain('by Olive Owner');
    expect(live!.textContent).toContain('Never');
    // Made on the reader's clock, its zone named: a time with no zone is read against any clock.
    const zone = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' })
      .formatToParts(new Date('2026-11-02T15:00:00.000Z'))
      .find((part) => part.type === 'timeZoneName')!.value;
    expect(live!.textContent).toMatch(new RegExp(`Nov [23], 2026, \\d{1,2}:00 [AP]M ${zone}`));
    expect(within(live!).getByRole('button', { name: 'Revoke Report writer' })).toBeTruthy();
    expect(revoked!.textContent).toContain('Revoked');
    expect(within(revoked!).queryByRole('button')).toBeNull();
  });

  it('creates a key from a name and checked permissions, shows it once with a copy button, and never again once closed', async () => {
    const requests = serve([]);
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderKeys();
    await screen.findByText('No keys yet.');
    await userEvent.click(screen.getByRole('button', { name: 'Create a key' }));
    const dialog = screen.getByRole('dialog', { name: 'Create a key' });
    await enterText(within(dialog).getByRole('textbox', { name: 'Name' }), 'Zapier');
    const group = within(dialog).getByRole('group', { name: 'What the key may do' });
    expect(within(group).getByRole('checkbox', { name: 'Read orders' })).toHaveProperty('checked', true);
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Subscribe to events (webhooks, Zapier)' }));
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Book, move and cancel orders' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create the key' }));

    const shown = await screen.findByRole('dialog', { name: 'Your new key' });
    expect(requests.filter((request) => request.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: KEYS_PATH,
        body: { name: 'Zapier', scopes: ['orders:read', 'orders:write', 'webhooks:write'] },
      },
    ]);
    expect(within(shown).getByText(/you will not see it again/)).toBeTruthy();
    expect((within(shown).getByRole('textbox', { name: 'The key for Zapier' }) as HTMLInputElement).value).toBe(SECRET);
    await userEvent.click(within(shown).getByRole('button', { name: 'Copy the key' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(within(shown).getByRole('status').textContent).toBe('Copied.');
    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(document.body.textContent).not.toContain(SECRET);
    // Focus goes back to the button that opened the dialog.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Create a key' })));
  });

  it('asks for a name and at least one permission before sending anything', async () => {
    const requests = serve([]);
    renderKeys();
    await screen.findByText('No keys yet.');
    await userEvent.click(screen.getByRole('button', { name: 'Create a key' }));
    const dialog = screen.getByRole('dialog', { name: 'Create a key' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Read orders' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create the key' }));
    expect(await within(dialog).findByText('Please name the key.')).toBeTruthy();
    await enterText(within(dialog).getByRole('textbox', { name: 'Name' }), 'CRM');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create the key' }));
    expect(await within(dialog).findByText('Choose at least one permission.')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('revokes a key only once confirmed, and shows it revoked', async () => {
    const requests = serve();
    renderKeys();
    await screen.findByRole('table', { name: 'API keys' });
    await userEvent.click(screen.getByRole('button', { name: 'Revoke Report writer' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke “Report writer”?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep the key' }));
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Revoke Report writer' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Revoke “Report writer”?' })).getByRole('button', {
        name: 'Revoke the key',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([
      `${KEYS_PATH}/${LIVE.id}/revoke`,
    ]);
    await waitFor(() => expect(within(rows()[0]!).queryByRole('button')).toBeNull());
    expect(rows()[0]!.textContent).toContain('Revoked');
  });

  it('says what went wrong when a key cannot be made', async () => {
    stubServer((request) => {
      if (request.path === '/api/console/me') return { status: 200, body: OWNER_ME };
      if (request.path === KEYS_PATH && request.method === 'GET') return { status: 200, body: { keys: [] } };
      if (request.path === KEYS_PATH) return refusal(409, 'conflict', 'A company may have at most 50 keys at once.');
      return undefined;
    });
    renderKeys();
    await screen.findByText('No keys yet.');
    await userEvent.click(screen.getByRole('button', { name: 'Create a key' }));
    const dialog = screen.getByRole('dialog', { name: 'Create a key' });
    await enterText(within(dialog).getByRole('textbox', { name: 'Name' }), 'One too many');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create the key' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('at most 50 keys');
  });
});
