import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';

/** Who did something, as the audit trail and the rows keep them: their id and their name then. */
export interface Actor {
  userId: string;
  name: string;
}

interface OrderKey {
  companyId: string;
  orderId: string;
}

/** One order's notes, newest first (order_notes_order_idx). */
export async function loadNotes(db: Executor, order: OrderKey) {
  return db
    .select()
    .from(t.orderNotes)
    .where(and(eq(t.orderNotes.companyId, order.companyId), eq(t.orderNotes.orderId, order.orderId)))
    .orderBy(desc(t.orderNotes.createdAt), desc(t.orderNotes.id));
}

export type NoteRow = Awaited<ReturnType<typeof loadNotes>>[number];

/** Adds a note and its audit event (which names the note, never its words). */
export async function insertNote(db: Executor, order: OrderKey, body: string, by: Actor, at: Date): Promise<NoteRow> {
  const [row] = await db
    .insert(t.orderNotes)
    .values({ ...order, body, authorUserId: by.userId, authorName: by.name, createdAt: at })
    .returning();
  await db.insert(t.orderEvents).values({
    ...order,
    type: 'note_added',
    data: { note_id: row!.id, by: { user_id: by.userId, name: by.name } },
    createdAt: at,
  });
  return row!;
}

/** The order's office's time zone: its tasks' "today". */
export async function orderTimeZone(db: Executor, order: OrderKey): Promise<string | null> {
  const [row] = await db
    .select({ timeZone: t.offices.timeZone })
    .from(t.orders)
    .innerJoin(t.offices, and(eq(t.offices.companyId, t.orders.companyId), eq(t.offices.id, t.orders.officeId)))
    .where(and(eq(t.orders.companyId, order.companyId), eq(t.orders.id, order.orderId)));
  return row?.timeZone ?? null;
}

/** One order's tasks: open ones first, each group by due date (order_tasks_order_idx). */
export async function loadTasks(db: Executor, order: OrderKey) {
  return db
    .select()
    .from(t.orderTasks)
    .where(and(eq(t.orderTasks.companyId, order.companyId), eq(t.orderTasks.orderId, order.orderId)))
    .orderBy(sql`${t.orderTasks.doneAt} is not null`, asc(t.orderTasks.dueDate), asc(t.orderTasks.createdAt));
}

export type TaskRow = Awaited<ReturnType<typeof loadTasks>>[number];

/** Adds a task and its audit event. */
export async function insertTask(
  db: Executor,
  order: OrderKey,
  task: { title: string; dueDate: string; owner: Actor },
  by: Actor,
  at: Date,
): Promise<TaskRow> {
  const [row] = await db
    .insert(t.orderTasks)
    .values({
      ...order,
      title: task.title,
      dueDate: task.dueDate,
      ownerUserId: task.owner.userId,
      ownerName: task.owner.name,
      createdByUserId: by.userId,
      createdByName: by.name,
      createdAt: at,
    })
    .returning();
  await db.insert(t.orderEvents).values({
    ...order,
    type: 'task_created',
    data: {
      task_id: row!.id,
      due_date: task.dueDate,
      owner: { user_id: task.owner.userId, name: task.owner.name },
      by: { user_id: by.userId, name: by.name },
    },
    createdAt: at,
  });
  return row!;
}

/** One task of one company, by its id (locked for a change when `lock`); null when the company has none such. */
export async function findTask(db: Executor, companyId: string, taskId: string, lock = false): Promise<TaskRow | null> {
  const query = db
    .select()
    .from(t.orderTasks)
    .where(and(eq(t.orderTasks.companyId, companyId), eq(t.orderTasks.id, taskId)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Writes a task's changes; a task marked done or open again leaves an audit event. */
export async function updateTask(
  db: Executor,
  task: TaskRow,
  change: { doneAt?: Date | null; dueDate?: string; owner?: Actor },
  by: Actor,
  at: Date,
): Promise<TaskRow> {
  const [row] = await db
    .update(t.orderTasks)
    .set({
      ...(change.doneAt !== undefined ? { doneAt: change.doneAt } : {}),
      ...(change.dueDate !== undefined ? { dueDate: change.dueDate } : {}),
      ...(change.owner ? { ownerUserId: change.owner.userId, ownerName: change.owner.name } : {}),
    })
    .where(and(eq(t.orderTasks.companyId, task.companyId), eq(t.orderTasks.id, task.id)))
    .returning();
  const wasDone = task.doneAt !== null;
  if (change.doneAt !== undefined && (change.doneAt !== null) !== wasDone)
    await db.insert(t.orderEvents).values({
      companyId: task.companyId,
      orderId: task.orderId,
      type: change.doneAt === null ? 'task_reopened' : 'task_done',
      data: { task_id: task.id, by: { user_id: by.userId, name: by.name } },
      createdAt: at,
    });
  return row!;
}

/**
 * One member's open tasks in one company (order_tasks_owner_idx), with each order's start, office
 * zone and the inspectors it names (an inspector member sees only tasks of orders they may read).
 */
export async function loadOpenTasksOf(db: Executor, companyId: string, ownerUserId: string) {
  return db
    .select({
      task: t.orderTasks,
      datetime: t.orders.datetime,
      inspectors: t.orders.inspectors,
      timeZone: t.offices.timeZone,
    })
    .from(t.orderTasks)
    .innerJoin(t.orders, and(eq(t.orders.companyId, t.orderTasks.companyId), eq(t.orders.id, t.orderTasks.orderId)))
    .innerJoin(t.offices, and(eq(t.offices.companyId, t.orders.companyId), eq(t.offices.id, t.orders.officeId)))
    .where(
      and(
        eq(t.orderTasks.companyId, companyId),
        eq(t.orderTasks.ownerUserId, ownerUserId),
        isNull(t.orderTasks.doneAt),
      ),
    )
    .orderBy(asc(t.orderTasks.dueDate), asc(t.orderTasks.createdAt))
    .limit(500);
}

/** The first client's name of each order, by order id. */
export async function clientNames(db: Executor, companyId: string, orderIds: string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: t.orderParties.orderId, person: t.orderParties.person })
    .from(t.orderParties)
    .where(
      and(
        eq(t.orderParties.companyId, companyId),
        inArray(t.orderParties.orderId, orderIds),
        eq(t.orderParties.role, 'client'),
      ),
    )
    .orderBy(asc(t.orderParties.position));
  const names = new Map<string, string>();
  for (const row of rows) {
    if (names.has(row.orderId)) continue;
    const name = [row.person.first, row.person.last].filter((part) => typeof part === 'string' && part).join(' ');
    names.set(row.orderId, name);
  }
  return names;
}
