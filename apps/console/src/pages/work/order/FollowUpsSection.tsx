import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  ORDER_NOTE_MAX,
  ORDER_TASK_TITLE_MAX,
  type ConsoleOrderDetail,
  type ConsoleOrderTask,
} from '@scheduler/contracts/console';
import { failureText } from '../../../shared/api.ts';
import { memberCan, useCompany } from '../../../shared/company.ts';
import { Failure } from '../../../shared/Failure.tsx';
import {
  dueText,
  orderNotesQueryOptions,
  orderTasksQueryOptions,
  useAddNote,
  useAddTask,
  useChangeTask,
} from '../../../shared/follow-ups.ts';
import { Loading } from '../../../shared/Loading.tsx';
import { meQueryOptions } from '../../../shared/queries.ts';
import { momentText, todayIn } from '../../../shared/time-text.ts';
import { membersQueryOptions } from '../../../shared/team-members.ts';
import { Section } from './OrderSections.tsx';

/**
 * The office's own notes on the order and its follow-up tasks (issue 41): read by whoever may
 * read the order, written by owners, admins and office staff. None of it ever reaches the client
 * or the agents; the section says so, so that nobody writes a note meant for them here.
 */
export function FollowUpsSection({ detail, companyKey }: { detail: ConsoleOrderDetail; companyKey: string }) {
  const { membership } = useCompany();
  const canWrite = memberCan(membership, 'orders.follow_up');
  const [said, setSaid] = useState('');
  const orderId = detail.order.id;
  return (
    <Section title="Notes and follow-ups">
      <Typography sx={{ color: 'text.secondary', mb: 1 }}>
        Only your team sees these: never the client or the agents.
      </Typography>
      <Typography role="status" sx={{ mb: said ? 1 : 0 }}>
        {said}
      </Typography>
      <Typography variant="h3" component="h3" sx={{ mt: 1, mb: 1 }}>
        Notes
      </Typography>
      {canWrite && <NoteForm companyKey={companyKey} orderId={orderId} onSaid={setSaid} />}
      <NoteList companyKey={companyKey} orderId={orderId} timeZone={detail.order.time_zone} />
      <Typography variant="h3" component="h3" sx={{ mt: 2, mb: 1 }}>
        Follow-ups
      </Typography>
      <TaskTable companyKey={companyKey} orderId={orderId} canWrite={canWrite} onSaid={setSaid} />
      {canWrite && (
        <TaskForm
          companyKey={companyKey}
          orderId={orderId}
          organizationId={membership?.organization_id ?? ''}
          timeZone={detail.order.time_zone}
          onSaid={setSaid}
        />
      )}
    </Section>
  );
}

interface Part {
  companyKey: string;
  orderId: string;
}

function NoteForm({ companyKey, orderId, onSaid }: Part & { onSaid: (words: string) => void }) {
  const [body, setBody] = useState('');
  const add = useAddNote(companyKey, orderId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return onSaid('Write the note first.');
    add.mutate(body, {
      onSuccess: () => {
        setBody('');
        onSaid('Note added.');
      },
      onError: (error) => onSaid(`Note not added: ${failureText(error)}`),
    });
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 1, mb: 2 }}>
      <TextField
        label="New note"
        multiline
        minRows={2}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        helperText={`${body.length} of ${ORDER_NOTE_MAX} characters`}
        slotProps={{ htmlInput: { maxLength: ORDER_NOTE_MAX } }}
      />
      <Box>
        <Button type="submit" variant="outlined" disabled={add.isPending}>
          Add note
        </Button>
      </Box>
    </Box>
  );
}

function NoteList({ companyKey, orderId, timeZone }: Part & { timeZone: string }) {
  const notes = useQuery(orderNotesQueryOptions(companyKey, orderId));
  if (notes.isPending) return <Loading label="Loading the notes…" />;
  if (notes.isError) return <Failure error={notes.error} onRetry={() => void notes.refetch()} />;
  if (notes.data.notes.length === 0) return <Typography>No notes yet.</Typography>;
  return (
    <Box component="ul" aria-label="Notes, newest first" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {notes.data.notes.map((note) => (
        <Box component="li" key={note.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{note.body}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {note.author_name} · {momentText(note.created_at, timeZone)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function TaskTable({
  companyKey,
  orderId,
  canWrite,
  onSaid,
}: Part & { canWrite: boolean; onSaid: (words: string) => void }) {
  const tasks = useQuery(orderTasksQueryOptions(companyKey, orderId));
  const change = useChangeTask(companyKey);
  if (tasks.isPending) return <Loading label="Loading the follow-ups…" />;
  if (tasks.isError) return <Failure error={tasks.error} onRetry={() => void tasks.refetch()} />;
  if (tasks.data.tasks.length === 0) return <Typography sx={{ mb: 1 }}>No follow-ups.</Typography>;
  const toggle = (task: ConsoleOrderTask, done: boolean) =>
    change.mutate(
      { taskId: task.id, patch: { done } },
      {
        onSuccess: () => onSaid(done ? `Done: ${task.title}.` : `Open again: ${task.title}.`),
        onError: (error) => onSaid(`Not changed: ${failureText(error)}`),
      },
    );
  return (
    // A wide table scrolls inside its own box at 375 px: reachable by keyboard, and named.
    <TableContainer tabIndex={0} role="region" aria-label="Follow-ups, scrolls sideways" sx={{ mb: 2 }}>
      <Table size="small" aria-label="Follow-ups" sx={{ minWidth: 480 }}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">Done</TableCell>
            <TableCell>Follow-up</TableCell>
            <TableCell>Due</TableCell>
            <TableCell>Owner</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {tasks.data.tasks.map((task) => (
            <TableRow key={task.id}>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={task.done_at !== null}
                  disabled={!canWrite || change.isPending}
                  onChange={(event) => toggle(task, event.target.checked)}
                  slotProps={{ input: { 'aria-label': `Done: ${task.title}` } }}
                />
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{task.title}</TableCell>
              <TableCell sx={task.overdue ? { color: 'error.main', fontWeight: 650 } : undefined}>
                {dueText(task)}
              </TableCell>
              <TableCell>{task.owner_name}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function TaskForm({
  companyKey,
  orderId,
  organizationId,
  timeZone,
  onSaid,
}: Part & { organizationId: string; timeZone: string; onSaid: (words: string) => void }) {
  const me = useQuery(meQueryOptions());
  const members = useQuery({ ...membersQueryOptions(companyKey, organizationId), enabled: organizationId !== '' });
  const myId = me.data?.user.id ?? '';
  // Without the team's list (it could not be read), a follow-up can still be one's own.
  const owners =
    members.data?.members.map((member) => ({ id: member.userId, name: member.user.name })) ??
    (me.data ? [{ id: myId, name: me.data.user.name }] : []);
  const [title, setTitle] = useState('');
  const [due, setDue] = useState(() => todayIn(timeZone));
  const [owner, setOwner] = useState('');
  const add = useAddTask(companyKey, orderId);
  const ownerId = owner || myId;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return onSaid('Name the follow-up first.');
    if (!due) return onSaid('Give the follow-up a due date.');
    add.mutate(
      { title, due_date: due, owner_user_id: ownerId },
      {
        onSuccess: (task) => {
          setTitle('');
          onSaid(`Follow-up added for ${task.owner_name}, due ${dueText(task)}.`);
        },
        onError: (error) => onSaid(`Follow-up not added: ${failureText(error)}`),
      },
    );
  };
  return (
    <Box
      component="form"
      aria-label="New follow-up"
      onSubmit={submit}
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr' }, alignItems: 'start' }}
    >
      <TextField
        label="New follow-up"
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        slotProps={{ htmlInput: { maxLength: ORDER_TASK_TITLE_MAX } }}
      />
      <TextField
        label="Due"
        type="date"
        value={due}
        onChange={(event) => setDue(event.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: '2000-01-01', max: '2099-12-31' } }}
      />
      <TextField
        select
        label="Owner"
        value={owners.some((o) => o.id === ownerId) ? ownerId : ''}
        onChange={(event) => setOwner(event.target.value)}
      >
        {owners.map((option) => (
          <MenuItem key={option.id} value={option.id}>
            {option.name}
          </MenuItem>
        ))}
      </TextField>
      <Box>
        <Button type="submit" variant="outlined" disabled={add.isPending || ownerId === ''}>
          Add follow-up
        </Button>
      </Box>
    </Box>
  );
}
