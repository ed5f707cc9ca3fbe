import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { ConsoleMyTasks } from '@scheduler/contracts/console';
import { failureText } from '../../../shared/api.ts';
import { memberCan, useCompany } from '../../../shared/company.ts';
import { Failure } from '../../../shared/Failure.tsx';
import { dueText, myTasksQueryOptions, useChangeTask } from '../../../shared/follow-ups.ts';
import { Loading } from '../../../shared/Loading.tsx';
import { PageHeading } from '../../../shared/PageHeading.tsx';
import { clockText, shortDateText } from '../../../shared/time-text.ts';

type MyTask = ConsoleMyTasks['tasks'][number];

/** "Tue 12/1/2026, 9:30 AM": the order's booked start on its office's clock; "No time set" without one. */
export function appointmentText(order: MyTask['order']): string {
  const start = order.appointment;
  return start ? `${shortDateText(start.local_date)}, ${clockText(start.local_time)}` : 'No time set';
}

/**
 * /console/{key}/my-tasks: the signed-in member's open follow-ups in this company, overdue first,
 * then by due date, each with a link to its order (issue 41). Ticking one done takes it off.
 */
export default function MyTasksPage() {
  const { companyKey, membership } = useCompany();
  const tasks = useQuery(myTasksQueryOptions(companyKey));
  const change = useChangeTask(companyKey);
  const canWrite = memberCan(membership, 'orders.follow_up');
  const [said, setSaid] = useState('');
  const overdue = tasks.data?.tasks.filter((task) => task.overdue).length ?? 0;

  return (
    <>
      <PageHeading>My tasks</PageHeading>
      <Typography role="status" sx={{ mb: said ? 1 : 0 }}>
        {said}
      </Typography>
      {tasks.isPending && <Loading label="Loading your tasks…" />}
      {tasks.isError && <Failure error={tasks.error} onRetry={() => void tasks.refetch()} />}
      {tasks.data && tasks.data.tasks.length === 0 && <Typography>You have no open follow-ups.</Typography>}
      {tasks.data && tasks.data.tasks.length > 0 && (
        <>
          <Typography sx={{ mb: 1 }}>
            {tasks.data.tasks.length} open{overdue > 0 ? `, ${overdue} overdue` : ''}.
          </Typography>
          {/* A wide table scrolls inside its own box at 375 px: reachable by keyboard, and named. */}
          <TableContainer tabIndex={0} role="region" aria-label="My tasks, scrolls sideways">
            <Table size="small" aria-label="My tasks" sx={{ minWidth: 640 }}>
              <TableHead>
                <TableRow>
                  {canWrite && <TableCell padding="checkbox">Done</TableCell>}
                  <TableCell>Follow-up</TableCell>
                  <TableCell>Due</TableCell>
                  <TableCell>Order</TableCell>
                  <TableCell>Client</TableCell>
                  <TableCell>Appointment</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {tasks.data.tasks.map((task) => (
                  <TableRow key={task.id}>
                    {canWrite && (
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={false}
                          disabled={change.isPending}
                          onChange={() =>
                            change.mutate(
                              { taskId: task.id, patch: { done: true } },
                              {
                                onSuccess: () => setSaid(`Done: ${task.title}.`),
                                onError: (error) => setSaid(`Not changed: ${failureText(error)}`),
                              },
                            )
                          }
                          slotProps={{ input: { 'aria-label': `Done: ${task.title}` } }}
                        />
                      </TableCell>
                    )}
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{task.title}</TableCell>
                    <TableCell sx={task.overdue ? { color: 'error.main', fontWeight: 650 } : undefined}>
                      {dueText(task)}
                    </TableCell>
                    <TableCell>
                      <Link
                        component={RouterLink}
                        to={`/${encodeURIComponent(companyKey)}/orders/${encodeURIComponent(task.order_id)}`}
                      >
                        Order {task.order.reference}
                      </Link>
                    </TableCell>
                    <TableCell>{task.order.client || '—'}</TableCell>
                    <TableCell>{appointmentText(task.order)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
    </>
  );
}
