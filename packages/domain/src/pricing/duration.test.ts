import { describe, expect, it } from 'vitest';
import { cartServicesAndMinutes, catalogueDurations, orderDurationMinutes } from './duration.ts';
import { DEMO, P, S } from './test-fixtures.ts';

const durations = catalogueDurations(DEMO.services, DEMO.packages);
const timed = catalogueDurations(
  DEMO.services,
  DEMO.packages.map((p) => (p.id === P.complete ? { ...p, duration_minutes: 240 } : p)),
);

describe('order duration', () => {
  it('sums the services, and a package of 0 minutes takes the sum of its services', () => {
    expect(cartServicesAndMinutes(durations, { packageIds: [], serviceIds: [S.singleFamily, S.radon] })).toEqual({
      serviceIds: [S.singleFamily, S.radon],
      minutes: 210,
    });
    // Buyer's Complete: 180 + 30 + 30 + 60.
    expect(cartServicesAndMinutes(durations, { packageIds: [P.complete], serviceIds: [] }).minutes).toBe(300);
  });

  it("takes a package's own minutes when it has them", () => {
    expect(cartServicesAndMinutes(timed, { packageIds: [P.complete], serviceIds: [S.well] }).minutes).toBe(240 + 30);
  });

  it('counts a service the package covers once, and lists every service once', () => {
    const cart = cartServicesAndMinutes(durations, { packageIds: [P.essentials], serviceIds: [S.termite, S.well] });
    expect(cart.minutes).toBe(180 + 30 + 30);
    expect(cart.serviceIds).toEqual([S.singleFamily, S.termite, S.well]);
  });

  it('adds several packages, and counts unknown items as nothing', () => {
    expect(
      cartServicesAndMinutes(durations, {
        packageIds: [P.essentials, P.condo, 99],
        serviceIds: ['99999999-0000-4000-8000-000000000000'],
      }).minutes,
    ).toBe(210 + 195);
  });

  it('leaves pay-at-close out: no inspector performs it, so it never decides who can inspect', () => {
    expect(durations.payment.has(S.payAtClose)).toBe(true);
    expect(cartServicesAndMinutes(durations, { packageIds: [], serviceIds: [S.singleFamily, S.payAtClose] })).toEqual({
      serviceIds: [S.singleFamily],
      minutes: 180,
    });
    expect(
      cartServicesAndMinutes(durations, { packageIds: [P.essentials], serviceIds: [S.payAtClose] }).serviceIds,
    ).toEqual(cartServicesAndMinutes(durations, { packageIds: [P.essentials], serviceIds: [] }).serviceIds);
  });

  it("falls back to the office's default while the cart takes no time", () => {
    expect(orderDurationMinutes(durations, { packageIds: [], serviceIds: [] }, 180)).toBe(180);
    expect(orderDurationMinutes(durations, { packageIds: [], serviceIds: [S.payAtClose] }, 150)).toBe(150);
    expect(orderDurationMinutes(durations, { packageIds: [], serviceIds: [S.mold] }, 180)).toBe(45);
  });
});
