import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConsoleMe } from '@scheduler/contracts/console';
import { OFFICE_ME } from '../../../test-support/fixtures.ts';
import { renderPage, stubServer, type RecordedRequest } from '../../../test-support/render-page.tsx';
import TeamPage from './TeamPage.tsx';

const OWNER_ME: ConsoleMe = { ...OFFICE_ME, memberships: [{ ...OFFICE_ME.memberships[0]!, role: 'owner' }] };
const member = (id: string, name: string, role: string) => ({ id: `m-${id}`, userId: id, organizationId: 'org-demo', role, createdAt: '2026-11-01T12:00:00.000Z', user: { id, name, email: `${id}@example.com` } });

/** The demo's team: the owner, and an inspector member who is nobody yet. */
function serveTeam(links: Array<{ user_id: string; role: string; inspector_id: number | null }>): RecordedRequest[] {
  return stubServer((request) => {
    if (request.path === '/api/console/me') return { status: 200, body: OWNER_ME };
    if (request.path.startsWith('/api/auth/organization/list-members')) return { status: 200, body: { members: [member('u1', 'Olive Owner', 'owner'), member('u2', 'Ivan Inspector', 'inspector')], total: 2 } };
    if (request.path.startsWith('/api/auth/organization/list-invitations')) return { status: 200, body: [] };
    if (request.path === '/api/console/companies/demo/members') return { status: 200, body: links };
    if (request.path === '/api/console/companies/demo/inspectors') return { status: 200, body: { inspectors: [{ id: 101, name: 'Mike Alvarez', office_uuid: '5b0c3a8e-7f1d-4c2a-9e61-3d4f8a2b9c10', office_name: 'Columbus' }, { id: 102, name: 'Sara Chen', office_uuid: '5b0c3a8e-7f1d-4c2a-9e61-3d4f8a2b9c10', office_name: 'Columbus' }] } };
    if (request.method === 'PUT' && request.path === '/api/console/companies/demo/members/u2/inspector') return { status: 204, body: null };
    return undefined;
  });
}

describe('the Team page', () => {
  it("asks the company's organization by the membership's id, and lets an owner name the inspector an inspector member is (issue 39)", async () => {
    const requests = serveTeam([
      { user_id: 'u1', role: 'owner', inspector_id: null },
      { user_id: 'u2', role: 'inspector', inspector_id: null },
    ]);
    renderPage(<TeamPage />, { path: '/demo/team', pattern: '/:companyKey/team' });
    const chooser = await screen.findByRole('combobox', { name: 'Inspector Ivan Inspector is' });
    expect(screen.getByText('Choose who they are: until then they see no bookings.')).toBeTruthy();
    // Only inspector members have the choice.
    expect(screen.queryByRole('combobox', { name: 'Inspector Olive Owner is' })).toBeNull();
    await userEvent.click(chooser);
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Sara Chen' }));
    await expect.poll(() => requests.find((request) => request.method === 'PUT')?.body).toEqual({ inspector_id: 102 });
    const listed = requests.find((request) => request.path.startsWith('/api/auth/organization/list-members'));
    expect(new URL(listed!.path, 'http://localhost').searchParams.get('organizationId')).toBe('org-demo');
    expect(requests.some((request) => request.path.includes('get-full-organization'))).toBe(false);
  });

  it('shows the inspector already named', async () => {
    serveTeam([
      { user_id: 'u1', role: 'owner', inspector_id: null },
      { user_id: 'u2', role: 'inspector', inspector_id: 101 },
    ]);
    renderPage(<TeamPage />, { path: '/demo/team', pattern: '/:companyKey/team' });
    const chooser = await screen.findByRole('combobox', { name: 'Inspector Ivan Inspector is' });
    await expect.poll(() => chooser.textContent).toBe('Mike Alvarez');
    expect(screen.queryByText('Choose who they are: until then they see no bookings.')).toBeNull();
  });
});
