import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { companyApi } from '../shared/api.ts';
import { consoleKeys } from '../shared/queries.ts';

/**
 * While a company's pages are open, its event stream says when any booking, hold or cancellation
 * changed (`schedule`); the schedule, the orders and any open order are read again, so a visitor's
 * booking shows within a second. EventSource reconnects by itself after a drop; `ping`s only keep
 * proxies from closing the stream and need nothing here.
 */
export function useScheduleEvents(companyKey: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!companyKey || typeof EventSource === 'undefined') return;
    const source = new EventSource(companyApi(companyKey, '/events'));
    const onSchedule = () => {
      void queryClient.invalidateQueries({ queryKey: consoleKeys.schedule(companyKey) });
      void queryClient.invalidateQueries({ queryKey: consoleKeys.orders(companyKey) });
      void queryClient.invalidateQueries({ queryKey: [...consoleKeys.company(companyKey), 'order'] });
    };
    source.addEventListener('schedule', onSchedule);
    return () => {
      source.removeEventListener('schedule', onSchedule);
      source.close();
    };
  }, [companyKey, queryClient]);
}
