import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A listing (a page, or a stream of all of it) as a CSV download: its file name, and the listing's total in X-Total-Count. */
export function sendCsv(reply: FastifyReply, csv: string | Readable, fileName: string, total: number): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
    .header('x-total-count', String(total))
    .send(csv);
}
