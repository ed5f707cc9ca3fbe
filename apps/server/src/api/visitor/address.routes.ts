import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  geocodeQuerySchema,
  geocodeSuggestionSchema,
  setAddressBodySchema,
  setAddressResponseSchema,
} from '@scheduler/contracts/address';
import type { AppContext } from '../../context.ts';
import { sessionOf } from '../../plugins/session-auth.ts';
import { companyKeyParam, noQuery } from '../shared-schemas.ts';
import { geocode, setAddress, type AddressDependencies } from '../../modules/address/address.service.ts';
import { configuredGeocoder, GeocodingService } from '../../modules/address/geocoding.service.ts';

const PREFIX = '/:company_key/json/online_scheduler';

export function addressRoutes(ctx: AppContext) {
  const deps: AddressDependencies = {
    scheduling: ctx.scheduling,
    geocoding: new GeocodingService(ctx.scheduling.places, configuredGeocoder(ctx.config)),
  };
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const { search, write } = ctx.access;
    const tags = ['address'];

    app.get(
      `${PREFIX}/geocode`,
      {
        ...search,
        schema: {
          tags,
          summary: 'The suggested, verified form of a typed address (spec 3.11)',
          params: companyKeyParam,
          querystring: geocodeQuerySchema,
          response: { 200: geocodeSuggestionSchema },
        },
      },
      async (request) => geocode(deps, sessionOf(request), request.query.address, request.log),
    );
    app.post(
      `${PREFIX}/set_address`,
      {
        ...write,
        schema: {
          tags,
          summary:
            "Saves the property's address and checks that its location can be served at the held time; 409 names why not, with alternatives",
          params: companyKeyParam,
          querystring: noQuery,
          body: setAddressBodySchema,
          response: { 200: setAddressResponseSchema, 409: setAddressResponseSchema },
        },
      },
      async (request, reply) => {
        const result = await setAddress(deps, sessionOf(request), request.body);
        return reply.status(result.status === 'ok' ? 200 : 409).send(result);
      },
    );
  };
}
