import type { onRequestAsyncHookHandler } from 'fastify';

// The shapes of the wizard's access chains, apart from visitor-access.ts that builds them: the app
// context (context.ts) carries the chains, and visitor-access.ts reads the context, so naming the
// shapes here keeps the two from importing each other.

/** What a wizard route does with the visitor's order; the route's `config.access`. */
export type VisitorAccess = 'read' | 'search' | 'write';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: VisitorAccess;
    /** A write that leaves the order as it was (the funnel's events): no change is announced for it. */
    leavesOrder?: boolean;
  }
}

/** The route options a wizard route spreads into its own: `{ ...access.write, schema: ... }`. */
export interface VisitorAccessOptions {
  onRequest: onRequestAsyncHookHandler[];
  config: { access: VisitorAccess; leavesOrder?: boolean };
}

/**
 * The three ways into a session's order, each a fixed chain of checks:
 * - `read`: a valid session for the company and office in the request.
 * - `readAfterConfirmation`: the same, and a confirmed order's session stays readable after it
 *   expires (the order and office behind its thank-you page).
 * - `search`: a valid session, and one search bucket per session shared by every search and
 *   lookup (availability, time checks, distances, and any future address or people search).
 * - `write`: a valid session, the write bucket, and the order's state read fresh: its office
 *   still active and the order not confirmed (a confirmed order is read-only to the visitor).
 *
 * Every wizard write (`write`, `confirm`, `events`) is refused with 403 `scheduler_disabled` while
 * the company's scheduler is disabled, unless the request comes from a member of the company who
 * books for it (owner, admin, office) signed in to the console in the same browser (issue 39). A
 * manage link's writes are not (`manageWrite`): a booked client may still move or cancel the
 * booking under the company's policy, which the office sets apart from the wizard.
 */
export interface VisitorAccessChains {
  read: VisitorAccessOptions;
  readAfterConfirmation: VisitorAccessOptions;
  search: VisitorAccessOptions;
  write: VisitorAccessOptions;
  /**
   * `write`, except that a confirmed order passes (and its session past expiry): confirming is
   * idempotent, so a repeated confirm answers what the first did instead of "order_confirmed".
   */
  confirm: VisitorAccessOptions;
  /**
   * A manage link's (issue 24): the link valid for the company in the path (its order booked or
   * cancelled, its inspection not over, not revoked). Reads draw on a bucket per client address;
   * writes (hold, reschedule, cancel) on a write bucket per client address, and then on the write
   * bucket of their link. The address's bucket is taken before the token is looked up (issue 39):
   * a guessed token costs the guesser as much as a real one, so guessing stays slow.
   */
  manageRead: VisitorAccessOptions;
  manageWrite: VisitorAccessOptions;
  /**
   * A signing link's (issue 43): the link valid for the company in the path (its agreement not
   * voided; a pending one only while its order is booked). A bucket per client address for reads,
   * another for the signature, both taken before the token is looked up.
   */
  signRead: VisitorAccessOptions;
  signWrite: VisitorAccessOptions;
  /**
   * The agent portal's (issue 47, decision 0092): `agentSignIn` asks for or uses a sign-in link (a
   * bucket per client address; the service also limits requests per e-mail address and per client
   * over 15 minutes). `agentRead` and `agentWrite` need the agent's portal session for the company
   * in the path, its agent still in the directory (read again on every request).
   */
  agentSignIn: VisitorAccessOptions;
  agentRead: VisitorAccessOptions;
  agentWrite: VisitorAccessOptions;
  /**
   * The wizard's funnel events (issue 27): a valid session, a confirmed order's included (its
   * thank-you page reports `order_confirmed`), and the events bucket. They add rows about the
   * visit and never change the order, so the order's state is not read.
   */
  events: VisitorAccessOptions;
}
