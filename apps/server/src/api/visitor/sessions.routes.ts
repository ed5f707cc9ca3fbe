import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PREVIEW_QUERY } from '@scheduler/contracts/embed';
import type { AppContext } from '../../context.ts';
import { perAddressLimit } from '../../plugins/rate-limit.ts';
import { companyKeyParam } from '../shared-schemas.ts';
import { AppError, NotFoundError, SchedulerDisabledError } from '../../errors.ts';
import { admitWhileDisabled } from '../../modules/sessions/disabled-scheduler.ts';
import { startSession } from '../../modules/sessions/sessions.service.ts';
import { embeddingOriginsOf } from '../../modules/office/office.service.ts';
import { embedRedirectQuery } from '../../modules/sessions/embed-query.ts';
import { embedLookQuerystring } from '../../modules/sessions/embed-look.ts';
import { applyPrefill } from '../../modules/wizard-page/prefill.service.ts';
import { readPrefill } from '../../modules/wizard-page/prefill-values.ts';
import { readAttribution } from '../../modules/sessions/attribution.ts';
import { pricingDependencies } from '../../modules/pricing/pricing.service.ts';
import { setUserType } from '../../modules/people/people.service.ts';

/**
 * The start link's `role` (issue 47, decision 0094): the agent portal's "Book another inspection"
 * links open the wizard with the agent's role already chosen, as the visitor's own choice on the
 * contacts step would set it (and change it). Only the two real-estate agents' roles; anything
 * else, or a role the company does not offer, is left out: the visitor chooses as before.
 */
const START_ROLES = { buyers_agent: 'BUYERS_AGENT', sellers_agent: 'SELLERS_AGENT' } as const;
const startRole = (value: string | undefined) =>
  value !== undefined && Object.hasOwn(START_ROLES, value) ? START_ROLES[value as keyof typeof START_ROLES] : null;

/** A browser navigating asks for HTML first; API clients ask for JSON or anything. */
function prefersHtml(accept: string | undefined): boolean {
  return accept !== undefined && /(^|,)\s*text\/html/.test(accept);
}

/** A parameter given twice arrives as a list; the start link reads its first value, as a browser's URLSearchParams.get does. */
function firstValues(query: Readonly<Record<string, string | string[]>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query).map(([name, value]) => [name, typeof value === 'string' ? value : (value[0] ?? '')]),
  );
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
          description:
            "While the company's scheduler is disabled: 403 scheduler_disabled, and a browser is sent to the wizard's disabled page instead, without a session; a member who books for the company (owner, admin, office) signed in to the console gets a session and try=1.",
          params: companyKeyParam.extend({ office_uuid: z.uuid() }),
          // The company's own link may carry tracking parameters: the campaign's (utm_*, gclid) are
          // kept on the order when they read as such (issue 42), the others ignored, and none
          // passes into the wizard's URL. An embedded frame's (issue 27: embed, host, resume) do when
          // they hold, and the console's preview=1 (issue 26). The embed's look (brand_color,
          // hide_header_footer) is checked here: a bad one is 400 naming it. A parameter given
          // twice is no error (the first is read), except a look's, which is refused by name.
          // `role=buyers_agent|sellers_agent` chooses the visitor's role (the agent portal's links).
          querystring: z.object(embedLookQuerystring).catchall(z.union([z.string(), z.array(z.string())])),
        },
      },
      async (request, reply) => {
        const { company_key: companyKey, office_uuid: officeUuid } = request.params;
        const office = officeUuid.toLowerCase();
        const given = firstValues(request.query);
        const embedded = given.embed === '1';
        const kept = {
          // The console's preview stays one in the wizard (it sends no funnel events).
          ...(given[PREVIEW_QUERY] === '1' ? { [PREVIEW_QUERY]: '1' } : {}),
          ...(embedded ? embedRedirectQuery(given, await embeddingOriginsOf(ctx.db, companyKey)) : {}),
        };
        let staffTrying = false;
        // While the scheduler is disabled a visitor gets no session; its own staff, signed in, try it (issue 39).
        const admit = async (company: { id: string; key: string; enabled: boolean }) => {
          await admitWhileDisabled(ctx, request, company);
          staffTrying = !company.enabled;
        };
        const started = await startSession(
          ctx.db,
          { ttlDays: ctx.config.SESSION_TTL_DAYS },
          companyKey,
          office,
          new Date(ctx.clock()),
          { attribution: readAttribution(given) },
          admit,
        ).catch((error: unknown) => {
          // A person who follows a stale link sees the wizard's own not-found page, not JSON.
          if (error instanceof NotFoundError && prefersHtml(request.headers.accept)) return null;
          // A person who follows the link of a disabled scheduler sees its disabled page.
          if (error instanceof SchedulerDisabledError && prefersHtml(request.headers.accept))
            return 'disabled' as const;
          throw error;
        });
        if (!started) return reply.sendWizardPage(companyKey, 404);
        if (started === 'disabled')
          return reply
            .header('cache-control', 'no-store')
            .redirect(`/${companyKey}/online-scheduler?${new URLSearchParams({ office, ...kept }).toString()}`, 302);
        const { token } = started;
        const role = startRole(given.role);
        // A role the company does not offer is refused as a visitor's would be (400): left out.
        if (role)
          await setUserType(ctx.db, started.session, { type: role }).catch((error: unknown) => {
            if (!(error instanceof AppError && error.statusCode === 400)) throw error;
          });
        const { landing } = embedded
          ? await applyPrefill(prefillDeps, started.session, readPrefill(given), new Date(ctx.clock()))
          : { landing: null };
        const query = new URLSearchParams({ t: token, office, ...kept, ...(staffTrying ? { try: '1' } : {}) });
        return reply
          .header('cache-control', 'no-store')
          .redirect(`/${companyKey}/online-scheduler${landing ? `/${landing}` : ''}?${query.toString()}`, 302);
      },
    );
  };
}
