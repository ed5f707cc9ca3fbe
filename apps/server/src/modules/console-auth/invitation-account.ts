import type { InvitationAccountBody } from '@scheduler/contracts/console';
import type { Database } from '../../db/connection.ts';
import { AppError, ConflictError } from '../../errors.ts';
import type { ConsoleAuth } from './auth.ts';
import { clearUnprovedAccount, pendingInvitation, recordAuthEvent } from './console-auth.repository.ts';

/**
 * The account of a person who opened an invitation's link (issue 39). The invitation's id travels
 * only in the e-mail sent to the invited address, so presenting it proves that mailbox, as a
 * sign-up's confirmation link does; the account is made for the invitation's address, whatever
 * was typed, and counts as confirmed.
 *
 * An account with that address that nobody ever confirmed (someone signed up with an address they
 * do not own, waiting for an invitation to it) is taken back for the mailbox's owner: its
 * sessions, passkeys and password go, and the new password is the only way in. A confirmed
 * account is refused: its owner signs in to accept.
 */
export async function makeInvitedAccount(
  db: Database,
  consoleAuth: ConsoleAuth,
  invitationId: string,
  body: InvitationAccountBody,
  now: Date,
): Promise<{ email: string }> {
  const invitation = await pendingInvitation(db, invitationId, now);
  if (!invitation) throw new AppError(404, 'not_found', 'This invitation is no longer valid: ask for a new one.');
  const auth = await consoleAuth.auth.$context;
  const email = invitation.email.toLowerCase();
  const existing = await auth.internalAdapter.findUserByEmail(email);
  if (existing?.user.emailVerified)
    throw new ConflictError(
      'conflict',
      'You already have an account with this address: sign in to accept the invitation.',
    );
  const hash = await auth.password.hash(body.password);
  if (existing) await db.transaction((tx) => clearUnprovedAccount(tx, existing.user.id));
  const user = existing
    ? await auth.internalAdapter.updateUser(existing.user.id, { name: body.name, emailVerified: true })
    : await auth.internalAdapter
        .createUser({ email, name: body.name, emailVerified: true }, { method: 'email-password' })
        .catch(() => {
          // Two tabs making the same account at once: the address's uniqueness lets one through.
          throw new ConflictError(
            'conflict',
            'An account with this address was just made: sign in to accept the invitation.',
          );
        });
  await auth.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: hash,
  });
  await recordAuthEvent(db, {
    at: now,
    userId: user.id,
    organizationId: invitation.organizationId,
    type: existing ? 'unproved_account_reclaimed' : 'invited_account_made',
  });
  return { email };
}
