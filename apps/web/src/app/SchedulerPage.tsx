import { Suspense, useCallback, useEffect, useMemo } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { SETTING } from '@scheduler/contracts/setting-keys';
import {
  resolveScreen,
  schedulerMode,
  STEP_PROGRESS_FLAG,
  stepOrder,
  type StepName,
} from '@scheduler/domain/route-table';
import { schedulerFlags, SettingsReader } from '@scheduler/domain/settings';
import { markVisited } from '../shared/progress.ts';
import { StepSkeleton } from '../shared/StepSkeleton.tsx';
import { useResumeOffer } from '../shared/use-resume-offer.ts';
import { PageLayout } from '../frame/PageLayout.tsx';
import { SchedulerProvider, type SchedulerContextValue } from '../shared/scheduler-context.tsx';
import { useSchedulerData } from './scheduler-data.ts';
import { useFunnel } from './use-funnel.ts';
import { embeddedHref } from '../shared/embed/embed-context.ts';
import { STEP_SCREENS } from './step-screens.tsx';
import { FailureNotice } from '../shared/FailureNotice.tsx';
import { lazyChunk } from '../shared/chunk-load.ts';

// Status pages and the thank-you state are never the first screen of a visit: they load on demand.
const DisabledPage = lazyChunk(() =>
  import('../status-pages/DisabledPage.tsx').then((m) => ({ default: m.DisabledPage })),
);
const NoServicesPage = lazyChunk(() =>
  import('../status-pages/NoServicesPage.tsx').then((m) => ({ default: m.NoServicesPage })),
);
const NotFoundPage = lazyChunk(() =>
  import('../status-pages/NotFoundPage.tsx').then((m) => ({ default: m.NotFoundPage })),
);
const UnauthorizedPage = lazyChunk(() =>
  import('../status-pages/UnauthorizedPage.tsx').then((m) => ({ default: m.UnauthorizedPage })),
);
const ResumeGate = lazyChunk(() => import('../shared/ResumeGate.tsx'));
const ThankYou = lazyChunk(() => import('../steps/review/ThankYou.tsx'));

/** Every /{company_key}/online-scheduler* page: loads the session, then shows what the route table says. */
export function SchedulerPage() {
  const params = useParams();
  const companyKey = params.companyKey ?? '';
  const subpath = params['*'] ?? '';
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const token = search.get('t') ?? '';
  const officeUuid = (search.get('office') ?? '').toLowerCase();
  const tryAsked = search.get('try') === '1';
  const credentials = useMemo(
    () => (tryAsked ? { token, officeUuid, trying: true } : { token, officeUuid }),
    [token, officeUuid, tryAsked],
  );
  const scope = useMemo(() => ({ companyKey, credentials }), [companyKey, credentials]);
  const data = useSchedulerData(scope);
  const { office, order, contact } = data;

  const settings = useMemo(() => new SettingsReader(office?.settings_data ?? []), [office]);
  const flags = schedulerFlags(settings);
  const mode = schedulerMode(flags);

  const query = useMemo(() => {
    const q = new URLSearchParams({ t: token, office: officeUuid });
    if (tryAsked) q.set('try', '1');
    return q.toString();
  }, [token, officeUuid, tryAsked]);
  const pathOf = useCallback(
    (step: StepName | 'unauthorized') => `/${companyKey}/online-scheduler/${step}?${query}`,
    [companyKey, query],
  );
  const goTo = useCallback((step: StepName) => void navigate(pathOf(step)), [navigate, pathOf]);

  const screen = resolveScreen(
    {
      enabled: contact?.enabled ?? office?.enabled ?? true,
      tryWhileDisabled: data.tryWhileDisabled,
      authorized: data.authorized,
      orderConfirmed: order?.confirmed ?? false,
      servicesCount: office?.services_count ?? 0,
      calendarLast: flags.calendarLast,
      zipRestrict: flags.zipRestrict,
      orderHasTime: order && !!order.datetime,
    },
    subpath,
  );

  // When the session becomes unauthorised, the browser goes to the unauthorised route (spec 2.1);
  // a step the order is not ready for (the review without a held time) becomes the step it needs.
  const onUnauthorizedRoute = subpath.replace(/\/+$/, '') === 'unauthorized';
  const replaceWith = data.loading
    ? null
    : screen.kind === 'redirect'
      ? screen.step
      : screen.kind === 'unauthorized' && !onUnauthorizedRoute
        ? 'unauthorized'
        : null;
  useEffect(() => {
    if (replaceWith) void navigate(pathOf(replaceWith), { replace: true });
  }, [replaceWith, navigate, pathOf]);

  const resume = useResumeOffer(companyKey, credentials, screen.kind === 'step' ? order : undefined);
  const visitedStep = screen.kind === 'step' && resume.other === null ? screen.step : null;
  useEffect(() => {
    const flag = visitedStep ? STEP_PROGRESS_FLAG[visitedStep] : null;
    if (flag && token) markVisited(token, flag);
  }, [visitedStep, token]);
  useFunnel(companyKey, credentials, office, order, visitedStep);

  const contactDetails = office ?? contact;
  // "Start again" on the expired-session page: a fresh session of the office the link named, once
  // the public office_contact call has confirmed that office exists.
  const restartHref = contact ? embeddedHref(`/${companyKey}/online-scheduler/${contact.office_uuid}`) : null;
  const header = {
    companyKey,
    officeUuid: officeUuid || null,
    companyName: office?.company_name ?? contact?.company_name ?? null,
    phone: contactDetails?.office_phone ?? null,
    hideLogo: office ? settings.isOn(SETTING.HIDE_LOGO) : (contact?.hide_logo ?? false),
    bannerHtml: office ? settings.text(SETTING.INFO_BANNER) : '',
  };

  const context: SchedulerContextValue | null =
    office && order
      ? {
          companyKey,
          credentials,
          scope,
          office,
          order,
          settings,
          currency: data.currency,
          mode,
          hasControls: office.controls.length > 0,
          pathOf,
          goTo,
        }
      : null;

  let content;
  if (data.loading) {
    content = <StepSkeleton />;
  } else if (data.failed && screen.kind !== 'disabled') {
    content = (
      <FailureNotice
        phone={contactDetails?.office_phone ?? ''}
        onRetry={data.retry}
        sx={{ maxWidth: 720, mx: 'auto' }}
      />
    );
  } else if (screen.kind === 'disabled') {
    content = <DisabledPage contact={contactDetails ?? null} />;
  } else if (screen.kind === 'unauthorized') {
    content = <UnauthorizedPage contact={contactDetails ?? null} restartHref={restartHref} />;
  } else if (!office || !order || !context) {
    content = <StepSkeleton />;
  } else if (screen.kind === 'thank-you') {
    content = (
      <SchedulerProvider value={context}>
        <ThankYou />
      </SchedulerProvider>
    );
  } else if (screen.kind === 'redirect') {
    content = <StepSkeleton />;
  } else if (screen.kind === 'no-services') {
    content = <NoServicesPage contact={office} />;
  } else if (screen.kind === 'not-found') {
    content = <NotFoundPage contact={contact} companyKey={companyKey} />;
  } else if (resume.other !== null) {
    const oldToken = resume.other;
    content = (
      <ResumeGate
        companyKey={companyKey}
        officeUuid={officeUuid}
        otherToken={oldToken}
        timeZone={office.time_zone}
        companyName={office.company_name}
        walk={stepOrder(mode).filter((step) => office.controls.length > 0 || step !== 'property-info')}
        onContinue={(path) => void navigate(path)}
        onKeepNew={resume.keepThisSession}
      />
    );
  } else {
    const Step = STEP_SCREENS[screen.step];
    content = (
      <SchedulerProvider value={context}>
        <Step />
      </SchedulerProvider>
    );
  }

  return (
    <PageLayout header={header} contact={screen.kind === 'step' && !data.loading ? (contactDetails ?? null) : null}>
      <Suspense fallback={<StepSkeleton />}>{content}</Suspense>
    </PageLayout>
  );
}
