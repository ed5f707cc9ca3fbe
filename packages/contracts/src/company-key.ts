import { z } from 'zod';

/** The lower-case name a company's links use: /{key}/calendar. */
export const COMPANY_KEY_PATTERN = /^[a-z0-9][a-z0-9-]{1,62}$/;

/**
 * Keys no company may have (issue 39): every first path segment the product serves itself (a
 * company under one of them has broken links, or shadows the product's own pages), and names a
 * visitor would take for the product's. A test reads the server's route table and fails when a
 * new first segment is missing here.
 */
export const RESERVED_COMPANY_KEYS: ReadonlySet<string> = new Set([
  'api',
  'console',
  'embed',
  'admin',
  'pay',
  'healthz',
  'readyz',
  'docs',
  'assets',
  'manage',
  'json',
  'login',
  'logout',
  'auth',
  'sign-in',
  'sign-up',
  'signin',
  'signup',
  'register',
  'account',
  'accounts',
  'app',
  'apps',
  'static',
  'public',
  'help',
  'support',
  'status',
  'www',
  'mail',
  'settings',
  'billing',
  'webhooks',
  'webhook',
  'stripe',
  'oauth',
  'well-known',
  'online-scheduler',
  'scheduler',
  'calendar',
  'logo',
  'metrics',
  'robots',
  'favicon',
  'null',
  'undefined',
]);

export const RESERVED_KEY_MESSAGE = 'this web address is reserved: choose another';

export const companyKeySchema = z
  .string()
  .regex(
    COMPANY_KEY_PATTERN,
    'lower-case letters, digits and dashes, 2 to 63 characters, starting with a letter or digit',
  )
  .refine((key) => !RESERVED_COMPANY_KEYS.has(key), RESERVED_KEY_MESSAGE);
