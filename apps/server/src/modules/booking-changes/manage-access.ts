import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { MANAGE_TOKEN_PATTERN } from '@scheduler/contracts/manage';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { MANAGE_LINK_INVALID_MESSAGE, openManageLink, type OpenManageLink } from './manage.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    manageLink?: OpenManageLink;
  }
}

/**
 * An onRequest hook admitting only a manage link valid for the company in the path. It runs
 * before the body is read, so a request without a valid link changes and reveals nothing.
 */
export function requireManageLink(ctx: Pick<AppContext, 'db' | 'clock'>): onRequestAsyncHookHandler {
  return async (request) => {
    const params = request.params as { company_key?: unknown; token?: unknown };
    const token = typeof params.token === 'string' ? params.token : '';
    const companyKey = typeof params.company_key === 'string' ? params.company_key : '';
    if (!MANAGE_TOKEN_PATTERN.test(token)) throw new AppError(404, 'manage_link_invalid', MANAGE_LINK_INVALID_MESSAGE);
    request.manageLink = await openManageLink(ctx.db, companyKey, token, new Date(ctx.clock()));
  };
}

/** The link of a request that passed `requireManageLink`. */
export function manageLinkOf(request: FastifyRequest): OpenManageLink {
  if (!request.manageLink) throw new AppError(404, 'manage_link_invalid', MANAGE_LINK_INVALID_MESSAGE);
  return request.manageLink;
}
