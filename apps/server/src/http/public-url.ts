import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** Addresses that mean "every interface": a link cannot name them, so it names this machine. */
const ANY_INTERFACE = new Set(['0.0.0.0', '::', '']);

/**
 * The base of every absolute link the product writes (calendar feeds, e-mails, payment and manage
 * links, the links `npm start` prints): PUBLIC_URL, or without it the configured host and the
 * port the server listens on. Never a request's Host or X-Forwarded-* headers, which whoever
 * sends the request chooses (a link to their own site carrying a secret).
 */
export function publicBaseUrl(
  config: Pick<Config, 'PUBLIC_URL' | 'HOST' | 'PORT'>,
  listeningPort: number = config.PORT,
): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  const host = ANY_INTERFACE.has(config.HOST) ? 'localhost' : config.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${listeningPort}`;
}

/** The port the server's socket listens on (PORT=0 picks one), or the configured one before it listens. */
export function listeningPort(app: FastifyInstance, configuredPort: number): number {
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : configuredPort;
}
