import { formatTime, wallTimeIn } from '@scheduler/domain/scheduling-text';
import { zoneAbbreviation } from '@scheduler/domain/time-zone-text';
import type { MessageFacts } from './mail-content.ts';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** "Tue 12/1 at 9:30 AM EST": short enough for one text message, the zone always named. */
export function shortAppointment(facts: Pick<MessageFacts, 'start' | 'office'>): string {
  const local = wallTimeIn(facts.start, facts.office.timeZone);
  const [year, month, day] = local.slice(0, 10).split('-').map(Number) as [number, number, number];
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]!;
  return `${weekday} ${month}/${day} at ${formatTime(local)} ${zoneAbbreviation(facts.office.timeZone, facts.start.getTime())}`;
}

/** What a change's or a visitor's text message adds to the order: the start before a move, and the reader's manage link. */
export interface SmsExtras {
  previousStart?: Date | null;
  manageUrl?: string | null;
  /** A change's author, as the reader reads it ("your agent", "the office", "you"); none: not said. */
  changedBy?: string | null;
}

/**
 * A text message of an order: who, when, where, and the office's phone. Short (about two
 * segments), plain, no amounts; the confirmation says how to stop them, as carriers require. The
 * messages of a booking still ahead end with the reader's manage link when they have one; a move
 * names the start it had, in the zone it had then; a change, who made it.
 */
export function smsText(
  facts: MessageFacts,
  message: 'confirmation' | 'reminder' | 'rescheduled' | 'cancelled',
  extras: SmsExtras = {},
): string {
  const where = [facts.address.address1, facts.address.city].filter((part) => part.trim() !== '').join(', ');
  const when = shortAppointment(facts);
  const call = facts.office.phone ? ` Questions: ${facts.office.phone}.` : '';
  const manage = extras.manageUrl ? ` Manage: ${extras.manageUrl}` : '';
  const by = extras.changedBy ? ` by ${extras.changedBy}` : '';
  if (message === 'cancelled')
    return `${facts.companyName}: your inspection ${when} at ${where} is cancelled${by}.${call}`;
  if (message === 'rescheduled') {
    const was = extras.previousStart
      ? ` (was ${shortAppointment({ start: extras.previousStart, office: facts.office })})`
      : '';
    return `${facts.companyName}: your inspection at ${where} is moved to ${when}${was}${by}.${call}${manage}`;
  }
  if (message === 'reminder')
    return `${facts.companyName}: reminder of your inspection ${when} at ${where}.${call}${manage}`;
  return `${facts.companyName}: your inspection is booked for ${when} at ${where}.${call} Reply STOP to stop texts.${manage}`;
}
