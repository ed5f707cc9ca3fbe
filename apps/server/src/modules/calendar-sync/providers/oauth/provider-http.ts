/**
 * The HTTP both OAuth providers (Google Calendar, Microsoft Graph) share (decision 0090): every
 * request within a timeout, answers mapped to the contract's errors, and an access token refreshed
 * before it expires or once after a 401, the rotated tokens handed to `onTokens` to be stored.
 */
import { timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import { ZonedCalendar } from '@scheduler/domain/availability/zoned-calendar';
import { retryAfterMs } from '../../../../http/retry-after.ts';
import {
  CalendarAuthError,
  CalendarRateLimitError,
  CalendarUnavailableError,
  type OAuthClient,
  type OAuthTokens,
} from '../../provider.ts';

/** Each request's limit: a provider that hangs is given up after this (issue 45). */
export const REQUEST_TIMEOUT_MS = 10_000;
/** A token this close to its expiry is refreshed before use, so it cannot expire in flight. */
const REFRESH_MARGIN_MS = 60_000;
/** A 429 without Retry-After is tried again after this. */
const DEFAULT_RETRY_AFTER_MS = 60_000;
/** A provider's Retry-After is honoured up to this (a day). */
const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

export interface HttpAnswer {
  status: number;
  headers: Headers;
  /** The parsed JSON body, the text when it is not JSON, null when empty. */
  body: unknown;
}

/** One fetch within `timeoutMs`: a timeout or a refused connection is `CalendarUnavailableError`. */
export async function fetchAnswer(url: string, init: RequestInit, timeoutMs: number): Promise<HttpAnswer> {
  try {
    const response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    let body: unknown = text === '' ? null : text;
    if (text !== '' && (response.headers.get('content-type') ?? '').includes('json')) {
      try {
        body = JSON.parse(text);
      } catch {
        throw new CalendarUnavailableError('bad_response');
      }
    }
    return { status: response.status, headers: response.headers, body };
  } catch (error) {
    if (error instanceof CalendarUnavailableError) throw error;
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
      throw new CalendarUnavailableError('timeout');
    throw new CalendarUnavailableError('network');
  }
}

/**
 * Throws for what no caller handles itself: a 429 (or a 503 with Retry-After) is a rate limit,
 * any other 5xx an outage. Retry-After is read as seconds or an HTTP date.
 */
export function throwIfUnavailable(answer: HttpAnswer, now: number): void {
  const retryAfter = retryAfterMs(answer.headers.get('retry-after'), now, MAX_RETRY_AFTER_MS);
  if (answer.status === 429) throw new CalendarRateLimitError(retryAfter ?? DEFAULT_RETRY_AFTER_MS);
  if (answer.status === 503 && retryAfter !== null) throw new CalendarRateLimitError(retryAfter);
  if (answer.status >= 500) throw new CalendarUnavailableError(`http_${answer.status}`);
}

/** An answer no caller expected (a 400 of a changed API, a 403 on a calendar shared read-only). */
export function unexpected(answer: HttpAnswer): CalendarUnavailableError {
  return new CalendarUnavailableError(`http_${answer.status}`);
}

export interface AuthorizedHttpOptions {
  tokens: OAuthTokens;
  /** Called with the new tokens after every refresh (the refresh token may have rotated): store them. */
  onTokens: (tokens: OAuthTokens) => void | Promise<void>;
  oauth: OAuthClient;
  timeoutMs?: number;
  now?: () => number;
  /** A provider's own way of saying "slow down" besides 429 (Google's 403 rateLimitExceeded). */
  rateLimited?: (answer: HttpAnswer) => boolean;
}

export interface AuthorizedRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  json?: unknown;
  headers?: Record<string, string>;
}

/** Requests with the account's bearer token, refreshing it when it expires or is refused once. */
export class AuthorizedHttp {
  private tokens: OAuthTokens;
  private refreshing: Promise<void> | null = null;
  readonly timeoutMs: number;
  readonly now: () => number;

  constructor(private readonly options: AuthorizedHttpOptions) {
    this.tokens = options.tokens;
    this.timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
    this.now = options.now ?? Date.now;
  }

  /** The answer of any status below 500 but 401 and 429, for the caller to read. */
  async send(request: AuthorizedRequest): Promise<HttpAnswer> {
    if (this.tokens.expiresAt - REFRESH_MARGIN_MS <= this.now()) await this.refresh();
    let answer = await this.sendOnce(request);
    if (answer.status === 401) {
      await this.refresh();
      answer = await this.sendOnce(request);
      // A fresh token refused too: the grant no longer opens the calendars.
      if (answer.status === 401) throw new CalendarAuthError('unauthorized');
    }
    throwIfUnavailable(answer, this.now());
    if (this.options.rateLimited?.(answer))
      throw new CalendarRateLimitError(
        retryAfterMs(answer.headers.get('retry-after'), this.now(), MAX_RETRY_AFTER_MS) ?? DEFAULT_RETRY_AFTER_MS,
      );
    return answer;
  }

  private sendOnce(request: AuthorizedRequest): Promise<HttpAnswer> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.tokens.accessToken}`,
      accept: 'application/json',
      ...request.headers,
    };
    if (request.json !== undefined) headers['content-type'] = 'application/json';
    return fetchAnswer(
      request.url,
      {
        method: request.method,
        headers,
        ...(request.json === undefined ? {} : { body: JSON.stringify(request.json) }),
      },
      this.timeoutMs,
    );
  }

  /** One refresh at a time: requests that find the token expired together share it. */
  private refresh(): Promise<void> {
    this.refreshing ??= (async () => {
      try {
        this.tokens = await this.options.oauth.refresh(this.tokens.refreshToken);
        await this.options.onTokens(this.tokens);
      } finally {
        this.refreshing = null;
      }
    })();
    return this.refreshing;
  }
}

/**
 * Whether a push notification carries the token its channel was opened with (Google's
 * X-Goog-Channel-Token, Graph's clientState), compared in constant time.
 */
export function pushTokenMatches(received: string | null | undefined, expected: string): boolean {
  if (typeof received !== 'string') return false;
  const a = Buffer.from(received, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A 2xx answer's body read by `schema`; any other status, or a body not as documented, throws. */
export function readAnswer<T>(schema: z.ZodType<T>, answer: HttpAnswer): T {
  if (answer.status < 200 || answer.status >= 300) throw unexpected(answer);
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success) throw new CalendarUnavailableError('bad_response');
  return parsed.data;
}

/** The answer of a delete or a stop: done, or already gone (404, 410); anything else throws. */
export function expectDoneOrGone(answer: HttpAnswer): void {
  if (answer.status === 404 || answer.status === 410 || (answer.status >= 200 && answer.status < 300)) return;
  throw unexpected(answer);
}

export function isTimeZone(timeZone: string | undefined): timeZone is string {
  if (timeZone === undefined) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Where an all-day event's date begins: local midnight in the calendar's zone (the hour after,
 * where the clocks skip midnight), so that its days span 23 or 25 hours across a change.
 */
export function localMidnight(date: string, timeZone: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const calendar = ZonedCalendar.of(timeZone);
  return calendar.toInstant(date, 0) ?? calendar.toInstant(date, 60);
}
