import { CalDavProvider, type CalDavCredentials } from './providers/caldav/caldav-provider.ts';
import type { CalendarProvider, CalendarProviderKind } from './provider.ts';

/**
 * How a stored connection becomes a provider: its decrypted credentials (JSON, the provider's own
 * shape: CalDAV's URL, user and password; an OAuth grant's `OAuthTokens`) and the office's zone.
 * `saveCredentials` lets a provider store what it rotated (a refreshed token) under the same row.
 */
export type ProviderFactory = (input: {
  credentials: unknown;
  timeZone: string;
  saveCredentials: (credentials: unknown) => Promise<void>;
}) => CalendarProvider;

/** The providers by kind (decision 0089): CalDAV here; Google's and Microsoft's adapters add theirs with `withProvider`. */
export type ProviderRegistry = Readonly<Partial<Record<CalendarProviderKind, ProviderFactory>>>;

export function isCalDavCredentials(value: unknown): value is CalDavCredentials {
  const v = value as Partial<CalDavCredentials> | null;
  return !!v && typeof v.url === 'string' && typeof v.username === 'string' && typeof v.password === 'string';
}

export const defaultProviders: ProviderRegistry = {
  caldav: ({ credentials, timeZone }) => {
    if (!isCalDavCredentials(credentials))
      throw Object.assign(new Error('bad CalDAV credentials'), { code: 'BAD_CREDENTIALS' });
    return new CalDavProvider(credentials, { defaultTimeZone: timeZone });
  },
};

/** The registry with one more provider (or one replaced: tests give CalDAV a shorter time limit). */
export function withProvider(
  registry: ProviderRegistry,
  kind: CalendarProviderKind,
  factory: ProviderFactory,
): ProviderRegistry {
  return { ...registry, [kind]: factory };
}
