import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appointmentSlotSchema,
  availabilityQuerySchema,
  distanceOnDatetimeQuerySchema,
  distanceOnDatetimeResponseSchema,
  setDatetimeBodySchema,
  setDatetimeResponseSchema,
  setInspectorsBodySchema,
  setPostalCodeBodySchema,
  timeAvailableQuerySchema,
  timeAvailableResponseSchema,
  validateInspectorsServicesQuerySchema,
  validateInspectorsServicesResponseSchema,
} from '@scheduler/contracts/scheduling';
import type { AppContext } from '../../context.ts';
import { sendCompressible } from '../../http/precompressed.ts';
import { sessionOf } from '../../plugins/session-auth.ts';
import { companyKeyParam, noQuery } from '../shared-schemas.ts';
import {
  availabilityJson,
  distanceOnDatetime,
  setDatetime,
  setInspectors,
  setPostalCode,
  timeAvailable,
  validateInspectorsServices,
} from '../../modules/scheduling/scheduling.service.ts';

const PREFIX = '/:company_key/json/online_scheduler';

export function schedulingRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const { search, write } = ctx.access;
    const tags = ['scheduling'];

    app.get(
      `${PREFIX}/availability`,
      {
        ...search,
        schema: {
          tags,
          summary: 'Appointment slots in a window of office-local dates',
          params: companyKeyParam,
          querystring: availabilityQuerySchema,
          response: { 200: z.array(appointmentSlotSchema) },
        },
      },
      // Thousands of slots, serialised once by the service (and often answered from its cache):
      // re-validating them on the way out would cost more than finding them. Their shape is fixed
      // by the engine's return type; the schema above documents it.
      // Strings and buffers skip the route's serializer.
      async (request, reply) =>
        sendCompressible(
          request,
          reply as FastifyReply,
          await availabilityJson(ctx.scheduling, sessionOf(request), request.query),
          'application/json; charset=utf-8',
        ),
    );
    app.get(
      `${PREFIX}/time_available`,
      {
        ...search,
        schema: {
          tags,
          summary: 'Whether one time is still free; alternatives when not',
          params: companyKeyParam,
          querystring: timeAvailableQuerySchema,
          response: { 200: timeAvailableResponseSchema },
        },
      },
      async (request) => timeAvailable(ctx.scheduling, sessionOf(request), request.query),
    );
    app.get(
      `${PREFIX}/validate_inspectors_services`,
      {
        ...search,
        schema: {
          tags,
          summary: "Whether the order's inspectors cover its services at its time, adding inspectors where needed",
          params: companyKeyParam,
          querystring: validateInspectorsServicesQuerySchema,
          response: { 200: validateInspectorsServicesResponseSchema },
        },
      },
      async (request) => validateInspectorsServices(ctx.scheduling, sessionOf(request), request.query),
    );
    app.post(
      `${PREFIX}/set_datetime`,
      {
        ...write,
        schema: {
          tags,
          summary: "Saves the order's date and time and holds it; null releases it",
          params: companyKeyParam,
          querystring: noQuery,
          body: setDatetimeBodySchema,
          response: { 200: setDatetimeResponseSchema, 409: setDatetimeResponseSchema },
        },
      },
      async (request, reply) => {
        const result = await setDatetime(ctx.scheduling, sessionOf(request), request.body);
        return reply.status(result.status === 'ok' ? 200 : 409).send(result);
      },
    );
    app.post(
      `${PREFIX}/set_inspectors`,
      {
        ...write,
        schema: {
          tags,
          summary: "Sets the order's inspectors",
          params: companyKeyParam,
          querystring: noQuery,
          body: setInspectorsBodySchema,
          response: { 200: z.object({ status: z.literal('ok') }) },
        },
      },
      async (request) => setInspectors(ctx.scheduling, sessionOf(request), request.body),
    );
    app.post(
      `${PREFIX}/set_postal_code`,
      {
        ...write,
        schema: {
          tags,
          summary: "Saves the property's postal code (the postal-code step)",
          params: companyKeyParam,
          querystring: noQuery,
          body: setPostalCodeBodySchema,
          response: { 200: z.object({ status: z.literal('ok') }) },
        },
      },
      async (request) => setPostalCode(ctx.scheduling, sessionOf(request), request.body.postal_code),
    );
    app.get(
      `${PREFIX}/distance_on_datetime`,
      {
        ...search,
        schema: {
          tags,
          summary: 'Driving distance to the property against the inspectors\u2019 radius on a date',
          params: companyKeyParam,
          querystring: distanceOnDatetimeQuerySchema,
          response: { 200: distanceOnDatetimeResponseSchema },
        },
      },
      async (request) => distanceOnDatetime(ctx.scheduling, sessionOf(request), request.query.datetime),
    );
  };
}
