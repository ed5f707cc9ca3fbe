import type { FunnelEvent, FunnelStep } from '@scheduler/contracts/analytics';

/**
 * The wizard's funnel events (issue 27). A step calls `track`; the sender (funnel-runtime.ts, a
 * chunk of its own loaded by funnel-loader.ts once the visitor is under way) posts them to the host
 * page when embedded and to the server. Until it is connected, events wait here (a few: the first screen's).
 */

type Sink = (event: FunnelEvent) => void;

let sink: Sink | null = null;
let currentStep: FunnelStep | null = null;
let currency: string | undefined;
const waiting: FunnelEvent[] = [];
const tracked = new Set<string>();

/** The step events happen on (null off the steps) and the currency totals are in, as the visitor arrives on a screen. */
export function setFunnelContext(step: FunnelStep | null, currencyCode: string | undefined): void {
  currentStep = step;
  currency = currencyCode;
}

export function track(name: FunnelEvent['name'], details: Omit<FunnelEvent, 'name' | 'step' | 'currency'> = {}): void {
  const event: FunnelEvent = { name, step: currentStep, ...details };
  if (details.total_cents !== undefined && currency) event.currency = currency;
  if (sink) sink(event);
  else if (waiting.length < 50) waiting.push(event);
}

/** Tracks an event once per `key` in this page (a hold lapses once, however many indicators show it). */
export function trackOnce(key: string, name: FunnelEvent['name']): void {
  if (tracked.has(key)) return;
  tracked.add(key);
  track(name);
}

/** Connects (or, with null, disconnects) the sender; events that waited for it go first. */
export function connectFunnel(next: Sink | null): void {
  sink = next;
  if (next) for (const event of waiting.splice(0)) next(event);
}
