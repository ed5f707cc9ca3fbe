import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConsoleMe, ConsoleMyTasks } from '@scheduler/contracts/console';
import { OFFICE_ME, ORDER_ID } from '../../../test-support/fixtures.ts';
import { renderPage, stubServer, type RecordedRequest } from '../../../test-support/render-page.tsx';
import { bodyRows } from '../../../test-support/table-rows.ts';
import MyTasksPage from './MyTasksPage.tsx';

/** "My tasks" (issue 41): the signed-in member's open follow-ups, with links to their orders. */

type MyTask = ConsoleMyTasks['tasks'][number];
const item = (rest: Partial<MyTask>): MyTask => ({
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
  order: {
    reference: 'SV-1042',
    client: 'Jane Doe',
    appointment: { local_date: '2026-12-01', local_time: '09:30', time_zone: 'America/New_York' },
  },
  ...rest,
});
const INSPECTOR_ME: ConsoleMe = {
  ...OFFICE_ME,
  memberships: [{ ...OFFICE_ME.memberships[0]!, role: 'inspector', inspector_id: 101, sees_all_orders: false }],
};

function serve(tasks: MyTask[], me: ConsoleMe = OFFICE_ME): RecordedRequest[] {
  return stubServer((request) => {
    if (request.path === '/api/console/me') return { status: 200, body: me };
    if (request.path === '/api/console/companies/demo/my-tasks') return { status: 200, body: { tasks } };
    if (request.method === 'PATCH') return { status: 200, body: { ...tasks[0]!, done_at: '2026-11-28T15:00:00.000Z' } };
    return undefined;
  });
}
const show = () => renderPage(<MyTasksPage />, { path: '/demo/my-tasks', pattern: '/:companyKey/my-tasks' });
const rows = () => bodyRows(screen.getByRole('table', { name: 'My tasks' }));

describe('my tasks', () => {
  it('lists the open follow-ups as the server orders them, overdue said in words, each linking to its order', async () => {
    serve([
      item({}),
      item({
        id: '0b7c1e2a-2222-4a2b-8c3d-000000000002',
        title: 'Call the agent',
        due_date: '2026-12-02',
        overdue: false,
        order: { reference: 'SV-1043', client: '', appointment: null },
      }),
    ]);
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'My tasks' })).toBeTruthy();
    // The console's shell has the member before any page shows; rendered alone, the page may get its
    // tasks first, and the Done column (which the member's role decides) comes a moment later.
    await screen.findByRole('checkbox', { name: 'Done: Call the agent' });
    expect(screen.getByText('2 open, 1 overdue.')).toBeTruthy();
    expect(rows().map((cells) => cells.slice(1))).toEqual([
      ['Send the radon report', 'Fri 11/27/2026, overdue', 'Order SV-1042', 'Jane Doe', 'Tue 12/1/2026, 9:30 AM'],
      ['Call the agent', 'Wed 12/2/2026', 'Order SV-1043', '—', 'No time set'],
    ]);
    expect(screen.getByRole('link', { name: 'Order SV-1042' }).getAttribute('href')).toBe(`/demo/orders/${ORDER_ID}`);
    expect(screen.getByRole('region', { name: 'My tasks, scrolls sideways' }).getAttribute('tabindex')).toBe('0');
  });

  it('ticks a follow-up done and says so', async () => {
    const requests = serve([item({})]);
    show();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Done: Send the radon report' }));
    expect(await screen.findByText('Done: Send the radon report.')).toBeTruthy();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ done: true });
  });

  it('says when there is nothing to do', async () => {
    serve([]);
    show();
    expect(await screen.findByText('You have no open follow-ups.')).toBeTruthy();
  });

  it('offers an inspector (who may not write follow-ups) the list without checkboxes', async () => {
    serve([item({})], INSPECTOR_ME);
    show();
    await screen.findByRole('table', { name: 'My tasks' });
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
