import {
  packageFeeWaiverSchema,
  pricingFeeRuleSchema,
  serviceModifierSchema,
  type PricingFeeRule,
} from '@scheduler/contracts/pricing';
import { htmlToPlainText } from '@scheduler/domain/html-text';
import { formatMoney } from '@scheduler/domain/money-format';

/**
 * The pricing rules this page shows but does not edit, in plain words: service modifiers, package
 * fee waivers, and the fees driven by a property question. Names come from the document (a
 * service's, a package's, a question's and its options'); an id the document does not name is said
 * as such rather than hidden.
 */

export interface DocumentNames {
  currency: string;
  service: (uuid: string) => string;
  package: (id: number) => string;
  /** A fee's description by its code, from either list. */
  fee: (code: string) => string;
  question: (id: number) => string;
  /** An option of a question; for a foundation-type fee, of the company's foundation-type question. */
  option: (option: number | string, questionId: number | null) => string;
}

interface NamedControl {
  id?: unknown;
  type?: unknown;
  label?: unknown;
  options?: unknown;
}

export function documentNames(document: Record<string, unknown>, currency: string): DocumentNames {
  const list = (key: string) => (Array.isArray(document[key]) ? (document[key] as Array<Record<string, unknown>>) : []);
  const services = new Map(list('services').map((s) => [String(s.uuid), htmlToPlainText(String(s.name ?? ''))]));
  const packages = new Map(list('packages').map((p) => [Number(p.id), htmlToPlainText(String(p.name ?? ''))]));
  const pricing = (document.pricing ?? {}) as Record<string, unknown>;
  const fees = new Map(
    [...list('fees'), ...(Array.isArray(pricing.fees) ? (pricing.fees as Array<Record<string, unknown>>) : [])].map(
      (f) => [String(f.code), String(f.description ?? f.code)],
    ),
  );
  const controls = list('property_controls') as NamedControl[];
  const control = (id: number | null) =>
    id === null ? controls.find((c) => c.type === 'FoundationType') : controls.find((c) => c.id === id);
  return {
    currency,
    service: (uuid) => services.get(uuid) ?? 'a service no longer offered',
    package: (id) => packages.get(id) ?? `package ${id} (no longer offered)`,
    fee: (code) => fees.get(code) ?? code,
    question: (id) => {
      const label = control(id)?.label;
      return typeof label === 'string' ? `“${label}”` : `question ${id} (no longer asked)`;
    },
    option: (option, questionId) => {
      if (typeof option === 'string') return `“${option}”`;
      const options = control(questionId)?.options;
      const found = Array.isArray(options)
        ? (options as Array<{ id?: unknown; value?: unknown }>).find((o) => o.id === option)
        : undefined;
      return typeof found?.value === 'string' ? `“${found.value}”` : `option ${option}`;
    },
  };
}

const joinList = (items: readonly string[], word: 'and' | 'or') =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${word} ${items.at(-1)}`;

/** A rule set on the Property questions page, as the office reads it. */
export function questionRuleWords(rule: PricingFeeRule, names: DocumentNames): string {
  const money = (cents: number) => formatMoney(cents, names.currency);
  if (rule.kind === 'foundation_type')
    return `By foundation type: ${rule.options.map((o) => `${names.option(o.option_id, null)} adds ${money(o.amount_cents)}`).join('; ')}.`;
  if (rule.kind === 'control') {
    const parts = [
      ...(rule.checked_cents > 0 ? [`checked adds ${money(rule.checked_cents)}`] : []),
      ...rule.options.map((o) => `${names.option(o.option, rule.control_id)} adds ${money(o.amount_cents)}`),
    ];
    return `By the question ${names.question(rule.control_id)}: ${parts.length > 0 ? parts.join('; ') : 'adds nothing'}.`;
  }
  return '';
}

/** A loaded fee's rule, when it is one the Property questions page sets; null otherwise. */
export function questionRuleOf(fee: unknown): PricingFeeRule | null {
  const rule = pricingFeeRuleSchema.safeParse((fee as { rule?: unknown } | null)?.rule);
  return rule.success && (rule.data.kind === 'foundation_type' || rule.data.kind === 'control') ? rule.data : null;
}

/** Each service modifier in a sentence; an entry that cannot be read is said to be kept as it is. */
export function modifierSentences(modifiers: readonly unknown[], names: DocumentNames): string[] {
  return modifiers.map((raw) => {
    const parsed = serviceModifierSchema.safeParse(raw);
    if (!parsed.success) return 'A discount this page cannot read: it is kept as it is.';
    const m = parsed.data;
    const off =
      m.discount.kind === 'percent'
        ? `${m.discount.percent}% less`
        : `${formatMoney(m.discount.amount_cents, names.currency)} less`;
    const when =
      m.requires_any_of.length === 0
        ? ', always'
        : ` when ordered with ${joinList(m.requires_any_of.map(names.service), 'or')}`;
    return `${m.description}: ${joinList(m.services.map(names.service), 'and')} ${m.services.length === 1 ? 'costs' : 'each cost'} ${off}${when}.`;
  });
}

export function waiverSentences(waivers: readonly unknown[], names: DocumentNames): string[] {
  return waivers.map((raw) => {
    const parsed = packageFeeWaiverSchema.safeParse(raw);
    if (!parsed.success) return 'A package fee waiver this page cannot read: it is kept as it is.';
    return `${names.package(parsed.data.package_id)} includes ${parsed.data.fee_codes.map(names.fee).join(', ')}: shown in the package, not charged.`;
  });
}
