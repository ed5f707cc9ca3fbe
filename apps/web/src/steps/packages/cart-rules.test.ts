import { describe, expect, it } from 'vitest';
import {
  cartHasServices,
  feeSettingCents,
  inspectedServices,
  packagesToOffer,
  removalRefusal,
  rushCardKind,
  serviceButton,
} from './cart-rules.ts';
import { pkg, service, uuid } from './catalogue-fixtures.ts';

const HOME = service(uuid(1), { rer: true });
const CONDO = service(uuid(2));
const RADON = service(uuid(6), { ancillary: true });
const TERMITE = service(uuid(8), { ancillary: true });
const PAC = service(uuid(13), { ancillary: true, is_pac: true });
const SERVICES = [HOME, CONDO, RADON, TERMITE, PAC];
const ESSENTIALS = pkg(1, [HOME, TERMITE], { rer: true });
const CONDO_BUNDLE = pkg(3, [CONDO, RADON]);
const PACKAGES = [ESSENTIALS, CONDO_BUNDLE];
const rules = { requirePrimaryFirst: true, singlePrimaryOnly: false, pacServiceId: PAC.id };

describe('the service buttons (spec 2.9, 5.7)', () => {
  it('offers Add, or Remove once the service is in the cart', () => {
    expect(serviceButton(HOME, { packageId: null, services: [] }, PACKAGES, SERVICES, rules)).toBe('add');
    expect(serviceButton(HOME, { packageId: null, services: [HOME.id] }, PACKAGES, SERVICES, rules)).toBe('remove');
  });

  it('shows In Package for a service the chosen package covers, even if it is also in the cart', () => {
    expect(serviceButton(TERMITE, { packageId: 1, services: [TERMITE.id] }, PACKAGES, SERVICES, rules)).toBe(
      'in-package',
    );
    expect(serviceButton(RADON, { packageId: 1, services: [] }, PACKAGES, SERVICES, rules)).toBe('add');
  });

  it('asks for a primary service first, counting primaries inside the package and never pay-at-close', () => {
    expect(serviceButton(RADON, { packageId: null, services: [] }, PACKAGES, SERVICES, rules)).toBe('primary-first');
    expect(serviceButton(RADON, { packageId: null, services: [PAC.id] }, PACKAGES, SERVICES, rules)).toBe(
      'primary-first',
    );
    expect(serviceButton(RADON, { packageId: null, services: [CONDO.id] }, PACKAGES, SERVICES, rules)).toBe('add');
    expect(serviceButton(RADON, { packageId: 1, services: [] }, PACKAGES, SERVICES, rules)).toBe('add');
    expect(
      serviceButton(RADON, { packageId: null, services: [] }, PACKAGES, SERVICES, {
        ...rules,
        requirePrimaryFirst: false,
      }),
    ).toBe('add');
  });

  it('with ALLOW_ONLY_SINGLE_SERVICE does not offer a second primary service, counting the package, and still offers ancillaries (spec 5.7, 8.4)', () => {
    const single = { ...rules, singlePrimaryOnly: true };
    expect(serviceButton(CONDO, { packageId: null, services: [] }, PACKAGES, SERVICES, single)).toBe('add');
    expect(serviceButton(CONDO, { packageId: null, services: [HOME.id] }, PACKAGES, SERVICES, single)).toBe(
      'single-primary',
    );
    expect(serviceButton(CONDO, { packageId: 1, services: [] }, PACKAGES, SERVICES, single)).toBe('single-primary');
    // Pay-at-close is no primary: it does not count.
    expect(serviceButton(CONDO, { packageId: null, services: [PAC.id] }, PACKAGES, SERVICES, single)).toBe('add');
    expect(serviceButton(RADON, { packageId: null, services: [HOME.id] }, PACKAGES, SERVICES, single)).toBe('add');
    expect(serviceButton(HOME, { packageId: null, services: [HOME.id] }, PACKAGES, SERVICES, single)).toBe('remove');
    // The setting off: a second primary is offered.
    expect(serviceButton(CONDO, { packageId: null, services: [HOME.id] }, PACKAGES, SERVICES, rules)).toBe('add');
  });
});

describe('the package offer (spec 4.3)', () => {
  it('offers every package holding more than one of the ordered services', () => {
    expect(
      packagesToOffer({ packageId: null, services: [HOME.id, TERMITE.id] }, PACKAGES, PAC.id).map((p) => p.id),
    ).toEqual([1]);
    expect(
      packagesToOffer({ packageId: null, services: [HOME.id, TERMITE.id, CONDO.id, RADON.id] }, PACKAGES, PAC.id).map(
        (p) => p.id,
      ),
    ).toEqual([1, 3]);
  });

  it('offers nothing with one service, with a package chosen, or counting pay-at-close', () => {
    // Two services, but each package holds only one of them: exactly one is not "more than one".
    expect(packagesToOffer({ packageId: null, services: [HOME.id, CONDO.id] }, PACKAGES, PAC.id)).toEqual([]);
    expect(packagesToOffer({ packageId: null, services: [HOME.id] }, PACKAGES, PAC.id)).toEqual([]);
    expect(packagesToOffer({ packageId: 3, services: [HOME.id, TERMITE.id] }, PACKAGES, PAC.id)).toEqual([]);
    expect(packagesToOffer({ packageId: null, services: [HOME.id, PAC.id] }, [pkg(9, [HOME, PAC])], PAC.id)).toEqual(
      [],
    );
  });
});

describe('prices and visibility', () => {
  it('counts a package or a service other than pay-at-close as something to inspect', () => {
    expect(cartHasServices({ packageId: null, services: [PAC.id] }, PAC.id)).toBe(false);
    expect(cartHasServices({ packageId: 2, services: [] }, PAC.id)).toBe(true);
    expect(cartHasServices({ packageId: null, services: [RADON.id] }, PAC.id)).toBe(true);
  });

  it('words the rush card for the package, for a service, or shows none', () => {
    expect(rushCardKind({ packageId: 1, services: [] }, PACKAGES, SERVICES, true)).toBe('package');
    expect(rushCardKind({ packageId: null, services: [HOME.id] }, PACKAGES, SERVICES, true)).toBe('service');
    expect(rushCardKind({ packageId: 3, services: [RADON.id] }, PACKAGES, SERVICES, true)).toBeNull();
    expect(rushCardKind({ packageId: 1, services: [] }, PACKAGES, SERVICES, false)).toBeNull();
  });

  it("names the services inspectors perform: the package's and the cart's, once each, never pay-at-close", () => {
    expect(inspectedServices({ packageId: 1, services: [TERMITE.id, RADON.id, PAC.id] }, PACKAGES, PAC.id)).toEqual([
      HOME.id,
      TERMITE.id,
      RADON.id,
    ]);
    expect(inspectedServices({ packageId: null, services: [PAC.id] }, PACKAGES, PAC.id)).toEqual([]);
  });

  it('reads a fee setting written in currency units', () => {
    expect(feeSettingCents('39.95')).toBe(3995);
    expect(feeSettingCents(' 25 ')).toBe(2500);
    expect(feeSettingCents('')).toBe(0);
    expect(feeSettingCents('free')).toBe(0);
  });
});

describe('removals refused in the browser (spec 8.4, 5.7)', () => {
  const TO_REMOVE_SERVICE =
    'At least one primary service is required. Please remove any ancillary services before removing this service.';
  const TO_REMOVE_PACKAGE =
    'At least one primary service is required. Please remove any ancillary services before removing this package.';
  const refusal = (
    removing: { service: string } | { package: true },
    cart: { packageId: number | null; services: string[] },
    settings = rules,
  ) => removalRefusal(removing, cart, PACKAGES, SERVICES, settings);

  it('refuses removing the last primary service while an ancillary one stays, and only with the setting on', () => {
    expect(refusal({ service: HOME.id }, { packageId: null, services: [HOME.id, RADON.id] })).toBe(TO_REMOVE_SERVICE);
    expect(
      refusal(
        { service: HOME.id },
        { packageId: null, services: [HOME.id, RADON.id] },
        { ...rules, requirePrimaryFirst: false },
      ),
    ).toBeNull();
  });

  it('lets a primary go when another primary stays (in the cart or the package), and an ancillary go at any time', () => {
    expect(refusal({ service: HOME.id }, { packageId: null, services: [HOME.id, CONDO.id, RADON.id] })).toBeNull();
    expect(refusal({ service: CONDO.id }, { packageId: 1, services: [CONDO.id, RADON.id] })).toBeNull();
    expect(refusal({ service: RADON.id }, { packageId: null, services: [HOME.id, RADON.id] })).toBeNull();
    // Pay-at-close is no ancillary that needs a primary.
    expect(refusal({ service: HOME.id }, { packageId: null, services: [HOME.id, PAC.id] })).toBeNull();
  });

  it("refuses removing the package that holds the cart's only primary while an ancillary stays", () => {
    expect(refusal({ package: true }, { packageId: 1, services: [RADON.id] })).toBe(TO_REMOVE_PACKAGE);
    expect(refusal({ package: true }, { packageId: 1, services: [RADON.id, CONDO.id] })).toBeNull();
    expect(refusal({ package: true }, { packageId: 1, services: [] })).toBeNull();
    expect(
      refusal({ package: true }, { packageId: 1, services: [RADON.id] }, { ...rules, requirePrimaryFirst: false }),
    ).toBeNull();
  });

  it('does not refuse a removal from a cart already without a primary (the server does not either), and refuses removing what is not there', () => {
    expect(refusal({ service: TERMITE.id }, { packageId: null, services: [RADON.id, TERMITE.id] })).toBeNull();
    expect(refusal({ service: CONDO.id }, { packageId: null, services: [HOME.id] })).toBe(
      'Service does not exist in cart',
    );
  });
});
