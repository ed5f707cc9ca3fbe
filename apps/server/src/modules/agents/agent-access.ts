import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AGENT_TOKEN_PATTERN } from '@scheduler/contracts/agent-portal';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { admitPortalAgent, AGENT_SESSION_MISSING_MESSAGE, type PortalAgent } from './agents.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    portalAgent?: PortalAgent;
  }
}

/** The portal session's cookie: httpOnly, sent only to the company's own paths (its wizard and portal). */
export const AGENT_SESSION_COOKIE = 'agent_session';

function cookieValue(header: string | undefined, name: string): string {
  if (!header) return '';
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return '';
}

function cookiePath(companyKey: string): string {
  return `/${encodeURIComponent(companyKey)}`;
}

function secureFlag(config: AppContext['config']): string {
  return config.PUBLIC_URL?.startsWith('https:') ? '; Secure' : '';
}

/** Sets the portal session's cookie on the answer (the token leaves the server only there). */
export function setAgentSessionCookie(
  reply: FastifyReply,
  config: AppContext['config'],
  companyKey: string,
  token: string,
  expiresAt: Date,
): void {
  reply.header(
    'set-cookie',
    `${AGENT_SESSION_COOKIE}=${token}; Path=${cookiePath(companyKey)}; Expires=${expiresAt.toUTCString()}; HttpOnly; SameSite=Strict${secureFlag(config)}`,
  );
}

export function clearAgentSessionCookie(reply: FastifyReply, config: AppContext['config'], companyKey: string): void {
  reply.header(
    'set-cookie',
    `${AGENT_SESSION_COOKIE}=; Path=${cookiePath(companyKey)}; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Strict${secureFlag(config)}`,
  );
}

/**
 * An onRequest hook admitting only an agent signed in to the company in the path: a live portal
 * session, and its agent still in the company's directory (read again on every request).
 */
export function requireAgentSession(ctx: Pick<AppContext, 'db' | 'clock'>): onRequestAsyncHookHandler {
  return async (request) => {
    const params = request.params as { company_key?: unknown };
    const companyKey = typeof params.company_key === 'string' ? params.company_key : '';
    const token = cookieValue(request.headers.cookie, AGENT_SESSION_COOKIE);
    if (!AGENT_TOKEN_PATTERN.test(token)) throw new AppError(401, 'unauthenticated', AGENT_SESSION_MISSING_MESSAGE);
    request.portalAgent = await admitPortalAgent(ctx.db, { companyKey, token, now: new Date(ctx.clock()) });
  };
}

/** The agent of a request that passed `requireAgentSession`. */
export function portalAgentOf(request: FastifyRequest): PortalAgent {
  if (!request.portalAgent) throw new AppError(401, 'unauthenticated', AGENT_SESSION_MISSING_MESSAGE);
  return request.portalAgent;
}
