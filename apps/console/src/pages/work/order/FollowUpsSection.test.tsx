import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConsoleMe, ConsoleOrderNote, ConsoleOrderTask } from '@scheduler/contracts/console';
import { ORDER_NOTE_MAX } from '@scheduler/contracts/console';
import { OFFICE_ME, ORDER_ID } from '../../../test-support/fixtures.ts';
import { DETAIL } from '../../../test-support/order-detail.ts';
import { enterText } from '../../../test-support/enter-text.ts';
import { refusal, renderPage, stubServer, type RecordedRequest } from '../../../test-support/render-page.tsx';
import { FollowUpsSection } from './FollowUpsSection.tsx';

/** The order page's notes and follow-ups (issue 41): what they say, adding them, ticking one done. */

const BASE = `/api/console/companies/demo/orders/${ORDER_ID}`;
const INSPECTOR_ME: ConsoleMe = {
  ...OFFICE_ME,
  memberships: [{ ...OFFICE_ME.memberships[0]!, role: 'inspector', inspector_id: 101, sees_all_orders: false }],
};
const NOTE: ConsoleOrderNote = {
  id: '0b7c1e2a-1111-4a2b-8c3d-000000000001',
  body: 'Gate code 4417.\nCall before going.',
  author_name: 'Olive Office',
  created_at: '2026-11-20T15:00:00.000Z',
};
const task = (rest: Partial<ConsoleOrderTask>): ConsoleOrderTask => ({
  id: '0b7c1e2a-2222-4a2b-8c3d-000000000001',
  order_id: ORDER_ID,
  title: 'Send the radon report',
  due_date: '2026-11-27',
  owner_user_id: 'u1',
  owner_name: 'Olive Office',
  done_at: null,
  overdue: true,
  created_by: 'Olive Office',
  created_at: '2026-11-20T15:00:00.000Z',
  ...rest,
});
const member = (id: string, name: string) => ({
  id: `m-${id}`,
  userId: id,
  organizationId: 'org-demo',
  role: 'office',
  createdAt: '2026-11-01T12:00:00.000Z',
  user: { id, name, email: `${id}@example.com` },
});

function serve(me: ConsoleMe = OFFICE_ME, tasks: ConsoleOrderTask[] = [task({})]): RecordedRequest[] {
  return stubServer((request) => {
    if (request.path === '/api/console/me') return { status: 200, body: me };
    if (request.path === `${BASE}/notes` && request.method === 'GET') return { status: 200, body: { notes: [NOTE] } };
    if (request.path === `${BASE}/notes` && request.method === 'POST')
      return { status: 201, body: { ...NOTE, id: '0b7c1e2a-1111-4a2b-8c3d-000000000002', body: 'x' } };
    if (request.path === `${BASE}/tasks` && request.method === 'GET') return { status: 200, body: { tasks } };
    if (request.path === `${BASE}/tasks` && request.method === 'POST')
      return {
        status: 201,
        body: task({ title: 'Call the agent', due_date: '2026-12-02', overdue: false, owner_name: 'Frank Ortiz' }),
      };
    if (request.path.startsWith('/api/console/companies/demo/tasks/') && request.method === 'PATCH')
      return { status: 200, body: task({ done_at: '2026-11-28T15:00:00.000Z', overdue: false }) };
    if (request.path.startsWith('/api/auth/organization/list-members'))
      return { status: 200, body: { members: [member('u1', 'Olive Office'), member('u7', 'Frank Ortiz')], total: 2 } };
    return undefined;
  });
}
const show = () =>
  renderPage(<FollowUpsSection detail={DETAIL} companyKey="demo" />, {
    path: `/demo/orders/${ORDER_ID}`,
    pattern: '/:companyKey/orders/:orderId',
  });

describe('notes and follow-ups', () => {
  it('lists the notes with their author and time on the office clock, and the tasks with overdue in words', async () => {
    serve();
    show();
    const notes = await screen.findByRole('list', { name: 'Notes, newest first' });
    expect(within(notes).getByText(/Gate code 4417/).textContent).toBe(NOTE.body);
    expect(within(notes).getByText('Olive Office · Friday, November 20th 2026 at 10:00 AM EST')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Follow-ups' });
    const cells = within(within(table).getAllByRole('row')[1]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(1)).toEqual(['Send the radon report', 'Fri 11/27/2026, overdue', 'Olive Office']);
    expect(screen.getByRole('region', { name: 'Follow-ups, scrolls sideways' }).getAttribute('tabindex')).toBe('0');
    expect(screen.getByText('Only your team sees these: never the client or the agents.')).toBeTruthy();
  });

  it('adds a note, counting its characters up to the limit', async () => {
    const requests = serve();
    show();
    const field = await screen.findByRole('textbox', { name: 'New note' });
    expect(field.getAttribute('maxlength')).toBe(String(ORDER_NOTE_MAX));
    await enterText(field, 'Client prefers texts');
    expect(screen.getByText(`20 of ${ORDER_NOTE_MAX} characters`)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Note added.')).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST' && r.path === `${BASE}/notes`)?.body).toEqual({
      body: 'Client prefers texts',
    });
    expect((field as HTMLTextAreaElement).value).toBe('');
  });

  it('adds a follow-up for a member chosen from the team, due on a date, and ticks one done', async () => {
    const requests = serve();
    show();
    await enterText(await screen.findByRole('textbox', { name: 'New follow-up' }), 'Call the agent');
    const due = screen.getByLabelText('Due') as HTMLInputElement;
    await userEvent.clear(due);
    await userEvent.type(due, '2026-12-02');
    await userEvent.click(screen.getByRole('combobox', { name: 'Owner' }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Frank Ortiz' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add follow-up' }));
    expect(await screen.findByText('Follow-up added for Frank Ortiz, due Wed 12/2/2026.')).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST' && r.path === `${BASE}/tasks`)?.body).toEqual({
      title: 'Call the agent',
      due_date: '2026-12-02',
      owner_user_id: 'u7',
    });

    await userEvent.click(screen.getByRole('checkbox', { name: 'Done: Send the radon report' }));
    expect(await screen.findByText('Done: Send the radon report.')).toBeTruthy();
    expect(requests.find((r) => r.method === 'PATCH')).toMatchObject({
      path: '/api/console/companies/demo/tasks/0b7c1e2a-2222-4a2b-8c3d-000000000001',
      body: { done: true },
    });
  });

  it('says why a note was refused, in words', async () => {
    stubServer((request) => {
      if (request.path === '/api/console/me') return { status: 200, body: OFFICE_ME };
      if (request.method === 'GET' && request.path.startsWith(BASE))
        return { status: 200, body: { notes: [], tasks: [] } };
      if (request.method === 'POST') return refusal(400, 'invalid_request', 'The note is too long.');
      return undefined;
    });
    show();
    expect(await screen.findByText('No notes yet.')).toBeTruthy();
    expect(screen.getByText('No follow-ups.')).toBeTruthy();
    await enterText(screen.getByRole('textbox', { name: 'New note' }), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Note not added: The note is too long.')).toBeTruthy();
  });

  it('lets an inspector read but offers them no way to write', async () => {
    serve(INSPECTOR_ME);
    show();
    expect(await screen.findByRole('list', { name: 'Notes, newest first' })).toBeTruthy();
    const box = await screen.findByRole('checkbox', { name: 'Done: Send the radon report' });
    expect((box as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('textbox', { name: 'New note' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add follow-up' })).toBeNull();
  });
});
