import { z } from 'zod';
import { adminOrderSchema } from './confirm.ts';
import { publicPersonSchema } from './public-api.ts';

/**
 * The webhook event catalogue (issue 46, decision 0086): every event a company's endpoint may
 * subscribe to, with what it means. One list: the console's checkboxes, the API's validation, the
 * database trigger's mapping test and the README read it.
 *
 * Each order event comes from the order's audit trail (`order_events`), written in the transaction
 * of the change itself, so no write path can forget to emit one (see decision 0086 for the
 * mapping); `person.created` comes from the directory's tables alike (decision 0091).
 */
export const WEBHOOK_EVENTS = [
  { type: 'order.confirmed', description: 'A booking was confirmed (online, by phone, or by the office).' },
  { type: 'order.rescheduled', description: 'A booking was moved to another start time.' },
  { type: 'order.cancelled', description: 'A booking was cancelled, by the client or the office.' },
  { type: 'order.paid', description: 'A payment was received: online through Stripe, or recorded by the office.' },
  { type: 'order.refunded', description: 'A payment was refunded, in part or in full.' },
  {
    type: 'order.updated',
    description: "The office edited a booked order: its people, the property's answers, its services or prices.",
  },
  { type: 'order.inspector_changed', description: 'The inspectors of a booking changed.' },
  { type: 'agreement.signed', description: "A signer signed the order's inspection agreement." },
  {
    type: 'person.created',
    description:
      'A person entered the directory: through the API, added online by a visitor in the wizard, or by an import.',
  },
] as const;

export const WEBHOOK_EVENT_TYPES = WEBHOOK_EVENTS.map((event) => event.type) as unknown as readonly [
  (typeof WEBHOOK_EVENTS)[number]['type'],
  ...Array<(typeof WEBHOOK_EVENTS)[number]['type']>,
];
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number]['type'];

/** The event the "Send test event" button sends: never subscribed to, always delivered when asked for. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** The version of every payload below; a breaking change to one makes a new version, never a silent change. */
export const WEBHOOK_PAYLOAD_VERSION = 1;

/** No payload is larger (issue 46): a bigger one is not sent, and its delivery is failed with that reason. */
export const WEBHOOK_PAYLOAD_MAX_BYTES = 256 * 1024;

/** The order as the console's order page shows it, with its price lines and a link to its page. */
export const webhookOrderSchema = adminOrderSchema.omit({ history: true }).extend({
  reference: z.string().describe('The short reference people read out on the phone'),
  price: z
    .object({
      lines: z.array(z.object({ label: z.string(), amount: z.string() })),
      total: z.string(),
    })
    .nullable()
    .describe("The order's price as its confirmation lays it out: lines that add up to the total"),
  console_url: z.string().describe("The order's page in the console"),
});
export type WebhookOrder = z.infer<typeof webhookOrderSchema>;

const envelope = <T extends string, D extends z.ZodType>(type: T, data: D) =>
  z.object({
    id: z
      .string()
      .regex(/^evt_[0-9a-f]{32}$/)
      .describe('The event id, also sent as `webhook-id`: de-duplicate on it'),
    type: z.literal(type),
    version: z.literal(WEBHOOK_PAYLOAD_VERSION),
    created_at: z.iso.datetime().describe('When the change happened (UTC)'),
    company: z.object({ key: z.string(), name: z.string() }),
    data: data,
  });

/** What the change was, from the audit trail: the event's own facts (who, from what to what). */
const changeSchema = z
  .record(z.string(), z.unknown())
  .describe("The audit trail's record of the change (e.g. a move's `from` and `to`, a cancellation's reason)");

const orderData = z.object({ order: webhookOrderSchema, change: changeSchema });

export const webhookPayloadSchemas = {
  'order.confirmed': envelope('order.confirmed', orderData),
  'order.rescheduled': envelope('order.rescheduled', orderData),
  'order.cancelled': envelope('order.cancelled', orderData),
  'order.paid': envelope('order.paid', orderData),
  'order.refunded': envelope('order.refunded', orderData),
  'order.updated': envelope('order.updated', orderData),
  'order.inspector_changed': envelope('order.inspector_changed', orderData),
  'agreement.signed': envelope('agreement.signed', orderData),
  // The person as `GET /api/v1/people/{id}` answers them (decision 0091).
  'person.created': envelope('person.created', z.object({ person: publicPersonSchema })),
} as const satisfies Record<WebhookEventType, z.ZodType>;

export const webhookTestPayloadSchema = envelope(
  WEBHOOK_TEST_EVENT,
  z.object({ message: z.string(), endpoint_id: z.uuid() }),
);

export type WebhookPayload = z.infer<(typeof webhookPayloadSchemas)[WebhookEventType]>;

// ——— The console's routes (owner and admin, `integrations.manage`). ———

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 500;
/** A company's endpoints at most. */
export const WEBHOOK_ENDPOINTS_MAX = 20;

export const webhookEndpointInputSchema = z.object({
  url: z.url({ protocol: /^https?$/ }).max(WEBHOOK_URL_MAX),
  description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX).default(''),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1).max(WEBHOOK_EVENTS.length),
  enabled: z.boolean().default(true),
});
export type WebhookEndpointInput = z.infer<typeof webhookEndpointInputSchema>;

export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  /** Why the server disabled it (`gone`: the receiver answered 410; `failing`: 3 days of failures); null otherwise. */
  disabled_reason: z.enum(['gone', 'failing']).nullable(),
  /** Since when every delivery has failed; null while it answers. */
  failing_since: z.string().nullable(),
  /** Until when the secret before the last rotation still signs (both signatures are sent); null when none. */
  previous_secret_expires_at: z.string().nullable(),
  /**
   * The API key that subscribed it through the public API (a REST hook, decision 0104): only that
   * key lists or deletes it there, and revoking the key deletes it. Null: made in the console.
   */
  made_by_key: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointsSchema = z.object({
  endpoints: z.array(webhookEndpointSchema),
  events: z.array(z.object({ type: z.enum(WEBHOOK_EVENT_TYPES), description: z.string() })),
});

export const webhookSecretSchema = z.object({
  secret: z.string().regex(/^whsec_[A-Za-z0-9+/]+={0,2}$/),
  previous_secret_expires_at: z.string().nullable(),
});

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  event_id: z.string(),
  event_type: z.string(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  /** A short code: `http_500`, `timeout`, `private_address`, `gone` … ; null when delivered. */
  outcome: z.string().nullable(),
  request: z
    .object({ headers: z.record(z.string(), z.string()), body: z.string() })
    .nullable()
    .describe('The last attempt as sent (null before the first)'),
  response: z
    .object({
      status: z.number().int(),
      headers: z.record(z.string(), z.string()),
      body: z.string().describe('Its first 4 KB'),
    })
    .nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesQuerySchema = z.object({
  /** Deliveries older than this id (the last of the page before). */
  before: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export const webhookDeliveriesSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
  /** The `before` of the next (older) page; null on the last. */
  next_before: z.number().int().nullable(),
});

// ——— REST hooks through the public API (Zapier's subscribe and unsubscribe; scope webhooks:write). ———

/** POST /api/v1/hooks: one event to one URL, as Zapier's REST hook triggers subscribe. */
export const publicHookBodySchema = z
  .object({
    target_url: z.url({ protocol: /^https?$/ }).max(WEBHOOK_URL_MAX),
    event: z.enum(WEBHOOK_EVENT_TYPES),
    description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX).optional(),
  })
  .strict();
export type PublicHookBody = z.infer<typeof publicHookBodySchema>;

/** A subscription: the webhook endpoint it made (listed in the console's Webhooks page too), and its signing secret. */
export const publicHookSchema = z.object({
  id: z.uuid(),
  target_url: z.string(),
  event: z.enum(WEBHOOK_EVENT_TYPES),
  /** The Standard Webhooks secret its deliveries are signed with (`webhook-signature`). */
  secret: z.string(),
  created_at: z.string(),
});
export type PublicHook = z.infer<typeof publicHookSchema>;

/**
 * GET /api/v1/hooks: the calling key's own subscriptions (decision 0104), never another key's nor
 * the console's endpoints; no secrets. `events` is the subscribed event, or what the office made of
 * it on the console's Webhooks page; `enabled` false once the receiver answered 410 or kept failing.
 */
export const publicHookListSchema = z.object({
  hooks: z.array(
    z.object({
      id: z.uuid(),
      target_url: z.string(),
      events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
      enabled: z.boolean(),
      created_at: z.string(),
    }),
  ),
});
export type PublicHookList = z.infer<typeof publicHookListSchema>;
