import { describe, expect, it } from 'vitest';
import { applyCartChange, CART_MESSAGES, checkCartChange, type CartChange } from './cart-rules.ts';
import type { PricingSettings } from './pricing-settings.ts';
import { DEMO_SETTINGS, EMPTY_CART, P, S, demoCatalogue } from './test-fixtures.ts';

const catalogue = demoCatalogue();
// The demo company requires a primary service before ancillaries.
const primaryFirst: PricingSettings = {
  ...DEMO_SETTINGS,
  requirePrimaryBeforeAncillary: true,
  allowOnlySingleService: false,
};
const free: PricingSettings = { ...primaryFirst, requirePrimaryBeforeAncillary: false };
const single: PricingSettings = { ...free, allowOnlySingleService: true };
const cart = (services: string[], pkg: number | null = null) => ({ ...EMPTY_CART, package: pkg, services });
const check = (settings: PricingSettings, services: string[], change: CartChange, pkg: number | null = null) =>
  checkCartChange(catalogue, settings, cart(services, pkg), change);
const refusal = (code: string, message: string) => ({ ok: false, code, message });

describe('checkCartChange (spec 5.7, 8.4)', () => {
  it('refuses a service already in the cart, the package included', () => {
    expect(check(free, [S.radon], { kind: 'add_service', service: S.radon })).toEqual(
      refusal('service_in_cart', 'Service already exists in cart'),
    );
    expect(check(free, [], { kind: 'add_service', service: S.termite }, P.essentials)).toEqual(
      refusal('service_in_cart', CART_MESSAGES.serviceInCart),
    );
  });

  it('refuses to remove a service that is not in the cart', () => {
    expect(check(free, [S.radon], { kind: 'remove_service', service: S.mold })).toEqual(
      refusal('service_not_in_cart', 'Service does not exist in cart'),
    );
    expect(check(free, [S.radon], { kind: 'remove_service', service: S.radon })).toEqual({ ok: true });
  });

  it('refuses unknown services, headings and packages', () => {
    expect(check(free, [], { kind: 'add_service', service: '99999999-0000-4000-8000-000000000000' })).toMatchObject({
      ok: false,
      code: 'unknown_item',
    });
    expect(check(free, [], { kind: 'add_service', service: S.environmentalHeading })).toMatchObject({
      ok: false,
      code: 'unknown_item',
    });
    expect(check(free, [], { kind: 'set_package', package: 99 })).toEqual(
      refusal('unknown_item', CART_MESSAGES.unknownPackage),
    );
  });

  it('with primary-first, refuses an ancillary until a primary is in the cart or its package', () => {
    const addRadon: CartChange = { kind: 'add_service', service: S.radon };
    expect(check(primaryFirst, [], addRadon)).toEqual(
      refusal('primary_required', "Please add a 'primary' service to your cart first"),
    );
    expect(check(primaryFirst, [S.payAtClose], addRadon)).toMatchObject({ ok: false, code: 'primary_required' });
    expect(check(primaryFirst, [S.condo], addRadon)).toEqual({ ok: true });
    expect(check(primaryFirst, [], { kind: 'add_service', service: S.mold }, P.essentials)).toEqual({ ok: true });
    expect(check(free, [], addRadon)).toEqual({ ok: true });
  });

  it('with primary-first, refuses removing the last primary while ancillaries stay', () => {
    expect(check(primaryFirst, [S.condo, S.radon], { kind: 'remove_service', service: S.condo })).toEqual(
      refusal(
        'primary_required_to_remove',
        'At least one primary service is required. Please remove any ancillary services before removing this service.',
      ),
    );
    expect(check(primaryFirst, [S.radon], { kind: 'set_package', package: null }, P.essentials)).toEqual(
      refusal(
        'primary_required_to_remove',
        'At least one primary service is required. Please remove any ancillary services before removing this package.',
      ),
    );
    // Another primary remains, or no ancillary does: allowed.
    expect(check(primaryFirst, [S.condo, S.warranty, S.radon], { kind: 'remove_service', service: S.condo })).toEqual({
      ok: true,
    });
    expect(check(primaryFirst, [S.condo, S.payAtClose], { kind: 'remove_service', service: S.condo })).toEqual({
      ok: true,
    });
    expect(check(primaryFirst, [], { kind: 'set_package', package: null }, P.complete)).toEqual({ ok: true });
    expect(check(primaryFirst, [S.radon], { kind: 'set_package', package: P.condo }, P.essentials)).toEqual({
      ok: true,
    });
    expect(check(free, [S.condo, S.radon], { kind: 'remove_service', service: S.condo })).toEqual({ ok: true });
  });

  it('with a single service, refuses a second primary, as a service or in a package', () => {
    expect(check(single, [S.condo], { kind: 'add_service', service: S.warranty })).toEqual(
      refusal('single_primary_only', CART_MESSAGES.singlePrimary),
    );
    expect(check(single, [S.condo], { kind: 'set_package', package: P.essentials })).toMatchObject({
      ok: false,
      code: 'single_primary_only',
    });
    expect(check(single, [S.singleFamily], { kind: 'set_package', package: P.essentials })).toEqual({ ok: true });
    expect(check(single, [S.condo], { kind: 'add_service', service: S.radon })).toEqual({ ok: true });
    // The setting off: a second primary, as a service or in a package, is taken.
    expect(check(free, [S.condo], { kind: 'add_service', service: S.warranty })).toEqual({ ok: true });
    expect(check(free, [S.condo], { kind: 'set_package', package: P.essentials })).toEqual({ ok: true });
  });

  it('refuses pay-at-close when the company hides it', () => {
    expect(check({ ...free, pacHidden: true }, [S.condo], { kind: 'add_service', service: S.payAtClose })).toEqual(
      refusal('pay_at_close_hidden', 'Pay at Close is not available for this order.'),
    );
    expect(check(free, [S.condo], { kind: 'add_service', service: S.payAtClose })).toEqual({ ok: true });
  });
});

describe('applyCartChange (spec 4.3)', () => {
  it('adds, removes and sets the package', () => {
    const added = applyCartChange(catalogue, cart([S.condo]), { kind: 'add_service', service: S.radon });
    expect(added.services).toEqual([S.condo, S.radon]);
    expect(applyCartChange(catalogue, added, { kind: 'remove_service', service: S.condo }).services).toEqual([S.radon]);
    expect(applyCartChange(catalogue, added, { kind: 'set_package', package: P.condo }).package).toBe(P.condo);
  });

  it('takes the rush off with the last item that has a report', () => {
    const rushed = { ...cart([S.condo, S.radon]), rush_rer: true };
    expect(applyCartChange(catalogue, rushed, { kind: 'remove_service', service: S.condo }).rush_rer).toBe(false);
    expect(applyCartChange(catalogue, rushed, { kind: 'remove_service', service: S.radon }).rush_rer).toBe(true);
    const packaged = { ...cart([S.radon], P.essentials), rush_rer: true };
    expect(applyCartChange(catalogue, packaged, { kind: 'set_package', package: null }).rush_rer).toBe(false);
  });
});
