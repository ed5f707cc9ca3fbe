import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { compareSlots } from '@scheduler/domain/availability/slot-order';

export type SlotsByDate = ReadonlyMap<string, AppointmentSlot[]>;

/** Spec 4.5 merging: by date, skipping ids already present, each date in preferred-then-time order. */
export function mergeSlots(current: SlotsByDate, fetched: readonly AppointmentSlot[]): Map<string, AppointmentSlot[]> {
  const merged = new Map(current);
  for (const slot of fetched) {
    const list = merged.get(slot.date) ?? [];
    if (!list.some((existing) => existing.id === slot.id)) merged.set(slot.date, [...list, slot]);
  }
  for (const [date, list] of merged) merged.set(date, [...list].sort(compareSlots));
  return merged;
}

/**
 * The availability map of the windows loaded so far, in the order they were fetched. The first
 * window is a fresh load and starts from nothing, so an empty fresh load clears every date (spec
 * 4.5, as decision 0007 reads it); later windows only add to what is there.
 */
export function mergeWindows(windows: ReadonlyArray<readonly AppointmentSlot[]>): Map<string, AppointmentSlot[]> {
  return windows.reduce<Map<string, AppointmentSlot[]>>((merged, window) => mergeSlots(merged, window), new Map());
}

/** Spec 4.5, 9.1: list mode's Show More stops after six availability checks. */
export const MAX_LIST_CHECKS = 6;

/** Where list mode's paging stands: how many rows show, and how many windows Show More has fetched. */
export interface ListPaging {
  visible: number;
  checks: number;
  /** The last check found too few appointments to fill the page: there is nothing more to ask for. */
  exhausted: boolean;
}

/** Show More wants another four-week window while the next page is not full and checks remain. */
export function needsAnotherWindow(paging: ListPaging, available: number, pageSize: number): boolean {
  return available < paging.visible + pageSize && paging.checks < MAX_LIST_CHECKS;
}

/** After Show More's fetches: one more page shows, and the list ends when it could not be filled. */
export function afterShowMore(paging: ListPaging, available: number, pageSize: number, checks: number): ListPaging {
  const visible = paging.visible + pageSize;
  return { visible, checks, exhausted: available < visible };
}

/** The end-of-list text replaces Show More once nothing more can come. */
export function listAtEnd(paging: ListPaging, available: number): boolean {
  return paging.exhausted || (available <= paging.visible && paging.checks >= MAX_LIST_CHECKS);
}
