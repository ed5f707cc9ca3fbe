import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, gte, sql } from 'drizzle-orm';
import { consoleRoleSchema, type ConsoleRole } from '@scheduler/contracts/console';
import type { ConsoleMember } from './console-member.ts';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';


/** An event of auth_audit_events, at the app's clock: never a password, token or e-mail address in `data`. */
export async function recordAuthEvent(db: Executor, event: { at: Date; userId: string | null; organizationId?: string | null; type: string; data?: Record<string, unknown> }): Promise<void> {
  await db.insert(t.authAuditEvents).values({ userId: event.userId, organizationId: event.organizationId ?? null, type: event.type, data: event.data ?? {}, createdAt: event.at });
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
    .innerJoin(t.companies, eq(t.companies.key, t.authOrganizations.slug))
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
    .innerJoin(t.companies, eq(t.companies.key, t.authOrganizations.slug))
    .where(and(eq(t.authMembers.userId, userId), eq(t.authOrganizations.slug, companyKey)));
  return row ? asMember(row) : null;
}

/** The company an organization is (its slug is the company's key). */
export async function companyIdOfOrganization(db: Executor, organizationId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: t.companies.id })
    .from(t.authOrganizations)
    .innerJoin(t.companies, eq(t.companies.key, t.authOrganizations.slug))
    .where(eq(t.authOrganizations.id, organizationId));
  return row?.id ?? null;
}

/** The first company a person joined: the sender of their account e-mails. */
export async function firstCompanyOfUser(db: Executor, userId: string): Promise<string | null> {
  const [first] = await membershipsOf(db, userId);
  return first?.companyId ?? null;
}

/** The company's organization, made when it is first needed (a company imported before the console has none). */
export async function ensureOrganization(db: Executor, company: { key: string; name: string }): Promise<string> {
  await db.insert(t.authOrganizations).values({ id: randomUUID(), name: company.name, slug: company.key }).onConflictDoNothing({ target: t.authOrganizations.slug });
  const [row] = await db.select({ id: t.authOrganizations.id }).from(t.authOrganizations).where(eq(t.authOrganizations.slug, company.key));
  if (!row) throw new Error('organization missing after insert');
  return row.id;
}

/**
 * A person with no password yet (they sign in by a one-time link and choose one), a member of the
 * organization with the role; an existing person keeps their account and gets the membership.
 */
export async function ensureMember(db: Executor, person: { email: string; name: string }, organizationId: string, role: ConsoleRole, inspectorId: number | null = null): Promise<string> {
  const email = person.email.toLowerCase();
  await db.insert(t.authUsers).values({ id: randomUUID(), name: person.name, email, emailVerified: true }).onConflictDoNothing({ target: t.authUsers.email });
  const [user] = await db.select({ id: t.authUsers.id }).from(t.authUsers).where(eq(t.authUsers.email, email));
  if (!user) throw new Error('user missing after insert');
  await db
    .insert(t.authMembers)
    .values({ id: randomUUID(), organizationId, userId: user.id, role, inspectorId })
    .onConflictDoNothing({ target: [t.authMembers.organizationId, t.authMembers.userId] });
  return user.id;
}

/** Whether the person has a way to sign in other than a link: a password or a passkey. */
export async function hasSignInMethod(db: Executor, userId: string): Promise<boolean> {
  const [password] = await db.select({ id: t.authAccounts.id }).from(t.authAccounts).where(and(eq(t.authAccounts.userId, userId), eq(t.authAccounts.providerId, 'credential')));
  if (password) return true;
  const [key] = await db.select({ id: t.authPasskeys.id }).from(t.authPasskeys).where(eq(t.authPasskeys.userId, userId));
  return Boolean(key);
}

/** Deletes every session of a member of the organization; null when the person is not its member. */
export async function revokeMemberSessions(db: Executor, organizationId: string, userId: string): Promise<number | null> {
  const [member] = await db.select({ id: t.authMembers.id }).from(t.authMembers).where(and(eq(t.authMembers.organizationId, organizationId), eq(t.authMembers.userId, userId)));
  if (!member) return null;
  const deleted = await db.delete(t.authSessions).where(eq(t.authSessions.userId, userId)).returning({ id: t.authSessions.id });
  return deleted.length;
}

/** Whether an invitation to this address is pending and not yet expired. */
export async function hasPendingInvitation(db: Executor, email: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: t.authInvitations.id })
    .from(t.authInvitations)
    .where(and(eq(t.authInvitations.email, email.toLowerCase()), eq(t.authInvitations.status, 'pending'), gt(t.authInvitations.expiresAt, now)))
    .limit(1);
  return Boolean(row);
}

export async function userIdByEmail(db: Executor, email: string): Promise<string | null> {
  const [user] = await db.select({ id: t.authUsers.id }).from(t.authUsers).where(eq(t.authUsers.email, email.trim().toLowerCase()));
  return user?.id ?? null;
}

/** The account's failed sign-ins since `since`. */
export async function failedSignInsSince(db: Executor, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t.authAuditEvents)
    .where(and(eq(t.authAuditEvents.userId, userId), eq(t.authAuditEvents.type, 'sign_in_failed'), gte(t.authAuditEvents.createdAt, since)));
  return Number(row?.n ?? 0);
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
export async function addMembership(db: Executor, organizationId: string, userId: string, role: ConsoleRole): Promise<void> {
  await db.insert(t.authMembers).values({ id: randomUUID(), organizationId, userId, role }).onConflictDoNothing({ target: [t.authMembers.organizationId, t.authMembers.userId] });
}

/** Whether the person has confirmed their e-mail address (invited people and links prove it too). */
export async function isEmailVerified(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db.select({ verified: t.authUsers.emailVerified }).from(t.authUsers).where(eq(t.authUsers.id, userId));
  return row?.verified === true;
}
