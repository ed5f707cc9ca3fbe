import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { minutesBetween } from '@scheduler/domain/scheduling-text';
import type { SessionScope } from '../queries.ts';
import { postDatetime, type SetDatetimeResult } from '../scheduling-api.ts';
import { storageKeys, writeStorage } from '../storage-keys.ts';
import { track } from '../embed/funnel.ts';

/**
 * Saves a slot as the order's date and time, which holds it (decision 0007): the calendar's Next,
 * and an alternative chosen in a "Sorry!" dialog on any later step (spec 4.7, 4.8). On success
 * the spec's session-storage copy is written (spec 7.8); a 409 is an answer that brings
 * alternatives.
 */
export async function holdSlot(
  scope: SessionScope,
  slot: AppointmentSlot,
  orderDuration: number,
): Promise<SetDatetimeResult> {
  const duration = orderDuration > 0 ? orderDuration : minutesBetween(slot.start_datetime, slot.end_datetime);
  const result = await postDatetime(scope, {
    datetime: new Date(slot.timestamp * 1000).toISOString(),
    duration,
    inspectors: slot.users,
  });
  if (result.status === 'ok')
    writeStorage('sessionStorage', storageKeys.datetime(scope.credentials.token), `${slot.start_datetime},${duration}`);
  track(result.status === 'ok' ? 'time_held' : 'conflict_shown', result.status === 'ok' ? {} : { code: 'time_taken' });
  return result;
}
