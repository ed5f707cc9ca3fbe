import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import type { PackageResponse, ServiceResponse } from '@scheduler/contracts/catalogue';
import type { CartChangeResponse, Pricing } from '@scheduler/contracts/pricing';
import { SETTING } from '@scheduler/contracts/setting-keys';
import { formatPhone } from '@scheduler/domain/formatting';
import { formatMoney } from '@scheduler/domain/money-format';
import { DISPLAY_WORDS, displayLines, formatLineAmount, listingsTaxed } from '@scheduler/domain/pricing/display-lines';
import { SCREEN_HEADING_ID } from '@scheduler/ui/focus';
import { StepFrame } from '../../frame/StepFrame.tsx';
import { useScheduler } from '../../shared/scheduler-context.tsx';
import { MOBILE_QUERY } from '../../shared/theme.ts';
import { isFailure } from '../../shared/api-client.ts';
import { ApiError } from '@scheduler/ui/api-error';
import { couponBoxShown } from '../../shared/coupon/coupon-box.ts';
import { CouponBox } from '../../shared/coupon/CouponBox.tsx';
import { ContactText } from '../../shared/ContactText.tsx';
import { FailureNotice } from '../../shared/FailureNotice.tsx';
import { Notice } from '../../shared/Notice.tsx';
import { AdditionalCharges } from './AdditionalCharges.tsx';
import { useAddService, useRemoveService, useRushRer, useSetPackage } from './api.ts';
import {
  cartHasServices,
  inspectedServices,
  packagesToOffer,
  removalRefusal,
  rushCardKind,
  type Cart,
} from './cart-rules.ts';
import { PackageCard } from './PackageCard.tsx';
import { packagesSettings } from './packages-settings.ts';
import { packagesTexts as t } from './packages-texts.ts';
import { PayAtCloseCard } from './PayAtCloseCard.tsx';
import { RushCard } from './RushCard.tsx';
import { ServiceList } from './ServiceList.tsx';
import { useNextFlow } from './use-next-flow.ts';
import { useHeldTimeFit } from './held-time-fit.ts';
import { HeldTimeNotice } from './HeldTimeNotice.tsx';
import { markPacReminded, pacReminded } from './pac-reminded.ts';
import { useAgentUsualCart } from './agent-usual-cart.ts';
import type { AgentUsualCart } from '@scheduler/contracts/agent-portal';
import { lazyChunk } from '../../shared/chunk-load.ts';

const PackageOfferDialog = lazyChunk(() => import('./PackageOfferDialog.tsx'));
const PacReminderDialog = lazyChunk(() => import('./PacReminderDialog.tsx'));
const ConflictDialog = lazyChunk(() => import('./ConflictDialog.tsx'));

const sectionTitle = { fontSize: '1.3rem', fontWeight: 700, mb: 1 } as const;

/** Spec 2.9: packages, services, charges, rush, pay-at-close and coupon, with Back/Next (4.4). */
/** A catalogue name's text (a package's name may be HTML). */
const textOf = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';

export function PackagesScreen({
  packages,
  services,
  pricing,
}: {
  packages: PackageResponse[];
  services: ServiceResponse[];
  pricing: Pricing;
}) {
  const { scope, order, office, settings, currency, mode, goTo } = useScheduler();
  const rules = packagesSettings(office, settings);
  const mobile = useMediaQuery(MOBILE_QUERY);
  const cart: Cart = { packageId: order.packages[0] ?? null, services: order.services };
  const servicesTitleId = useId();
  const [offering, setOffering] = useState(false);
  const [pacRemoved, setPacRemoved] = useState(false);
  const [reminding, setReminding] = useState(false);
  const [problem, setProblem] = useState<unknown>(null);
  // A removal refused in the browser (spec 8.4), said as the server would say it.
  const [refusedHere, setRefusedHere] = useState<string | null>(null);
  const setPackage = useSetPackage(scope);
  const add = useAddService(scope);
  const remove = useRemoveService(scope);
  const rush = useRushRer(scope);
  const flow = useNextFlow(rules.appointmentLimit, inspectedServices(cart, packages, rules.pacServiceId));
  const heldTime = useHeldTimeFit(scope, order, rules.appointmentLimit);
  const showNames = settings.isOn(SETTING.SHOW_INSPECTOR_NAMES);

  const money = (cents: number) => formatMoney(cents, currency);
  const prices = { currency, feesHidden: pricing.fees_hidden };
  // Every price of the step is before tax (decision 0024); it says so when a tax applies to any of them.
  const beforeTax = !pricing.fees_hidden && listingsTaxed([...packages, ...services]);
  const hasServices = cartHasServices(cart, rules.pacServiceId);
  const pacAdded = rules.pacServiceId !== null && order.services.includes(rules.pacServiceId);
  const pacOffered = rules.pacAvailable && hasServices && pricing.pac_eligible;
  const rushKind = rushCardKind(cart, packages, services, rules.rushEnabled);
  const offers = offering ? packagesToOffer(cart, packages, rules.pacServiceId) : [];
  const listed = listedServices(services, rules.pacServiceId);
  const catalogueEmpty = packages.length === 0 && listed.length === 0;
  // No packages to select (issue 41): the step is headed by its services, and a company's one
  // service is in the cart already, as there is nothing else to choose.
  const servicesOnly = packages.length === 0 && listed.length > 0;
  const onlyService = servicesOnly && listed.length === 1 ? listed[0]! : null;
  const cartBusy = setPackage.isPending || add.isPending || remove.isPending || rush.isPending;

  // Every cart call: its refusal (a cart rule's message) or failure shows; pay-at-close dropped by the server says so.
  const callbacks = (afterwards?: () => void) => ({
    onMutate: () => {
      setProblem(null);
      setRefusedHere(null);
    },
    onSuccess: (result: CartChangeResponse) => {
      setPacRemoved(result.pac_removed);
      // The moment a change may have outgrown the held time, it is checked and said here (issue 20
      // item 1); with the calendar last the time is picked after the cart anyway.
      if (result.services_changed && order.datetime && mode !== 'calendar-last') heldTime.check();
      afterwards?.();
    },
    onError: setProblem,
  });
  const addService = (id: string) =>
    add.mutate(
      id,
      callbacks(() => setOffering(id !== rules.pacServiceId)),
    );
  const refusedRemoval = (removing: { service: string } | { package: true }) => {
    const refused = removalRefusal(removing, cart, packages, services, rules);
    setRefusedHere(refused);
    return refused !== null;
  };
  const removeService = (id: string) => {
    if (!refusedRemoval({ service: id })) remove.mutate(id, callbacks());
  };
  const choosePackage = (id: number | null) => {
    if (id === null && refusedRemoval({ package: true })) return;
    setPackage.mutate(
      id,
      callbacks(() => setOffering(false)),
    );
  };

  // Once a visit: a visitor who takes it out again is left to choose.
  const preselected = useRef(false);
  const cartEmpty = cart.packageId === null && order.services.length === 0;
  // The add as this render sees it, kept for the effect below (the wizard runs on Preact: no useEffectEvent).
  const preselect = useRef<(serviceId: string) => void>(() => undefined);
  useEffect(() => {
    preselect.current = (serviceId) => add.mutate(serviceId, callbacks());
  });
  useEffect(() => {
    if (preselected.current || onlyService === null || !cartEmpty) return;
    preselected.current = true;
    preselect.current(onlyService.id);
  }, [onlyService, cartEmpty]);

  // A returning agent's usual cart (decision 0094): added through the same calls, each refusal
  // (a service withdrawn since, pay-at-close no longer eligible) leaving that one out; the package
  // offer is not made, the agent chose this cart before. Pay-at-close goes last, after what it needs.
  const addUsualCart = async (usual: AgentUsualCart) => {
    const names: string[] = [];
    let changed = false;
    const take = async (call: () => Promise<CartChangeResponse>, name: string) => {
      try {
        const result = await call();
        setPacRemoved(result.pac_removed);
        changed ||= result.services_changed;
        names.push(name);
      } catch (error) {
        if (!(error instanceof ApiError && error.status < 500)) setProblem(error);
      }
    };
    const pkg = packages.find((p) => p.id === usual.package);
    if (pkg) await take(() => setPackage.mutateAsync(pkg.id), textOf(pkg.name));
    const pacLast = [...usual.services].sort(
      (a, b) => Number(a === rules.pacServiceId) - Number(b === rules.pacServiceId),
    );
    for (const id of pacLast) {
      const name = id === rules.pacServiceId ? rules.pacName : services.find((s) => s.id === id)?.name;
      if (name === undefined || pkg?.services.some((s) => s.id === id)) continue;
      if (id === rules.pacServiceId && !rules.pacAvailable) continue;
      await take(() => add.mutateAsync(id), textOf(name));
    }
    if (changed && order.datetime && mode !== 'calendar-last') heldTime.check();
    return names;
  };
  const usualAdded = useAgentUsualCart({
    companyKey: scope.companyKey,
    token: scope.credentials.token,
    role: order.user?.type ?? null,
    cartEmpty,
    apply: addUsualCart,
  });

  // The pay-at-close reminder shows once per visit, not on every Next (issue 20 item 1).
  const onNext = () =>
    pacOffered && !pacAdded && !pacReminded(scope.credentials.token) ? setReminding(true) : flow.proceed();
  const refusal = refusedHere ?? (problem instanceof ApiError && problem.status === 400 ? problem.message : null);
  const shownPackages = cart.packageId === null ? packages : packages.filter((pkg) => pkg.id === cart.packageId);

  return (
    <StepFrame
      step="packages"
      title={servicesOnly ? t.servicesHeading : undefined}
      onNext={onNext}
      nextDisabled={cartBusy || flow.pending || heldTime.pending || !hasServices || catalogueEmpty}
      actionsNote={mobile ? <RunningTotal pricing={pricing} currency={currency} /> : undefined}
    >
      <Stack spacing={4}>
        {heldTime.fit && (
          <HeldTimeNotice
            fit={heldTime.fit}
            datetime={order.datetime}
            office={office}
            showNames={showNames}
            busy={heldTime.pending}
            onChoose={heldTime.choose}
            onPickAnother={() => goTo('calendar')}
          />
        )}
        {isFailure(heldTime.error) && <FailureNotice phone={office.office_phone} />}
        {catalogueEmpty && (
          <Notice severity="warning">
            <strong>{t.noServicesTitle}</strong>{' '}
            <ContactText
              text={t.noServices(formatPhone(office.office_phone))}
              phone={formatPhone(office.office_phone)}
            />
          </Notice>
        )}
        {usualAdded.length > 0 && <Notice severity="info">{t.usualCart(usualAdded)}</Notice>}
        {pacRemoved && <Notice severity="warning">{t.pac.removed(rules.pacName)}</Notice>}
        {refusal && <Notice severity="error">{refusal}</Notice>}
        {isFailure(problem) && !refusal && <FailureNotice phone={office.office_phone} />}
        {beforeTax && (
          <Typography data-note="before-tax" sx={{ color: 'text.secondary' }}>
            {DISPLAY_WORDS.beforeTax}
          </Typography>
        )}
        {shownPackages.length > 0 && (
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, gap: 2 }}>
            {shownPackages.map((pkg) => (
              <PackageCard
                key={pkg.id}
                pkg={pkg}
                chosen={pkg.id === cart.packageId}
                busy={setPackage.isPending && setPackage.variables === (pkg.id === cart.packageId ? null : pkg.id)}
                onSelect={() => choosePackage(pkg.id)}
                onRemove={() => choosePackage(null)}
                {...prices}
              />
            ))}
          </Box>
        )}
        {rushKind && (
          <RushCard
            kind={rushKind}
            price={pricing.fees_hidden ? null : money(office.rer_rush_amount)}
            rushed={order.rush_rer}
            busy={rush.isPending}
            onChange={(value) => rush.mutate(value, callbacks())}
          />
        )}
        {pacOffered && (
          <PayAtCloseCard
            name={rules.pacName}
            stateFee={rules.pacStateFeeCents > 0 ? money(rules.pacStateFeeCents) : null}
            added={pacAdded}
            busy={
              (add.isPending && add.variables === rules.pacServiceId) ||
              (remove.isPending && remove.variables === rules.pacServiceId)
            }
            onChange={(value) => (value ? addService(rules.pacServiceId!) : removeService(rules.pacServiceId!))}
          />
        )}
        {listed.length > 0 && (
          <Box component="section" aria-labelledby={servicesOnly ? SCREEN_HEADING_ID : servicesTitleId}>
            {/* Without packages the step's own heading says it. */}
            {!servicesOnly && (
              <Typography id={servicesTitleId} variant="h2" sx={sectionTitle}>
                {t.servicesHeading}
              </Typography>
            )}
            <ServiceList
              services={services}
              packages={packages}
              cart={cart}
              settings={rules}
              busyId={add.isPending ? add.variables : remove.isPending ? remove.variables : null}
              onAdd={addService}
              onRemove={removeService}
              {...prices}
            />
          </Box>
        )}
        {!pricing.fees_hidden && <AdditionalCharges fees={pricing.additional.fees} currency={currency} />}
        {mobile &&
          couponBoxShown({
            couponLimit: rules.couponLimit,
            hasServices,
            hideAfterPackage: rules.hideCouponAfterPackage,
            packageChosen: cart.packageId !== null,
            packagesVisited: true,
          }) && (
            <CouponBox
              scope={scope}
              applied={
                pricing.fees_hidden
                  ? undefined
                  : pricing.coupons.map((coupon) => ({
                      code: coupon.code,
                      name: coupon.name,
                      amount: formatLineAmount(-coupon.amount, currency),
                    }))
              }
            />
          )}
        {isFailure(flow.error) && <FailureNotice phone={office.office_phone} />}
      </Stack>
      <Suspense fallback={null}>
        {offers.length > 0 && (
          <PackageOfferDialog
            packages={offers}
            currency={currency}
            feesHidden={pricing.fees_hidden}
            busyId={setPackage.isPending ? setPackage.variables : null}
            onAdd={(id) => choosePackage(id)}
            onClose={() => setOffering(false)}
          />
        )}
        {reminding && (
          <PacReminderDialog
            name={rules.pacName}
            onClose={() => {
              markPacReminded(scope.credentials.token);
              setReminding(false);
            }}
            onContinue={() => {
              markPacReminded(scope.credentials.token);
              setReminding(false);
              flow.proceed();
            }}
          />
        )}
        {flow.dialog && (
          <ConflictDialog
            kind={flow.dialog.kind}
            datetime={flow.dialog.datetime}
            appointments={flow.dialog.appointments}
            showNames={showNames}
            users={office.users}
            phone={formatPhone(office.office_phone)}
            onChoose={flow.choose}
            onClose={flow.closeDialog}
          />
        )}
      </Suspense>
    </StepFrame>
  );
}

/** The services a visitor can add: not pay-at-close, not a heading. */
function listedServices(services: readonly ServiceResponse[], pacServiceId: string | null): ServiceResponse[] {
  return services.filter((service) => !service.is_pac && service.id !== pacServiceId && !service.label);
}

/**
 * Issue 20 item 6: on a phone the order's running total stays in view beside Next, the same total
 * the review-order panel shows (its lines add up to it, decision 0024), and says when it is before
 * tax. Announced politely when it changes.
 */
function RunningTotal({ pricing, currency }: { pricing: Pricing; currency: string }) {
  const { total, beforeTax } = displayLines(pricing);
  if (total === null) return null;
  return (
    <Box role="status" data-testid="running-total" sx={{ textAlign: 'center', lineHeight: 1.2 }}>
      <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
        {beforeTax ? `${DISPLAY_WORDS.total} (${DISPLAY_WORDS.beforeTax.toLowerCase()})` : DISPLAY_WORDS.total}
      </Typography>
      <Typography component="span" sx={{ fontWeight: 700, fontSize: '1.1rem' }}>
        {formatLineAmount(total, currency)}
      </Typography>
    </Box>
  );
}
