import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  consoleMyTasksSchema,
  consoleOrderNoteBodySchema,
  consoleOrderNoteSchema,
  consoleOrderNotesSchema,
  consoleOrderTaskBodySchema,
  consoleOrderTaskPatchSchema,
  consoleOrderTaskSchema,
  consoleOrderTasksSchema,
} from '@scheduler/contracts/console';
import type { AppContext } from '../../context.ts';
import { memberOf, requireMember } from '../../modules/console-auth/console-access.ts';
import {
  addOrderNote,
  addOrderTask,
  changeOrderTask,
  myTasks,
  orderNotes,
  orderTasks,
} from '../../modules/follow-ups/follow-ups.service.ts';
import { companyKeyParam, noQuery } from '../shared-schemas.ts';

const orderParams = companyKeyParam.extend({ id: z.uuid() });
const taskParams = companyKeyParam.extend({ task_id: z.uuid() });

/**
 * The office's internal notes on an order and its follow-up tasks (issue 41, decision 0061):
 * read by whoever may read the order, written by owners, admins and office staff.
 */
export function followUpRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const tags = ['console'];
    const now = () => new Date(ctx.clock());
    const base = '/api/console/companies/:company_key';

    app.get(
      `${base}/orders/:id/notes`,
      {
        onRequest: requireMember(ctx, 'orders.read'),
        schema: {
          tags,
          summary: "The office's internal notes on an order, newest first (never shown to clients or agents)",
          params: orderParams,
          querystring: noQuery,
          response: { 200: consoleOrderNotesSchema },
        },
      },
      async (request) => ({ notes: await orderNotes(ctx.db, memberOf(request), request.params.id) }),
    );

    app.post(
      `${base}/orders/:id/notes`,
      {
        onRequest: requireMember(ctx, 'orders.follow_up'),
        schema: {
          tags,
          summary: 'Adds an internal note to an order (recorded in its audit trail without its words)',
          params: orderParams,
          querystring: noQuery,
          body: consoleOrderNoteBodySchema,
          response: { 201: consoleOrderNoteSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await addOrderNote(ctx.db, memberOf(request), request.params.id, request.body, now())),
    );

    app.get(
      `${base}/orders/:id/tasks`,
      {
        onRequest: requireMember(ctx, 'orders.read'),
        schema: {
          tags,
          summary: "An order's follow-up tasks: open ones first, by due date",
          params: orderParams,
          querystring: noQuery,
          response: { 200: consoleOrderTasksSchema },
        },
      },
      async (request) => ({ tasks: await orderTasks(ctx.db, memberOf(request), request.params.id, now()) }),
    );

    app.post(
      `${base}/orders/:id/tasks`,
      {
        onRequest: requireMember(ctx, 'orders.follow_up'),
        schema: {
          tags,
          summary: 'Adds a follow-up task to an order, due on a date, owned by a member of the company',
          description:
            "400 on owner_user_id when the owner is not the company's member or may not open the order (an inspector's own orders only).",
          params: orderParams,
          querystring: noQuery,
          body: consoleOrderTaskBodySchema,
          response: { 201: consoleOrderTaskSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await addOrderTask(ctx.db, memberOf(request), request.params.id, request.body, now())),
    );

    app.patch(
      `${base}/tasks/:task_id`,
      {
        onRequest: requireMember(ctx, 'orders.follow_up'),
        schema: {
          tags,
          summary: 'Marks a task done or open again, moves its due date, or gives it to another member',
          params: taskParams,
          querystring: noQuery,
          body: consoleOrderTaskPatchSchema,
          response: { 200: consoleOrderTaskSchema },
        },
      },
      async (request) => changeOrderTask(ctx.db, memberOf(request), request.params.task_id, request.body, now()),
    );

    app.get(
      `${base}/my-tasks`,
      {
        onRequest: requireMember(ctx, 'orders.read'),
        schema: {
          tags,
          summary: "The signed-in member's open tasks: overdue first, then by due date, with their orders",
          params: companyKeyParam,
          querystring: noQuery,
          response: { 200: consoleMyTasksSchema },
        },
      },
      async (request) => myTasks(ctx.db, memberOf(request), now()),
    );
  };
}
