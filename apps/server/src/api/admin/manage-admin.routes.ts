import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCancelBodySchema,
  adminChangeResponseSchema,
  adminManageLinksResponseSchema,
  adminRescheduleBodySchema,
} from '@scheduler/contracts/manage';
import type { AppContext } from '../../context.ts';
import { requireAdmin } from '../../plugins/admin-auth.ts';
import { companyKeyParam, noQuery } from '../shared-schemas.ts';
import {
  cancelBooking,
  manageDeps,
  manageLinksOf,
  orderScopeOf,
  rescheduleBooking,
  revokeManageLinks,
} from '../../modules/booking-changes/manage.service.ts';

const orderParams = companyKeyParam.extend({ id: z.uuid() });

/**
 * The office's changes of a booking on the client's behalf (issue 24): the same rules as the
 * manage page, and the policy's own refusals (cut-off, reschedule limit) overridable when the
 * office says so, which the audit event records. The console will put a screen on these.
 */
export function manageAdminRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const onRequest = requireAdmin(ctx);
    const deps = manageDeps(ctx);
    const tags = ['admin'];
    const now = () => new Date(ctx.clock());
    const base = '/api/admin/companies/:company_key/orders/:id';

    app.post(
      `${base}/reschedule`,
      {
        onRequest,
        schema: {
          tags,
          summary: "Moves a booking on the client's behalf (override: past the policy's cut-off or limit, recorded)",
          description:
            'Everyone the confirmation went to and the office are told; the invitation is updated in place. 409 change_refused, order_changed, same_time (start is the booking\u2019s own time, with its own inspectors: nothing changes; without from_start a repeated move is answered so too), or status unavailable with alternatives.',
          params: orderParams,
          querystring: noQuery,
          body: adminRescheduleBodySchema,
          response: { 200: adminChangeResponseSchema, 409: adminChangeResponseSchema },
        },
      },
      async (request, reply) => {
        const scope = await orderScopeOf(ctx.db, request.params.company_key, request.params.id);
        const { start, from_start: fromStart, override } = request.body;
        const result = await rescheduleBooking(
          deps,
          scope,
          { kind: 'office', override },
          { start, fromStart: fromStart ?? null },
          now(),
        );
        return reply.status(result.status === 'ok' ? 200 : 409).send(result);
      },
    );
    app.post(
      `${base}/cancel`,
      {
        onRequest,
        schema: {
          tags,
          summary:
            "Cancels a booking on the client's behalf (override: inside the policy's cut-off; waive_fee: no late fee), recorded",
          params: orderParams,
          querystring: noQuery,
          body: adminCancelBodySchema,
          response: { 200: adminChangeResponseSchema },
        },
      },
      async (request) => {
        const scope = await orderScopeOf(ctx.db, request.params.company_key, request.params.id);
        const { reason, override, waive_fee: waiveFee } = request.body;
        return cancelBooking(deps, scope, { kind: 'office', override }, { reason, feeCents: null, waiveFee }, now());
      },
    );
    app.get(
      `${base}/manage-links`,
      {
        onRequest,
        schema: {
          tags,
          summary: "An order's manage links: who each went to, when, and whether revoked (never a token)",
          params: orderParams,
          querystring: noQuery,
          response: { 200: adminManageLinksResponseSchema },
        },
      },
      async (request) =>
        manageLinksOf(ctx.db, await orderScopeOf(ctx.db, request.params.company_key, request.params.id)),
    );
    app.post(
      `${base}/manage-links/revoke`,
      {
        onRequest,
        schema: {
          tags,
          summary: 'Revokes every manage link of an order at once (recorded on its audit trail)',
          params: orderParams,
          querystring: noQuery,
          response: { 200: z.object({ revoked: z.number().int() }) },
        },
      },
      async (request) =>
        revokeManageLinks(ctx.db, await orderScopeOf(ctx.db, request.params.company_key, request.params.id), now()),
    );
  };
}
