import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { apiDocsPolicy } from './security-headers.ts';

/** The OpenAPI document is generated from the routes' zod schemas; nothing is written by hand. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Online Scheduler API',
        version: '1.0.0',
        description:
          "The calls the online booking wizard makes, the console's, the admin API and the public API. Wizard calls authenticate with the `X-Auth-Token` header; admin calls with `Authorization: Bearer` and the operator's token; public API calls (/api/v1) with `Authorization: Bearer` and a company's API key.",
      },
      components: {
        securitySchemes: {
          sessionToken: { type: 'apiKey', in: 'header', name: 'X-Auth-Token' },
          adminToken: { type: 'http', scheme: 'bearer' },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description:
              "The public API (/api/v1): a company's API key, `isk_live_…`, made in the console by an owner or admin; each route names the scope it needs.",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, transformStaticCSP: apiDocsPolicy });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
