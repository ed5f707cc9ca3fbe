import { describe, expect, it } from 'vitest';
import { DataEncryption } from '../../crypto/data-encryption.ts';
import { testConfig } from '../../test-support/test-app.ts';
import { oauthClientsOf, withOAuthProviders } from './oauth-providers.ts';
import { defaultProviders } from './provider-registry.ts';

const KEY = DataEncryption.newKeyEntry('t1');
const GOOGLE = { GOOGLE_CALENDAR_CLIENT_ID: 'g-id', GOOGLE_CALENDAR_CLIENT_SECRET: 'g-secret' };
const MICROSOFT = { MICROSOFT_CALENDAR_CLIENT_ID: 'm-id', MICROSOFT_CALENDAR_CLIENT_SECRET: 'm-secret' };
const now = () => 0;
const state = { state: 's', redirectUri: 'https://book.example.com/cb', codeChallenge: 'c' };

describe('the OAuth calendar providers a configuration offers', () => {
  it('offers a provider only with its id, its secret and DATA_ENCRYPTION_KEY', () => {
    expect(oauthClientsOf(testConfig({ ...GOOGLE, ...MICROSOFT }), now)).toEqual({});
    expect(
      Object.keys(oauthClientsOf(testConfig({ DATA_ENCRYPTION_KEY: KEY, GOOGLE_CALENDAR_CLIENT_ID: 'g-id' }), now)),
    ).toEqual([]);
    expect(Object.keys(oauthClientsOf(testConfig({ DATA_ENCRYPTION_KEY: KEY, ...GOOGLE }), now))).toEqual(['google']);
    const both = testConfig({ DATA_ENCRYPTION_KEY: KEY, ...GOOGLE, ...MICROSOFT });
    expect(Object.keys(oauthClientsOf(both, now))).toEqual(['google', 'microsoft']);
    expect(Object.keys(withOAuthProviders(defaultProviders, both, now)).sort()).toEqual([
      'caldav',
      'google',
      'microsoft',
    ]);
    expect(Object.keys(withOAuthProviders(defaultProviders, testConfig({}), now))).toEqual(['caldav']);
  });

  it("uses the providers' own addresses unless a base URL stands in, and the tenant configured", () => {
    const real = oauthClientsOf(
      testConfig({ DATA_ENCRYPTION_KEY: KEY, ...GOOGLE, ...MICROSOFT, MICROSOFT_CALENDAR_TENANT: 'contoso.example' }),
      now,
    );
    expect(real.google!.authorizationUrl(state)).toMatch(/^https:\/\/accounts\.google\.com\/o\/oauth2\/v2\/auth\?/);
    expect(real.microsoft!.authorizationUrl(state)).toMatch(
      /^https:\/\/login\.microsoftonline\.com\/contoso\.example\/oauth2\/v2\.0\/authorize\?/,
    );
    const standIn = oauthClientsOf(
      testConfig({
        DATA_ENCRYPTION_KEY: KEY,
        ...GOOGLE,
        ...MICROSOFT,
        GOOGLE_CALENDAR_BASE_URL: 'http://127.0.0.1:9/',
        MICROSOFT_CALENDAR_BASE_URL: 'http://127.0.0.1:8',
      }),
      now,
    );
    expect(standIn.google!.authorizationUrl(state)).toMatch(/^http:\/\/127\.0\.0\.1:9\/o\/oauth2\/v2\/auth\?/);
    expect(standIn.microsoft!.authorizationUrl(state)).toMatch(
      /^http:\/\/127\.0\.0\.1:8\/common\/oauth2\/v2\.0\/authorize\?/,
    );
  });

  it('refuses a tenant that is not a plain name', () => {
    expect(() => testConfig({ MICROSOFT_CALENDAR_TENANT: 'a/b' })).toThrow();
  });

  it('refuses stored credentials that are not OAuth tokens', () => {
    const providers = withOAuthProviders(defaultProviders, testConfig({ DATA_ENCRYPTION_KEY: KEY, ...GOOGLE }), now);
    expect(() =>
      providers.google!({ credentials: { url: 'x' }, timeZone: 'UTC', saveCredentials: async () => {} }),
    ).toThrow('bad OAuth credentials');
  });
});
