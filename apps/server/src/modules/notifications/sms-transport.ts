import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';

type RequestOptions<TData> = RequestClient.RequestOptions<TData>;

/** One text message as the worker hands it to a transport. */
export interface OutgoingSms {
  /** Stable per job: a resend after a crash writes the same file (outbox) or is recognised by it. */
  messageId: string;
  /** E.164, "+16145550142". */
  to: string;
  body: string;
}

export interface SmsTransport {
  /** Sends one message; resolves to where it went. Throws SmsRefused when the number will never take it. */
  send(sms: OutgoingSms): Promise<string>;
}

/**
 * The provider refused the number itself (not a mobile, not a number, the person texted STOP):
 * sending again would be refused again, so the message is recorded as refused, not retried.
 */
export class SmsRefused extends Error {
  readonly code: string;
  constructor(providerCode: number | string) {
    super('text message refused for its number');
    this.name = 'SmsRefused';
    this.code = `SMS_REFUSED ${providerCode}`;
  }
}

/**
 * Twilio's error codes that mean "this number, never": 21211 invalid To, 21214 not reachable,
 * 21408 region not enabled, 21610 the recipient unsubscribed (STOP), 21612 cannot route, 21614
 * not a mobile number. Anything else (a 5xx, 429, a network error) is retried like an e-mail.
 */
const PERMANENT_TWILIO_CODES = new Set([21211, 21214, 21408, 21610, 21612, 21614]);

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** The sender: a Twilio number (E.164) or a Messaging Service SID (MG...). */
  from: string;
  /** Where the API is; tests point it at a local server standing in for Twilio. Default: Twilio's own. */
  apiBaseUrl?: string;
}

type TwilioModule = typeof twilio;

/**
 * Twilio's own client with its requests sent to another origin: the SDK's documented extension
 * point for HTTP (a custom RequestClient), used so that tests talk to a local server.
 */
function rebasedRequestClient(twilio: TwilioModule, base: URL): RequestClient {
  class RebasedRequestClient extends twilio.RequestClient {
    override request<TData>(opts: RequestOptions<TData>) {
      const target = new URL(opts.uri);
      target.protocol = base.protocol;
      target.host = base.host;
      return super.request<TData>({ ...opts, uri: target.toString() });
    }
  }
  return new RebasedRequestClient({ timeout: 10_000 });
}

/**
 * Text messages through Twilio's Messages API (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM).
 * The SDK is loaded with the first message: it takes a quarter of a second to import, which every
 * server start (and every test that builds the app) would pay without sending a text.
 */
export function twilioTransport(options: TwilioOptions): SmsTransport {
  let loaded: Promise<ReturnType<TwilioModule>> | undefined;
  const client = () =>
    // The SDK is CommonJS (`export =`): Node hands its exports over as the default.
    (loaded ??= (import('twilio') as unknown as Promise<{ default: TwilioModule }>).then(({ default: twilio }) =>
      twilio(options.accountSid, options.authToken, {
        ...(options.apiBaseUrl
          ? { httpClient: rebasedRequestClient(twilio, new URL(options.apiBaseUrl)) }
          : { timeout: 10_000 }),
      }),
    ));
  const sender = options.from.startsWith('MG') ? { messagingServiceSid: options.from } : { from: options.from };
  return {
    async send(sms) {
      try {
        const message = await (await client()).messages.create({ ...sender, to: sms.to, body: sms.body });
        return `twilio ${message.sid}`;
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (typeof code === 'number' && PERMANENT_TWILIO_CODES.has(code)) throw new SmsRefused(code);
        throw error;
      }
    },
  };
}

/** The embedded default: each message written as a text file under `dir`, named by its id, like the e-mails' outbox. */
export function smsOutboxTransport(dir: string): SmsTransport {
  return {
    async send(sms) {
      await mkdir(dir, { recursive: true });
      const path = join(dir, `${sms.messageId.replace(/[^a-zA-Z0-9._-]/g, '_')}.sms.txt`);
      await writeFile(path, `To: ${sms.to}\n\n${sms.body}\n`);
      return path;
    },
  };
}
