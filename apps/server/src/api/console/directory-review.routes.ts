import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  directoryMergeBodySchema,
  directoryMergeResultSchema,
  directoryReviewParamsSchema,
  directoryReviewQuerySchema,
  directoryReviewSchema,
} from '@scheduler/contracts/directory-review';
import { publicPersonSchema } from '@scheduler/contracts/public-api';
import type { AppContext } from '../../context.ts';
import { memberOf, requireMember } from '../../modules/console-auth/console-access.ts';
import { recordMemberEvent } from '../../modules/console-auth/member-events.ts';
import { acceptPerson, directoryReview, mergePerson } from '../../modules/people/directory-review.service.ts';
import { companyKeyParam, noQuery } from '../shared-schemas.ts';

const personParams = companyKeyParam.extend(directoryReviewParamsSchema.shape);

/**
 * The office's review of the directory (issue 47, decision 0091): people added online awaiting it
 * with their likely duplicates, shared e-mails, accept and merge. Owners and admins
 * (`configuration.edit`: the directory is part of the company's configuration); the member's company only.
 */
export function directoryReviewRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const tags = ['console'];
    const base = '/api/console/companies/:company_key/directory';
    const onRequest = requireMember(ctx, 'configuration.edit');
    const now = () => new Date(ctx.clock());

    app.get(
      `${base}/review`,
      {
        onRequest,
        schema: {
          tags,
          summary:
            'People added online awaiting review, with their likely duplicates, and e-mails several people share',
          params: companyKeyParam,
          querystring: directoryReviewQuerySchema,
          response: { 200: directoryReviewSchema },
        },
      },
      async (request) => directoryReview(ctx.db, memberOf(request).companyId, request.query),
    );

    app.post(
      `${base}/people/:id/accept`,
      {
        onRequest,
        schema: {
          tags,
          summary: 'Accepts a person added online: a normal directory entry from now on',
          description:
            'Accepting again answers the same. 409 already_merged (with where to) for a person merged away; 404 for none.',
          params: personParams,
          querystring: noQuery,
          response: { 200: publicPersonSchema },
        },
      },
      async (request) => {
        const member = memberOf(request);
        const person = await acceptPerson(ctx.db, member.companyId, request.params.id);
        await recordMemberEvent(ctx.db, member, 'directory_person_accepted', now());
        return person;
      },
    );

    app.post(
      `${base}/people/:id/merge`,
      {
        onRequest,
        schema: {
          tags,
          summary: 'Merges a person into another: their orders name the other, and they are gone',
          description:
            'One transaction: every order of the company naming the person names `into` instead, the person is deleted, the merge recorded. ' +
            'Example: `{"into": "agent_12"}`. 400 same_person (into themself) or another kind; 404 for none; 409 already_merged naming where they went.',
          params: personParams,
          querystring: noQuery,
          body: directoryMergeBodySchema,
          response: { 200: directoryMergeResultSchema },
        },
      },
      async (request) => {
        const member = memberOf(request);
        const merged = await mergePerson(
          ctx.db,
          member.companyId,
          request.params.id,
          request.body.into,
          { userId: member.userId, name: member.userName },
          now(),
        );
        await recordMemberEvent(ctx.db, member, 'directory_person_merged', now());
        return merged;
      },
    );
  };
}
