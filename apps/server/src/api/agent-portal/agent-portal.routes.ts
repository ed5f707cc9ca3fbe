import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  agentLinkBodySchema,
  agentManageLinkSchema,
  agentOrdersPageSchema,
  agentOrdersQuerySchema,
  agentProfileSchema,
  agentProfileUpdateSchema,
  agentRecentClientsSchema,
  agentSignInAnswerSchema,
  agentSignInRequestSchema,
  agentUsualCartSchema,
} from '@scheduler/contracts/agent-portal';
import type { AppContext } from '../../context.ts';
import { companyKeyParam, noQuery } from '../shared-schemas.ts';
import { clearAgentSessionCookie, portalAgentOf, setAgentSessionCookie } from '../../modules/agents/agent-access.ts';
import {
  agentManageLink,
  agentOrders,
  agentProfile,
  agentRecentClients,
  agentUsualCart,
  openAgentSession,
  requestAgentSignIn,
  signOutAgent,
  updateAgentProfile,
} from '../../modules/agents/agents.service.ts';
import { keepAnswersPrivate } from '../../plugins/private-answers.ts';
import { listeningPort, publicBaseUrl } from '../../http/public-url.ts';

const PREFIX = '/:company_key/json/agents';

/**
 * The agent portal's API (issue 47, decision 0092): a directory agent asks for a one-use sign-in
 * link, uses it for a portal session (an httpOnly cookie on the company's paths), and reads the
 * inspections they are on and their own profile.
 */
export function agentPortalRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const { agentSignIn, agentRead, agentWrite } = ctx.access;
    const tags = ['agent-portal'];
    const now = () => new Date(ctx.clock());
    keepAnswersPrivate(instance);

    app.post(
      `${PREFIX}/sign-in`,
      {
        ...agentSignIn,
        schema: {
          tags,
          summary: "Asks for an agent's sign-in link",
          description:
            "The same 202 answer whether or not the address is one of the company's directory agents; the link (one use, 15 minutes) goes only to an address exactly one directory agent has. 429 past 5 requests an address, or 20 a client, in 15 minutes.",
          params: companyKeyParam,
          querystring: noQuery,
          body: agentSignInRequestSchema,
          response: { 202: agentSignInAnswerSchema },
        },
      },
      async (request, reply) => {
        const answer = await requestAgentSignIn(ctx.db, {
          companyKey: request.params.company_key,
          email: request.body.email,
          ip: request.ip,
          now: now(),
        });
        // A code, never the address: `ambiguous` is two directory agents sharing it, for the office to merge.
        request.log.info({ code: `agent_sign_in_${answer.outcome}` }, 'agent sign-in requested');
        if (answer.outcome === 'sent') ctx.notifications?.wake();
        return reply.status(202).send({ message: answer.message });
      },
    );

    app.post(
      `${PREFIX}/session`,
      {
        ...agentSignIn,
        schema: {
          tags,
          summary: "Opens an agent's portal session with their sign-in link",
          description: 'The link works once, until 15 minutes after it was sent. The session is an httpOnly cookie.',
          params: companyKeyParam,
          querystring: noQuery,
          body: agentLinkBodySchema,
          response: { 200: agentProfileSchema },
        },
      },
      async (request, reply) => {
        const session = await openAgentSession(ctx.db, {
          companyKey: request.params.company_key,
          token: request.body.token,
          now: now(),
        });
        setAgentSessionCookie(reply, ctx.config, request.params.company_key, session.token, session.expiresAt);
        return agentProfile(ctx.db, session.portal);
      },
    );

    app.delete(
      `${PREFIX}/session`,
      {
        ...agentWrite,
        schema: {
          tags,
          summary: 'Signs the agent out: revokes their portal session',
          params: companyKeyParam,
          querystring: noQuery,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await signOutAgent(ctx.db, portalAgentOf(request), now());
        clearAgentSessionCookie(reply, ctx.config, request.params.company_key);
        return reply.status(204).send(null);
      },
    );

    app.get(
      `${PREFIX}/me`,
      {
        ...agentRead,
        schema: {
          tags,
          summary: "The signed-in agent's profile as the company's directory has it",
          params: companyKeyParam,
          querystring: noQuery,
          response: { 200: agentProfileSchema },
        },
      },
      async (request) => agentProfile(ctx.db, portalAgentOf(request)),
    );

    app.patch(
      `${PREFIX}/me`,
      {
        ...agentWrite,
        schema: {
          tags,
          summary: "Changes the signed-in agent's phone, agency and text-message choice",
          params: companyKeyParam,
          querystring: noQuery,
          body: agentProfileUpdateSchema,
          response: { 200: agentProfileSchema },
        },
      },
      async (request) => updateAgentProfile(ctx.db, portalAgentOf(request), request.body, now()),
    );

    app.get(
      `${PREFIX}/orders`,
      {
        ...agentRead,
        schema: {
          tags,
          summary: "A page of the agent's upcoming or past inspections with the company",
          description: "Only orders on which the agent is the buyer's or seller's agent, within two years of now.",
          params: companyKeyParam,
          querystring: agentOrdersQuerySchema,
          response: { 200: agentOrdersPageSchema },
        },
      },
      async (request) => agentOrders(ctx.db, portalAgentOf(request), request.query, now()),
    );

    app.post(
      `${PREFIX}/orders/:order_id/manage-link`,
      {
        ...agentWrite,
        schema: {
          tags,
          summary: "A manage link of one of the agent's upcoming inspections",
          description:
            "An agent's manage link, made on request: 404 for an order the agent is not on, another company's, a cancelled one or one whose time has come.",
          params: companyKeyParam.extend({ order_id: z.uuid() }),
          querystring: noQuery,
          response: { 200: agentManageLinkSchema },
        },
      },
      async (request) =>
        agentManageLink(
          ctx.db,
          portalAgentOf(request),
          request.params.order_id,
          now(),
          publicBaseUrl(ctx.config, listeningPort(request.server, ctx.config.PORT)),
        ),
    );

    app.get(
      `${PREFIX}/clients`,
      {
        ...agentRead,
        schema: {
          tags,
          summary: "The clients of the agent's latest inspections with the company (at most 10)",
          params: companyKeyParam,
          querystring: noQuery,
          response: { 200: agentRecentClientsSchema },
        },
      },
      async (request) => ({ clients: await agentRecentClients(ctx.db, portalAgentOf(request), now()) }),
    );

    app.get(
      `${PREFIX}/usual-cart`,
      {
        ...agentRead,
        schema: {
          tags,
          summary:
            "The package and services of the agent's latest booking with the company (within a year), for the wizard to offer again",
          params: companyKeyParam,
          querystring: noQuery,
          response: { 200: agentUsualCartSchema },
        },
      },
      async (request) => agentUsualCart(ctx.db, portalAgentOf(request), now()),
    );
  };
}
