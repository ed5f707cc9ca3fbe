import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { addDays } from '@scheduler/domain/availability/zoned-calendar';
import {
  invalidateOrder,
  queryKeys,
  resetAvailability,
  type SessionScope,
  type SlotFilter,
} from '../../shared/queries.ts';
import { holdSlot } from '../../shared/appointments/hold-slot.ts';
import { fetchAvailability, INITIAL_WINDOW_DAYS, postDatetime } from '../../shared/scheduling-api.ts';
import { mergeWindows, type SlotsByDate } from './availability.ts';

interface DateWindow {
  from: string;
  to: string;
}

export interface Availability {
  byDate: SlotsByDate;
  /** The last date fetched so far (inclusive). */
  loadedUntil: string;
  status: 'loading' | 'ready' | 'error';
  loadingMore: boolean;
  /** Fetching a later window failed; `fetchMore` may be tried again. */
  moreFailed: boolean;
  /** Fetches the window after the last loaded date; resolves to how many slots came, or null when it failed. */
  fetchMore(): Promise<number | null>;
  /** Loads afresh from the first window (spec 4.2 Reset). */
  reload(): void;
}

/**
 * The availability the calendar shows (spec 4.5): six weeks from the first bookable date, then one
 * window of `pageDays` more each time the visitor looks further ahead. One infinite query: its
 * pages are the windows, merged in the order they came.
 */
export function useAvailability(
  scope: SessionScope,
  filter: SlotFilter,
  firstDate: string,
  pageDays: number,
): Availability {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: queryKeys.availabilityFrom(scope, { firstDate, pageDays, ...filter }),
    initialPageParam: { from: firstDate, to: addDays(firstDate, INITIAL_WINDOW_DAYS - 1) } as DateWindow,
    queryFn: ({ pageParam, signal }) => fetchAvailability(scope, pageParam, filter, signal),
    getNextPageParam: (_last, _pages, previous): DateWindow => ({
      from: addDays(previous.to, 1),
      to: addDays(previous.to, pageDays),
    }),
    // Every visit to the calendar asks again: another visitor may have taken a time since.
    staleTime: 0,
  });
  const pages = query.data?.pages;
  const lastWindow = query.data?.pageParams.at(-1) as DateWindow | undefined;
  const byDate = useMemo(() => mergeWindows(pages ?? []), [pages]);
  return {
    byDate,
    loadedUntil: lastWindow?.to ?? addDays(firstDate, INITIAL_WINDOW_DAYS - 1),
    status: pages ? 'ready' : query.isError ? 'error' : 'loading',
    loadingMore: query.isFetchingNextPage,
    moreFailed: query.isFetchNextPageError,
    fetchMore: async () => {
      const result = await query.fetchNextPage();
      return result.isFetchNextPageError ? null : (result.data?.pages.at(-1)?.length ?? 0);
    },
    reload: () => void resetAvailability(queryClient, scope),
  };
}

/**
 * Spec 4.2: saves the slot's date and time, which holds it (decision 0007). On success the order
 * is read again; a 409 brings alternatives, and the calendar reloads because what it showed is out
 * of date.
 */
export function useSaveAppointment(scope: SessionScope, orderDuration: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slot: AppointmentSlot) => holdSlot(scope, slot, orderDuration),
    onSuccess: (result) => {
      if (result.status === 'ok') return invalidateOrder(queryClient, scope);
      // The alternatives show at once; the calendar behind them reloads meanwhile.
      void resetAvailability(queryClient, scope);
    },
  });
}

/** Spec 4.2 Reset: clears the date, time and inspectors (releasing the hold) and reloads availability. */
export function useResetAppointment(scope: SessionScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => postDatetime(scope, { datetime: null }),
    onSuccess: () => {
      void resetAvailability(queryClient, scope);
      return invalidateOrder(queryClient, scope);
    },
  });
}
