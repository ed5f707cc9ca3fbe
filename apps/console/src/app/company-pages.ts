import { CONFIGURATION_PAGES } from './configuration-pages.ts';

/**
 * The first segment of every page under a company (/console/{key}/{page}), the earlier
 * configuration addresses included: ConsoleRoutes' children. A person who types /console/orders
 * means their company's orders, not a company keyed "orders" (issue 41).
 */
const COMPANY_PAGES: ReadonlySet<string> = new Set([
  'schedule',
  'orders',
  'ledger',
  'book',
  'team',
  'funnel',
  'account',
  ...CONFIGURATION_PAGES.map((page) => page.path),
  'catalogue',
  'pricing',
  'questions',
  'booking-policy',
]);

/** Whether the first segment of a console path names a company's page rather than a company. */
export const isCompanyPage = (segment: string): boolean => COMPANY_PAGES.has(segment);
