/**
 * Whether this visit has seen the pay-at-close reminder (spec 4.4): it shows once per visit, not on
 * every Next (issue 20 item 1). Kept per session token in this tab's storage, which a new visit
 * (a new tab or session) starts without.
 */
const keyOf = (token: string) => `pac-reminded-${token}`;

export function pacReminded(token: string): boolean {
  try {
    return sessionStorage.getItem(keyOf(token)) === '1';
  } catch {
    // Storage refused (private mode, a sandboxed frame): remind as the spec says.
    return false;
  }
}

export function markPacReminded(token: string): void {
  try {
    sessionStorage.setItem(keyOf(token), '1');
  } catch {
    // Nothing to keep it in: the reminder may show again, which is what the spec does anyway.
  }
}
