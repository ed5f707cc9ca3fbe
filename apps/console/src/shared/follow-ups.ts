import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  consoleMyTasksSchema,
  consoleOrderNoteSchema,
  consoleOrderNotesSchema,
  consoleOrderTaskSchema,
  consoleOrderTasksSchema,
  type ConsoleOrderTask,
  type ConsoleOrderTaskBody,
  type ConsoleOrderTaskPatch,
} from '@scheduler/contracts/console';
import { callApi, companyApi } from './api.ts';
import { consoleKeys } from './queries.ts';
import { shortDateText } from './time-text.ts';

/**
 * The office's notes and follow-ups (issue 41, decision 0061): an order's notes and tasks on its
 * page, and the signed-in member's open tasks on "My tasks". A change to a task reads both again.
 */
const followUpsKey = (companyKey: string) => [...consoleKeys.company(companyKey), 'follow-ups'] as const;
const orderPath = (orderId: string, rest: string) => `/orders/${encodeURIComponent(orderId)}${rest}`;

export function orderNotesQueryOptions(companyKey: string, orderId: string) {
  return queryOptions({
    queryKey: [...followUpsKey(companyKey), 'notes', orderId] as const,
    queryFn: ({ signal }) =>
      callApi(companyApi(companyKey, orderPath(orderId, '/notes')), consoleOrderNotesSchema, { signal }),
  });
}

export function orderTasksQueryOptions(companyKey: string, orderId: string) {
  return queryOptions({
    queryKey: [...followUpsKey(companyKey), 'tasks', orderId] as const,
    queryFn: ({ signal }) =>
      callApi(companyApi(companyKey, orderPath(orderId, '/tasks')), consoleOrderTasksSchema, { signal }),
  });
}

export function myTasksQueryOptions(companyKey: string) {
  return queryOptions({
    queryKey: [...followUpsKey(companyKey), 'mine'] as const,
    queryFn: ({ signal }) => callApi(companyApi(companyKey, '/my-tasks'), consoleMyTasksSchema, { signal }),
  });
}

function useFollowUpChange<T, R>(companyKey: string, change: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: followUpsKey(companyKey) }),
  });
}

export const useAddNote = (companyKey: string, orderId: string) =>
  useFollowUpChange(companyKey, (body: string) =>
    callApi(companyApi(companyKey, orderPath(orderId, '/notes')), consoleOrderNoteSchema, {
      method: 'POST',
      body: { body },
      answers: [201],
    }),
  );

export const useAddTask = (companyKey: string, orderId: string) =>
  useFollowUpChange(companyKey, (body: ConsoleOrderTaskBody) =>
    callApi(companyApi(companyKey, orderPath(orderId, '/tasks')), consoleOrderTaskSchema, {
      method: 'POST',
      body,
      answers: [201],
    }),
  );

export const useChangeTask = (companyKey: string) =>
  useFollowUpChange(companyKey, ({ taskId, patch }: { taskId: string; patch: ConsoleOrderTaskPatch }) =>
    callApi(companyApi(companyKey, `/tasks/${encodeURIComponent(taskId)}`), consoleOrderTaskSchema, {
      method: 'PATCH',
      body: patch,
    }),
  );

/** "Tue 3/2/2027, overdue": the due date, and whether it is past, in words (never colour alone). */
export function dueText(task: Pick<ConsoleOrderTask, 'due_date' | 'overdue'>): string {
  return `${shortDateText(task.due_date)}${task.overdue ? ', overdue' : ''}`;
}
