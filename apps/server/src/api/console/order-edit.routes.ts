import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  consoleOrderEditBodySchema,
  consoleOrderEditPreviewSchema,
  consoleOrderEditResponseSchema,
  consoleOrderEditStateSchema,
} from '@scheduler/contracts/order-edit';
import { searchAgentsQuerySchema, searchResultsSchema } from '@scheduler/contracts/people';
import type { AppContext } from '../../context.ts';
import { memberOf, requireMember } from '../../modules/console-auth/console-access.ts';
import { readableOrder } from '../../modules/order-list/console-orders.service.ts';
import {
  orderEditState,
  previewOrderEdit,
  saveOrderEditOf,
  type OrderEditDeps,
} from '../../modules/order-edit/order-edit.service.ts';
import { findAgents } from '../../modules/people/people-search.service.ts';
import { PeopleStore } from '../../modules/people/people.store.ts';
import { pricingDependencies } from '../../modules/pricing/pricing.service.ts';
import { companyKeyParam, noQuery } from '../shared-schemas.ts';

const orderParams = companyKeyParam.extend({ id: z.uuid() });

/**
 * The office's edit of a booked order (issue 41 item 1, decision 0063): owners, admins and office
 * staff (`orders.edit`). Another company's order is 404, as on every console route.
 */
export function orderEditRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const tags = ['console'];
    const now = () => new Date(ctx.clock());
    const base = '/api/console/companies/:company_key/orders/:id/edit';
    const deps: OrderEditDeps = {
      ...pricingDependencies(ctx),
      changes: ctx.changes,
      onJobsEnqueued: () => ctx.notifications?.wake(),
    };
    const people = new PeopleStore(ctx.db, ctx.changes, ctx.clock);

    // The agent lookup of the edit: the contacts step's search of the company's directory, for
    // whoever may edit an order (no Configuration rights needed to find an agent).
    app.get(
      '/api/console/companies/:company_key/agent-search',
      {
        onRequest: requireMember(ctx, 'orders.edit'),
        schema: {
          tags,
          summary: "The company's buyer's or listing agents matching the query (at most 10), for the order edit",
          params: companyKeyParam,
          querystring: searchAgentsQuerySchema,
          response: { 200: searchResultsSchema },
        },
      },
      async (request) =>
        findAgents(people, { companyId: memberOf(request).companyId }, request.query.type, request.query.query),
    );

    app.get(
      base,
      {
        onRequest: requireMember(ctx, 'orders.edit'),
        schema: {
          tags,
          summary: "What the edit starts from: the order's cart, prices, note and version, and what the office offers",
          params: orderParams,
          querystring: noQuery,
          response: { 200: consoleOrderEditStateSchema },
        },
      },
      async (request) => {
        const scope = await readableOrder(ctx.db, memberOf(request), request.params.id);
        return orderEditState(deps, scope, now());
      },
    );

    app.post(
      `${base}/preview`,
      {
        onRequest: requireMember(ctx, 'orders.edit'),
        schema: {
          tags,
          summary:
            'The edit priced (lines and total as every screen shows them), its changes in words and its e-mail; nothing saved',
          params: orderParams,
          querystring: noQuery,
          body: consoleOrderEditBodySchema,
          response: { 200: consoleOrderEditPreviewSchema },
        },
      },
      async (request) => {
        const scope = await readableOrder(ctx.db, memberOf(request), request.params.id);
        return previewOrderEdit(deps, scope, request.body, now());
      },
    );

    app.post(
      base,
      {
        onRequest: requireMember(ctx, 'orders.edit'),
        schema: {
          tags,
          summary:
            "Saves the edit: the new priced snapshot, the invitation SEQUENCE+1, one audit event in words, and (notify) the clients' and agents' e-mails",
          description:
            "409 order_changed when the order was saved since `version` was read; 400 naming the field for an item not offered, a price for a line the order lacks, a price changed by hand without a reason, a person or property answer the contacts or property step would refuse, an agent not in the company's directory (`agents.<role>`), the last client taken off (`removed`), an address the address step would refuse (`address.<field>`), or a new address outside the assigned inspector's area without `book_outside_area` (`address`, saying why in words). 409 change_refused when the new cart's longer inspection would run into the inspector's next booking (`service_ids`), or past their working hours without `keep_length` (`keep_length`).",
          params: orderParams,
          querystring: noQuery,
          body: consoleOrderEditBodySchema,
          response: { 200: consoleOrderEditResponseSchema },
        },
      },
      async (request) => {
        const member = memberOf(request);
        const scope = await readableOrder(ctx.db, member, request.params.id);
        return saveOrderEditOf(deps, scope, { userId: member.userId, name: member.userName }, request.body, now());
      },
    );
  };
}
