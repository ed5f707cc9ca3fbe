/**
 * Who made a booking change, as its messages name them (issue 42): the same people the order's
 * history names ("by the office", "by an agent"), told from where the reader stands ("by your
 * agent", "by you"). What a message says comes from what the server recorded when it made the
 * change (the manage link that was used, or the office), never from what a visitor typed.
 */
import type { Audience, ChangeActorRole, ChangeAuthorFields } from './confirmation-jobs.ts';

/** Who reads a change's message: an e-mail's audience, or the client or contact a text message goes to. */
export type ChangeReader = Audience | 'contact';

/**
 * Who made a change, as a message's job carries it. A visitor's `role` is null in a job queued
 * before it was kept: such a message says no more than it used to.
 */
export type ChangeAuthor = { kind: 'office' } | { kind: 'visitor'; role: ChangeActorRole | null; isReader: boolean };

const ACTOR_ROLES: ReadonlySet<string> = new Set<ChangeActorRole>(['client', 'agent', 'contact', 'visitor']);

/** The author a job's payload names: the office only when it says so (as before issue 42), else a visitor. */
export function changeAuthorOf(payload: ChangeAuthorFields): ChangeAuthor {
  if (payload.changed_by === 'office') return { kind: 'office' };
  const role = typeof payload.changed_by_role === 'string' && ACTOR_ROLES.has(payload.changed_by_role);
  return {
    kind: 'visitor',
    role: role ? (payload.changed_by_role as ChangeActorRole) : null,
    isReader: payload.changed_by_reader === true,
  };
}

/** The history's words for a visitor of each role (`recordedAuthorWords` reads these). */
export const ROLE_WORDS: Record<ChangeActorRole, string> = {
  client: 'the client',
  agent: 'an agent',
  contact: 'a contact',
  visitor: 'the person who booked it',
};

/**
 * Who made a change as its audit event records it (`by`: the office, or the role of the manage
 * link used), in the history's words: the order's history, the office's refund events and their
 * e-mails all say it so ("cancelled by an agent"). An event without a known role reads as the client.
 */
export function recordedAuthorWords(by: unknown): string {
  const actor = by as { kind?: unknown; role?: unknown } | null | undefined;
  if (actor?.kind === 'office') return 'the office';
  const role = actor?.role;
  return typeof role === 'string' && ACTOR_ROLES.has(role) ? ROLE_WORDS[role as ChangeActorRole] : ROLE_WORDS.client;
}

/**
 * "the office", "your agent", "you": who made the change, for one reader; null when a visitor's
 * message cannot tell (a job without the role). The office reads the history's words, with how the
 * visitor did it.
 */
export function changeAuthorWords(author: ChangeAuthor, reader: ChangeReader): string | null {
  if (author.kind === 'office') return 'the office';
  if (reader === 'office') {
    const who = author.role ? ROLE_WORDS[author.role] : 'the client or agent';
    return `${who}, with their "Manage your inspection" link`;
  }
  if (author.isReader) return 'you';
  if (author.role === null) return null;
  if (author.role === 'agent' && reader !== 'agent') return 'your agent';
  // Another client of the same order: "the client" would read as the reader.
  if (author.role === 'client' && reader === 'client') return 'another client';
  return ROLE_WORDS[author.role];
}
