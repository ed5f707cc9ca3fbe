import { describe, expect, it } from 'vitest';
import { agreementApplies, agreementComplete, escapeHtmlText, fillAgreementHtml } from './agreement-fill.ts';

describe('fillAgreementHtml', () => {
  it('fills known placeholders with escaped text and leaves unknown ones as written', () => {
    const html = fillAgreementHtml('<p>{client_name} at {address}; {unknown}</p>', {
      client_name: 'Ann <b>& Bo</b>',
      address: '1 Main "St"',
    });
    expect(html).toBe('<p>Ann &lt;b&gt;&amp; Bo&lt;/b&gt; at 1 Main &quot;St&quot;; {unknown}</p>');
  });

  it('writes a value of several lines one line each', () => {
    expect(fillAgreementHtml('{price_lines}', { price_lines: 'A: $1.00\nTotal $1.00' })).toBe(
      'A: $1.00<br>Total $1.00',
    );
  });

  it('escapes every character HTML gives a meaning', () => {
    expect(escapeHtmlText(`&<>"'x`)).toBe('&amp;&lt;&gt;&quot;&#39;x');
  });
});

describe('agreementApplies', () => {
  const booked = { serviceIds: ['8f1d3c2e-0000-4000-8000-000000000001'], packageIds: [7] };
  it('applies to every order when all is set', () => {
    expect(agreementApplies({ all: true, service_ids: [], package_ids: [] }, { serviceIds: [], packageIds: [] })).toBe(
      true,
    );
  });
  it('applies when a listed service or package is booked, and not otherwise', () => {
    expect(agreementApplies({ all: false, service_ids: [booked.serviceIds[0]!], package_ids: [] }, booked)).toBe(true);
    expect(agreementApplies({ all: false, service_ids: [], package_ids: [7] }, booked)).toBe(true);
    expect(agreementApplies({ all: false, service_ids: [], package_ids: [8] }, booked)).toBe(false);
  });
});

describe('agreementComplete', () => {
  const signed = { signedAt: new Date('2026-11-28T10:00:00Z') };
  const unsigned = { signedAt: null };
  it('needs one signature when one is required', () => {
    expect(agreementComplete('one', [unsigned, signed])).toBe(true);
    expect(agreementComplete('one', [unsigned, unsigned])).toBe(false);
  });
  it("needs every signer's when all are required", () => {
    expect(agreementComplete('all', [signed, unsigned])).toBe(false);
    expect(agreementComplete('all', [signed, signed])).toBe(true);
  });
  it('is never complete without signers', () => {
    expect(agreementComplete('one', [])).toBe(false);
    expect(agreementComplete('all', [])).toBe(false);
  });
});
