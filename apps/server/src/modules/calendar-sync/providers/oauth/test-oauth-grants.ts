import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OAuthTokens } from '../../provider.ts';

/** An answer of a stand-in; `hang` never answers (a provider that stopped responding). */
export type StandInAnswer =
  { status: number; body?: unknown; text?: string; headers?: Record<string, string> } | 'hang';

export interface StandInRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * A local HTTP server for a stand-in: JSON answers, a body read whole, connections that `hang`
 * holds open until `stop`.
 */
export async function startStandIn(
  handle: (request: StandInRequest) => Promise<StandInAnswer> | StandInAnswer,
): Promise<{ server: Server; baseUrl: string; stop: () => Promise<void> }> {
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      void Promise.resolve(handle({ method: request.method ?? 'GET', url, headers: request.headers, body })).then(
        (answer) => {
          if (answer === 'hang') return;
          const text = answer.text ?? (answer.body === undefined ? '' : JSON.stringify(answer.body));
          response.writeHead(answer.status, {
            'content-type': answer.text === undefined ? 'application/json; charset=UTF-8' : 'text/plain',
            ...answer.headers,
          });
          response.end(text);
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    server,
    baseUrl,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface Grant {
  id: string;
  revoked: boolean;
}

/**
 * The OAuth 2.0 side of a stand-in (RFC 6749 with PKCE, RFC 7636): consents, the token endpoint,
 * and the bearer check of every API call. Access tokens live `accessTtlMs` (tests make them
 * short and move `now`); a refresh rotates the refresh token when `rotate` is on, and the old one
 * stops working; a revoked grant answers `invalid_grant`.
 */
export class FakeOAuthGrants {
  accessTtlMs = 60 * 60 * 1000;
  rotate = true;
  now: () => number = Date.now;
  /** How many refreshes the token endpoint answered. */
  refreshes = 0;
  /** The grant the last consent made (a test revokes it as the inspector would). */
  lastGrantId: string | null = null;
  private readonly codes = new Map<string, { grant: Grant; challenge: string; redirectUri: string }>();
  private readonly refreshTokens = new Map<string, Grant>();
  private readonly accessTokens = new Map<string, { grant: Grant; expiresAt: number }>();
  private readonly grants = new Map<string, Grant>();
  private next = 1;

  constructor(
    readonly clientId: string,
    readonly clientSecret: string,
  ) {}

  private issue(grant: Grant, withRefreshToken: boolean) {
    const accessToken = `at_${this.next++}_${randomBytes(6).toString('hex')}`;
    this.accessTokens.set(accessToken, { grant, expiresAt: this.now() + this.accessTtlMs });
    const body: Record<string, unknown> = {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: Math.floor(this.accessTtlMs / 1000),
    };
    if (withRefreshToken) {
      const refreshToken = `rt_${this.next++}_${randomBytes(6).toString('hex')}`;
      this.refreshTokens.set(refreshToken, grant);
      body.refresh_token = refreshToken;
    }
    return body;
  }

  /** A grant as if the inspector had consented: its tokens, for an adapter to start with. */
  grant(): OAuthTokens & { grantId: string } {
    const grant = { id: `grant_${this.next++}`, revoked: false };
    this.grants.set(grant.id, grant);
    const body = this.issue(grant, true);
    return {
      grantId: grant.id,
      accessToken: body.access_token as string,
      refreshToken: body.refresh_token as string,
      expiresAt: this.now() + this.accessTtlMs,
    };
  }

  /** The inspector revokes our access in their account's settings. */
  revoke(grantId: string): void {
    const grant = this.grants.get(grantId);
    if (grant) grant.revoked = true;
  }

  /** The consent screen: the inspector agrees; answers the redirect with `code` and `state`. */
  consent(authorizeUrl: URL): StandInAnswer {
    const params = authorizeUrl.searchParams;
    const redirectUri = params.get('redirect_uri');
    const challenge = params.get('code_challenge');
    if (params.get('client_id') !== this.clientId || redirectUri === null || challenge === null)
      return { status: 400, text: 'invalid request' };
    if (params.get('code_challenge_method') !== 'S256' || params.get('response_type') !== 'code')
      return { status: 400, text: 'invalid request' };
    const grant = { id: `grant_${this.next++}`, revoked: false };
    this.grants.set(grant.id, grant);
    this.lastGrantId = grant.id;
    const code = `code_${this.next++}`;
    this.codes.set(code, { grant, challenge, redirectUri });
    const location = new URL(redirectUri);
    location.searchParams.set('code', code);
    location.searchParams.set('state', params.get('state') ?? '');
    return { status: 302, headers: { location: location.toString() } };
  }

  /** The token endpoint (RFC 6749 §4.1.3, §6; errors §5.2). */
  token(form: URLSearchParams): StandInAnswer {
    const refuse = (status: number, error: string): StandInAnswer => ({ status, body: { error } });
    if (form.get('client_id') !== this.clientId || form.get('client_secret') !== this.clientSecret)
      return refuse(401, 'invalid_client');
    if (form.get('grant_type') === 'authorization_code') {
      const code = this.codes.get(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      if (!code || code.redirectUri !== form.get('redirect_uri')) return refuse(400, 'invalid_grant');
      if (createHash('sha256').update(verifier).digest('base64url') !== code.challenge)
        return refuse(400, 'invalid_grant');
      this.codes.delete(form.get('code') ?? '');
      return { status: 200, body: this.issue(code.grant, true) };
    }
    if (form.get('grant_type') === 'refresh_token') {
      const presented = form.get('refresh_token') ?? '';
      const grant = this.refreshTokens.get(presented);
      if (!grant || grant.revoked) return refuse(400, 'invalid_grant');
      this.refreshes += 1;
      if (this.rotate) this.refreshTokens.delete(presented);
      return { status: 200, body: this.issue(grant, this.rotate) };
    }
    return refuse(400, 'unsupported_grant_type');
  }

  /** Whether an API call's Authorization header holds a live access token of a live grant. */
  authorizes(authorization: string | undefined): boolean {
    const match = /^Bearer (.+)$/.exec(authorization ?? '');
    const token = match ? this.accessTokens.get(match[1]!) : undefined;
    return token !== undefined && !token.grant.revoked && token.expiresAt > this.now();
  }
}
