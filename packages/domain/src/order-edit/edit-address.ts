import type { LocationCheck } from '../availability/service-area.ts';
import type { EditChange } from './edit-changes.ts';

/** A property's address as History and the office read it. */
export interface AddressWords {
  address1: string;
  address2: string;
  city: string;
  /** The state's abbreviation, when the order has one. */
  state: string | null;
  postalCode: string;
}

/** "40 Elm St, Apt 2, Dublin, OH 43017": the parts the order has, in the order a letter has them. */
export function addressText(address: AddressWords): string {
  const place = [address.state ?? '', address.postalCode].filter((part) => part.trim() !== '').join(' ');
  const text = [address.address1, address.address2, address.city, place]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(', ');
  return text === '' ? '(none)' : text;
}

/** The address's change ("Address: 12 Oak St, … → 40 Elm St, …"), or none when its words are the same. */
export function addressChanges(before: AddressWords, after: AddressWords): EditChange[] {
  const was = addressText(before);
  const now = addressText(after);
  return was === now ? [] : [{ label: 'Address', before: was, after: now }];
}

const miles = (value: number | null): string => (value === null ? '?' : `${Math.round(value * 10) / 10}`);

/**
 * Why the assigned inspector cannot serve the address at the booked time, in the office's words
 * (the visitor's message names no inspector and offers other times; the office needs the reason).
 */
export function outsideAreaText(check: LocationCheck, inspector: string | null, postalCode: string): string {
  const who = inspector ?? 'The assigned inspector';
  switch (check.code) {
    case 'ok':
      return '';
    case 'ERROR_NO_INSPECTORS_FOR_ZIP':
      return `No inspector of the office serves this address (postal code ${postalCode}).`;
    case 'ERROR_INSPECTOR_DOES_NOT_SERVICE_ZIP':
      return `${who} does not serve postal code ${postalCode}.`;
    case 'ERROR_EXCEEDS_RADIUS':
      return `${who} drives at most ${miles(check.maxMiles)} miles from home, and this address is ${miles(check.miles)} miles away.`;
    case 'ERROR_EXCEEDS_NEXT_APT_RADIUS':
      return `${who} would drive ${miles(check.miles)} miles between this address and another inspection that day, ${miles(check.maxMiles)} at most.`;
  }
}

/** The line the `edited` event keeps when the office books outside the area on purpose. */
export function outsideAreaChange(reason: string): EditChange {
  return { label: `Booked outside the inspector's area, as the office chose: ${reason}`, before: null, after: null };
}
