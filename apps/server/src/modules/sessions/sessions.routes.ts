import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PREVIEW_QUERY } from '@scheduler/contracts/embed';
import type { AppContext } from '../../context.ts';
import { perAddressLimit } from '../../plugins/rate-limit.ts';
import { companyKeyParam } from '../shared-schemas.ts';
import { NotFoundError } from '../../errors.ts';
import { startSession } from './sessions.service.ts';
import { embeddingOriginsOf } from '../office/office.service.ts';
import { embedRedirectQuery } from './embed-query.ts';
import { applyPrefill } from '../embed/prefill.service.ts';
import { readPrefill } from '../embed/prefill-values.ts';
import { pricingDependencies } from '../pricing/pricing.service.ts';

/** A browser navigating asks for HTML first; API clients ask for JSON or anything. */
function prefersHtml(accept: string | undefined): boolean {
  return accept !== undefined && /(^|,)\s*text\/html/.test(accept);
}

/** Matches only uuids, so that wizard paths such as /calendar fall through to the wizard. */
const UUID_PATTERN = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

export function sessionRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const prefillDeps = pricingDependencies(ctx);
    app.get(
      `/:company_key/online-scheduler/:office_uuid(^${UUID_PATTERN}$)`,
      {
        config: { rateLimit: perAddressLimit(ctx.config.SESSION_RATE_LIMIT) },
        schema: {
          tags: ['session'],
          summary: 'Starts a scheduling session with a new draft order and redirects into the wizard',
          params: companyKeyParam.extend({ office_uuid: z.uuid() }),
          // The company's own link may carry tracking parameters; they are ignored. An embedded
          // frame's (issue 27: embed, host, resume) pass into the wizard's URL when they hold, and
          // the console's preview=1 (issue 26).
          querystring: z.object({}).catchall(z.string()),
        },
      },
      async (request, reply) => {
        const { company_key: companyKey, office_uuid: officeUuid } = request.params;
        const started = await startSession(ctx.db, { ttlDays: ctx.config.SESSION_TTL_DAYS }, companyKey, officeUuid.toLowerCase(), new Date(ctx.clock())).catch((error: unknown) => {
          // A person who follows a stale link sees the wizard's own not-found page, not JSON.
          if (error instanceof NotFoundError && prefersHtml(request.headers.accept)) return null;
          throw error;
        });
        if (!started) return reply.sendWizardPage(companyKey, 404);
        const { token } = started;
        const embedded = request.query.embed === '1';
        const kept = {
          // The console's preview stays one in the wizard (it sends no funnel events).
          ...(request.query[PREVIEW_QUERY] === '1' ? { [PREVIEW_QUERY]: '1' } : {}),
          ...(embedded ? embedRedirectQuery(request.query, await embeddingOriginsOf(ctx.db, companyKey)) : {}),
        };
        const { landing } = embedded ? await applyPrefill(prefillDeps, started.session, readPrefill(request.query), new Date(ctx.clock())) : { landing: null };
        const query = new URLSearchParams({ t: token, office: officeUuid.toLowerCase(), ...kept });
        return reply.header('cache-control', 'no-store').redirect(`/${companyKey}/online-scheduler${landing ? `/${landing}` : ''}?${query.toString()}`, 302);
      },
    );
  };
}
