import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BOUNCE_REPORT_MAX_BYTES, bounceReportResponseSchema } from '@scheduler/contracts/mail-bounces';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { noQuery } from '../shared-schemas.ts';
import { receiveBounceReport } from '../../modules/notifications/mail-bounces.service.ts';
import { secretsEqual } from '../../modules/sessions/tokens.ts';

/** How a report is posted: the raw e-mail (message/rfc822), or the same bytes without a mail type. */
const REPORT_TYPES = ['message/rfc822', 'application/octet-stream', 'text/plain'];

/** The secret a caller sent: a bearer token, or the password of Basic credentials (a URL's user:secret@). */
function sentSecret(header: string | undefined): string {
  if (typeof header !== 'string') return '';
  if (header.startsWith('Bearer ')) return header.slice('Bearer '.length).trim();
  if (!header.startsWith('Basic ')) return '';
  const pair = Buffer.from(header.slice('Basic '.length).trim(), 'base64').toString('utf8');
  const colon = pair.indexOf(':');
  return colon < 0 ? '' : pair.slice(colon + 1);
}

/**
 * The guard: MAIL_BOUNCE_SECRET. Unset, the route is off and answers 404 as an unknown path does;
 * set, anything but the secret is 401. It runs before the body is read: a caller without the
 * secret never gets its bytes parsed.
 */
function requireBounceSecret(ctx: AppContext): onRequestAsyncHookHandler {
  return async (request) => {
    const secret = ctx.config.MAIL_BOUNCE_SECRET;
    if (!secret) throw new AppError(404, 'not_found', 'Not found.');
    const sent = sentSecret(request.headers.authorization);
    if (!sent || !secretsEqual(sent, secret))
      throw new AppError(401, 'unauthorized', 'The bounce secret is required (Authorization: Bearer).');
  };
}

/** Bounce reports from the mail side (decision 0070): a mailbox forwarder or the mail provider posts each raw. */
export function mailBounceRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    instance.removeAllContentTypeParsers();
    instance.addContentTypeParser(
      REPORT_TYPES,
      { parseAs: 'buffer', bodyLimit: BOUNCE_REPORT_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    instance.withTypeProvider<ZodTypeProvider>().post(
      '/api/mail/bounces',
      {
        bodyLimit: BOUNCE_REPORT_MAX_BYTES,
        onRequest: requireBounceSecret(ctx),
        schema: {
          tags: ['notifications'],
          summary:
            "A delivery-status notification (RFC 3464) returning one of our e-mails: that order's e-mail is marked bounced, once",
          description:
            'The body is the report as received, raw (Content-Type message/rfc822), at most 512 KiB (413 past it). ' +
            'Authenticated by MAIL_BOUNCE_SECRET (Authorization: Bearer <secret>, or Basic with the secret as password): 401 without it; ' +
            'with no secret configured the route answers 404. The returned e-mail is found by its Message-ID, which names the job and the order; ' +
            "a report of a message that is not one of ours, of a delay or a delivery, or a repeat, is 202 and changes nothing. Not a delivery-status report: 400 on 'body'.",
          querystring: noQuery,
          headers: z.object({ authorization: z.string().max(1000).optional() }),
          response: { 202: bounceReportResponseSchema },
        },
      },
      async (request, reply) => {
        // The parser above hands a Buffer; a body-less POST has none (400, as any unreadable report).
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const outcome = await receiveBounceReport(ctx.db, raw, new Date(ctx.clock()));
        return reply.code(202).send({ outcome });
      },
    );
  };
}
