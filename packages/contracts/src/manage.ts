import { z } from 'zod';
import { appointmentSlotSchema, availabilityQuerySchema, schedulingInstantSchema } from './scheduling.ts';
import { withAcceptableText } from './text.ts';
import { CANCEL_REASON_MAX, MANAGE_TOKEN_PATTERN } from './manage-limits.ts';

/**
 * Managing a booked inspection from the link in its messages (issue 24): the manage page reads the
 * order and what the company's policy allows now, and reschedules or cancels it. Every call names
 * the link's token, which is the credential: only its hash is stored, and it opens one order.
 */

export { CANCEL_REASON_MAX, MANAGE_TOKEN_PATTERN };
export const manageTokenSchema = z.string().regex(MANAGE_TOKEN_PATTERN, 'a manage link token');

/** The path of the manage page under a company: `/{company_key}/manage/{token}`. */
export const MANAGE_PAGE_SEGMENT = 'manage';

/**
 * One agreement a client signs, as their manage page lists it: `pending`, theirs to sign (the page
 * links to `/{company_key}/manage/{token}/agreements/{id}`); `signed`, by them, others still to
 * sign; `complete`, sealed (its PDF on that page).
 */
export const manageAgreementSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  state: z.enum(['pending', 'signed', 'complete']),
});
export type ManageAgreement = z.infer<typeof manageAgreementSchema>;

/** A change the manage page may offer, and whether the policy allows it now. */
const changeOptionSchema = z.object({
  allowed: z.boolean(),
  /** Why not, in the visitor's words with the office's phone or e-mail; null when allowed. */
  reason: z.string().nullable(),
  /** The last instant the policy allows this change (ISO 8601). */
  deadline: z.string(),
  /** The company's own text shown with this change (company document `booking_changes`); "" when none. */
  text: z.string(),
});

export const manageOrderViewSchema = z.object({
  company_name: z.string(),
  office: z.object({
    office_name: z.string(),
    office_phone: z.string(),
    office_email: z.string(),
    time_zone: z.string(),
  }),
  order: z.object({
    /** The short reference people read out on the phone. */
    reference: z.string(),
    /** booked: confirmed and ahead; cancelled; over: its time has passed. */
    state: z.enum(['booked', 'cancelled', 'over']),
    start: z.string(),
    end: z.string(),
    /** The appointment in the office's clock, its zone named: "Tuesday, December 1st 2026" and "9:30 AM – 12:00 PM EST". */
    when: z.object({ date: z.string(), time: z.string() }),
    duration_minutes: z.number().int(),
    address: z.string(),
    /** The inspectors' names when the company shows them to visitors; [] otherwise. */
    inspectors: z.array(z.string()),
    /** The order's price as the thank-you lays it out: lines that add up to the total (house rule 16); null where amounts are hidden. */
    price: z
      .object({
        lines: z.array(z.object({ label: z.string(), amount: z.string() })),
        total: z.string(),
        note: z.string().nullable(),
      })
      .nullable(),
    /** The clients and agents, each with their role as the page writes it ("Client", "Buyer's agent"). */
    people: z.array(z.object({ role: z.string(), name: z.string() })),
    paid: z.boolean(),
    /** What is left to pay once part is paid ("$109.53"); null before any payment and once paid. */
    balance_due: z.string().nullable(),
    cancelled: z
      .object({
        at: z.string(),
        fee: z.string().nullable(),
        /** The reason the office gave, which its console says the client sees; null when none, or when a visitor cancelled (theirs was written to the office). */
        reason: z.string().nullable(),
      })
      .nullable(),
  }),
  reschedule: changeOptionSchema.extend({
    /** How many more times it may be moved online; null: no limit. */
    remaining: z.number().int().nullable(),
    /** What moving now costs under the policy (the late-reschedule fee, decision 0081), in cents (0: nothing), and as the visitor reads it. */
    fee_cents: z.number().int().min(0),
    fee: z.string().nullable(),
    /**
     * How the fee is collected, said before the visitor confirms: "Moving now charges the
     * late-reschedule fee of $25.00 to your Visa ending 4242."; null when nothing is to collect,
     * or the reader is an agent (the fee is the client's).
     */
    charge: z.string().max(1000).nullable(),
  }),
  cancel: changeOptionSchema.extend({
    /** What cancelling now costs under the policy, in cents (0: nothing), and as the visitor reads it. */
    fee_cents: z.number().int().min(0),
    fee: z.string().nullable(),
    /**
     * The late-cancellation fee still ahead: from when (ISO 8601) cancelling costs what (as the
     * visitor reads it); null when no fee is ahead (none, already due, or none in the policy).
     */
    late_fee: z.object({ from: z.string(), fee: z.string() }).nullable(),
    /**
     * What cancelling now gives back of what was paid (decision 0076): "Cancelling now refunds
     * $325.00 of the $400.00 you paid: the late-cancellation fee of $75.00 is kept."; null when
     * nothing was paid, the company's office refunds by hand, or the reader is an agent.
     */
    refund: z.string().max(1000).nullable(),
    /**
     * How the part of the fee beyond what was paid is collected (decision 0081): "Cancelling now
     * charges the late-cancellation fee of $75.00 to your Visa ending 4242."; null when nothing is
     * to collect, or the reader is an agent.
     */
    charge: z.string().max(1000).nullable(),
  }),
  /** What happened to the booking since it was confirmed, oldest first, each as a sentence. */
  history: z.array(z.object({ at: z.string(), text: z.string() })),
  /** The agreements the reader signs (issue 43): a client's link only; [] for an agent's or a contact's. */
  agreements: z.array(manageAgreementSchema),
  /**
   * The PDF receipts of the order's payments and refunds (decision 0082), oldest first, each
   * downloaded from `…/json/manage/{token}/receipts/{id}/pdf`: a client's link only; [] otherwise.
   */
  receipts: z.array(z.object({ id: z.uuid(), text: z.string() })),
});
export type ManageOrderView = z.infer<typeof manageOrderViewSchema>;

/** POST /{company_key}/json/online_scheduler/manage_link: the thank-you page's own manage link, for the visitor's session. */
export const visitorManageLinkResponseSchema = z.object({ url: z.string() });

/**
 * GET /{company_key}/json/manage_contact (issue 42): who to call when a manage link is not valid
 * any more: the company the link's URL names, and its offices' names and phones. No token: it
 * tells nothing of any link.
 */
export const manageContactResponseSchema = z.object({
  company_name: z.string(),
  offices: z.array(z.object({ office_name: z.string(), office_phone: z.string() })),
});
export type ManageContactResponse = z.infer<typeof manageContactResponseSchema>;

/** GET .../availability: the wizard's availability query, for the order's own cart and address. */
export const manageAvailabilityQuerySchema = availabilityQuerySchema.pick({ from: true, to: true });

/** POST .../hold: holds a new time for the order while the visitor confirms the move. */
export const manageHoldBodySchema = z.object({ start: schedulingInstantSchema }).strict();

/** The time held, who would inspect then, and whether that is the order's own inspectors. */
export const manageHoldResponseSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ok'),
    start: z.string(),
    end: z.string(),
    when: z.object({ date: z.string(), time: z.string() }),
    hold_expires_at: z.string(),
    same_inspectors: z.boolean(),
    /** "Sarah Chen isn't free then; Mike Alvarez would inspect"; null when the same inspectors would. */
    inspector_note: z.string().nullable(),
  }),
  z.object({ status: z.literal('unavailable'), appointments: z.array(appointmentSlotSchema) }),
]);
export type ManageHoldResponse = z.infer<typeof manageHoldResponseSchema>;

/**
 * POST .../reschedule: moves the booking to `start`. `from_start` is the start the page showed:
 * a booking moved since (another tab, another person's link) is not moved again (409 order_changed).
 * `fee_cents` is the late-reschedule fee the page showed (0 when it showed none): a different fee
 * now is refused (409 fee_changed), as the cancel's.
 */
export const manageRescheduleBodySchema = z
  .object({
    start: schedulingInstantSchema,
    from_start: schedulingInstantSchema,
    fee_cents: z.number().int().min(0).max(100_000_000).default(0),
  })
  .strict();

/** POST .../cancel: `fee_cents` is the fee the page showed; a different fee now is refused (409 fee_changed). */
export const manageCancelBodySchema = withAcceptableText(
  z
    .object({
      reason: z.string().max(CANCEL_REASON_MAX).default(''),
      fee_cents: z.number().int().min(0).max(100_000_000),
    })
    .strict(),
);
export type ManageCancelBody = z.infer<typeof manageCancelBodySchema>;

/** A reschedule's or cancellation's answer: the order as it is now, or the time was taken meanwhile. */
export const manageChangeResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('ok'), view: manageOrderViewSchema }),
  z.object({ status: z.literal('unavailable'), appointments: z.array(appointmentSlotSchema) }),
]);
export type ManageChangeResponse = z.infer<typeof manageChangeResponseSchema>;

// ---- The office (admin API) ----

/** POST /api/admin/companies/{company_key}/orders/{id}/reschedule: the office moves a booking on the client's behalf. */
export const adminRescheduleBodySchema = z
  .object({
    start: schedulingInstantSchema,
    /** The start the office saw, refusing a booking moved meanwhile; absent: whatever it is now. */
    from_start: schedulingInstantSchema.optional(),
    /** Move it even where the policy refuses (inside the cut-off, over the reschedule limit): recorded as overridden. */
    override: z.boolean().default(false),
  })
  .strict();

/** POST /api/admin/companies/{company_key}/orders/{id}/cancel: the office cancels on the client's behalf. */
export const adminCancelBodySchema = withAcceptableText(
  z
    .object({
      reason: z.string().max(CANCEL_REASON_MAX).default(''),
      /** Cancel even where the policy refuses (inside the cut-off): recorded as overridden. */
      override: z.boolean().default(false),
      /** Charge no late-cancellation fee even where the policy sets one: recorded. */
      waive_fee: z.boolean().default(false),
    })
    .strict(),
);

/** The office's answer to a change: the order as the manage page shows it now, or the time was not free. */
export const adminChangeResponseSchema = manageChangeResponseSchema;

/** An order's manage links as the office reads them: who each was sent to, never a token. */
export const adminManageLinksResponseSchema = z.object({
  links: z.array(
    z.object({
      id: z.uuid(),
      role: z.string(),
      recipient: z.string(),
      created_at: z.string(),
      revoked_at: z.string().nullable(),
    }),
  ),
});
