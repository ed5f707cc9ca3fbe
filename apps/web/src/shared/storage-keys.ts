/** Browser storage keys of spec 7.8, as decision 0009 fixes them. */
export const storageKeys = {
  progress: (token: string) => `nav-${token}`,
  datetime: (token: string) => `os-datetime-${token}`,
  specialNote: (token: string) => `isn-${token}-special_note`,
  postalCode: (companyKey: string, token: string) => `isn-${companyKey}-${token}_postal_code`,
  /** The token of the last unfinished session of an office in this browser, to offer resuming it. */
  officeSession: (companyKey: string, officeUuid: string) => `os-session-${companyKey}-${officeUuid}`,
};

/** Which of the browser's storages. */
export type StorageKind = 'localStorage' | 'sessionStorage';

/**
 * Storage can be unavailable (private modes, quotas, and a company's embed in a browser that
 * refuses framed pages of other sites their storage, where merely reading `localStorage` throws);
 * the wizard then works without it. So the storage itself is reached inside the try.
 */
export function readStorage(kind: StorageKind, key: string): string | null {
  try {
    return globalThis[kind]?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(kind: StorageKind, key: string, value: string): void {
  try {
    globalThis[kind]?.setItem(key, value);
  } catch {
    // Nothing to do: the visitor keeps going without the saved copy.
  }
}
