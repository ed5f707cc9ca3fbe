/** The benchmark's HTTP calls: each timed, and every answer's status counted per read. */

export interface Answer {
  status: number;
  ms: number;
  text: string;
  /** A redirect's Location. */
  location: string | null;
}

/** Statuses seen per read, so that a non-2xx answer is never silently averaged in. */
export class StatusTally {
  private readonly counts = new Map<string, Map<number, number>>();

  private readonly outcomes = new Map<string, Map<string, number>>();

  /** A failure the answer's status does not show (a booking answered 200 "unavailable"). */
  countOutcome(read: string, outcome: string): void {
    const byOutcome = this.outcomes.get(read) ?? new Map<string, number>();
    byOutcome.set(outcome, (byOutcome.get(outcome) ?? 0) + 1);
    this.outcomes.set(read, byOutcome);
  }

  count(read: string, status: number): void {
    const byStatus = this.counts.get(read) ?? new Map<number, number>();
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    this.counts.set(read, byStatus);
  }

  /** "503 × 31, 409 × 2" for a read's answers that were neither 2xx nor a redirect (the office link's normal answer); "" when none. */
  failuresOf(read: string): string {
    return [
      ...[...(this.counts.get(read) ?? new Map<number, number>())]
        .filter(([status]) => status < 200 || status > 399)
        .map(([status, n]) => `${status} × ${n}`),
      ...[...(this.outcomes.get(read) ?? new Map<string, number>())].map(([outcome, n]) => `"${outcome}" × ${n}`),
    ].join(', ');
  }

  reads(): string[] {
    return [...this.counts.keys()];
  }
}

/** One request, timed from sending it to its whole body read. */
export async function timedRequest(
  tally: StatusTally,
  read: string,
  url: string,
  init: RequestInit = {},
): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(url, { redirect: 'manual', ...init });
  const text = await response.text();
  const ms = performance.now() - started;
  tally.count(read, response.status);
  return { status: response.status, ms, text, location: response.headers.get('location') };
}

export const jsonHeaders = (headers: Record<string, string>) => ({ 'content-type': 'application/json', ...headers });
