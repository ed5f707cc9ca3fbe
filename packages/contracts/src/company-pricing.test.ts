import { describe, expect, it } from 'vitest';
import demoDocument from '../../../examples/demo-company.json' with { type: 'json' };
import { companyDocumentSchema } from './company-document.ts';

const demo = () =>
  structuredClone(demoDocument) as unknown as Record<string, unknown> & { pricing: Record<string, unknown[]> };
const issuePaths = (input: unknown) => {
  const result = companyDocumentSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe("the company document's pricing section", () => {
  it('accepts the demo company, and an empty section when left out', () => {
    expect(issuePaths(demo())).toEqual([]);
    const { pricing: _left, ...without } = demo();
    expect(companyDocumentSchema.parse(without).pricing.coupons).toEqual([]);
  });

  it('refuses services, packages and offices the document does not have', () => {
    const doc = demo();
    doc.pricing.fees!.push({
      code: 'ghost',
      description: 'Ghost',
      scope: 'service',
      services: ['00000000-0000-4000-8000-000000000000'],
      rule: { kind: 'flat', amount_cents: 100 },
    });
    doc.pricing.taxes = [
      { code: 'elsewhere', name: 'Elsewhere Tax', rate_percent: 5, office: '00000000-0000-4000-8000-000000000001' },
    ];
    doc.pricing.package_fee_waivers = [{ package_id: 99, fee_codes: ['home-size'] }];
    expect(issuePaths(doc)).toEqual([
      'pricing.fees.2.services.0: unknown service',
      'pricing.taxes.0.office: unknown office',
      'pricing.package_fee_waivers.0.package_id: unknown package',
    ]);
  });

  it('refuses a code the short form already uses, in any case', () => {
    const doc = demo();
    doc.pricing.coupons!.push({ code: 'firsthome', name: 'Again', discount: { kind: 'amount', amount_cents: 100 } });
    doc.pricing.fees!.push({
      code: 'home-size',
      description: 'Again',
      scope: 'order',
      rule: { kind: 'flat', amount_cents: 100 },
    });
    expect(issuePaths(doc)).toEqual([
      'pricing.fees.2.code: fees must have unique codes: this code appears twice',
      'pricing.coupons.4.code: coupons must have unique codes: this code appears twice',
    ]);
  });
});
