import type { onRequestAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { secretsEqual } from '../modules/sessions/tokens.ts';

/** The admin API's check: the bearer token. Every admin module's routes use it. */
export function requireAdmin(ctx: AppContext): onRequestAsyncHookHandler {
  return async (request) => {
    const header = request.headers.authorization;
    const token =
      typeof header === 'string' && header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
    if (!token || !secretsEqual(token, ctx.adminToken))
      throw new AppError(401, 'unauthorized', 'A valid admin bearer token is required.');
  };
}
