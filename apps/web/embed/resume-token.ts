/**
 * The visitor's unfinished session per company and office, kept in the host page's storage: the
 * frame's own storage may be refused as third-party (decision 0046), the host page's is first-party.
 * Storage can throw (disabled, full, sandboxed): the resume offer is then simply not made.
 */
const keyOf = (companyKey: string, officeUuid: string) => `online-scheduler:resume:${companyKey}:${officeUuid}`;

/** A session token as the server makes them; anything else in storage is not passed on. */
const TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

export function readResumeToken(storage: () => Storage, companyKey: string, officeUuid: string): string | null {
  try {
    const token = storage().getItem(keyOf(companyKey, officeUuid));
    return token !== null && TOKEN.test(token) ? token : null;
  } catch {
    return null;
  }
}

export function keepResumeToken(
  storage: () => Storage,
  companyKey: string,
  officeUuid: string,
  token: string | null,
): void {
  try {
    if (token !== null && TOKEN.test(token)) storage().setItem(keyOf(companyKey, officeUuid), token);
    else storage().removeItem(keyOf(companyKey, officeUuid));
  } catch {
    // Not kept: the visitor starts afresh after a reload, as without the embed.
  }
}
