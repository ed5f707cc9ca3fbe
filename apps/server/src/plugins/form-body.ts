import type { FastifyInstance } from 'fastify';

/**
 * Reads `application/x-www-form-urlencoded` bodies as plain fields (the last of a repeated name
 * wins) in the plugin `instance` is, and only there: the spec sends the wizard's `rush_rer`
 * form-encoded. `bodyLimit` applies where the route sets none of its own.
 */
export function readFormBodies(instance: FastifyInstance, bodyLimit: number): void {
  instance.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
}
