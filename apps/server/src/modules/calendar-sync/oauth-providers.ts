import type { Config } from '../../config.ts';
import type { OAuthClient, OAuthTokens } from './provider.ts';
import { withProvider, type ProviderRegistry } from './provider-registry.ts';
import { createGoogleCalendarProvider, createGoogleOAuthClient } from './providers/google/google-calendar.ts';
import {
  createMicrosoftCalendarProvider,
  createMicrosoftOAuthClient,
} from './providers/microsoft/microsoft-calendar.ts';

/** The providers an inspector connects through OAuth (decision 0090, "Wiring"). */
export const OAUTH_PROVIDERS = ['google', 'microsoft'] as const;
export type OAuthProviderKind = (typeof OAUTH_PROVIDERS)[number];

export type OAuthClients = Readonly<Partial<Record<OAuthProviderKind, OAuthClient>>>;

type CalendarConfig = Pick<
  Config,
  | 'DATA_ENCRYPTION_KEY'
  | 'GOOGLE_CALENDAR_CLIENT_ID'
  | 'GOOGLE_CALENDAR_CLIENT_SECRET'
  | 'GOOGLE_CALENDAR_BASE_URL'
  | 'MICROSOFT_CALENDAR_CLIENT_ID'
  | 'MICROSOFT_CALENDAR_CLIENT_SECRET'
  | 'MICROSOFT_CALENDAR_TENANT'
  | 'MICROSOFT_CALENDAR_BASE_URL'
>;

const trimmed = (base: string) => base.replace(/\/+$/, '');

/**
 * The OAuth clients the configuration offers: a provider only when its client id and secret are
 * set and DATA_ENCRYPTION_KEY is (its tokens could not be kept otherwise). A base URL override
 * (tests: a stand-in) serves the provider's own paths under one origin.
 */
export function oauthClientsOf(config: CalendarConfig, now: () => number): OAuthClients {
  if (!config.DATA_ENCRYPTION_KEY) return {};
  const clients: Partial<Record<OAuthProviderKind, OAuthClient>> = {};
  if (config.GOOGLE_CALENDAR_CLIENT_ID && config.GOOGLE_CALENDAR_CLIENT_SECRET) {
    const base = config.GOOGLE_CALENDAR_BASE_URL ? trimmed(config.GOOGLE_CALENDAR_BASE_URL) : null;
    clients.google = createGoogleOAuthClient({
      clientId: config.GOOGLE_CALENDAR_CLIENT_ID,
      clientSecret: config.GOOGLE_CALENDAR_CLIENT_SECRET,
      ...(base ? { authorizeUrl: `${base}/o/oauth2/v2/auth`, tokenUrl: `${base}/token` } : {}),
      now,
    });
  }
  if (config.MICROSOFT_CALENDAR_CLIENT_ID && config.MICROSOFT_CALENDAR_CLIENT_SECRET) {
    const base = config.MICROSOFT_CALENDAR_BASE_URL ? trimmed(config.MICROSOFT_CALENDAR_BASE_URL) : null;
    const tenant = encodeURIComponent(config.MICROSOFT_CALENDAR_TENANT);
    clients.microsoft = createMicrosoftOAuthClient({
      clientId: config.MICROSOFT_CALENDAR_CLIENT_ID,
      clientSecret: config.MICROSOFT_CALENDAR_CLIENT_SECRET,
      tenant: config.MICROSOFT_CALENDAR_TENANT,
      ...(base
        ? { authorizeUrl: `${base}/${tenant}/oauth2/v2.0/authorize`, tokenUrl: `${base}/${tenant}/oauth2/v2.0/token` }
        : {}),
      now,
    });
  }
  return clients;
}

export function isOAuthTokens(value: unknown): value is OAuthTokens {
  const v = value as Partial<OAuthTokens> | null;
  return (
    !!v && typeof v.accessToken === 'string' && typeof v.refreshToken === 'string' && typeof v.expiresAt === 'number'
  );
}

function badCredentials(): Error {
  return Object.assign(new Error('bad OAuth credentials'), { code: 'BAD_CREDENTIALS' });
}

/**
 * The registry with Google's and Microsoft's factories for the providers configured: each builds
 * the adapter over the connection's stored tokens, and stores the tokens a refresh rotated
 * (`onTokens` = `saveCredentials`, encrypted under the connection's row).
 */
export function withOAuthProviders(
  registry: ProviderRegistry,
  config: CalendarConfig,
  now: () => number,
  clients: OAuthClients = oauthClientsOf(config, now),
): ProviderRegistry {
  let providers = registry;
  const google = clients.google;
  if (google) {
    const apiBase = config.GOOGLE_CALENDAR_BASE_URL
      ? `${trimmed(config.GOOGLE_CALENDAR_BASE_URL)}/calendar/v3`
      : undefined;
    providers = withProvider(providers, 'google', ({ credentials, saveCredentials }) => {
      if (!isOAuthTokens(credentials)) throw badCredentials();
      return createGoogleCalendarProvider({
        tokens: credentials,
        onTokens: saveCredentials,
        oauth: google,
        ...(apiBase ? { apiBase } : {}),
        now,
      });
    });
  }
  const microsoft = clients.microsoft;
  if (microsoft) {
    const apiBase = config.MICROSOFT_CALENDAR_BASE_URL
      ? `${trimmed(config.MICROSOFT_CALENDAR_BASE_URL)}/v1.0`
      : undefined;
    providers = withProvider(providers, 'microsoft', ({ credentials, timeZone, saveCredentials }) => {
      if (!isOAuthTokens(credentials)) throw badCredentials();
      return createMicrosoftCalendarProvider({
        tokens: credentials,
        onTokens: saveCredentials,
        oauth: microsoft,
        defaultTimeZone: timeZone,
        ...(apiBase ? { apiBase } : {}),
        now,
      });
    });
  }
  return providers;
}
