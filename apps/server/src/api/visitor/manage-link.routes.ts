import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { visitorManageLinkResponseSchema } from '@scheduler/contracts/manage';
import type { AppContext } from '../../context.ts';
import { listeningPort, publicBaseUrl } from '../../http/public-url.ts';
import { sessionOf } from '../../plugins/session-auth.ts';
import { companyKeyParam, noQuery } from '../shared-schemas.ts';
import { issueVisitorManageLink } from '../../modules/booking-changes/manage-links.ts';
import { keepAnswersPrivate } from '../../plugins/private-answers.ts';

/** The thank-you page's way to the manage page (issue 24): the visitor's session asks for a manage link; the link's own API is manage-link/manage.routes.ts. */
export function manageLinkRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const tags = ['manage'];
    // The answer carries a manage token: as the manage API's answers, it is not passed on nor kept.
    keepAnswersPrivate(instance);

    // The thank-you page's "Manage your inspection": the visitor's session (which reads its booked order) gets a link of its own.
    app.post(
      '/:company_key/json/online_scheduler/manage_link',
      {
        ...ctx.access.confirm,
        schema: {
          tags,
          summary: "Issues a manage link for the session's booked order (the thank-you page's Manage your inspection)",
          description:
            '404 when the order is not booked yet. Each call issues a new link; the office revokes them with the order\u2019s others.',
          params: companyKeyParam,
          querystring: noQuery,
          response: { 200: visitorManageLinkResponseSchema },
        },
      },
      async (request) => {
        const session = sessionOf(request);
        return issueVisitorManageLink(
          ctx.db,
          session,
          session.companyKey,
          publicBaseUrl(ctx.config, listeningPort(request.server, ctx.config.PORT)),
        );
      },
    );
  };
}
