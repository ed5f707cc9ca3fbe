import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  applyCouponBodySchema,
  applyCouponResponseSchema,
  cartChangeResponseSchema,
  pricingSchema,
  rushRerBodySchema,
  serviceIdBodySchema,
  setPackagesBodySchema,
} from '@scheduler/contracts/pricing';
import type { AppContext } from '../../context.ts';
import { readFormBodies } from '../../plugins/form-body.ts';
import { sessionOf } from '../../plugins/session-auth.ts';
import { companyKeyParam, noQuery } from '../shared-schemas.ts';
import {
  applyCoupon,
  changeCart,
  getPricing,
  setRushRer,
  type PricingDeps,
} from '../../modules/pricing/pricing.service.ts';
import { pricingStoreOf } from '../../modules/pricing/pricing.store.ts';

const PREFIX = '/:company_key/json/online_scheduler';
/** A form-encoded body is one short field here. */
const FORM_BODY_LIMIT = 1024;

const idOf = (body: string | { id: string }) => (typeof body === 'string' ? body : body.id);

export function pricingRoutes(ctx: AppContext) {
  const deps: PricingDeps = { db: ctx.db, scheduling: ctx.scheduling, pricing: pricingStoreOf(ctx) };
  const now = () => new Date(ctx.clock());
  return async (instance: FastifyInstance) => {
    // The spec sends `rush_rer` form-encoded; this plugin's routes read such bodies as plain fields.
    readFormBodies(instance, FORM_BODY_LIMIT);
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const { read, write } = ctx.access;
    const tags = ['pricing'];
    const cartCall = (summary: string) => ({
      tags,
      summary,
      params: companyKeyParam,
      querystring: noQuery,
      response: { 200: cartChangeResponseSchema },
    });

    app.post(
      `${PREFIX}/set_packages`,
      {
        ...write,
        schema: {
          ...cartCall('Chooses the package ([id]) or removes it ([]); answers the new duration'),
          body: setPackagesBodySchema,
        },
      },
      async (request) =>
        changeCart(deps, sessionOf(request), { kind: 'set_package', package: request.body[0] ?? null }, now()),
    );
    app.post(
      `${PREFIX}/add_service`,
      {
        ...write,
        schema: {
          ...cartCall('Adds a service to the cart (spec 5.7 rules); answers the new duration'),
          body: serviceIdBodySchema,
        },
      },
      async (request) =>
        changeCart(deps, sessionOf(request), { kind: 'add_service', service: idOf(request.body) }, now()),
    );
    app.post(
      `${PREFIX}/remove_service`,
      {
        ...write,
        schema: {
          ...cartCall('Removes a service from the cart (spec 5.7 rules); answers the new duration'),
          body: serviceIdBodySchema,
        },
      },
      async (request) =>
        changeCart(deps, sessionOf(request), { kind: 'remove_service', service: idOf(request.body) }, now()),
    );
    app.post(
      `${PREFIX}/rush_rer`,
      {
        ...write,
        schema: {
          ...cartCall('Rushes the Repair Estimate Report (value 1) or not (value 0)'),
          body: rushRerBodySchema,
        },
      },
      async (request) => {
        const { value } = request.body;
        return setRushRer(deps, sessionOf(request), value === true || value === 1 || value === '1', now());
      },
    );
    app.get(
      `${PREFIX}/pricing`,
      {
        ...read,
        schema: {
          tags,
          summary: "The order's pricing (spec 3.10)",
          params: companyKeyParam,
          querystring: noQuery,
          response: { 200: pricingSchema },
        },
      },
      async (request) => getPricing(deps, sessionOf(request), now()),
    );
    app.post(
      `${PREFIX}/apply_coupon`,
      {
        ...write,
        schema: {
          tags,
          summary: 'Applies a coupon: "ok", or the refusal and its message (200 either way)',
          params: companyKeyParam,
          querystring: noQuery,
          body: applyCouponBodySchema,
          response: { 200: applyCouponResponseSchema },
        },
      },
      async (request) =>
        applyCoupon(
          deps,
          sessionOf(request),
          typeof request.body === 'string' ? request.body : request.body.code,
          now(),
        ),
    );
  };
}
