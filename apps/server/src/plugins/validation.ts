import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { withAcceptableText } from '@scheduler/contracts/text';

/**
 * Every route's body, query, path and header schemas are checked with the contracts' text rule
 * added on top: no string anywhere in a request may carry NUL or an unpaired surrogate, whatever
 * the route's own schema says, so a new route cannot forget it.
 */
export const acceptableTextValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  validatorCompiler({ ...route, schema: withAcceptableText(route.schema) });
