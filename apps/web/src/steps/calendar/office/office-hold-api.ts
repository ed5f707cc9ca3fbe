import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfficeHoldResponse } from '@scheduler/contracts/scheduling';
import { callApi, UnauthorizedError } from '../../../shared/api-client.ts';
import { answerLater } from '../../../shared/answer-later.ts';
import { ApiError } from '@scheduler/ui/api-error';
import { invalidateOrder, resetAvailability, type SessionScope } from '../../../shared/queries.ts';
import { storageKeys, writeStorage } from '../../../shared/storage-keys.ts';
import type { OfficeHoldRequest } from './office-hold-form.ts';

/**
 * POST /office_hold (issue 25): the session's token and the office member's console cookie. A 409
 * is an answer (warnings, or an inspector booked then). Two sign-ins can answer 401, so the 401 is
 * read here: the session's ("unauthorized") ends the session as every other call's does; the
 * console's ("unauthenticated") only asks the office to sign in, and leaves the page as it is.
 */
export async function postOfficeHold(
  scope: SessionScope,
  body: OfficeHoldRequest['body'],
): Promise<OfficeHoldResponse> {
  try {
    return await callApi(`/${scope.companyKey}/json/online_scheduler/office_hold`, {
      session: scope.credentials,
      method: 'POST',
      body,
      answers: [200, 409, 401],
      credentials: 'same-origin',
      // The calendar's module, on a first step's path: the parser loads with the call.
      parse: answerLater('officeHold'),
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && error.code === 'unauthorized')
      throw new UnauthorizedError(scope.credentials.token);
    throw error;
  }
}

/** The console's sign-in is missing in this browser, or its member may not book (401, 403). */
export function needsConsoleSignIn(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/**
 * The office holds any time (issue 25). As the calendar's own hold (`useSaveAppointment`): on
 * success the spec's session-storage copy is written and the order read again before the step
 * moves on; when an inspector is booked then, the calendar behind reloads, being out of date.
 */
export function useOfficeHold(scope: SessionScope, orderDuration: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: OfficeHoldRequest) => {
      const result = await postOfficeHold(scope, request.body);
      if (result.status === 'ok')
        writeStorage(
          'sessionStorage',
          storageKeys.datetime(scope.credentials.token),
          `${request.wallTime},${request.body.duration ?? orderDuration}`,
        );
      return result;
    },
    onSuccess: (result) => {
      if (result.status === 'ok') return invalidateOrder(queryClient, scope);
      if (result.status === 'unavailable') void resetAvailability(queryClient, scope);
    },
  });
}
