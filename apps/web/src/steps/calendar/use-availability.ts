import { useCallback, useEffect, useRef, useState } from 'react';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { compareSlots } from '@scheduler/domain/availability/slot-order';
import { addDays } from '@scheduler/domain/availability/zoned-calendar';

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

export interface Availability {
  byDate: SlotsByDate;
  /** The last date fetched so far (inclusive). */
  loadedUntil: string;
  status: 'loading' | 'ready' | 'error';
  loadingMore: boolean;
  /** Fetches the `days` after the last loaded date; resolves to how many slots came. */
  fetchMore(days: number): Promise<number>;
  reload(): void;
}

/**
 * The availability the calendar shows: an initial window from the first bookable date, then more
 * windows as the visitor looks further ahead.
 */
export function useAvailability(firstDate: string, initialDays: number, fetchWindow: (from: string, to: string) => Promise<AppointmentSlot[]>): Availability {
  const [byDate, setByDate] = useState<SlotsByDate>(new Map());
  const [loadedUntil, setLoadedUntil] = useState(addDays(firstDate, initialDays - 1));
  const [status, setStatus] = useState<Availability['status']>('loading');
  const [loadingMore, setLoadingMore] = useState(false);
  const [generation, setGeneration] = useState(0);
  const fetchRef = useRef(fetchWindow);
  fetchRef.current = fetchWindow;
  const loadedUntilRef = useRef(loadedUntil);

  useEffect(() => {
    let cancelled = false;
    const until = addDays(firstDate, initialDays - 1);
    setStatus('loading');
    fetchRef
      .current(firstDate, until)
      .then((slots) => {
        if (cancelled) return;
        // A fresh load replaces everything: an empty answer clears every date.
        setByDate(mergeSlots(new Map(), slots));
        loadedUntilRef.current = until;
        setLoadedUntil(until);
        setStatus('ready');
      })
      .catch(() => !cancelled && setStatus('error'));
    return () => {
      cancelled = true;
    };
  }, [firstDate, initialDays, generation]);

  const fetchMore = useCallback(async (days: number) => {
    const from = addDays(loadedUntilRef.current, 1);
    const to = addDays(from, days - 1);
    setLoadingMore(true);
    try {
      const slots = await fetchRef.current(from, to);
      setByDate((current) => mergeSlots(current, slots));
      loadedUntilRef.current = to;
      setLoadedUntil(to);
      return slots.length;
    } finally {
      setLoadingMore(false);
    }
  }, []);

  return { byDate, loadedUntil, status, loadingMore, fetchMore, reload: () => setGeneration((g) => g + 1) };
}
