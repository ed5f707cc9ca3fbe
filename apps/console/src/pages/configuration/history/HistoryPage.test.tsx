import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConsoleMe } from '@scheduler/contracts/console';
import type { VersionConflict, VersionDetail } from '@scheduler/contracts/configuration';
import { SETTING } from '@scheduler/contracts/setting-keys';
import { OFFICE_ME } from '../../../test-support/fixtures.ts';
import { renderPage, stubServer, type Answer, type RecordedRequest } from '../../../test-support/render-page.tsx';
import { versionSummary } from '../../../test-support/configuration-server.ts';
import HistoryPage from './HistoryPage.tsx';

const OWNER: ConsoleMe = { ...OFFICE_ME, memberships: [{ ...OFFICE_ME.memberships[0]!, role: 'admin' }] };
const version = versionSummary;
/** When every summary here was saved. */
const SAVED_AT = version(1).saved_at;

const PATHS = Array.from({ length: 10 }, (_, index) => `inspectors[${101 + index}].max_inspections_per_day`);
/** 23 versions: the newest three of each kind, then ordinary saves, and the baseline as version 1. */
const NEWEST = version(23, { change_count: 12, changed_paths: PATHS });
const RESTORED = version(22, {
  source: 'restore',
  restored_from: 20,
  saved_by: 'Dana Admin',
  change_count: 2,
  changed_paths: ['name', `settings[${SETTING.ALLOW_TODAY}].value`],
});
const IMPORTED = version(21, { source: 'import', saved_by: 'Admin API' });
const PAGE_ONE = [NEWEST, RESTORED, IMPORTED, ...Array.from({ length: 17 }, (_, index) => version(20 - index))];
const PAGE_TWO = [
  version(3),
  version(2),
  version(1, { source: 'baseline', saved_by: 'Before history', change_count: 0, changed_paths: [] }),
];

const VERSIONS = '/api/console/companies/demo/configuration/versions';
const DETAIL_22: VersionDetail = {
  version: RESTORED,
  against: 21,
  changes: [
    {
      path: 'name',
      kind: 'changed',
      before: 'Scioto Valley Inspections',
      after: 'Scioto Valley Home Inspections',
      text: 'Company name: "Scioto Valley Inspections" → "Scioto Valley Home Inspections"',
    },
    {
      path: `settings[${SETTING.ALLOW_TODAY}]`,
      kind: 'added',
      after: { key: SETTING.ALLOW_TODAY, value: 'Y' },
      text: 'Setting added: Allow today',
    },
    { path: 'coupons[SPRING]', kind: 'removed', before: { code: 'SPRING' }, text: 'Coupon removed: SPRING' },
  ],
  truncated: false,
};

function serve(restore?: (request: RecordedRequest) => Answer) {
  return stubServer((request) => {
    if (request.path === '/api/console/me') return { status: 200, body: OWNER };
    if (request.path === `${VERSIONS}?page=1`) return { status: 200, body: { versions: PAGE_ONE, page: 1, total: 23 } };
    if (request.path === `${VERSIONS}?page=2`) return { status: 200, body: { versions: PAGE_TWO, page: 2, total: 23 } };
    if (request.path === `${VERSIONS}/22`) return { status: 200, body: DETAIL_22 };
    if (request.method === 'POST' && request.path.startsWith(`${VERSIONS}/`) && request.path.endsWith('/restore'))
      return restore?.(request);
    return undefined;
  });
}

const restores = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'POST').map((r) => ({ path: r.path, body: r.body }));
const listReads = (requests: RecordedRequest[]) => requests.filter((r) => r.path === `${VERSIONS}?page=1`).length;
const entry = (number: number) =>
  screen
    .getByRole('heading', { level: 2, name: new RegExp(`^Version ${number}( \\(current\\))?$`) })
    .closest('li') as HTMLElement;
/** The short name of the browser's zone on the day of SAVED_AT, as Intl writes it. */
const zone = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' })
  .formatToParts(new Date(SAVED_AT))
  .find((part) => part.type === 'timeZoneName')!.value;

function renderHistory() {
  return renderPage(<HistoryPage />, { path: '/demo/history', pattern: '/:companyKey/history' });
}

describe('the history page', () => {
  it('lists the versions newest first: number, how it came, who, when in the named zone, what changed in words and how many more', async () => {
    const requests = serve();
    renderHistory();
    await screen.findByRole('heading', { level: 2, name: 'Version 23 (current)' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('History');
    const headings = within(screen.getByRole('list', { name: 'Versions' })).getAllByRole('heading', { level: 2 });
    expect(headings.map((heading) => heading.textContent)).toEqual(
      PAGE_ONE.map((v) => (v === NEWEST ? 'Version 23 (current)' : `Version ${v.version}`)),
    );

    const newest = entry(23);
    expect(newest.textContent).toMatch(
      new RegExp(
        `Saved in the console by Ann Owner, .+ 2026 at \\d{1,2}:\\d{2} (AM|PM) ${zone.replace(/[+]/g, '\\+')}`,
      ),
    );
    // Ten inspectors' limits are one kind of change, in words, never their paths (issue 41).
    expect(newest.textContent).toContain('Inspector most inspections a day and 2 more');
    expect(newest.textContent).not.toContain('inspectors[');
    expect(entry(22).textContent).toContain('Company name, Allow today');
    expect(entry(22).textContent).not.toContain('settings[');
    expect(entry(22).textContent).toContain('Undo to version 20 by Dana Admin');
    expect(entry(21).textContent).toContain('Imported by Admin API');

    // The newest is what an undo would replace: it has no undo of its own; every other version has one.
    expect(within(newest).queryByRole('button', { name: /^Undo/ })).toBeNull();
    expect(within(entry(22)).getByRole('button', { name: 'Undo to version 22' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    await screen.findByRole('heading', { level: 2, name: 'Version 3' });
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(requests.filter((r) => r.path.startsWith(`${VERSIONS}?`)).map((r) => r.path)).toEqual([
      `${VERSIONS}?page=1`,
      `${VERSIONS}?page=2`,
    ]);
  });

  it('shows what a version changed from the one before it, a line each, in words (issue 41)', async () => {
    const requests = serve();
    renderHistory();
    await screen.findByRole('heading', { level: 2, name: 'Version 23 (current)' });
    const show = within(entry(22)).getByRole('button', { name: 'Show the changes of version 22' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(show);

    const changes = await screen.findByRole('list', { name: 'Changes of version 22 from version 21' });
    expect(
      within(changes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Company name: "Scioto Valley Inspections" → "Scioto Valley Home Inspections"',
      'Setting added: Allow today',
      'Coupon removed: SPRING',
    ]);
    expect(requests.filter((r) => r.path.startsWith(`${VERSIONS}/`)).map((r) => r.path)).toEqual([`${VERSIONS}/22`]);
    expect(within(entry(22)).getByRole('button', { name: 'Hide the changes' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
  });

  it('asks before an undo, sends the newest version as the base, and says which version became which', async () => {
    const requests = serve(() => ({
      status: 200,
      body: { version: version(24, { source: 'restore', restored_from: 21 }) },
    }));
    renderHistory();
    await screen.findByRole('heading', { level: 2, name: 'Version 23 (current)' });

    await userEvent.click(within(entry(21)).getByRole('button', { name: 'Undo to version 21' }));
    const dialog = await screen.findByRole('dialog', { name: 'Undo to version 21?' });
    expect(dialog.textContent).toContain('goes back to version 21');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(restores(requests)).toEqual([]);

    await userEvent.click(within(entry(21)).getByRole('button', { name: 'Undo to version 21' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Undo to version 21?' })).getByRole('button', { name: 'Undo' }),
    );
    expect((await screen.findByText('Version 21 restored as version 24.')).closest('[role="status"]')).not.toBeNull();
    expect(restores(requests)).toEqual([{ path: `${VERSIONS}/21/restore`, body: { base_version: 23 } }]);
    await waitFor(() => expect(listReads(requests)).toBe(2));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows someone else's save instead of undoing over it, and reads the history again only when asked", async () => {
    const conflict: VersionConflict = {
      error: {
        code: 'version_conflict',
        message:
          'Dana Admin saved version 24 after the version 23 you started from. Review their changes, then make yours again on the new version.',
        field: 'base_version',
      },
      current: version(24, { saved_by: 'Dana Admin' }),
      changes: [
        {
          path: `settings[${SETTING.HIDE_LOGO}].value`,
          kind: 'changed',
          before: 'N',
          after: 'Y',
          text: 'Hide logo: "N" → "Y"',
        },
      ],
      truncated: true,
    };
    const requests = serve(() => ({ status: 409, body: conflict }));
    renderHistory();
    await screen.findByRole('heading', { level: 2, name: 'Version 23 (current)' });
    await userEvent.click(within(entry(20)).getByRole('button', { name: 'Undo to version 20' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Undo to version 20?' })).getByRole('button', { name: 'Undo' }),
    );

    const alert = (await screen.findByText('Someone else saved a change')).closest('.MuiAlert-root') as HTMLElement;
    // The page behind the dialog is hidden from assistive technology until the dialog has gone.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(alert.textContent).toContain(conflict.error.message);
    expect(
      within(within(alert).getByRole('list', { name: 'What Dana Admin changed' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Hide logo: "N" → "Y"', '…and more.']);
    expect(restores(requests)).toEqual([{ path: `${VERSIONS}/20/restore`, body: { base_version: 23 } }]);
    expect(screen.queryByText(/restored as version/)).toBeNull();
    expect(listReads(requests)).toBe(1);

    await userEvent.click(within(alert).getByRole('button', { name: 'Load their version' }));
    await waitFor(() => expect(listReads(requests)).toBe(2));
    expect(screen.queryByText('Someone else saved a change')).toBeNull();
  });

  it('offers undo on older pages too, still from the newest version, and names the baseline once', async () => {
    const requests = serve(() => ({
      status: 200,
      body: { version: version(24, { source: 'restore', restored_from: 2 }) },
    }));
    renderHistory();
    await screen.findByRole('heading', { level: 2, name: 'Version 23 (current)' });
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    await screen.findByRole('heading', { level: 2, name: 'Version 1' });

    expect(entry(1).textContent).toMatch(/^Version 1Before history, /);
    expect(entry(1).textContent).not.toContain('by Before history');
    await userEvent.click(within(entry(2)).getByRole('button', { name: 'Undo to version 2' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Undo to version 2?' })).getByRole('button', { name: 'Undo' }),
    );
    expect(await screen.findByText('Version 2 restored as version 24.')).toBeTruthy();
    expect(restores(requests)).toEqual([{ path: `${VERSIONS}/2/restore`, body: { base_version: 23 } }]);
  });
});
