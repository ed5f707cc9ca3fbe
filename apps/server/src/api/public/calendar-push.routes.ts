import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { perAddressLimit } from '../../plugins/rate-limit.ts';
import { noQuery } from '../shared-schemas.ts';
import {
  pushPath,
  receiveGooglePush,
  receiveGraphNotifications,
  type PushOutcome,
} from '../../modules/calendar-sync/push-channels.ts';
import { graphValidationToken } from '../../modules/calendar-sync/providers/microsoft/graph-push.ts';

/** Google's notification has no body; Graph's holds up to 1,000 notifications of a few hundred bytes each. */
const GOOGLE_BODY_LIMIT_BYTES = 4 * 1024;
const GRAPH_BODY_LIMIT_BYTES = 512 * 1024;
/** Per sending address and minute: the providers send from a few addresses, one message per change. */
const PUSH_RATE_LIMIT = 600;

const header = z.string().max(1024).optional();
const googleHeaders = z.object({
  'x-goog-channel-id': header,
  'x-goog-channel-token': header,
  'x-goog-resource-id': header,
  'x-goog-resource-state': header,
  'x-goog-message-number': header,
  'x-goog-channel-expiration': header,
  'x-goog-resource-uri': header,
});
const graphQuery = z.object({ validationToken: z.string().min(1).max(4096).optional() }).strict();
const pushAnswer = z.object({ outcome: z.literal('accepted') });

/** A refused notification: the providers stop retrying a 404 or a 410. */
function refuse(outcome: Exclude<PushOutcome, 'accepted'>, field: string): never {
  if (outcome === 'invalid') throw new AppError(400, 'invalid_request', `Not a notification: ${field}.`, field);
  if (outcome === 'expired') throw new AppError(410, 'calendar_channel_expired', 'This channel has ended.');
  throw new AppError(404, 'not_found', 'No such channel.');
}

/**
 * The providers' push notifications for inspectors' busy calendars (decision 0096). Anyone can
 * post here: a notification counts only when its channel's secret token (Google's channel token,
 * Graph's clientState) matches the stored hash. It makes the connection's sync due and wakes the
 * job worker; the calendar is read there, never in this request.
 */
export function calendarPushRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    instance.removeAllContentTypeParsers();
    // Graph's JSON is parsed below (an empty validation POST must not be a JSON error); any other body is ignored.
    instance.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: GRAPH_BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, body),
    );
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const deps = { db: ctx.db, now: () => new Date(ctx.clock()) };
    const tags = ['calendar-sync'];

    app.post(
      pushPath('google'),
      {
        bodyLimit: GOOGLE_BODY_LIMIT_BYTES,
        config: { rateLimit: perAddressLimit(PUSH_RATE_LIMIT) },
        schema: {
          tags,
          summary: "Google Calendar's push notification for an inspector's busy calendar: its sync made due now",
          description:
            "The headers name the channel (X-Goog-Channel-ID) and carry its secret (X-Goog-Channel-Token), compared in constant time with the stored hash, and Google's X-Goog-Resource-ID. " +
            "State 'sync' (a new channel) is acknowledged; 'exists'/'not_exists' make the connection's calendar read due now, once however many arrive. " +
            "No such channel or a token not its own: 404; a channel past its end: 410; headers not Google's: 400. Body ignored (at most 4 KiB).",
          querystring: noQuery,
          headers: googleHeaders,
          response: { 200: pushAnswer },
        },
      },
      async (request) => {
        const outcome = await receiveGooglePush(deps, request.headers);
        if (outcome !== 'accepted') refuse(outcome, 'x-goog-channel-id');
        ctx.notifications?.wake();
        return { outcome };
      },
    );

    app.post(
      pushPath('microsoft'),
      {
        bodyLimit: GRAPH_BODY_LIMIT_BYTES,
        config: { rateLimit: perAddressLimit(PUSH_RATE_LIMIT) },
        schema: {
          tags,
          summary:
            "Microsoft Graph's change notifications for inspectors' busy calendars, and its validation handshake",
          description:
            "With ?validationToken (Graph checking the URL when a subscription is made): 200 text/plain, the token. Otherwise Graph's JSON ({ value: [...] }, at most 1,000, 512 KiB): each notification's subscription found and its clientState compared in constant time with the stored hash; the connections of those proven have their read made due now (202). " +
            "None proven: 404 (410 when the only ones proven are of an ended subscription); a body not Graph's: 400.",
          querystring: graphQuery,
          response: { 200: z.string(), 202: pushAnswer },
        },
      },
      async (request, reply) => {
        const validation = graphValidationToken(request.query);
        if (validation !== null) return reply.code(200).type('text/plain; charset=utf-8').send(validation);
        let body: unknown;
        try {
          body = JSON.parse(typeof request.body === 'string' ? request.body : '');
        } catch {
          refuse('invalid', 'body');
        }
        const outcome = await receiveGraphNotifications(deps, body);
        if (outcome !== 'accepted') refuse(outcome, 'value');
        ctx.notifications?.wake();
        return reply.code(202).send({ outcome });
      },
    );
  };
}
