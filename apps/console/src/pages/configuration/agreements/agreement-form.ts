import { z } from 'zod';
import {
  AGREEMENT_BODY_MAX,
  AGREEMENT_NAME_MAX,
  type AgreementAppliesTo,
  type AgreementTemplate,
  type AgreementTemplateInput,
} from '@scheduler/contracts/agreements';
import { htmlText } from './agreement-body.ts';

/**
 * The agreement editor's fields, what is checked before a save (the server checks it all again),
 * and the company's packages and services as "Sent for" lists them.
 */

export interface AgreementFields {
  name: string;
  body_html: string;
  /** `all`: every order; `chosen`: the orders that book one of the chosen packages or services. */
  sentFor: 'all' | 'chosen';
  service_ids: string[];
  package_ids: number[];
  active: boolean;
}

/** The editor's fields a refusal may name: the server's `applies_to.*` is shown at "Sent for". */
export type FieldName = 'name' | 'body_html' | 'applies_to' | 'active';
export type FieldErrors = Partial<Record<FieldName, string>>;

export const NAME_REQUIRED = 'Give the agreement a name.';
export const NAME_TOO_LONG = `At most ${AGREEMENT_NAME_MAX} characters.`;
export const BODY_REQUIRED = 'Write the agreement.';
export const BODY_TOO_LONG = `At most ${AGREEMENT_BODY_MAX.toLocaleString('en-US')} characters.`;
export const CHOOSE_SOMETHING = 'Choose every order, or at least one package or service.';

export function fieldsOf(template: AgreementTemplate | null): AgreementFields {
  if (!template) return { name: '', body_html: '', sentFor: 'all', service_ids: [], package_ids: [], active: true };
  return {
    name: template.name,
    body_html: template.body_html,
    sentFor: template.applies_to.all ? 'all' : 'chosen',
    service_ids: template.applies_to.service_ids,
    package_ids: template.applies_to.package_ids,
    active: template.active,
  };
}

export function inputOf(fields: AgreementFields): AgreementTemplateInput {
  const all = fields.sentFor === 'all';
  return {
    name: fields.name.trim(),
    body_html: fields.body_html.trim(),
    // "Every order" sends it for every order: no list is kept beside it.
    applies_to: { all, service_ids: all ? [] : fields.service_ids, package_ids: all ? [] : fields.package_ids },
    active: fields.active,
  };
}

/** What the page can tell before asking the server. */
export function fieldErrorsOf(fields: AgreementFields): FieldErrors {
  const errors: FieldErrors = {};
  const name = fields.name.trim();
  if (name === '') errors.name = NAME_REQUIRED;
  else if (name.length > AGREEMENT_NAME_MAX) errors.name = NAME_TOO_LONG;
  const body = fields.body_html.trim();
  if (body === '') errors.body_html = BODY_REQUIRED;
  else if (body.length > AGREEMENT_BODY_MAX) errors.body_html = BODY_TOO_LONG;
  if (fields.sentFor === 'chosen' && fields.service_ids.length === 0 && fields.package_ids.length === 0)
    errors.applies_to = CHOOSE_SOMETHING;
  return errors;
}

/** The editor's field a refusal names (`applies_to.service_ids` is "Sent for"), or null. */
export function fieldOfRefusal(field: string | undefined): FieldName | null {
  const head = field?.split('.')[0];
  return head === 'name' || head === 'body_html' || head === 'applies_to' || head === 'active' ? head : null;
}

export interface CatalogueItem<Id> {
  id: Id;
  name: string;
}

export interface Catalogue {
  packages: Array<CatalogueItem<number>>;
  services: Array<CatalogueItem<string>>;
}

// Only what "Sent for" needs of the document; the rest of it is the other editors'.
const catalogueSchema = z.object({
  services: z
    .array(
      z.object({
        uuid: z.string(),
        name: z.string(),
        label: z.boolean().optional(),
        sort: z.number().optional(),
      }),
    )
    .catch([]),
  packages: z.array(z.object({ id: z.number(), name: z.string(), sort: z.number().optional() })).catch([]),
});

const bySort = (a: { sort?: number | undefined }, b: { sort?: number | undefined }) => (a.sort ?? 0) - (b.sort ?? 0);

/** The company's packages and services in the visitors' order; a services list's headings are no service. */
export function catalogueOf(document: Record<string, unknown>): Catalogue {
  const parsed = catalogueSchema.safeParse(document);
  if (!parsed.success) return { packages: [], services: [] };
  return {
    packages: [...parsed.data.packages].sort(bySort).map((item) => ({ id: item.id, name: htmlText(item.name) })),
    services: parsed.data.services
      .filter((item) => !item.label)
      .sort(bySort)
      .map((item) => ({ id: item.uuid, name: htmlText(item.name) })),
  };
}

/** "Sent for" in words, as the list of agreements shows it. */
export function sentForText(appliesTo: AgreementAppliesTo, catalogue: Catalogue): string {
  if (appliesTo.all) return 'Every order';
  const names = [
    ...appliesTo.package_ids.map((id) => catalogue.packages.find((item) => item.id === id)?.name ?? `Package ${id}`),
    ...appliesTo.service_ids.map(
      (id) => catalogue.services.find((item) => item.id === id)?.name ?? 'A service no longer offered',
    ),
  ];
  return names.join(', ');
}
