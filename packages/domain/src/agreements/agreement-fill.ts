import type { AgreementAppliesTo, AgreementPlaceholder } from '@scheduler/contracts/agreements';

/**
 * How an agreement template becomes the document an order's signers read (issue 43, decision
 * 0080): its `{placeholders}` filled with the order's values, each value escaped as HTML text (a
 * client named `<b>` stays text), a value of several lines (the price lines) one line each.
 */

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtmlText(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

/** Fills `{name}` placeholders of sanitised HTML with escaped values; an unknown one is left as written. */
export function fillAgreementHtml(
  bodyHtml: string,
  values: Readonly<Partial<Record<AgreementPlaceholder, string>>>,
): string {
  return bodyHtml.replace(/\{([a-z_]+)\}/g, (whole, name: string) => {
    const value = (values as Record<string, string | undefined>)[name];
    if (value === undefined) return whole;
    return value.split('\n').map(escapeHtmlText).join('<br>');
  });
}

/** What an order booked, as a template's `applies_to` reads it. */
export interface BookedItems {
  serviceIds: readonly string[];
  packageIds: readonly number[];
}

/** Whether a template is sent for an order: every order, or one that booked a listed package or service. */
export function agreementApplies(appliesTo: AgreementAppliesTo, booked: BookedItems): boolean {
  if (appliesTo.all) return true;
  return (
    appliesTo.service_ids.some((id) => booked.serviceIds.includes(id)) ||
    appliesTo.package_ids.some((id) => booked.packageIds.includes(id))
  );
}

/** Whether an agreement is complete: one signature is enough, or every signer's is needed. */
export function agreementComplete(required: 'one' | 'all', signers: ReadonlyArray<{ signedAt: Date | null }>): boolean {
  const signed = signers.filter((signer) => signer.signedAt !== null).length;
  if (signers.length === 0) return false;
  return required === 'one' ? signed >= 1 : signed === signers.length;
}

/** The values the console's preview fills a template with: a plausible order, plainly a sample. */
export const SAMPLE_AGREEMENT_VALUES: Readonly<Record<AgreementPlaceholder, string>> = {
  company_name: 'Your Company',
  licence_number: 'HI-000000',
  client_name: 'Alex Sample and Jordan Sample',
  address: '123 Sample Street, Columbus, OH 43215',
  datetime: '12/1/2026 at 9:30AM EST',
  inspectors: 'Pat Inspector',
  services: 'Home Inspection, Radon Test',
  price_lines: 'Home Inspection: $425.00\nRadon Test: $150.00\nTotal $575.00',
  total: '$575.00',
  agent_name: 'Casey Agent (Sample Realty)',
  order_reference: 'F80ADF62',
  office_name: 'Main Office',
  office_phone: '(614) 555-0100',
  today: '11/28/2026',
};
