import type { FastifyInstance } from 'fastify';

/**
 * Answers that carry or are reached by a manage token: no page may pass the token on (no
 * Referer) and no cache may keep it. For the manage link's own API and for the visitor's call that
 * issues a link.
 */
export function keepAnswersPrivate(instance: FastifyInstance): void {
  instance.addHook('onSend', async (_request, reply) => {
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cache-control', 'no-store');
  });
}
