import { describe, expect, it } from 'vitest';
import { agentsOptOutOfPayAtClose } from './pay-at-close.ts';
import { priceOrder } from './engine.ts';
import { pricingInput, S } from './test-fixtures.ts';

describe('agentsOptOutOfPayAtClose (spec 5.8)', () => {
  it('is false when no agent is named, or none opted out', () => {
    expect(agentsOptOutOfPayAtClose([])).toBe(false);
    expect(
      agentsOptOutOfPayAtClose([
        { party: 'buyers_agent', onOrder: false, inDirectory: false },
        { party: 'sellers_agent', onOrder: undefined, inDirectory: null },
      ]),
    ).toBe(false);
  });

  it.each(['buyers_agent', 'sellers_agent'])(
    'is true when the %s opted out, on the order or in the directory',
    (party) => {
      expect(agentsOptOutOfPayAtClose([{ party, onOrder: true, inDirectory: null }])).toBe(true);
      expect(agentsOptOutOfPayAtClose([{ party, onOrder: false, inDirectory: true }])).toBe(true);
      expect(
        agentsOptOutOfPayAtClose([
          { party: 'buyers_agent', onOrder: false, inDirectory: false },
          { party, onOrder: true, inDirectory: true },
        ]),
      ).toBe(true);
    },
  );

  it('ignores the insurance agent, whom 5.8 does not name, and anything but a true flag', () => {
    expect(agentsOptOutOfPayAtClose([{ party: 'insurance_agent', onOrder: true, inDirectory: true }])).toBe(false);
    expect(agentsOptOutOfPayAtClose([{ party: 'buyers_agent', onOrder: 'true', inDirectory: null }])).toBe(false);
  });
});

describe("an opted-out agent and the engine's pay-at-close", () => {
  const cart = { package: null, services: [S.singleFamily, S.payAtClose], rush_rer: false, pay_at_close: false };

  it('keeps pay-at-close while no agent opted out', () => {
    const result = priceOrder(
      pricingInput({
        cart,
        pacOptOut: agentsOptOutOfPayAtClose([{ party: 'buyers_agent', onOrder: false, inDirectory: false }]),
      }),
    );
    expect(result).toMatchObject({ pacEligible: true, pacRemoved: false });
    expect(result.cart.services).toContain(S.payAtClose);
  });

  it("makes pay-at-close ineligible and takes it out of the cart once the seller's agent opted out (spec 4.3, 5.8)", () => {
    const result = priceOrder(
      pricingInput({
        cart,
        pacOptOut: agentsOptOutOfPayAtClose([{ party: 'sellers_agent', onOrder: false, inDirectory: true }]),
      }),
    );
    expect(result).toMatchObject({ pacEligible: false, pacRemoved: true });
    expect(result.pricing.pac_eligible).toBe(false);
    expect(result.cart.services).toEqual([S.singleFamily]);
  });
});
