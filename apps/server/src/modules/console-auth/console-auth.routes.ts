import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consoleMeSchema } from '@scheduler/contracts/console';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { AUTH_BASE_PATH, MIN_PASSWORD_LENGTH } from './auth.ts';
import { fetchHeadersOf, memberOf, requireMember, requireSignedIn } from './console-access.ts';
import { ownInspectorOnly } from './console-member.ts';
import { hasSignInMethod, membershipsOf, recordAuthEvent, revokeMemberSessions } from './console-auth.repository.ts';
import { companyKeyParam, noQuery } from '../shared-schemas.ts';

/** Passes a request to Better Auth as a Fetch Request and its Response back through Fastify. */
async function toBetterAuth(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const { auth, baseUrl } = ctx.consoleAuth();
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  const response = await auth.handler(
    new Request(new URL(request.url, baseUrl), { method: request.method, headers: fetchHeadersOf(request), ...(hasBody ? { body: JSON.stringify(request.body) } : {}) }),
  );
  reply.status(response.status);
  const cookies = response.headers.getSetCookie();
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
  });
  if (cookies.length) reply.header('set-cookie', cookies);
  // Nothing Better Auth answers may be kept by a shared cache: it is about one person.
  reply.header('cache-control', 'no-store');
  return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
}

const passwordBody = z.object({ new_password: z.string().min(MIN_PASSWORD_LENGTH).max(128) }).strict();
const memberParams = companyKeyParam.extend({ user_id: z.string().min(1).max(64) });

/**
 * Sign-in (Better Auth's routes, under /api/auth) and the console's routes about people: who am I,
 * choose a first password, and an owner signing another member out everywhere.
 */
export function consoleAuthRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const tags = ['console'];
    app.route({ method: ['GET', 'POST'], url: `${AUTH_BASE_PATH}/*`, schema: { hide: true }, handler: (request, reply) => toBetterAuth(ctx, request, reply) });

    app.get(
      '/api/console/me',
      { onRequest: requireSignedIn(ctx), schema: { tags, summary: 'The signed-in person and the companies they belong to, with their role in each', querystring: noQuery, response: { 200: consoleMeSchema } } },
      async (request) => {
        const user = request.consoleUser!;
        const memberships = await membershipsOf(ctx.db, user.id);
        return {
          user: { id: user.id, name: user.name, email: user.email, email_verified: user.emailVerified },
          memberships: memberships.map((m) => ({ company_key: m.companyKey, company_name: m.companyName, role: m.role, inspector_id: m.inspectorId, sees_all_orders: ownInspectorOnly(m) === null })),
        };
      },
    );

    app.post(
      '/api/console/me/password',
      {
        onRequest: requireSignedIn(ctx),
        schema: {
          tags,
          summary: 'Chooses a first password (for a person who signed in by a one-time link); changing one goes through /api/auth/change-password',
          querystring: noQuery,
          body: passwordBody,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        const user = request.consoleUser!;
        if (await hasSignInMethod(ctx.db, user.id)) throw new AppError(409, 'conflict', 'You already have a password or a passkey: change it on your account page.');
        await ctx.consoleAuth().auth.api.setPassword({ body: { newPassword: request.body.new_password }, headers: fetchHeadersOf(request) });
        await recordAuthEvent(ctx.db, { at: new Date(ctx.clock()), userId: user.id, type: 'password_set' });
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/console/companies/:company_key/members/:user_id/sign-out',
      {
        onRequest: requireMember(ctx, ['owner']),
        schema: { tags, summary: "Signs a member of the company out of every browser (an owner's action, recorded)", params: memberParams, querystring: noQuery, response: { 200: z.object({ revoked: z.number().int() }) } },
      },
      async (request) => {
        const member = memberOf(request);
        const revoked = await revokeMemberSessions(ctx.db, member.organizationId, request.params.user_id);
        if (revoked === null) throw new AppError(404, 'not_found', 'No such member of this company.');
        await recordAuthEvent(ctx.db, { at: new Date(ctx.clock()), userId: request.params.user_id, organizationId: member.organizationId, type: 'sessions_revoked', data: { by: member.userId, count: revoked } });
        return { revoked };
      },
    );
  };
}
