import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context.ts';
import { UnauthorizedError } from '../errors.ts';
import { authenticate, type AuthenticatedSession } from '../modules/sessions/sessions.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    schedulerSession: AuthenticatedSession | null;
  }
}

export const TOKEN_HEADER = 'x-auth-token';
/** Optional: the office the wizard's URL names. When sent, it must be the session's office. */
export const OFFICE_HEADER = 'x-office-uuid';

/** Query parameters that would carry a token. Tokens travel in the header only, never in URLs. */
const TOKEN_QUERY_NAMES = ['t', 'token', 'auth_token', 'X-Auth-Token'];

function singleHeader(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/** The session of a request that passed `requireSession`. */
export function sessionOf(request: FastifyRequest): AuthenticatedSession {
  if (!request.schedulerSession) throw new UnauthorizedError();
  return request.schedulerSession;
}

/**
 * An onRequest hook that admits only a valid `X-Auth-Token` for the company in the path. It
 * runs before body parsing and validation, so an unauthorised request changes and reveals nothing.
 */
export function requireSession(
  ctx: Pick<AppContext, 'sessions' | 'config'>,
  options: { allowConfirmedAfterExpiry?: boolean } = {},
): onRequestAsyncHookHandler {
  return async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    if (query && TOKEN_QUERY_NAMES.some((name) => name in query)) {
      throw new UnauthorizedError('Send the session token in the X-Auth-Token header, never in the URL.');
    }
    const params = request.params as { company_key?: string };
    request.schedulerSession = await authenticate(
      ctx.sessions,
      { ttlDays: ctx.config.SESSION_TTL_DAYS },
      {
        token: singleHeader(request, TOKEN_HEADER),
        companyKey: params.company_key ?? '',
        officeUuid: singleHeader(request, OFFICE_HEADER),
      },
      { allowConfirmedAfterExpiry: options.allowConfirmedAfterExpiry ?? false },
    );
  };
}
