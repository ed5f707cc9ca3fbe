import type { AppointmentSlotBase } from '@scheduler/contracts/scheduling';

/** Spec 4.5: preferred slots first by rank, then the rest by time. Shared by the server and the wizard. */
export function compareSlots(a: AppointmentSlotBase, b: AppointmentSlotBase): number {
  const rankA = a.preferred ?? Number.MAX_SAFE_INTEGER;
  const rankB = b.preferred ?? Number.MAX_SAFE_INTEGER;
  return rankA - rankB || a.timestamp - b.timestamp || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
