import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  webhookDeliveriesQuerySchema,
  webhookDeliveriesSchema,
  webhookEndpointInputSchema,
  webhookEndpointSchema,
  webhookEndpointsSchema,
  webhookSecretSchema,
} from '@scheduler/contracts/webhooks';
import type { AppContext } from '../../context.ts';
import { memberOf, requireMember } from '../../modules/console-auth/console-access.ts';
import { recordMemberEvent } from '../../modules/console-auth/member-events.ts';
import {
  createEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  resendDelivery,
  revealSecret,
  rotateSecret,
  sendTestEvent,
  updateWebhookEndpoint,
  webhookDeliveries,
} from '../../modules/webhooks/endpoints.service.ts';
import { webhookDepsOf } from '../../modules/webhooks/webhooks-deps-of.ts';
import { companyKeyParam, noQuery } from '../shared-schemas.ts';

const endpointParams = companyKeyParam.extend({ endpoint_id: z.uuid() });
const deliveryParams = endpointParams.extend({
  delivery_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
const queued = z.object({ delivery_id: z.number().int() });

/**
 * The company's webhooks (issue 46, decision 0086): endpoints, their secrets, the delivery log, a
 * resend and a test event. Owners and admins (`integrations.manage`); the member's company only.
 */
export function webhookRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const deps = webhookDepsOf(ctx, instance);
    const tags = ['console'];
    const base = '/api/console/companies/:company_key/webhooks';
    const onRequest = requireMember(ctx, 'integrations.manage');
    const now = () => new Date(ctx.clock());
    const queuedJobs = () => ctx.notifications?.wake();

    app.get(
      base,
      {
        onRequest,
        schema: {
          tags,
          summary: "The company's webhook endpoints and the event catalogue",
          params: companyKeyParam,
          querystring: noQuery,
          response: { 200: webhookEndpointsSchema },
        },
      },
      async (request) => listWebhookEndpoints(deps, memberOf(request).companyId),
    );

    app.post(
      base,
      {
        onRequest,
        schema: {
          tags,
          summary: 'A new webhook endpoint with a new signing secret',
          description:
            'https only (unless the server allows private URLs for development); a URL resolving to a private, loopback or link-local address is a 400 invalid_url. 409 webhooks_not_configured without DATA_ENCRYPTION_KEY.',
          params: companyKeyParam,
          querystring: noQuery,
          body: webhookEndpointInputSchema,
          response: { 201: webhookEndpointSchema },
        },
      },
      async (request, reply) => {
        const member = memberOf(request);
        const endpoint = await createEndpoint(deps, member.companyId, request.body);
        await recordMemberEvent(ctx.db, member, 'webhook_endpoint_created', now());
        return reply.code(201).send(endpoint);
      },
    );

    app.put(
      `${base}/:endpoint_id`,
      {
        onRequest,
        schema: {
          tags,
          summary: "A webhook endpoint's URL, events, description and whether it is on",
          params: endpointParams,
          querystring: noQuery,
          body: webhookEndpointInputSchema,
          response: { 200: webhookEndpointSchema },
        },
      },
      async (request) => {
        const member = memberOf(request);
        const endpoint = await updateWebhookEndpoint(deps, member.companyId, request.params.endpoint_id, request.body);
        await recordMemberEvent(ctx.db, member, 'webhook_endpoint_updated', now());
        return endpoint;
      },
    );

    app.delete(
      `${base}/:endpoint_id`,
      {
        onRequest,
        schema: {
          tags,
          summary: 'Deletes a webhook endpoint and its delivery log',
          params: endpointParams,
          querystring: noQuery,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        const member = memberOf(request);
        await deleteWebhookEndpoint(deps, member.companyId, request.params.endpoint_id);
        await recordMemberEvent(ctx.db, member, 'webhook_endpoint_deleted', now());
        return reply.code(204).send(null);
      },
    );

    app.post(
      `${base}/:endpoint_id/secret`,
      {
        onRequest,
        schema: {
          tags,
          summary: "Shows the endpoint's signing secret (a POST: each reveal is recorded)",
          params: endpointParams,
          querystring: noQuery,
          response: { 200: webhookSecretSchema },
        },
      },
      async (request) => {
        const member = memberOf(request);
        const secret = await revealSecret(deps, member.companyId, request.params.endpoint_id);
        await recordMemberEvent(ctx.db, member, 'webhook_secret_revealed', now());
        return secret;
      },
    );

    app.post(
      `${base}/:endpoint_id/secret/rotate`,
      {
        onRequest,
        schema: {
          tags,
          summary: 'A new signing secret; the previous one still signs (a second signature) for 24 hours',
          params: endpointParams,
          querystring: noQuery,
          response: { 200: webhookSecretSchema },
        },
      },
      async (request) => {
        const member = memberOf(request);
        const secret = await rotateSecret(deps, member.companyId, request.params.endpoint_id);
        await recordMemberEvent(ctx.db, member, 'webhook_secret_rotated', now());
        return secret;
      },
    );

    app.post(
      `${base}/:endpoint_id/test`,
      {
        onRequest,
        schema: {
          tags,
          summary: 'Queues a webhook.test event to the endpoint',
          params: endpointParams,
          querystring: noQuery,
          response: { 202: queued },
        },
      },
      async (request, reply) => {
        const sent = await sendTestEvent(deps, memberOf(request).companyId, request.params.endpoint_id);
        queuedJobs();
        return reply.code(202).send(sent);
      },
    );

    app.get(
      `${base}/:endpoint_id/deliveries`,
      {
        onRequest,
        schema: {
          tags,
          summary: "One page of the endpoint's delivery log, newest first (keyset: `before` the last id shown)",
          params: endpointParams,
          querystring: webhookDeliveriesQuerySchema,
          response: { 200: webhookDeliveriesSchema },
        },
      },
      async (request) =>
        webhookDeliveries(deps, memberOf(request).companyId, request.params.endpoint_id, request.query),
    );

    app.post(
      `${base}/:endpoint_id/deliveries/:delivery_id/resend`,
      {
        onRequest,
        schema: {
          tags,
          summary: 'Sends a logged event again (same event id and body), as a new delivery',
          params: deliveryParams,
          querystring: noQuery,
          response: { 202: queued },
        },
      },
      async (request, reply) => {
        const { endpoint_id, delivery_id } = request.params;
        const sent = await resendDelivery(deps, memberOf(request).companyId, endpoint_id, delivery_id);
        queuedJobs();
        return reply.code(202).send(sent);
      },
    );
  };
}
