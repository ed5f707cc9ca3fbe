/** Browser storage keys of spec 7.8, as decision 0009 fixes them. */
export const storageKeys = {
  progress: (token: string) => `nav-${token}`,
  datetime: (token: string) => `os-datetime-${token}`,
  specialNote: (token: string) => `isn-${token}-special_note`,
  postalCode: (companyKey: string, token: string) => `isn-${companyKey}-${token}_postal_code`,
  /** The token of the last unfinished session of an office in this browser, to offer resuming it. */
  officeSession: (companyKey: string, officeUuid: string) => `os-session-${companyKey}-${officeUuid}`,
};

/** Storage can be unavailable (private modes, quotas); the wizard then works without it. */
export function readStorage(storage: Storage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(storage: Storage | undefined, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Nothing to do: the visitor keeps going without the saved copy.
  }
}
