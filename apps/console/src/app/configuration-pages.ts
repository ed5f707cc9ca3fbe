/**
 * The configuration editors (issue 26) in the order a company sets itself up: who it is and where,
 * who inspects, what it sells and charges, what it asks, whom it knows, then how bookings change,
 * what it says, how it is paid, where it is shown, which of its systems may call it, how long it keeps its clients' data, what its
 * clients sign, and the history of it all. The shell's "Configuration" link opens the first; the configuration layout
 * lists them all.
 */
export const CONFIGURATION_PAGES = [
  { path: 'settings', label: 'Settings' },
  { path: 'offices', label: 'Offices' },
  { path: 'inspectors', label: 'Inspectors' },
  { path: 'services', label: 'Services and prices' },
  { path: 'fees-taxes-coupons', label: 'Fees, taxes and coupons' },
  { path: 'property-questions', label: 'Property questions' },
  { path: 'people', label: 'People' },
  // People added online awaiting the office, duplicates merged (issue 47, decision 0091).
  { path: 'directory-review', label: 'Directory review' },
  { path: 'booking-changes', label: 'Booking changes' },
  { path: 'messages', label: 'Messages' },
  { path: 'payments', label: 'Payments' },
  { path: 'embedding', label: 'Website embedding' },
  // What the company's other systems are told (issue 46): listed only to the roles that may change it.
  { path: 'webhooks', label: 'Webhooks', action: 'integrations.manage' },
  // The company's keys for its other systems (issue 46): listed only to the roles that may make them.
  { path: 'api-keys', label: 'API keys', action: 'integrations.manage' },
  { path: 'privacy', label: 'Privacy' },
  // What clients sign (issue 43): listed only to the roles that may change it.
  { path: 'agreements', label: 'Agreements', action: 'agreements.manage' },
  { path: 'history', label: 'History' },
] as const;

export type ConfigurationPagePath = (typeof CONFIGURATION_PAGES)[number]['path'];

/** Whether a console path (under the router's basename) is one of a company's configuration pages. */
export function isConfigurationPath(pathname: string, companyKey: string): boolean {
  const prefix = `/${encodeURIComponent(companyKey)}/`;
  if (!pathname.startsWith(prefix)) return false;
  const page = pathname.slice(prefix.length).split('/')[0];
  return CONFIGURATION_PAGES.some((entry) => entry.path === page);
}
