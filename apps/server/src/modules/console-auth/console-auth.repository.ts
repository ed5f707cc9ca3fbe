import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import { consoleRoleSchema, type ConsoleRole } from '@scheduler/contracts/console';
import type { ConsoleMember } from './console-member.ts';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';

/** An event of auth_audit_events, at the app's clock: never a password, token or e-mail address in `data`. */
export async function recordAuthEvent(
  db: Executor,
  event: {
    at: Date;
    userId: string | null;
    organizationId?: string | null;
    type: string;
    data?: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(t.authAuditEvents).values({
    userId: event.userId,
    organizationId: event.organizationId ?? null,
    type: event.type,
    data: event.data ?? {},
    createdAt: event.at,
  });
}

const membershipColumns = {
  userId: t.authMembers.userId,
  userName: t.authUsers.name,
  companyId: t.companies.id,
  companyKey: t.companies.key,
  companyName: t.companies.name,
  organizationId: t.authOrganizations.id,
  role: t.authMembers.role,
  inspectorId: t.authMembers.inspectorId,
  inspectorsSeeAllOrders: sql<boolean>`coalesce((${t.companies.consoleSettings} ->> 'inspectors_see_all_orders')::boolean, false)`,
  officeSeesPayments: sql<boolean>`coalesce((${t.companies.consoleSettings} ->> 'office_sees_payments')::boolean, true)`,
};

function asMember(row: { role: string } & Omit<ConsoleMember, 'role'>): ConsoleMember | null {
  const role = consoleRoleSchema.safeParse(row.role);
  return role.success ? { ...row, role: role.data } : null;
}

/** Every company the person belongs to, in the order they joined. */
export async function membershipsOf(db: Executor, userId: string): Promise<ConsoleMember[]> {
  const rows = await db
    .select(membershipColumns)
    .from(t.authMembers)
    .innerJoin(t.authUsers, eq(t.authUsers.id, t.authMembers.userId))
    .innerJoin(t.authOrganizations, eq(t.authOrganizations.id, t.authMembers.organizationId))
    .innerJoin(t.companies, eq(t.companies.id, t.authOrganizations.companyId))
    .where(eq(t.authMembers.userId, userId))
    .orderBy(asc(t.authMembers.createdAt), asc(t.authMembers.id));
  return rows.map(asMember).filter((member): member is ConsoleMember => member !== null);
}

/** The person's membership of the company with this key; null when they are not a member. */
export async function membershipIn(db: Executor, userId: string, companyKey: string): Promise<ConsoleMember | null> {
  const [row] = await db
    .select(membershipColumns)
    .from(t.authMembers)
    .innerJoin(t.authUsers, eq(t.authUsers.id, t.authMembers.userId))
    .innerJoin(t.authOrganizations, eq(t.authOrganizations.id, t.authMembers.organizationId))
    .innerJoin(t.companies, eq(t.companies.id, t.authOrganizations.companyId))
    .where(and(eq(t.authMembers.userId, userId), eq(t.companies.key, companyKey)));
  return row ? asMember(row) : null;
}

/**
 * The person's membership of the company with this id (its immutable id, never its key or name,
 * which an owner may change); null when they are not a member. A task's owner is checked so.
 */
export async function membershipInCompany(
  db: Executor,
  userId: string,
  companyId: string,
): Promise<ConsoleMember | null> {
  const [row] = await db
    .select(membershipColumns)
    .from(t.authMembers)
    .innerJoin(t.authUsers, eq(t.authUsers.id, t.authMembers.userId))
    .innerJoin(t.authOrganizations, eq(t.authOrganizations.id, t.authMembers.organizationId))
    .innerJoin(t.companies, eq(t.companies.id, t.authOrganizations.companyId))
    .where(and(eq(t.authMembers.userId, userId), eq(t.authOrganizations.companyId, companyId)));
  return row ? asMember(row) : null;
}

/** The company an organization was made for (its immutable id). */
export async function companyIdOfOrganization(db: Executor, organizationId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: t.authOrganizations.companyId })
    .from(t.authOrganizations)
    .where(eq(t.authOrganizations.id, organizationId));
  return row?.id ?? null;
}

/** The first company a person joined: the sender of their account e-mails. */
export async function firstCompanyOfUser(db: Executor, userId: string): Promise<string | null> {
  const [first] = await membershipsOf(db, userId);
  return first?.companyId ?? null;
}

/** The organization of the company with this id (every company has one: made with it). */
export async function organizationOfCompany(db: Executor, companyId: string): Promise<string> {
  const [row] = await db
    .select({ id: t.authOrganizations.id })
    .from(t.authOrganizations)
    .where(eq(t.authOrganizations.companyId, companyId));
  if (!row) throw new Error('company without its organization');
  return row.id;
}

/** The organization of the company with this key, or null when no company has it. */
export async function organizationOfCompanyKey(db: Executor, companyKey: string): Promise<string | null> {
  const [row] = await db
    .select({ id: t.authOrganizations.id })
    .from(t.authOrganizations)
    .innerJoin(t.companies, eq(t.companies.id, t.authOrganizations.companyId))
    .where(eq(t.companies.key, companyKey));
  return row?.id ?? null;
}

/**
 * A person with no password yet (they sign in by a one-time link and choose one), a member of the
 * organization with the role; an existing person keeps their account and gets the membership.
 */
export async function ensureMember(
  db: Executor,
  person: { email: string; name: string },
  organizationId: string,
  role: ConsoleRole,
  inspectorId: number | null = null,
): Promise<string> {
  const email = person.email.toLowerCase();
  await db
    .insert(t.authUsers)
    .values({ id: randomUUID(), name: person.name, email, emailVerified: true })
    .onConflictDoNothing({ target: t.authUsers.email });
  const [user] = await db.select({ id: t.authUsers.id }).from(t.authUsers).where(eq(t.authUsers.email, email));
  if (!user) throw new Error('user missing after insert');
  await db
    .insert(t.authMembers)
    .values({ id: randomUUID(), organizationId, userId: user.id, role, inspectorId })
    .onConflictDoNothing({ target: [t.authMembers.organizationId, t.authMembers.userId] });
  return user.id;
}

/** Whether the person has a password (Better Auth's credential account). */
export async function hasPassword(db: Executor, userId: string): Promise<boolean> {
  const [password] = await db
    .select({ id: t.authAccounts.id })
    .from(t.authAccounts)
    .where(and(eq(t.authAccounts.userId, userId), eq(t.authAccounts.providerId, 'credential')));
  return Boolean(password);
}

/** Whether the person has a way to sign in other than a link: a password or a passkey. */
export async function hasSignInMethod(db: Executor, userId: string): Promise<boolean> {
  if (await hasPassword(db, userId)) return true;
  const [key] = await db
    .select({ id: t.authPasskeys.id })
    .from(t.authPasskeys)
    .where(eq(t.authPasskeys.userId, userId));
  return Boolean(key);
}

/** Deletes every session of a member of the organization; null when the person is not its member. */
export async function revokeMemberSessions(
  db: Executor,
  organizationId: string,
  userId: string,
): Promise<number | null> {
  const [member] = await db
    .select({ id: t.authMembers.id })
    .from(t.authMembers)
    .where(and(eq(t.authMembers.organizationId, organizationId), eq(t.authMembers.userId, userId)));
  if (!member) return null;
  const deleted = await db
    .delete(t.authSessions)
    .where(eq(t.authSessions.userId, userId))
    .returning({ id: t.authSessions.id });
  return deleted.length;
}

export async function userIdByEmail(db: Executor, email: string): Promise<string | null> {
  const [user] = await db
    .select({ id: t.authUsers.id })
    .from(t.authUsers)
    .where(eq(t.authUsers.email, email.trim().toLowerCase()));
  return user?.id ?? null;
}

/** Events that end an account's lock: a new password chosen through the e-mailed link, or a sign-in (the e-mailed sign-in link's). */
const LOCK_LIFTING_EVENTS = ['password_reset', 'signed_in'];

/**
 * The failed sign-ins with the address `account` (signInAccountKey) since `since` and after the
 * account's last reset or sign-in (by the events' order, which a frozen test clock keeps too); an
 * address no account has is counted alike.
 */
export async function failedSignInsSince(
  db: Executor,
  account: string,
  userId: string | null,
  since: Date,
): Promise<number> {
  const lifted = userId
    ? sql`coalesce((select max(${t.authAuditEvents.id}) from ${t.authAuditEvents} where ${t.authAuditEvents.userId} = ${userId} and ${t.authAuditEvents.type} in ${LOCK_LIFTING_EVENTS}), 0)`
    : sql`0`;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t.authAuditEvents)
    .where(
      and(
        eq(t.authAuditEvents.type, 'sign_in_failed'),
        sql`${t.authAuditEvents.data} ->> 'account' = ${account}`,
        gte(t.authAuditEvents.createdAt, since),
        sql`${t.authAuditEvents.id} > ${lifted}`,
      ),
    );
  return Number(row?.n ?? 0);
}

/** Marks the person's address as proved (they opened a link e-mailed to it: an invitation's). */
export async function markEmailVerified(db: Executor, userId: string): Promise<void> {
  await db.update(t.authUsers).set({ emailVerified: true }).where(eq(t.authUsers.id, userId));
}

/** How many companies the person owns (a sign-up's limit counts them). */
export async function ownedCompanyCount(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(t.authMembers)
    .where(and(eq(t.authMembers.userId, userId), eq(t.authMembers.role, 'owner')));
  return Number(row?.count ?? 0);
}

/** Makes an existing person a member of the organization in the role (a company's founder: its owner). */
export async function addMembership(
  db: Executor,
  organizationId: string,
  userId: string,
  role: ConsoleRole,
): Promise<void> {
  await db
    .insert(t.authMembers)
    .values({ id: randomUUID(), organizationId, userId, role })
    .onConflictDoNothing({ target: [t.authMembers.organizationId, t.authMembers.userId] });
}

/** Whether the person has confirmed their e-mail address (invited people and links prove it too). */
export async function isEmailVerified(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ verified: t.authUsers.emailVerified })
    .from(t.authUsers)
    .where(eq(t.authUsers.id, userId));
  return row?.verified === true;
}

/** The company's members with their role and inspector, oldest first (the Team page's inspector column). */
export async function teamMembers(
  db: Executor,
  organizationId: string,
): Promise<Array<{ userId: string; role: string; inspectorId: number | null }>> {
  return db
    .select({ userId: t.authMembers.userId, role: t.authMembers.role, inspectorId: t.authMembers.inspectorId })
    .from(t.authMembers)
    .where(eq(t.authMembers.organizationId, organizationId))
    .orderBy(asc(t.authMembers.createdAt), asc(t.authMembers.id));
}

/** Whether the company has this inspector, not removed from its configuration. */
export async function companyHasInspector(db: Executor, companyId: string, inspectorId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: t.inspectors.id })
    .from(t.inspectors)
    .where(
      and(eq(t.inspectors.companyId, companyId), eq(t.inspectors.id, inspectorId), isNull(t.inspectors.removedAt)),
    );
  return Boolean(row);
}

export type InspectorLink = 'linked' | 'not_member' | 'taken';

/**
 * Names the inspector a member of the organization is (null: none). One member per inspector: a
 * second is refused ('taken'), and a person who is not the organization's member is 'not_member'.
 */
export async function linkMemberToInspector(
  db: Executor,
  organizationId: string,
  userId: string,
  inspectorId: number | null,
): Promise<InspectorLink> {
  if (inspectorId !== null) {
    const [other] = await db
      .select({ userId: t.authMembers.userId })
      .from(t.authMembers)
      .where(and(eq(t.authMembers.organizationId, organizationId), eq(t.authMembers.inspectorId, inspectorId)));
    if (other && other.userId !== userId) return 'taken';
  }
  const updated = await db
    .update(t.authMembers)
    .set({ inspectorId })
    .where(and(eq(t.authMembers.organizationId, organizationId), eq(t.authMembers.userId, userId)))
    .returning({ id: t.authMembers.id });
  return updated.length > 0 ? 'linked' : 'not_member';
}

/** A pending invitation that has not expired, by its id (the secret its e-mail carries). */
export async function pendingInvitation(
  db: Executor,
  invitationId: string,
  now: Date,
): Promise<{ id: string; email: string; organizationId: string } | null> {
  const [row] = await db
    .select({
      id: t.authInvitations.id,
      email: t.authInvitations.email,
      organizationId: t.authInvitations.organizationId,
    })
    .from(t.authInvitations)
    .where(
      and(
        eq(t.authInvitations.id, invitationId),
        eq(t.authInvitations.status, 'pending'),
        gt(t.authInvitations.expiresAt, now),
      ),
    );
  return row ?? null;
}

/**
 * Takes an account nobody proved back for the owner of its mailbox: signs it out everywhere and
 * removes its passkeys and sign-in methods, so that whoever made it keeps no way in.
 */
export async function clearUnprovedAccount(db: Executor, userId: string): Promise<void> {
  await db.delete(t.authSessions).where(eq(t.authSessions.userId, userId));
  await db.delete(t.authPasskeys).where(eq(t.authPasskeys.userId, userId));
  await db.delete(t.authAccounts).where(eq(t.authAccounts.userId, userId));
}
