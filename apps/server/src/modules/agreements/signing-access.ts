import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { MANAGE_TOKEN_PATTERN } from '@scheduler/contracts/manage';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { SigningRecord } from './order-agreements.repository.ts';
import { openSigningLink, SIGNING_LINK_INVALID_MESSAGE } from './signing.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    signingLink?: SigningRecord;
  }
}

/**
 * An onRequest hook admitting only a signing link valid for the company in the path (issue 43).
 * It runs before the body is read, so a request without a valid link changes and reveals nothing.
 */
export function requireSigningLink(ctx: Pick<AppContext, 'db'>): onRequestAsyncHookHandler {
  return async (request) => {
    const params = request.params as { company_key?: unknown; token?: unknown };
    const token = typeof params.token === 'string' ? params.token : '';
    const companyKey = typeof params.company_key === 'string' ? params.company_key : '';
    if (!MANAGE_TOKEN_PATTERN.test(token))
      throw new AppError(404, 'signing_link_invalid', SIGNING_LINK_INVALID_MESSAGE);
    request.signingLink = await openSigningLink(ctx.db, companyKey, token);
  };
}

/** The signer of a request that passed `requireSigningLink`. */
export function signingLinkOf(request: FastifyRequest): SigningRecord {
  if (!request.signingLink) throw new AppError(404, 'signing_link_invalid', SIGNING_LINK_INVALID_MESSAGE);
  return request.signingLink;
}
