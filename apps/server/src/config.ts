import { z } from 'zod';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined));

/** Configuration comes from environment variables only, parsed once at start-up. */
export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalText,
  ADMIN_TOKEN: optionalText.refine((v) => v === undefined || v.length >= 16, 'ADMIN_TOKEN must be at least 16 characters'),
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  REDIS_URL: optionalText,
  SESSION_RATE_LIMIT: positiveInt(60),
  /** Searches and lookups a session may make per minute, all search routes together. */
  SEARCH_RATE_LIMIT: positiveInt(120),
  /** Writes a session may make per minute, all write routes together. */
  WRITE_RATE_LIMIT: positiveInt(60),
  SESSION_TTL_DAYS: positiveInt(7),
  /** How long opening a PostgreSQL connection, or waiting for a free one, may take. */
  DATABASE_CONNECT_TIMEOUT_MS: positiveInt(3_000),
  /** How long one query may take before it is given up and the request answered 503. */
  DATABASE_STATEMENT_TIMEOUT_MS: positiveInt(5_000),
  /** After SIGTERM, how long requests already received may take before they are answered 503 and the process exits. */
  SHUTDOWN_GRACE_MS: positiveInt(10_000),
  /** Behind a load balancer, trust X-Forwarded-For so rate limits count real client addresses. */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built wizard is; the server answers 503 on wizard pages when it is missing. */
  WEB_DIST_DIR: optionalText,
  /** Load examples/demo-company.json on first start. */
  DEMO_COMPANY: z
    .enum(['on', 'off'])
    .default('on')
    .transform((v) => v === 'on'),
});
export type Config = z.infer<typeof configSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
}
