/**
 * The OAuth 2.0 authorisation-code flow with PKCE (RFC 6749 §4.1, RFC 7636) that Google and the
 * Microsoft identity platform both speak: only the endpoints, scopes and a few parameters differ.
 *
 *   createOAuthClient({ clientId, clientSecret, authorizeUrl, tokenUrl, scopes, authorizeParams?, timeoutMs?, now? }): OAuthClient
 */
import { z } from 'zod';
import { CalendarAuthError, CalendarUnavailableError, type OAuthClient, type OAuthTokens } from '../../provider.ts';
import { fetchAnswer, REQUEST_TIMEOUT_MS, throwIfUnavailable } from './provider-http.ts';

export interface OAuthClientConfig {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  scopes: readonly string[];
  /** The provider's own parameters of the authorisation URL (Google's access_type=offline). */
  authorizeParams?: Record<string, string>;
  /** The provider's own parameters of a refresh (Microsoft's scope). */
  refreshParams?: Record<string, string>;
  timeoutMs?: number;
  now?: () => number;
}

/** RFC 6749 §5.1: a successful token response. */
const tokenResponse = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.coerce.number().int().positive(),
  refresh_token: z.string().min(1).optional(),
});

/** RFC 6749 §5.2: an error response (invalid_grant: the grant was revoked or has expired). */
const errorResponse = z.object({ error: z.string().min(1).max(100) });

export function createOAuthClient(config: OAuthClientConfig): OAuthClient {
  const now = config.now ?? Date.now;
  const timeoutMs = config.timeoutMs ?? REQUEST_TIMEOUT_MS;

  async function token(form: Record<string, string>, previousRefreshToken: string | null): Promise<OAuthTokens> {
    const answer = await fetchAnswer(
      config.tokenUrl,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ client_id: config.clientId, client_secret: config.clientSecret, ...form }),
      },
      timeoutMs,
    );
    throwIfUnavailable(answer, now());
    if (answer.status !== 200) {
      const refused = errorResponse.safeParse(answer.body);
      throw refused.success
        ? new CalendarAuthError(refused.data.error)
        : new CalendarUnavailableError(`http_${answer.status}`);
    }
    const parsed = tokenResponse.safeParse(answer.body);
    if (!parsed.success) throw new CalendarUnavailableError('bad_response');
    // A refresh answers a new refresh token when the provider rotates it (Microsoft always, Google
    // sometimes); when it answers none the old one stays valid (RFC 6749 §6).
    const refreshToken = parsed.data.refresh_token ?? previousRefreshToken;
    if (refreshToken === null) throw new CalendarAuthError('no_refresh_token');
    return {
      accessToken: parsed.data.access_token,
      refreshToken,
      expiresAt: now() + parsed.data.expires_in * 1000,
    };
  }

  return {
    authorizationUrl({ state, redirectUri, codeChallenge }) {
      const url = new URL(config.authorizeUrl);
      const params = {
        client_id: config.clientId,
        response_type: 'code',
        redirect_uri: redirectUri,
        scope: config.scopes.join(' '),
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        ...config.authorizeParams,
      };
      for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
      return url.toString();
    },
    exchangeCode({ code, redirectUri, codeVerifier }) {
      return token(
        { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: codeVerifier },
        null,
      );
    },
    refresh(refreshToken) {
      return token({ grant_type: 'refresh_token', refresh_token: refreshToken, ...config.refreshParams }, refreshToken);
    },
  };
}
