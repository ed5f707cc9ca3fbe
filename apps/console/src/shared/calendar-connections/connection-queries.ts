import { queryOptions } from '@tanstack/react-query';
import { calendarConnectionsSchema } from '@scheduler/contracts/calendar-sync';
import { callApi, companyApi } from '../api.ts';
import { consoleKeys } from '../queries.ts';

/** The company's calendar connections in the query cache: one inspector's under their id, everyone's under 'all'. */
export const calendarConnectionsKey = (companyKey: string) =>
  [...consoleKeys.company(companyKey), 'calendar-connections'] as const;
export const calendarConnectionsPath = (companyKey: string, rest = '') =>
  companyApi(companyKey, `/calendar-connections${rest}`);

/** Every inspector's connections (owners and admins): the Inspectors page's list shows how each stands. */
export const companyCalendarConnections = (companyKey: string) =>
  queryOptions({
    queryKey: [...calendarConnectionsKey(companyKey), 'all'] as const,
    queryFn: ({ signal }) => callApi(calendarConnectionsPath(companyKey), calendarConnectionsSchema, { signal }),
  });
