import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  geocodeQuerySchema,
  newCompanyBodySchema,
  newCompanyResponseSchema,
  placeSchema,
} from '@scheduler/contracts/onboarding';
import type { AppContext } from '../../context.ts';
import { configuredGeocoder, GeocodingService } from '../../modules/address/geocoding.service.ts';
import { requireSignedIn } from '../../modules/console-auth/console-access.ts';
import { noQuery } from '../shared-schemas.ts';
import { perPersonBucket } from '../../plugins/rate-limit.ts';

/** Address look-ups per signed-in person a minute: a form looks one up as its field is left; a paid geocoder bills each (issue 39). */
export const GEOCODE_LOOKUPS_PER_MINUTE = 30;
import { foundCompany, placeOfAddress } from '../../modules/onboarding/onboarding.service.ts';

/**
 * A company signing itself up (issue 26), and the console's address lookup that its first office
 * and the Offices editor use: a signed-in person only; making a company also needs their e-mail
 * address confirmed.
 */
export function onboardingRoutes(ctx: AppContext) {
  const geocoding = new GeocodingService(ctx.scheduling.places, configuredGeocoder(ctx.config));
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const tags = ['console'];
    const signedIn = requireSignedIn(ctx);

    app.get(
      '/api/console/geocode',
      {
        onRequest: [signedIn, perPersonBucket(instance, 'geocode', GEOCODE_LOOKUPS_PER_MINUTE)],
        schema: {
          tags,
          summary: 'Where an address is (its USPS form and place) and the time zone there; 404 address_not_found',
          querystring: geocodeQuerySchema,
          response: { 200: placeSchema },
        },
      },
      async (request) => placeOfAddress(geocoding, request.query.address, request.log),
    );

    app.post(
      '/api/console/companies',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary:
            'Creates a company from the sign-up: its first office, inspector and service, defaults for the rest; the person becomes its owner',
          description:
            '403 email_not_verified until the person opened the link e-mailed at sign-up; 409 company_key_taken names `company.key`; 409 too_many_companies past the limit per person.',
          querystring: noQuery,
          body: newCompanyBodySchema,
          response: { 201: newCompanyResponseSchema },
        },
      },
      async (request, reply) => {
        const created = await foundCompany(
          { db: ctx.db, baseUrl: ctx.consoleAuth().baseUrl, at: new Date(ctx.clock()) },
          request.consoleUser!,
          request.body,
        );
        // The new company's wizard must know it at once: its link is what the page shows next.
        await ctx.changes.flush();
        return reply.status(201).send(created);
      },
    );
  };
}
