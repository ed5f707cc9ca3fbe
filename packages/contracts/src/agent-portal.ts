import { z } from 'zod';

/**
 * The agent portal's API (issue 47, decision 0092): an agent of a company's directory signs in
 * with a one-use e-mailed link and sees the inspections they are on.
 */

/** A sign-in link's and a portal session's token: 256 random bits, base64url (43 characters). */
export const AGENT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The one answer to a sign-in request, whether or not the address is an agent's of the company. */
export const AGENT_SIGN_IN_SENT_MESSAGE =
  "If this e-mail address is one of our agents', we have sent it a sign-in link. It works once, for 15 minutes.";

export const agentSignInRequestSchema = z.object({ email: z.email().max(254) }).strict();
export type AgentSignInRequest = z.infer<typeof agentSignInRequestSchema>;

export const agentSignInAnswerSchema = z.object({ message: z.string() });

export const agentLinkBodySchema = z.object({ token: z.string().regex(AGENT_TOKEN_PATTERN) }).strict();

export const AGENT_PHONE_MAX = 40;
export const AGENT_AGENCY_MAX = 120;

export const agentProfileSchema = z.object({
  id: z.number().int(),
  first: z.string(),
  last: z.string(),
  email: z.string(),
  mobile_phone: z.string(),
  agency: z.string(),
  receives_sms: z.boolean(),
  /** The company lets visitors change a directory agent's details (DO_NOT_ALLOW_EDIT_AGENTS_INFO off). */
  editing_allowed: z.boolean(),
  company_name: z.string(),
  /** The wizard's link of the company's first active office ("Book another inspection"); null when it has none. */
  book_path: z.string().nullable(),
});
export type AgentProfile = z.infer<typeof agentProfileSchema>;

export const agentProfileUpdateSchema = z
  .object({
    mobile_phone: z.string().trim().max(AGENT_PHONE_MAX),
    agency: z.string().trim().max(AGENT_AGENCY_MAX),
    receives_sms: z.boolean(),
  })
  .strict();
export type AgentProfileUpdate = z.infer<typeof agentProfileUpdateSchema>;

export const AGENT_ORDERS_PAGE_MAX = 50;
/** How far back the past inspections go, and how far ahead the upcoming ones: the request's window. */
export const AGENT_ORDERS_WINDOW_DAYS = 730;

export const agentOrdersQuerySchema = z
  .object({
    when: z.enum(['upcoming', 'past']).default('upcoming'),
    limit: z.coerce.number().int().min(1).max(AGENT_ORDERS_PAGE_MAX).default(20),
    /** The last row of the page before: its time and id. */
    after: z
      .string()
      .max(100)
      .regex(/^\d{1,15}_[0-9a-f-]{36}$/)
      .optional(),
  })
  .strict();
export type AgentOrdersQuery = z.infer<typeof agentOrdersQuerySchema>;

export const agentOrderSchema = z.object({
  id: z.uuid(),
  status: z.enum(['confirmed', 'cancelled']),
  datetime: z.string().nullable(),
  time_zone: z.string(),
  address: z.string(),
  client_name: z.string(),
  role: z.enum(['buyers_agent', 'sellers_agent']),
  payment_status: z.enum(['paid', 'unpaid']),
  /** null when the order has no agreement to sign. */
  agreement_status: z.enum(['signed', 'pending']).nullable(),
  /** Booked and still ahead: the agent may open its manage page (POST …/orders/{id}/manage-link). */
  manageable: z.boolean(),
});
export type AgentOrder = z.infer<typeof agentOrderSchema>;

export const agentOrdersPageSchema = z.object({
  orders: z.array(agentOrderSchema),
  /** The `after` of the next page; null on the last. */
  next: z.string().nullable(),
});
export type AgentOrdersPage = z.infer<typeof agentOrdersPageSchema>;

export const AGENT_RECENT_CLIENTS_MAX = 10;

export const agentRecentClientSchema = z.object({
  first: z.string(),
  last: z.string(),
  email: z.string(),
  mobile_phone: z.string(),
});
export const agentRecentClientsSchema = z.object({ clients: z.array(agentRecentClientSchema) });
export type AgentRecentClient = z.infer<typeof agentRecentClientSchema>;

/** The most services an agent's usual cart names (decision 0094). */
export const AGENT_USUAL_SERVICES_MAX = 20;

/**
 * The cart of the agent's latest booking with the company (within a year): what the wizard's
 * packages step adds, visibly, when the agent books again with an empty cart (decision 0094).
 */
export const agentUsualCartSchema = z.object({
  package: z.number().int().positive().nullable(),
  services: z.array(z.string().max(64)).max(AGENT_USUAL_SERVICES_MAX),
});
export type AgentUsualCart = z.infer<typeof agentUsualCartSchema>;

export const agentManageLinkSchema = z.object({ url: z.string() });
