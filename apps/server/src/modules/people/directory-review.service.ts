import {
  DIRECTORY_REVIEW_LIMIT,
  DIRECTORY_SHARED_EMAILS_LIMIT,
  type DirectoryMergeResult,
  type DirectoryReview,
  type DirectoryReviewQuery,
} from '@scheduler/contracts/directory-review';
import { PUBLIC_PERSON_ID, type PublicPerson } from '@scheduler/contracts/public-api';
import type { Database, Executor } from '../../db/connection.ts';
import { AppError, ConflictError, NotFoundError } from '../../errors.ts';
import { contactTypesOf, publicPersonOf } from './directory-api.service.ts';
import {
  countAwaitingReview,
  findMerge,
  findPerson,
  likelyDuplicates,
  listAwaitingReview,
  lockDirectoryWrites,
  lockPeople,
  markReviewed,
  peopleByIds,
  handOverAgentPortal,
  recordMerge,
  repointOrderParties,
  sharedEmails,
  type MergeRow,
  type PersonKind,
} from './directory-writes.repository.ts';

/**
 * The office's review of the directory (issue 47, "The directory grows by itself"; decision
 * 0091): a person a visitor adds online awaits it; the office accepts them (a normal entry) or
 * merges them into the person they duplicate, as it merges two people who share an e-mail.
 */

const kindOfType = (type: DirectoryReviewQuery['type']): PersonKind => (type === 'agents' ? 'agent' : 'contact');

function parsedId(id: string): { kind: PersonKind; id: number } {
  const match = PUBLIC_PERSON_ID.exec(id)!;
  return { kind: match[1] as PersonKind, id: Number(match[2]) };
}

const apiId = (kind: PersonKind, id: number) => `${kind}_${id}`;

/** Who awaits review, with their likely duplicates, and the e-mail addresses several people share. */
export async function directoryReview(
  db: Database,
  companyId: string,
  query: DirectoryReviewQuery,
): Promise<DirectoryReview> {
  const kind = kindOfType(query.type);
  const types = await contactTypesOf(db, companyId);
  const awaiting = await listAwaitingReview(db, companyId, kind, DIRECTORY_REVIEW_LIMIT);
  const entries = [];
  for (const row of awaiting) {
    const duplicates = await likelyDuplicates(db, companyId, kind, row);
    entries.push({
      person: publicPersonOf(row, types),
      duplicates: duplicates.map((duplicate) => publicPersonOf(duplicate, types)),
    });
  }
  const shared = await sharedEmails(db, companyId, kind, DIRECTORY_SHARED_EMAILS_LIMIT);
  const sharers = new Map(
    (
      await peopleByIds(
        db,
        companyId,
        kind,
        shared.flatMap((group) => group.ids),
      )
    ).map((row) => [row.id, publicPersonOf(row, types)]),
  );
  return {
    awaiting: entries,
    awaiting_total: await countAwaitingReview(db, companyId, kind),
    shared_emails: shared.map((group) => ({
      email: group.email,
      people: group.ids.flatMap((id) => sharers.get(id) ?? []),
    })),
  };
}

async function alreadyMerged(db: Executor, companyId: string, kind: PersonKind, id: number): Promise<never> {
  const merge = await findMerge(db, companyId, kind, id);
  if (!merge) throw new NotFoundError('The person');
  throw new ConflictError(
    'already_merged',
    `${apiId(kind, id)} was merged into ${apiId(kind, merge.intoId)} on ${merge.mergedAt.toISOString()} by ${merge.mergedByName}.`,
  );
}

/** The office keeps a person added online as they are: a normal directory entry. Accepting again answers the same. */
export async function acceptPerson(db: Database, companyId: string, id: string): Promise<PublicPerson> {
  const person = parsedId(id);
  return db.transaction(async (tx) => {
    await lockDirectoryWrites(tx, companyId);
    const row = await findPerson(tx, companyId, person.kind, person.id);
    if (!row) return alreadyMerged(tx, companyId, person.kind, person.id);
    await markReviewed(tx, companyId, person.kind, person.id);
    return publicPersonOf({ ...row, awaitingReview: false }, await contactTypesOf(tx, companyId));
  });
}

/**
 * Merges a person into another of the same kind, in one transaction: every order of the company
 * that names the duplicate names the survivor, the duplicate's row is deleted, and the merge is
 * recorded (by whom, when, how many order parties). A repeat is refused with where they went.
 */
export async function mergePerson(
  db: Database,
  companyId: string,
  id: string,
  into: string,
  by: { userId: string; name: string },
  now: Date,
): Promise<DirectoryMergeResult> {
  const from = parsedId(id);
  const target = parsedId(into);
  if (from.kind !== target.kind)
    throw new AppError(400, 'invalid_request', `An ${from.kind} can only be merged into another ${from.kind}.`, 'into');
  if (from.id === target.id) throw new AppError(400, 'same_person', 'A person cannot be merged into themself.', 'into');
  return db.transaction(async (tx) => {
    await lockDirectoryWrites(tx, companyId);
    const rows = await lockPeople(tx, companyId, from.kind, [from.id, target.id]);
    const duplicate = rows.find((row) => row.id === from.id);
    const survivor = rows.find((row) => row.id === target.id);
    if (!duplicate) return alreadyMerged(tx, companyId, from.kind, from.id);
    if (!survivor) {
      const merge = await findMerge(tx, companyId, target.kind, target.id);
      if (!merge) throw new AppError(404, 'not_found', 'The person to merge into was not found.', 'into');
      throw new ConflictError(
        'already_merged',
        `${into} was merged into ${apiId(target.kind, merge.intoId)}: merge into that person instead.`,
        'into',
      );
    }
    const repointed = await repointOrderParties(tx, companyId, from.kind, from.id, target.id, now);
    if (from.kind === 'agent') await handOverAgentPortal(tx, companyId, from.id, target.id, now);
    const merge: MergeRow = {
      companyId,
      kind: from.kind,
      fromId: from.id,
      intoId: target.id,
      ordersRepointed: repointed,
      mergedByUserId: by.userId,
      mergedByName: by.name,
      mergedAt: now,
    };
    await recordMerge(tx, merge, duplicate.externalId);
    const kept = (await findPerson(tx, companyId, target.kind, target.id))!;
    return { person: publicPersonOf(kept, await contactTypesOf(tx, companyId)), orders_repointed: repointed };
  });
}
