import type { ConsoleRole } from '@scheduler/contracts/console';

/**
 * What a member of a company may do in the console, as one table (issue 40 item 3, decision 0052):
 * every console route's guard, every service that decides by role, and the console's navigation
 * read `can`, so a role's rights are written here once and nowhere else.
 *
 * The actions are named by what a person does. A new console capability (webhooks, API keys,
 * agreements, payments...) adds its action to ACTIONS and a row to PERMISSIONS; the compiler then
 * asks for every role's answer.
 */
export const ACTIONS = [
  /** The office's day or week, its inspectors and the live updates of it. */
  'schedule.read',
  /** The order list, its CSV and an order's page. */
  'orders.read',
  /** Move or cancel a booking on the client's behalf (past the policy when they say so), book a caller by phone. */
  'orders.change',
  /** Edit a booked order: its services and prices (a discount with its reason), its people and its note (decision 0063). */
  'orders.edit',
  /** Write the office's internal notes on an order and its follow-up tasks (reading them is `orders.read`'s). */
  'orders.follow_up',
  /** Use the company's wizard while its scheduler is disabled (`try=1`, decision 0051). */
  'scheduler.try_disabled',
  /** Inspectors' time off. */
  'time_off.read',
  /** Block an inspector's time, and give it back. */
  'time_off.manage',
  /** Read and change the company's configuration (its document, history, undo, the price preview). */
  'configuration.edit',
  /** Set the company's Stripe keys and see whether they are set. */
  'payments.configure',
  /** An order's payment ledger: read it, record a payment by check, cash or card, reconcile the payments received (decision 0064). */
  'payments.record',
  /** Void a payment recorded by mistake (the entry stays, struck out, with the reason). */
  'payments.void',
  /** Refund an online payment through Stripe, up to what it brought (decision 0067). */
  'payments.refund',
  /**
   * The company's payments page: every payment, fee, refund and dispute over a span, its totals and
   * its CSV (decision 0083). Office staff only while the company lets them (`console.office_sees_payments`).
   */
  'payments.ledger',
  /** The booking funnel. */
  'funnel.read',
  /** The reports: revenue, inspections and cancellations by month, inspector, service and agent (decision 0062). */
  'reports.read',
  /** A person's request about their personal data: find it, export it, erase it (issue 49, decision 0078). */
  'privacy.manage',
  /** The company's agreement templates and how they are signed (issue 43, decision 0080). */
  'agreements.manage',
  /** The company's integrations: its webhooks (decision 0086) and API keys (decision 0087). */
  'integrations.manage',
  /** Connect an inspector's own calendar (decision 0089): the inspector their own, owners and admins anyone's. */
  'calendars.manage',
  /** The team: its members and their roles, invitations, removing a member. */
  'team.manage',
  /** Name which of the company's inspectors a member is. */
  'team.link_inspector',
  /** Sign a member out of every browser. */
  'team.sign_out_member',
] as const;
export type Action = (typeof ACTIONS)[number];

/**
 * How far a role's grant of an action reaches: every row of the company, only the member's own
 * (the rows of the inspector they are), their own unless the company lets inspectors see
 * everyone's (the company document's `console.inspectors_see_all_orders`), every row unless the
 * company keeps its office staff out (`console.office_sees_payments` off), or nothing.
 */
export type Grant = 'all' | 'own' | 'own_unless_inspectors_see_all' | 'all_unless_office_barred' | 'none';

/** The table: per action, each role's grant. */
export const PERMISSIONS: Readonly<Record<Action, Readonly<Record<ConsoleRole, Grant>>>> = {
  'schedule.read': { owner: 'all', admin: 'all', office: 'all', inspector: 'own_unless_inspectors_see_all' },
  'orders.read': { owner: 'all', admin: 'all', office: 'all', inspector: 'own_unless_inspectors_see_all' },
  'orders.change': { owner: 'all', admin: 'all', office: 'all', inspector: 'none' },
  'orders.edit': { owner: 'all', admin: 'all', office: 'all', inspector: 'none' },
  'orders.follow_up': { owner: 'all', admin: 'all', office: 'all', inspector: 'none' },
  'scheduler.try_disabled': { owner: 'all', admin: 'all', office: 'all', inspector: 'none' },
  // The setting widens what inspectors read of bookings and orders, not of time off.
  'time_off.read': { owner: 'all', admin: 'all', office: 'all', inspector: 'own' },
  'time_off.manage': { owner: 'all', admin: 'all', office: 'all', inspector: 'own' },
  'configuration.edit': { owner: 'all', admin: 'all', office: 'none', inspector: 'none' },
  'payments.configure': { owner: 'all', admin: 'all', office: 'none', inspector: 'none' },
  'payments.record': { owner: 'all', admin: 'all', office: 'all', inspector: 'none' },
  // Undoing money recorded is the owners' and admins' word, as in the issue.
  'payments.void': { owner: 'all', admin: 'all', office: 'none', inspector: 'none' },
  'payments.refund': { owner: 'all', admin: 'all', office: 'none', inspector: 'none' },
  // The office's own reconciliation until the company says otherwise (decision 0083).
  'payments.ledger': { owner: 'all', admin: 'all', office: 'all_unless_office_barred', inspector: 'none' },
  'funnel.read': { owner: 'all', admin: 'all', office: 'all', inspector: 'none' },
  // The company's takings: its owners' and admins' business, not the office's day.
  'reports.read': { owner: 'all', admin: 'all', office: 'none', inspector: 'none' },
  // Handing out or erasing everything of a person is the owners' and admins' word, as refunds are.
  'privacy.manage': { owner: 'all', admin: 'all', office: 'none', inspector: 'none' },
  // What clients sign before an inspection is the company's legal word: its owners' and admins'.
  'agreements.manage': { owner: 'all', admin: 'all', office: 'none', inspector: 'none' },
  // What leaves the product for other systems, and the keys that open the company's orders: its owners' and admins' word.
  'integrations.manage': { owner: 'all', admin: 'all', office: 'none', inspector: 'none' },
  // A calendar's password is the inspector's own: they connect theirs, owners and admins for them.
  'calendars.manage': { owner: 'all', admin: 'all', office: 'none', inspector: 'own' },
  'team.manage': { owner: 'all', admin: 'all', office: 'none', inspector: 'none' },
  'team.link_inspector': { owner: 'all', admin: 'all', office: 'none', inspector: 'none' },
  'team.sign_out_member': { owner: 'all', admin: 'none', office: 'none', inspector: 'none' },
};

/** The company's settings that change a grant (the company document's `console` section). */
export interface PermissionSettings {
  inspectorsSeeAllOrders: boolean;
  /** Office staff read the company's payments page (absent: its default, on). */
  officeSeesPayments?: boolean;
}

/** What a member's grant reaches in their company: every row, their own, or none. */
export type Reach = 'all' | 'own' | 'none';

/** How far `role` may do `action`, given the company's settings (absent: their defaults). */
export function reach(role: ConsoleRole, action: Action, settings?: PermissionSettings): Reach {
  const grant = PERMISSIONS[action][role];
  if (grant === 'own_unless_inspectors_see_all') return settings?.inspectorsSeeAllOrders === true ? 'all' : 'own';
  if (grant === 'all_unless_office_barred') return settings?.officeSeesPayments === false ? 'none' : 'all';
  return grant;
}

export interface PermissionContext {
  /** The company's settings (absent: their defaults). */
  settings?: PermissionSettings;
  /**
   * Whether the row acted on is the member's own (their inspector's). Absent: whether the member
   * may do the action to any row at all, which is what a route's guard asks before the service
   * narrows the rows.
   */
  own?: boolean;
}

/** Whether `role` may do `action`, to the row the context describes. */
export function can(role: ConsoleRole, action: Action, context: PermissionContext = {}): boolean {
  const granted = reach(role, action, context.settings);
  if (granted === 'all') return true;
  if (granted === 'none') return false;
  return context.own !== false;
}
