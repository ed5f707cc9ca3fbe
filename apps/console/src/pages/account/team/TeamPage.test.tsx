import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConsoleMe } from '@scheduler/contracts/console';
import { OFFICE_ME } from '../../../test-support/fixtures.ts';
import { renderPage, stubServer, type Answer, type RecordedRequest } from '../../../test-support/render-page.tsx';
import { enterText } from '../../../test-support/enter-text.ts';
import TeamPage from './TeamPage.tsx';

const OWNER_ME: ConsoleMe = { ...OFFICE_ME, memberships: [{ ...OFFICE_ME.memberships[0]!, role: 'owner' }] };
const member = (id: string, name: string, role: string) => ({
  id: `m-${id}`,
  userId: id,
  organizationId: 'org-demo',
  role,
  createdAt: '2026-11-01T12:00:00.000Z',
  user: { id, name, email: `${id}@example.com` },
});

/** The demo's team: the owner, and an inspector member who is nobody yet. */
function serveTeam(links: Array<{ user_id: string; role: string; inspector_id: number | null }>): RecordedRequest[] {
  return stubServer((request) => {
    if (request.path === '/api/console/me') return { status: 200, body: OWNER_ME };
    if (request.path.startsWith('/api/auth/organization/list-members'))
      return {
        status: 200,
        body: {
          members: [member('u1', 'Olive Owner', 'owner'), member('u2', 'Ivan Inspector', 'inspector')],
          total: 2,
        },
      };
    if (request.path.startsWith('/api/auth/organization/list-invitations')) return { status: 200, body: [] };
    if (request.path === '/api/console/companies/demo/members') return { status: 200, body: links };
    if (request.path === '/api/console/companies/demo/inspectors')
      return {
        status: 200,
        body: {
          inspectors: [
            {
              id: 101,
              name: 'Mike Alvarez',
              office_uuid: '5b0c3a8e-7f1d-4c2a-9e61-3d4f8a2b9c10',
              office_name: 'Columbus',
            },
            {
              id: 102,
              name: 'Sara Chen',
              office_uuid: '5b0c3a8e-7f1d-4c2a-9e61-3d4f8a2b9c10',
              office_name: 'Columbus',
            },
          ],
        },
      };
    if (request.method === 'PUT' && request.path === '/api/console/companies/demo/members/u2/inspector')
      return { status: 204, body: null };
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

const LINKS = [
  { user_id: 'u1', role: 'owner', inspector_id: null },
  { user_id: 'u2', role: 'inspector', inspector_id: 101 },
];
const invitation = (id: string, email: string, role: string, status: string) => ({
  id,
  email,
  role,
  status,
  organizationId: 'org-demo',
  inviterId: 'u1',
  expiresAt: '2026-12-08T15:00:00.000Z',
  createdAt: '2026-12-01T15:00:00.000Z',
});

/** The team as serveTeam has it, with pending invitations, and Better Auth's answers to the changes (`changes` by endpoint). */
function serveChanges({
  me = OWNER_ME,
  invitations = [] as unknown[],
  changes = {} as Record<string, Answer>,
  links = LINKS as Array<{ user_id: string; role: string; inspector_id: number | null }>,
  linkAnswer,
}: {
  me?: ConsoleMe;
  invitations?: unknown[];
  changes?: Record<string, Answer>;
  links?: typeof LINKS;
  linkAnswer?: Answer;
} = {}) {
  return stubServer((request) => {
    if (request.path === '/api/console/me') return { status: 200, body: me };
    if (request.path.startsWith('/api/auth/organization/list-members'))
      return {
        status: 200,
        body: {
          members: [member('u1', 'Olive Owner', 'owner'), member('u2', 'Ivan Inspector', 'inspector')],
          total: 2,
        },
      };
    if (request.path.startsWith('/api/auth/organization/list-invitations')) return { status: 200, body: invitations };
    if (request.path === '/api/console/companies/demo/members') return { status: 200, body: links };
    if (request.path === '/api/console/companies/demo/inspectors')
      return {
        status: 200,
        body: {
          inspectors: [
            {
              id: 101,
              name: 'Mike Alvarez',
              office_uuid: '5b0c3a8e-7f1d-4c2a-9e61-3d4f8a2b9c10',
              office_name: 'Columbus',
            },
          ],
        },
      };
    if (request.method === 'PUT' && request.path.startsWith('/api/console/companies/demo/members/'))
      return linkAnswer ?? { status: 204, body: null };
    if (request.method === 'POST' && request.path.startsWith('/api/auth/organization/'))
      return changes[request.path.slice('/api/auth/organization/'.length)] ?? { status: 200, body: {} };
    return undefined;
  });
}

const renderTeam = () => renderPage(<TeamPage />, { path: '/demo/team', pattern: '/:companyKey/team' });
const posted = (requests: RecordedRequest[], endpoint: string) =>
  requests.filter((r) => r.method === 'POST' && r.path === `/api/auth/organization/${endpoint}`).map((r) => r.body);
const listings = (requests: RecordedRequest[], endpoint: string) =>
  requests.filter((r) => r.path.startsWith(`/api/auth/organization/${endpoint}`)).length;

async function choose(combobox: HTMLElement, option: string) {
  await userEvent.click(combobox);
  await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

describe('the Team page: who may see it', () => {
  it.each(['office', 'inspector'] as const)(
    'tells an %s member it is not theirs, and asks Better Auth nothing',
    async (role) => {
      const requests = serveChanges({ me: { ...OFFICE_ME, memberships: [{ ...OFFICE_ME.memberships[0]!, role }] } });
      renderTeam();
      expect(await screen.findByText("You don't have access to this.")).toBeTruthy();
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Team');
      expect(
        requests.filter((r) => r.path.startsWith('/api/auth/') || r.path.startsWith('/api/console/companies/')),
      ).toEqual([]);
    },
  );
});

describe('the Team page: members', () => {
  it('lists each member with their e-mail and role in words, an inspector member with the inspector they are', async () => {
    serveChanges();
    renderTeam();
    const table = await screen.findByRole('table', { name: 'Members' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Olive Owner',
      'Ivan Inspector',
    ]);
    expect(within(rows[0]!).getByText('u1@example.com')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Role of Olive Owner' }).textContent).toBe('Owner');
    expect(screen.getByRole('combobox', { name: 'Role of Ivan Inspector' }).textContent).toBe('Inspector');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Inspector Ivan Inspector is' }).textContent).toBe('Mike Alvarez'),
    );
  });

  it("changes a member's role through the company's organization, and reads the members again", async () => {
    const requests = serveChanges();
    renderTeam();
    await choose(await screen.findByRole('combobox', { name: 'Role of Ivan Inspector' }), 'Office staff');
    await waitFor(() =>
      expect(posted(requests, 'update-member-role')).toEqual([
        { memberId: 'm-u2', role: 'office', organizationId: 'org-demo' },
      ]),
    );
    await waitFor(() => expect(listings(requests, 'list-members')).toBe(2));
  });

  it("says Better Auth's refusal of a role change in words", async () => {
    serveChanges({
      changes: {
        'update-member-role': {
          status: 403,
          body: {
            code: 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER',
            message: 'You are not allowed to update this member',
          },
        },
      },
    });
    renderTeam();
    await choose(await screen.findByRole('combobox', { name: 'Role of Olive Owner' }), 'Administrator');
    expect((await screen.findByRole('alert')).textContent).toBe('You are not allowed to update this member');
  });

  it('asks before removing a member, removes nobody when kept, and removes them when confirmed', async () => {
    const requests = serveChanges();
    renderTeam();
    const ivan = (await screen.findAllByRole('row')).find((row) => row.textContent?.includes('Ivan Inspector'))!;
    await userEvent.click(within(ivan).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Ivan Inspector?' });
    expect(within(dialog).getByText('They will no longer be able to open this company in the console.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep them' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted(requests, 'remove-member')).toEqual([]);

    await userEvent.click(within(ivan).getByRole('button', { name: 'Remove' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Remove Ivan Inspector?' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    await waitFor(() =>
      expect(posted(requests, 'remove-member')).toEqual([{ memberIdOrEmail: 'm-u2', organizationId: 'org-demo' }]),
    );
  });

  it("un-names an inspector member's inspector with Not chosen, and says the console API's refusal", async () => {
    const requests = serveChanges({
      linkAnswer: { status: 404, body: { error: { code: 'not_found', message: 'Not Found.' } } },
    });
    renderTeam();
    const chooser = await screen.findByRole('combobox', { name: 'Inspector Ivan Inspector is' });
    await waitFor(() => expect(chooser.textContent).toBe('Mike Alvarez'));
    await choose(chooser, 'Not chosen');
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'PUT').map((r) => [r.path, r.body])).toEqual([
        ['/api/console/companies/demo/members/u2/inspector', { inspector_id: null }],
      ]),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not find that. It may have been removed, or the link is wrong.',
    );
  });
});

describe('the Team page: invitations', () => {
  it('checks the address before inviting, then invites in the role chosen and says to whom it went', async () => {
    const requests = serveChanges();
    renderTeam();
    const form = await screen.findByRole('region', { name: 'Invite someone' });
    await userEvent.click(within(form).getByRole('button', { name: 'Send the invitation' }));
    expect(await within(form).findByText('Enter their e-mail address.')).toBeTruthy();
    await enterText(within(form).getByRole('textbox', { name: /E-mail address/ }), 'not an address');
    await userEvent.click(within(form).getByRole('button', { name: 'Send the invitation' }));
    expect(await within(form).findByText('Enter an e-mail address like name@example.com.')).toBeTruthy();
    expect(posted(requests, 'invite-member')).toEqual([]);

    const email = within(form).getByRole('textbox', { name: /E-mail address/ });
    await userEvent.clear(email);
    await enterText(email, 'nia@example.com');
    await choose(within(form).getByRole('combobox', { name: 'Role' }), 'Inspector');
    await userEvent.click(within(form).getByRole('button', { name: 'Send the invitation' }));
    await waitFor(() =>
      expect(posted(requests, 'invite-member')).toEqual([
        { email: 'nia@example.com', role: 'inspector', organizationId: 'org-demo' },
      ]),
    );
    expect((await within(form).findByRole('status')).textContent).toBe(
      'We have sent an invitation to nia@example.com.',
    );
    // Ready for the next one, in the same role.
    expect((within(form).getByRole('textbox', { name: /E-mail address/ }) as HTMLInputElement).value).toBe('');
    expect(within(form).getByRole('combobox', { name: 'Role' }).textContent).toBe('Inspector');
    await waitFor(() => expect(listings(requests, 'list-invitations')).toBe(2));
  });

  it("says Better Auth's refusal of an invitation in its words, and that nothing was sent", async () => {
    serveChanges({
      changes: {
        'invite-member': {
          status: 400,
          body: {
            code: 'USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION',
            message: 'User is already a member of this organization',
          },
        },
      },
    });
    renderTeam();
    const form = await screen.findByRole('region', { name: 'Invite someone' });
    await enterText(within(form).getByRole('textbox', { name: /E-mail address/ }), 'u2@example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Send the invitation' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('User is already a member of this organization');
    expect(within(form).queryByRole('status')).toBeNull();
  });

  it('lists only the invitations still waiting, with role and expiry, and cancels one', async () => {
    const requests = serveChanges({
      invitations: [
        invitation('i1', 'nia@example.com', 'inspector', 'pending'),
        invitation('i2', 'old@example.com', 'office', 'accepted'),
        invitation('i3', 'ada@example.com', 'admin', 'pending'),
      ],
    });
    renderTeam();
    const waiting = await screen.findByRole('region', { name: 'Pending invitations' });
    const items = await within(waiting).findAllByRole('listitem');
    expect(items.map((item) => item.textContent?.replace(/ · expires .*?(Cancel)$/, ' · expires …$1'))).toEqual([
      'nia@example.com · Inspector · expires …Cancel',
      'ada@example.com · Administrator · expires …Cancel',
    ]);
    expect(items[0]!.textContent).toMatch(/expires (Monday|Tuesday), December (7th|8th) 2026 at/);
    await userEvent.click(within(waiting).getByRole('button', { name: 'Cancel the invitation to ada@example.com' }));
    await waitFor(() => expect(posted(requests, 'cancel-invitation')).toEqual([{ invitationId: 'i3' }]));
  });

  it('says when no invitation is waiting', async () => {
    serveChanges({ invitations: [invitation('i2', 'old@example.com', 'office', 'accepted')] });
    renderTeam();
    expect(
      await within(await screen.findByRole('region', { name: 'Pending invitations' })).findByText(
        'No invitations are waiting.',
      ),
    ).toBeTruthy();
  });
});
