import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorResponse } from '@scheduler/contracts/errors';
import { AppError } from '../errors.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { RETRY_AFTER_SECONDS, UNAVAILABLE_STATUS, unavailableBody } from '../http/unavailable.ts';

/** "/offices/0/uuid" → "offices.0.uuid". */
function fieldFromPath(instancePath: string): string | undefined {
  const field = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return field === '' ? undefined : field;
}

function body(code: string, message: string, field?: string): ErrorResponse {
  return { error: field ? { code, message, field } : { code, message } };
}

/**
 * The one place errors become HTTP answers: typed errors and schema failures become 4xx with
 * `{error: {code, message, field?}}`; anything unexpected is logged and becomes a 500 that shows
 * no internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = fieldFromPath(first?.instancePath ?? '');
      const where = error.validationContext ?? 'request';
      const message = `Invalid ${where}${field ? ` field "${field}"` : ''}: ${first?.message ?? 'does not match its schema'}`;
      return reply.status(400).send(body('invalid_request', message, field ?? where));
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(body(error.code, error.message, error.field));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(body('internal_error', 'Something went wrong.'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError ? 'invalid_json' : (error.code ?? 'bad_request').toLowerCase();
      return reply.status(status).send(body(code, error.message));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ code: 'unavailable' }, 'database unavailable');
      return reply
        .status(UNAVAILABLE_STATUS)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send(unavailableBody('The service is briefly unavailable. Please try again in a moment.'));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(body('internal_error', 'Something went wrong.'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(body('not_found', `No route for ${request.method} ${request.url.split('?')[0]}.`));
  });
}
