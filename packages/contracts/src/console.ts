import { z } from 'zod';
import { errorResponseSchema } from './errors.ts';
import { adminOrderSchema, adminOrdersResponseSchema } from './confirm.ts';
import {
  adminCancelBodySchema,
  adminRescheduleBodySchema,
  manageChangeResponseSchema,
  manageOrderViewSchema,
} from './manage.ts';
import { INT32_MAX } from './int32.ts';
import { ordersCursorSchema, pageOrCursor, wholeExportSchema } from './orders-cursor.ts';
import { paymentToRefundSchema } from './payments.ts';
import { availabilityQuerySchema } from './scheduling.ts';

/**
 * The company's console (issue 25): its own API under /api/console, for people signed in through
 * /api/auth (Better Auth, decision 0044). Every route below names a company by its key; the
 * signed-in person must be a member of it, and their role decides what they may do.
 */

/** A member's role in a company; what each may do is the permissions table's (`@scheduler/domain/permissions`). */
export const CONSOLE_ROLES = ['owner', 'admin', 'office', 'inspector'] as const;
export const consoleRoleSchema = z.enum(CONSOLE_ROLES);
export type ConsoleRole = z.infer<typeof consoleRoleSchema>;

export { CONSOLE_BASE_PATH } from './console-paths.ts';

/** A local date, YYYY-MM-DD, on the office's clock. */
const localDate = z.iso.date();

/** The longest name a person of the console may have (it goes into e-mail subjects and team lists). */
export const PERSON_NAME_MAX = 100;

// ---- GET /api/console/me ----

export const consoleMembershipSchema = z.object({
  company_key: z.string(),
  company_name: z.string(),
  /** The company's organization: the id Better Auth's team routes (members, invitations) take. */
  organization_id: z.string(),
  role: consoleRoleSchema,
  /** The inspector this person is, for the inspector role; null otherwise. */
  inspector_id: z.number().int().nullable(),
  /** Whether the person reads every inspector's bookings: all but inspectors, and they too when the company says so. */
  sees_all_orders: z.boolean(),
  /** The company's setting: its office staff read the payments page (owners and admins always do; decision 0083). */
  office_sees_payments: z.boolean(),
});
export type ConsoleMembership = z.infer<typeof consoleMembershipSchema>;

export const consoleMeSchema = z.object({
  /**
   * `email_verified`: a person who signed themselves up has opened the link e-mailed to them (issue 26).
   * `has_password`: false for a person who has only ever signed in by a link, who chooses a first
   * password (POST /api/console/me/password) rather than changing one (issue 41).
   */
  user: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    email_verified: z.boolean(),
    has_password: z.boolean(),
  }),
  memberships: z.array(consoleMembershipSchema),
});
export type ConsoleMe = z.infer<typeof consoleMeSchema>;

// ---- The team: an inspector member's inspector, an invited person's account ----

/** PUT /api/console/companies/{company_key}/members/{user_id}/inspector: which of the company's inspectors this member is (null: none). */
export const memberInspectorBodySchema = z
  .object({ inspector_id: z.number().int().min(1).max(2_147_483_647).nullable() })
  .strict();
export type MemberInspectorBody = z.infer<typeof memberInspectorBodySchema>;

/** GET /api/console/companies/{company_key}/members: each member's inspector, beside what Better Auth's list gives. */
export const consoleTeamMemberSchema = z.object({
  user_id: z.string(),
  role: consoleRoleSchema,
  inspector_id: z.number().int().nullable(),
});
export const consoleTeamMembersSchema = z.array(consoleTeamMemberSchema);
export type ConsoleTeamMember = z.infer<typeof consoleTeamMemberSchema>;

/**
 * POST /api/console/invitations/{invitation_id}/account: the account of an invited person, for the
 * address the invitation went to. The invitation's id is the proof that they read that mailbox.
 */
export const invitationAccountBodySchema = z
  .object({
    name: z.string().trim().min(1).max(PERSON_NAME_MAX),
    password: z.string().min(10).max(128),
  })
  .strict();
export type InvitationAccountBody = z.infer<typeof invitationAccountBodySchema>;
export const invitationAccountResponseSchema = z.object({ email: z.string() });

// ---- GET /api/console/companies/{company_key}/schedule ----

/** One to seven days from `from`, on the office's clock. */
/** A month view's six weeks (a week view asks 7, a day 1). */
export const CONSOLE_SCHEDULE_MAX_DAYS = 42;
export const consoleScheduleQuerySchema = z
  .object({
    from: localDate,
    days: z.coerce.number().int().min(1).max(CONSOLE_SCHEDULE_MAX_DAYS).default(1),
    /** The office whose inspectors and clock the schedule shows; absent: the company's first office. */
    office_uuid: z.uuid().optional(),
  })
  .strict();
export type ConsoleScheduleQuery = z.infer<typeof consoleScheduleQuerySchema>;

/** A span of time as both an instant and the office's wall clock. */
const spanFields = {
  start: z.string().describe('UTC instant, ISO 8601'),
  end: z.string().describe('UTC instant, ISO 8601'),
  local_date: localDate.describe("The start's date on the office's clock"),
  local_start: z.string().describe('HH:MM, 24-hour, on the office clock'),
  local_end: z.string().describe('HH:MM, 24-hour, on the office clock (the end may fall on the next day)'),
};

export const consoleBookingSchema = z.object({
  ...spanFields,
  order_id: z.uuid(),
  /** The order's short reference, as the messages show it. */
  reference: z.string(),
  client_name: z.string(),
  address_line: z.string(),
  services: z.array(z.string()),
  paid: z.boolean(),
  /** Who booked it: "online" or the name of the office member who booked it by phone. */
  booked_by: z.string(),
  /** The property's place, for the day's map (null: the address was never located). */
  latitude: z.number().min(-90).max(90).nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
  /**
   * An agreement of the order is still unsigned and the inspection starts within the company's
   * `warn_hours_before` (or it is flagged whenever unsigned) and has not started (decision 0080).
   */
  agreement_unsigned: z.boolean(),
});
export type ConsoleBooking = z.infer<typeof consoleBookingSchema>;

export const consoleHoldSchema = z.object({
  ...spanFields,
  /** When the hold lapses unless its visitor confirms (ISO 8601). */
  expires_at: z.string(),
});
export type ConsoleHold = z.infer<typeof consoleHoldSchema>;

export const consoleWorkingHoursSchema = z.object({
  local_date: localDate,
  local_start: z.string(),
  local_end: z.string(),
});
export type ConsoleWorkingHours = z.infer<typeof consoleWorkingHoursSchema>;

/** A piece of time off on one date shown (a block over several dates shows once a date). */
export const consoleTimeOffSpanSchema = z.object({
  time_off_id: z.uuid(),
  local_date: localDate,
  /** 00:00 to 24:00 for a whole day. */
  local_start: z.string(),
  local_end: z.string(),
  note: z.string(),
  /** A weekly block, which repeats on its weekdays. */
  recurring: z.boolean(),
});
export type ConsoleTimeOffSpan = z.infer<typeof consoleTimeOffSpanSchema>;

export const consoleInspectorDaySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Working hours on each day of the range, as the company document sets them (time off is shown apart); a day off has none. */
  working_hours: z.array(consoleWorkingHoursSchema),
  time_off: z.array(consoleTimeOffSpanSchema),
  bookings: z.array(consoleBookingSchema),
  holds: z.array(consoleHoldSchema),
});
export type ConsoleInspectorDay = z.infer<typeof consoleInspectorDaySchema>;

export const consoleScheduleSchema = z.object({
  office: z.object({
    uuid: z.uuid(),
    name: z.string(),
    time_zone: z.string(),
    /** The office's drive estimate (its `scheduling` settings), so the day's map says the drives the engine assumes. */
    road_factor: z.number(),
    average_speed_mph: z.number(),
  }),
  offices: z.array(z.object({ uuid: z.uuid(), name: z.string() })),
  from: localDate,
  /** The dates shown, in order. */
  dates: z.array(localDate),
  /** The zone's short name on each date shown (EST, EDT). */
  zone_abbreviations: z.array(z.string()),
  /** Every inspector of the office (an inspector member: only themself). */
  inspectors: z.array(consoleInspectorDaySchema),
});
export type ConsoleSchedule = z.infer<typeof consoleScheduleSchema>;

// ---- Orders ----

export const CONSOLE_ORDER_SEARCH_MAX = 100;

/** GET /api/console/companies/{company_key}/orders (and orders.csv): the office's list. */
const consoleOrdersQueryShape = z
  .object({
    from: localDate.optional(),
    to: localDate.optional(),
    status: z.enum(['booked', 'cancelled', 'all']).default('booked'),
    inspector_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
    /** Words found in the client's or an agent's name or e-mail, or in the address. */
    q: z.string().trim().max(CONSOLE_ORDER_SEARCH_MAX).optional(),
    /** Page numbers (OFFSET), kept for a while; the console pages by `cursor` (decision 0071). */
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    per_page: z.coerce.number().int().min(1).max(200).default(50),
    cursor: ordersCursorSchema.optional(),
    /** `unsigned`: only the orders with an agreement still waiting for a signature. */
    agreement: z.enum(['unsigned']).optional(),
  })
  .strict();
export const consoleOrdersQuerySchema = consoleOrdersQueryShape.superRefine(pageOrCursor);
export type ConsoleOrdersQuery = z.infer<typeof consoleOrdersQuerySchema>;
/** GET …/orders.csv: the list's query, and `all=true` for every order the filters match. */
export const consoleOrdersCsvQuerySchema = consoleOrdersQueryShape
  .extend({ all: wholeExportSchema })
  .strict()
  .superRefine(pageOrCursor);
export type ConsoleOrdersCsvQuery = z.infer<typeof consoleOrdersCsvQuerySchema>;
/** A listed order as the console reads it: the admin API's, and whether an agreement of it is still unsigned. */
export const consoleListedOrderSchema = adminOrderSchema.extend({
  /** At least one of its agreements is still waiting for a signature (signed and voided ones ask nothing). */
  agreement_pending: z.boolean(),
});
export type ConsoleListedOrder = z.infer<typeof consoleListedOrderSchema>;
export const consoleOrdersResponseSchema = adminOrdersResponseSchema.extend({
  orders: z.array(consoleListedOrderSchema),
});
export type ConsoleOrdersResponse = z.infer<typeof consoleOrdersResponseSchema>;

/** A message sent (or being sent) about an order. */
export const consoleOrderMessageSchema = z.object({
  /** The message's id, for sending it again. */
  id: z.number().int(),
  at: z.string(),
  channel: z.enum(['email', 'sms']),
  /** client, agent, contact or office. */
  audience: z.string(),
  /** confirmation, reminder, receipt, rescheduled, cancelled. */
  kind: z.string(),
  /**
   * queued (or waiting to retry), sent, skipped: not needed when its time came (the booking moved
   * or was cancelled), or bounced: the mail transport said it will never arrive (decision 0070).
   */
  state: z.enum(['queued', 'sent', 'skipped', 'bounced']),
  /** A bounced e-mail's: what the receiving server said ("550 5.1.1 … User unknown"); null otherwise. */
  bounce_reason: z.string().nullable(),
  /** When it was (or is to be) sent: a reminder's is ahead. */
  run_at: z.string(),
  attempts: z.number().int(),
  /** The address or number it goes to; null for the office's copy of a company without one. */
  to: z.string().nullable(),
  /** The office member who sent this copy again; null for the message as first sent. */
  resent_by: z.string().nullable(),
  /** Whether the office may send it again now (an e-mail that went, or bounced, still true of the order). */
  resendable: z.boolean(),
  /**
   * Where "Send again" sends it: its address, or for a bounced e-mail whose address the office has
   * since corrected on the order, the corrected one; null when it may not be sent again.
   */
  resend_to: z.string().nullable(),
});

/** POST …/orders/{id}/messages/{message_id}/resend: where the copy goes. */
export const consoleResendResponseSchema = z.object({ to: z.string() });
export type ConsoleOrderMessage = z.infer<typeof consoleOrderMessageSchema>;

/** GET /api/console/companies/{company_key}/orders/{id}: the order page. */
export const consoleOrderDetailSchema = z.object({
  order: adminOrderSchema,
  /** The booking as its manage page shows it: price lines, the policy's options and deadlines. */
  view: manageOrderViewSchema,
  messages: z.array(consoleOrderMessageSchema),
  /** Whether the signed-in person may reschedule and cancel it (owner, admin, office). */
  can_change: z.boolean(),
  /** Who booked it: "online" or the office member's name. */
  booked_by: z.string(),
  /** Money paid through Stripe that the order could not take (cancelled, its total changed, paid already): the office refunds it. */
  payments_to_refund: z.array(paymentToRefundSchema),
  /**
   * An agreement is still unsigned and the inspection, not started, starts within the company's
   * `warn_hours_before` (or whenever unsigned, without one): the page warns (decision 0080).
   */
  agreement_unsigned: z.boolean(),
});
export type ConsoleOrderDetail = z.infer<typeof consoleOrderDetailSchema>;

/**
 * GET …/orders/{id}/availability: a month of start times for a move, as the manage page gets them;
 * with `inspectors`, only the times that team (the booking's own, or the one the office picks) is free.
 */
export const consoleMoveAvailabilityQuerySchema = availabilityQuerySchema.pick({
  from: true,
  to: true,
  inspectors: true,
});

/** The most inspectors one booking may be moved to (the wizard's `set_datetime` bound). */
export const CONSOLE_MOVE_TEAM_MAX = 20;

/**
 * POST …/orders/{id}/reschedule: as the admin API's, recorded with who did it. The booking keeps
 * its inspectors unless the office names others (`inspector_ids`): a time they are not free is
 * answered as taken, never given to someone else unasked (issue 41).
 */
export const consoleRescheduleBodySchema = adminRescheduleBodySchema
  .extend({
    inspector_ids: z.array(z.number().int().positive().max(INT32_MAX)).min(1).max(CONSOLE_MOVE_TEAM_MAX).optional(),
  })
  .strict();
/** POST …/orders/{id}/cancel: as the admin API's, recorded with who did it. */
export const consoleCancelBodySchema = adminCancelBodySchema;
export const consoleChangeResponseSchema = manageChangeResponseSchema;

// ---- GET /api/console/companies/{company_key}/inspectors ----

/** The company's working inspectors, for filters and forms (an inspector member: only themself). */
export const consoleInspectorsSchema = z.object({
  inspectors: z.array(
    z.object({ id: z.number().int(), name: z.string(), office_uuid: z.uuid(), office_name: z.string() }),
  ),
});
export type ConsoleInspectors = z.infer<typeof consoleInspectorsSchema>;

// ---- POST /api/console/companies/{company_key}/phone-bookings ----

/** The office books for a caller: a wizard session of its own, for the office named (absent: the first). */
export const consolePhoneBookingBodySchema = z.object({ office_uuid: z.uuid().optional() }).strict();
export const consolePhoneBookingResponseSchema = z.object({
  /** The wizard's page for the new session, relative to the site: open it in this browser. */
  url: z.string(),
  order_id: z.uuid(),
  /** The session's token, for the console's phone-booking form, which drives the wizard's own calls with it (decision 0072). */
  token: z.string(),
  /** The office the caller books with. */
  office_uuid: z.uuid(),
});

// ---- Time off: /api/console/companies/{company_key}/time-off ----

/** The longest block one entry may make: a year. */
export const TIME_OFF_MAX_DAYS = 366;
export const TIME_OFF_NOTE_MAX = 200;
const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'a time HH:MM');

export const consoleTimeOffSchema = z.object({
  id: z.uuid(),
  inspector_id: z.number().int(),
  from_date: localDate,
  to_date: localDate,
  weekdays: z.array(z.number().int().min(0).max(6)).nullable(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  note: z.string(),
  created_by: z.string(),
  created_at: z.string(),
});
export type ConsoleTimeOff = z.infer<typeof consoleTimeOffSchema>;

export const consoleTimeOffQuerySchema = z
  .object({
    inspector_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
    from: localDate.optional(),
    to: localDate.optional(),
  })
  .strict();
export const consoleTimeOffListSchema = z.object({ time_off: z.array(consoleTimeOffSchema) });

/**
 * POST …/time-off: block an inspector's dates (all day, or between two times), once or on some
 * weekdays. Over booked inspections it is refused (409 time_off_conflicts, listing them) unless
 * `accept_conflicts`: the bookings stay, and the office deals with them.
 */
export const consoleTimeOffBodySchema = z
  .object({
    inspector_id: z.number().int().min(1).max(2_147_483_647),
    from_date: localDate,
    to_date: localDate,
    weekdays: z.array(z.number().int().min(0).max(6)).min(1).max(7).nullable().default(null),
    start_time: timeOfDay.nullable().default(null),
    end_time: timeOfDay.nullable().default(null),
    note: z.string().trim().max(TIME_OFF_NOTE_MAX).default(''),
    accept_conflicts: z.boolean().default(false),
  })
  .strict()
  .superRefine((body, context) => {
    if (body.to_date < body.from_date)
      context.addIssue({ code: 'custom', path: ['to_date'], message: 'The last date is before the first.' });
    const days = (Date.parse(body.to_date) - Date.parse(body.from_date)) / 86_400_000 + 1;
    if (days > TIME_OFF_MAX_DAYS)
      context.addIssue({ code: 'custom', path: ['to_date'], message: `At most ${TIME_OFF_MAX_DAYS} days at once.` });
    if ((body.start_time === null) !== (body.end_time === null))
      context.addIssue({
        code: 'custom',
        path: [body.start_time === null ? 'start_time' : 'end_time'],
        message: 'Give both times, or neither for whole days.',
      });
    if (body.start_time !== null && body.end_time !== null && body.start_time >= body.end_time)
      context.addIssue({ code: 'custom', path: ['end_time'], message: 'The end is not after the start.' });
  });
export type ConsoleTimeOffBody = z.infer<typeof consoleTimeOffBodySchema>;

export const consoleTimeOffConflictSchema = errorResponseSchema.extend({ conflicts: z.array(consoleBookingSchema) });

// ---- GET /api/console/companies/{company_key}/events (text/event-stream) ----

/**
 * The events the console's stream sends: `schedule` when any booking, hold or cancellation of the
 * company changed (reload the schedule and lists), `ping` every 25 s to keep proxies from closing it.
 */
export const CONSOLE_EVENT_NAMES = ['schedule', 'ping'] as const;

// ---- The office's notes and follow-ups on an order (issue 41) ----

/** The longest note; the console counts down to it. */
export const ORDER_NOTE_MAX = 2000;
/** The longest follow-up task's title. */
export const ORDER_TASK_TITLE_MAX = 200;
/** A member's user id as Better Auth makes it (32 characters); bounded well above that. */
const userId = z.string().min(1).max(64);
/** A due date: a local date on the office's clock, within a century that a follow-up can mean. */
const dueDate = localDate.refine((date) => date >= '2000-01-01' && date <= '2099-12-31', 'a date from 2000 to 2099');

/** One note, as the order page shows it. Never in anything a client or agent sees. */
export const consoleOrderNoteSchema = z.object({
  id: z.uuid(),
  body: z.string(),
  author_name: z.string(),
  created_at: z.string().describe('An instant (ISO 8601); the console shows it on the office clock'),
});
export type ConsoleOrderNote = z.infer<typeof consoleOrderNoteSchema>;

/** GET …/orders/{id}/notes: newest first. */
export const consoleOrderNotesSchema = z.object({ notes: z.array(consoleOrderNoteSchema) });

/** POST …/orders/{id}/notes. */
export const consoleOrderNoteBodySchema = z
  .object({ body: z.string().trim().min(1, 'Write the note.').max(ORDER_NOTE_MAX) })
  .strict();
export type ConsoleOrderNoteBody = z.infer<typeof consoleOrderNoteBodySchema>;

/** One follow-up task. `overdue`: open, and due before today on the office's clock. */
export const consoleOrderTaskSchema = z.object({
  id: z.uuid(),
  order_id: z.uuid(),
  title: z.string(),
  due_date: localDate,
  owner_user_id: z.string(),
  owner_name: z.string(),
  done_at: z.string().nullable(),
  overdue: z.boolean(),
  created_by: z.string(),
  created_at: z.string(),
});
export type ConsoleOrderTask = z.infer<typeof consoleOrderTaskSchema>;

/** GET …/orders/{id}/tasks: open ones first, each group by due date. */
export const consoleOrderTasksSchema = z.object({ tasks: z.array(consoleOrderTaskSchema) });

/** POST …/orders/{id}/tasks: the owner is a member of the company (by user id) who may read the order. */
export const consoleOrderTaskBodySchema = z
  .object({
    title: z.string().trim().min(1, 'Name the task.').max(ORDER_TASK_TITLE_MAX),
    due_date: dueDate,
    owner_user_id: userId,
  })
  .strict();
export type ConsoleOrderTaskBody = z.infer<typeof consoleOrderTaskBodySchema>;

/** PATCH …/tasks/{task_id}: done or not, a new due date, a new owner; at least one. */
export const consoleOrderTaskPatchSchema = z
  .object({ done: z.boolean().optional(), due_date: dueDate.optional(), owner_user_id: userId.optional() })
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'Say what to change.', path: ['done'] });
export type ConsoleOrderTaskPatch = z.infer<typeof consoleOrderTaskPatchSchema>;

/** GET …/my-tasks: the signed-in member's open tasks, overdue first, then by due date, with their orders. */
export const consoleMyTasksSchema = z.object({
  tasks: z.array(
    consoleOrderTaskSchema.extend({
      order: z.object({
        reference: z.string(),
        client: z.string().describe('The first client\'s name; "" when none'),
        appointment: z
          .object({ local_date: z.string(), local_time: z.string(), time_zone: z.string() })
          .nullable()
          .describe("The booked start on the office's clock; null when none"),
      }),
    }),
  ),
});
export type ConsoleMyTasks = z.infer<typeof consoleMyTasksSchema>;
