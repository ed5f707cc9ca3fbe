import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/** A sealed PDF as a download: its bytes as stored, with their SHA-256 for whoever checks them. */
export function sendPdf(reply: FastifyReply, document: { fileName: string; sha256: string; content: Uint8Array }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${document.fileName}"`)
    .header('x-content-sha256', document.sha256)
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(document.content));
}

/** A PDF made when asked (a receipt, decision 0082), with the SHA-256 of its bytes as a stored one carries. */
export function withSha256(document: { fileName: string; content: Uint8Array }) {
  return { ...document, sha256: createHash('sha256').update(document.content).digest('hex') };
}
