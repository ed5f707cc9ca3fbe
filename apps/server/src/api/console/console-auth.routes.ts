import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  consoleMeSchema,
  consoleTeamMembersSchema,
  consoleRoleSchema,
  invitationAccountBodySchema,
  invitationAccountResponseSchema,
  memberInspectorBodySchema,
} from '@scheduler/contracts/console';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { AUTH_BASE_PATH, MIN_PASSWORD_LENGTH } from '../../modules/console-auth/auth.ts';
import { BETTER_AUTH_ROUTES } from '../../modules/console-auth/better-auth-routes.ts';
import {
  fetchHeadersOf,
  memberOf,
  requireConsoleOrigin,
  requireMember,
  requireSignedIn,
} from '../../modules/console-auth/console-access.ts';
import { makeInvitedAccount } from '../../modules/console-auth/invitation-account.ts';
import { perAddressBucket } from '../../plugins/rate-limit.ts';
import { ownInspectorOnly } from '../../modules/console-auth/console-member.ts';
import {
  companyHasInspector,
  hasPassword,
  hasSignInMethod,
  linkMemberToInspector,
  membershipsOf,
  recordAuthEvent,
  revokeMemberSessions,
  teamMembers,
} from '../../modules/console-auth/console-auth.repository.ts';
import { companyKeyParam, noQuery } from '../shared-schemas.ts';

/** Passes a request to Better Auth as a Fetch Request and its Response back through Fastify. */
async function toBetterAuth(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const { auth, baseUrl } = ctx.consoleAuth();
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  const response = await auth.handler(
    new Request(new URL(request.url, baseUrl), {
      method: request.method,
      headers: fetchHeadersOf(request),
      ...(hasBody ? { body: JSON.stringify(request.body) } : {}),
    }),
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
/** What Better Auth's routes take: it checks the fields itself; here only the shape and bounds of any JSON. */
const betterAuthBody = z.record(z.string().max(100), z.unknown()).optional();
const betterAuthQuery = z.record(
  z.string().max(100),
  z.union([z.string().max(4_096), z.array(z.string().max(4_096)).max(10)]),
);
const memberParams = companyKeyParam.extend({ user_id: z.string().min(1).max(64) });
const invitationParams = z.object({ invitation_id: z.string().min(1).max(64) });
/** Accounts made from invitation links, per client address a minute: the ids are unguessable, this keeps guessing slow too. */
const INVITATION_ACCOUNTS_PER_MINUTE = 10;

/**
 * Sign-in (Better Auth's routes, under /api/auth) and the console's routes about people: who am I,
 * choose a first password, and an owner signing another member out everywhere.
 */
export function consoleAuthRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const tags = ['console'];
    // Better Auth's routes the product serves, each its own route; the rest of Better Auth is a 404.
    for (const route of BETTER_AUTH_ROUTES) {
      app.route({
        method: route.method,
        url: `${AUTH_BASE_PATH}${route.path}`,
        schema: {
          tags: ['auth'],
          summary: route.summary,
          description: "Better Auth's route: its answers are Better Auth's own ({ code, message } on an error).",
          querystring: betterAuthQuery,
          ...(route.method === 'POST' ? { body: betterAuthBody } : {}),
        },
        handler: (request, reply) => toBetterAuth(ctx, request, reply),
      });
    }

    app.get(
      '/api/console/me',
      {
        onRequest: requireSignedIn(ctx),
        schema: {
          tags,
          summary: 'The signed-in person and the companies they belong to, with their role in each',
          querystring: noQuery,
          response: { 200: consoleMeSchema },
        },
      },
      async (request) => {
        const user = request.consoleUser!;
        const [memberships, password] = await Promise.all([
          membershipsOf(ctx.db, user.id),
          hasPassword(ctx.db, user.id),
        ]);
        return {
          user: {
            id: user.id,
            name: user.name,
            email: user.email,
            email_verified: user.emailVerified,
            has_password: password,
          },
          memberships: memberships.map((m) => ({
            company_key: m.companyKey,
            company_name: m.companyName,
            organization_id: m.organizationId,
            role: m.role,
            inspector_id: m.inspectorId,
            sees_all_orders: ownInspectorOnly(m, 'orders.read') === null,
            office_sees_payments: m.officeSeesPayments,
          })),
        };
      },
    );

    app.post(
      '/api/console/me/password',
      {
        onRequest: requireSignedIn(ctx),
        schema: {
          tags,
          summary:
            'Chooses a first password (for a person who signed in by a one-time link); changing one goes through /api/auth/change-password',
          querystring: noQuery,
          body: passwordBody,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        const user = request.consoleUser!;
        if (await hasSignInMethod(ctx.db, user.id))
          throw new AppError(
            409,
            'conflict',
            'You already have a password or a passkey: change it on your account page.',
          );
        await ctx
          .consoleAuth()
          .auth.api.setPassword({ body: { newPassword: request.body.new_password }, headers: fetchHeadersOf(request) });
        await recordAuthEvent(ctx.db, { at: new Date(ctx.clock()), userId: user.id, type: 'password_set' });
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/console/companies/:company_key/members/:user_id/sign-out',
      {
        onRequest: requireMember(ctx, 'team.sign_out_member'),
        schema: {
          tags,
          summary: "Signs a member of the company out of every browser (an owner's action, recorded)",
          params: memberParams,
          querystring: noQuery,
          response: { 200: z.object({ revoked: z.number().int() }) },
        },
      },
      async (request) => {
        const member = memberOf(request);
        const revoked = await revokeMemberSessions(ctx.db, member.organizationId, request.params.user_id);
        if (revoked === null) throw new AppError(404, 'not_found', 'No such member of this company.');
        await recordAuthEvent(ctx.db, {
          at: new Date(ctx.clock()),
          userId: request.params.user_id,
          organizationId: member.organizationId,
          type: 'sessions_revoked',
          data: { by: member.userId, count: revoked },
        });
        return { revoked };
      },
    );

    app.post(
      '/api/console/invitations/:invitation_id/account',
      {
        onRequest: [
          perAddressBucket(instance, 'invitation-account', INVITATION_ACCOUNTS_PER_MINUTE),
          requireConsoleOrigin(ctx),
        ],
        schema: {
          tags,
          summary:
            "Makes the account of a person who opened an invitation's link, for the address it went to (the link proves the mailbox); then they sign in and accept",
          description:
            '404 when the invitation is unknown, used or expired; 409 when the address already has a confirmed account (sign in instead).',
          params: invitationParams,
          querystring: noQuery,
          body: invitationAccountBodySchema,
          response: { 201: invitationAccountResponseSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await makeInvitedAccount(
              ctx.db,
              ctx.consoleAuth(),
              request.params.invitation_id,
              request.body,
              new Date(ctx.clock()),
            ),
          ),
    );

    app.get(
      '/api/console/companies/:company_key/members',
      {
        onRequest: requireMember(ctx, 'team.manage'),
        schema: {
          tags,
          summary: "The company's members with their role and the inspector each inspector member is",
          params: companyKeyParam,
          querystring: noQuery,
          response: { 200: consoleTeamMembersSchema },
        },
      },
      async (request) => {
        const rows = await teamMembers(ctx.db, memberOf(request).organizationId);
        return rows.flatMap((row) => {
          const role = consoleRoleSchema.safeParse(row.role);
          return role.success ? [{ user_id: row.userId, role: role.data, inspector_id: row.inspectorId }] : [];
        });
      },
    );

    app.put(
      '/api/console/companies/:company_key/members/:user_id/inspector',
      {
        onRequest: requireMember(ctx, 'team.link_inspector'),
        schema: {
          tags,
          summary:
            'Names which of the company’s inspectors a member is (an inspector member sees that inspector’s day), or none; recorded',
          description:
            "400 unknown_inspector when the company has no such inspector; 404 when the person is not the company's member; 409 when another member is that inspector.",
          params: memberParams,
          querystring: noQuery,
          body: memberInspectorBodySchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        const member = memberOf(request);
        const inspectorId = request.body.inspector_id;
        if (inspectorId !== null && !(await companyHasInspector(ctx.db, member.companyId, inspectorId))) {
          throw new AppError(400, 'unknown_inspector', 'The company has no such inspector.', 'inspector_id');
        }
        const outcome = await linkMemberToInspector(ctx.db, member.organizationId, request.params.user_id, inspectorId);
        if (outcome === 'not_member') throw new AppError(404, 'not_found', 'No such member of this company.');
        if (outcome === 'taken')
          throw new AppError(409, 'conflict', 'Another member of the team is already this inspector.', 'inspector_id');
        await recordAuthEvent(ctx.db, {
          at: new Date(ctx.clock()),
          userId: request.params.user_id,
          organizationId: member.organizationId,
          type: 'inspector_linked',
          data: { by: member.userId, inspector_id: inspectorId },
        });
        return reply.status(204).send(null);
      },
    );
  };
}
