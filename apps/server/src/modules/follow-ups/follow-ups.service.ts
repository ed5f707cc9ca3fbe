/**
 * The office's notes and follow-ups on an order (issue 41, decision 0061). Whoever may read an
 * order reads its notes and tasks; owners, admins and office staff write them (`orders.follow_up`).
 * A task's owner is a member of the same company, found by the company's immutable id, who may read
 * the order (else "my tasks" would show them an order they may not open). Nothing here reaches a
 * client or agent: the manage view, e-mails and the admin API read none of these tables.
 */
import type {
  ConsoleMyTasks,
  ConsoleOrderNote,
  ConsoleOrderNoteBody,
  ConsoleOrderTask,
  ConsoleOrderTaskBody,
  ConsoleOrderTaskPatch,
} from '@scheduler/contracts/console';
import { ZonedCalendar } from '@scheduler/domain/availability/zoned-calendar';
import { orderReference } from '@scheduler/domain/order-reference';
import type { Database, Executor } from '../../db/connection.ts';
import { AppError, NotFoundError } from '../../errors.ts';
import { memberOfCompany } from '../console-auth/console-access.ts';
import { ownInspectorOnly, type ConsoleMember } from '../console-auth/console-member.ts';
import { readableOrder } from '../order-list/console-orders.service.ts';
import {
  clientNames,
  findTask,
  insertNote,
  insertTask,
  loadNotes,
  loadOpenTasksOf,
  loadTasks,
  orderTimeZone,
  updateTask,
  type Actor,
  type NoteRow,
  type TaskRow,
} from './follow-ups.repository.ts';

function actorOf(member: ConsoleMember): Actor {
  return { userId: member.userId, name: member.userName };
}

/** Today's date on a zone's clock. */
export function todayIn(timeZone: string, now: Date): string {
  const instant = now.getTime();
  return new Date(instant + ZonedCalendar.of(timeZone).offsetAt(instant)).toISOString().slice(0, 10);
}

function noteOut(row: NoteRow): ConsoleOrderNote {
  return { id: row.id, body: row.body, author_name: row.authorName, created_at: row.createdAt.toISOString() };
}

function taskOut(row: TaskRow, today: string): ConsoleOrderTask {
  return {
    id: row.id,
    order_id: row.orderId,
    title: row.title,
    due_date: row.dueDate,
    owner_user_id: row.ownerUserId,
    owner_name: row.ownerName,
    done_at: row.doneAt?.toISOString() ?? null,
    overdue: row.doneAt === null && row.dueDate < today,
    created_by: row.createdByName,
    created_at: row.createdAt.toISOString(),
  };
}

/** The order's notes, newest first. */
export async function orderNotes(db: Database, member: ConsoleMember, orderId: string): Promise<ConsoleOrderNote[]> {
  const scope = await readableOrder(db, member, orderId);
  return (await loadNotes(db, scope)).map(noteOut);
}

/** Adds a note to the order, recorded (without its words) in the order's audit trail. */
export async function addOrderNote(
  db: Database,
  member: ConsoleMember,
  orderId: string,
  body: ConsoleOrderNoteBody,
  now: Date,
): Promise<ConsoleOrderNote> {
  const scope = await readableOrder(db, member, orderId);
  return noteOut(await db.transaction((tx) => insertNote(tx, scope, body.body, actorOf(member), now)));
}

async function todayOfOrder(db: Executor, scope: { companyId: string; orderId: string }, now: Date) {
  const zone = await orderTimeZone(db, scope);
  if (!zone) throw new NotFoundError('The order');
  return todayIn(zone, now);
}

/** The order's tasks: open ones first, by due date. */
export async function orderTasks(
  db: Database,
  member: ConsoleMember,
  orderId: string,
  now: Date,
): Promise<ConsoleOrderTask[]> {
  const scope = await readableOrder(db, member, orderId);
  const [rows, today] = await Promise.all([loadTasks(db, scope), todayOfOrder(db, scope, now)]);
  return rows.map((row) => taskOut(row, today));
}

/** The member named as a task's owner: of this company, and able to read the order; else 400 on `owner_user_id`. */
async function taskOwner(db: Database, member: ConsoleMember, ownerUserId: string, orderId: string): Promise<Actor> {
  const owner = await memberOfCompany(db, ownerUserId, member.companyId);
  const refused = new AppError(
    400,
    'invalid_request',
    'The owner must be a member of the company who may open this order.',
    'owner_user_id',
  );
  if (!owner) throw refused;
  try {
    await readableOrder(db, owner, orderId);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) throw refused;
    throw error;
  }
  return actorOf(owner);
}

/** Adds a follow-up task to the order, recorded in its audit trail. */
export async function addOrderTask(
  db: Database,
  member: ConsoleMember,
  orderId: string,
  body: ConsoleOrderTaskBody,
  now: Date,
): Promise<ConsoleOrderTask> {
  const scope = await readableOrder(db, member, orderId);
  const owner = await taskOwner(db, member, body.owner_user_id, orderId);
  const row = await db.transaction((tx) =>
    insertTask(tx, scope, { title: body.title, dueDate: body.due_date, owner }, actorOf(member), now),
  );
  return taskOut(row, await todayOfOrder(db, scope, now));
}

/** Marks a task done or open again, moves its due date, or gives it to another member. 404 for another company's. */
export async function changeOrderTask(
  db: Database,
  member: ConsoleMember,
  taskId: string,
  patch: ConsoleOrderTaskPatch,
  now: Date,
): Promise<ConsoleOrderTask> {
  const found = await findTask(db, member.companyId, taskId);
  if (!found) throw new NotFoundError('The task');
  await readableOrder(db, member, found.orderId);
  const owner =
    patch.owner_user_id === undefined ? undefined : await taskOwner(db, member, patch.owner_user_id, found.orderId);
  const row = await db.transaction(async (tx) => {
    // Read again, locked: two people ticking the same task leave one "done" in the audit trail.
    const task = await findTask(tx, member.companyId, taskId, true);
    if (!task) throw new NotFoundError('The task');
    const doneAt = patch.done === undefined ? undefined : patch.done ? (task.doneAt ?? now) : null;
    return updateTask(tx, task, { doneAt, dueDate: patch.due_date, owner }, actorOf(member), now);
  });
  return taskOut(row, await todayOfOrder(db, row, now));
}

/** The signed-in member's open tasks in the company: overdue first, then by due date, with their orders. */
export async function myTasks(db: Database, member: ConsoleMember, now: Date): Promise<ConsoleMyTasks> {
  const rows = await loadOpenTasksOf(db, member.companyId, member.userId);
  // A member whose reach narrowed since (an inspector no longer on the order) does not see it here.
  const own = ownInspectorOnly(member, 'orders.read');
  const readable = rows.filter((row) => own === null || row.inspectors.some((inspector) => inspector.id === own));
  const names = await clientNames(db, member.companyId, [...new Set(readable.map((row) => row.task.orderId))]);
  const tasks = readable.map((row) => {
    const start = row.datetime?.getTime();
    const local =
      start === undefined ? null : new Date(start + ZonedCalendar.of(row.timeZone).offsetAt(start)).toISOString();
    return {
      ...taskOut(row.task, todayIn(row.timeZone, now)),
      order: {
        reference: orderReference(row.task.orderId),
        client: names.get(row.task.orderId) ?? '',
        appointment: local
          ? { local_date: local.slice(0, 10), local_time: local.slice(11, 16), time_zone: row.timeZone }
          : null,
      },
    };
  });
  tasks.sort((a, b) => Number(b.overdue) - Number(a.overdue) || a.due_date.localeCompare(b.due_date));
  return { tasks };
}
