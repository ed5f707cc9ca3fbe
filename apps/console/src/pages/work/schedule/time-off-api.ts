import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  consoleTimeOffConflictSchema,
  consoleTimeOffSchema,
  type ConsoleBooking,
  type ConsoleTimeOffBody,
} from '@scheduler/contracts/console';
import { callApi, companyApi } from '../../../shared/api.ts';
import { consoleKeys } from '../../../shared/queries.ts';

/** What POST …/time-off answers: the block made (201), or the booked inspections it would fall on (409). */
export type TimeOffResult =
  { status: 'blocked' } | { status: 'conflicts'; message: string; conflicts: ConsoleBooking[] };

const timeOffAnswerSchema = z.union([consoleTimeOffSchema, consoleTimeOffConflictSchema]);

/** The schedule shows time off: after a change it is read again (the event stream does not carry time off). */
function useScheduleChanged(companyKey: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: consoleKeys.schedule(companyKey) });
}

/**
 * POST …/time-off. A 409 carrying `conflicts` is an answer (the office decides: block it anyway or
 * not); any other refusal (400 naming a field, 403) callApi throws as an ApiError.
 */
export function useBlockTime(companyKey: string) {
  const scheduleChanged = useScheduleChanged(companyKey);
  return useMutation({
    mutationFn: async (body: ConsoleTimeOffBody): Promise<TimeOffResult> => {
      const answer = await callApi(companyApi(companyKey, '/time-off'), timeOffAnswerSchema, {
        method: 'POST',
        body,
        answers: [201, 409],
      });
      return 'conflicts' in answer
        ? { status: 'conflicts', message: answer.error.message, conflicts: answer.conflicts }
        : { status: 'blocked' };
    },
    onSuccess: (result) => (result.status === 'blocked' ? scheduleChanged() : undefined),
  });
}

/** DELETE …/time-off/{id} (204): the whole block, every date it covers. */
export function useGiveTimeBack(companyKey: string) {
  const scheduleChanged = useScheduleChanged(companyKey);
  return useMutation({
    mutationFn: (timeOffId: string) =>
      callApi(companyApi(companyKey, `/time-off/${encodeURIComponent(timeOffId)}`), z.null(), {
        method: 'DELETE',
        answers: [204],
      }),
    onSuccess: scheduleChanged,
  });
}
