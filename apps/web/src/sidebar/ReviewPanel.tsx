import { usableDateFormat } from '@scheduler/contracts/date-format';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { SETTING } from '@scheduler/contracts/setting-keys';
import { STEP_PROGRESS_FLAG, stepOrder, type StepName } from '@scheduler/domain/route-table';
import { formatSidebarDateTime, wallTimeIn } from '@scheduler/domain/scheduling-text';
import { zoneSuffix } from '@scheduler/domain/time-zone-text';
import { useScheduler } from '../shared/scheduler-context.tsx';
import { couponBoxShown } from '../shared/coupon/coupon-box.ts';
import { Notice } from '../shared/Notice.tsx';
import { OfficeContact } from '../shared/OfficeContact.tsx';
import { pricingQueryOptions } from '../shared/pricing-api.ts';
import { loadProgress } from '../shared/progress.ts';
import { texts } from '../shared/texts.ts';
import { CouponBox } from '../shared/coupon/CouponBox.tsx';
import {
  addressLines,
  contactCount,
  panelSections,
  propertyLines,
  type PanelSection as Section,
} from './order-lines.ts';
import { PanelSection } from './PanelSection.tsx';
import { payAtCloseActive } from './service-lines.ts';
import { ServicesLines } from './ServicesLines.tsx';
import { sidebarTexts as t } from './sidebar-texts.ts';
import { TextLines } from './TextLines.tsx';
import { embedHost, embeddedHref } from '../shared/embed/embed-context.ts';
import { scheduleTexts } from '../shared/appointment-texts.ts';

const DEFAULT_PAC_NAME = 'Pay at Close';

/**
 * Spec 2.10: the review-order panel's content: its sections in order with Edit links, the coupon
 * box, the pay-at-close notice, the buttons and the office's details. Pricing is the shared
 * `/pricing` query, so every cart change shows here as soon as it is read again.
 */
export interface PanelClose {
  onClose: () => void;
  /** Called with the drawn close icon, so that focus can be given to it. */
  ref: (element: HTMLButtonElement | null) => void;
  controls: string;
}

/**
 * `withCouponBox` false leaves the coupon box out: below 800 px the packages step has its own right
 * where the cart changes (decision 0036), and one page shows one box (decision 0038).
 */
export function ReviewPanel({
  step,
  headingId,
  close,
  withCouponBox = true,
}: {
  step: StepName;
  headingId: string;
  close?: PanelClose;
  withCouponBox?: boolean;
}) {
  const { scope, office, order, settings, currency, mode, hasControls, pathOf, companyKey, credentials } =
    useScheduler();
  // The opening step's panel, with nothing in the cart yet, has no lines to price: no call for it
  // (an expired session is then found by the step's own save). Every later step asks, as the
  // cart may have changed there before the order in hand says so.
  const emptyOpening = stepOrder(mode)[0] === step && order.packages.length === 0 && order.services.length === 0;
  const pricing = useQuery({ ...pricingQueryOptions(scope), enabled: !emptyOpening }).data;
  const progress = loadProgress(credentials.token);
  const pacName = settings.text(SETTING.PAC_NAME).trim() || DEFAULT_PAC_NAME;
  const hasServices = order.packages.length > 0 || order.services.some((id) => id !== office.pac_service_uuid);
  const wallTime = order.datetime ? wallTimeIn(order.datetime, office.time_zone) : null;
  const editHref = (section: Section) => {
    const flag = STEP_PROGRESS_FLAG[section];
    return section !== step && flag && progress[flag] ? pathOf(section) : null;
  };
  const redirect = settings.isOn(SETTING.REDIRECT_BUTTON_ENABLED)
    ? { url: settings.text(SETTING.REDIRECT_BUTTON_URL), text: settings.text(SETTING.REDIRECT_BUTTON_TEXT) }
    : null;
  const couponShown = couponBoxShown({
    couponLimit: settings.number(SETTING.COUPON_LIMIT, 0),
    hasServices,
    hideAfterPackage: settings.isOn(SETTING.HIDE_COUPON_AFTER_PACKAGE_ADDED),
    packageChosen: order.packages.length > 0,
    packagesVisited: progress.packages,
  });

  const content = (section: Section): ReactNode => {
    switch (section) {
      case 'calendar': {
        if (!wallTime) return null;
        const { date, time } = formatSidebarDateTime(wallTime);
        // The office's clock, named when the visitor's reads it otherwise (decision 0029).
        const zone = zoneSuffix(office.time_zone, Date.parse(order.datetime!));
        return <TextLines lines={[scheduleTexts.date(date), scheduleTexts.time(`${time}${zone}`)]} />;
      }
      case 'address':
        return <TextLines lines={addressLines(order, office.states)} />;
      case 'contacts': {
        const n = contactCount(order);
        return n > 0 ? <TextLines lines={[t.contacts(n)]} /> : null;
      }
      case 'property-info':
        return (
          <TextLines
            lines={propertyLines(
              order,
              office.controls,
              currency,
              usableDateFormat(settings.text(SETTING.DATE_FORMAT)),
            )}
          />
        );
      case 'packages':
        return pricing ? <ServicesLines pricing={pricing} currency={currency} pacName={pacName} /> : null;
    }
  };
  const titleOf = (section: Section) =>
    section === 'contacts' && order.user?.text ? order.user.text : texts.stepNames[section];

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Typography id={headingId} component="h2" sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
          {t.title}
        </Typography>
        {close && (
          // Decision 0038: the close icon collapses the panel to its toggle (spec 2.10).
          <IconButton
            ref={close.ref}
            aria-label={t.close}
            aria-expanded
            aria-controls={close.controls}
            onClick={close.onClose}
            sx={{ width: 44, height: 44 }}
          >
            <Box component="span" aria-hidden="true" sx={{ fontSize: '1.75rem', lineHeight: 1 }}>
              ×
            </Box>
          </IconButton>
        )}
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        {panelSections(mode, hasControls).map((section) => (
          <PanelSection key={section} title={titleOf(section)} editHref={editHref(section)} current={section === step}>
            {content(section)}
          </PanelSection>
        ))}
      </Box>
      {withCouponBox && couponShown && <CouponBox scope={scope} />}
      {pricing && payAtCloseActive(pricing) && (
        <Notice severity="info" sx={{ mt: 2 }}>
          {t.pacActive(pacName)}
        </Notice>
      )}
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, mt: 2 }}>
        {step !== 'review' && hasServices && wallTime && (
          <Button component={RouterLink} to={pathOf('review')} variant="contained" size="large">
            {t.scheduleAppointment}
          </Button>
        )}
        {redirect && redirect.url && redirect.text && !embedHost && (
          // Not in a company's embed: the visitor is on its website already (decision 0060).
          <Button component="a" href={redirect.url} variant="outlined">
            {redirect.text}
          </Button>
        )}
        <Button
          component="a"
          href={embeddedHref(`/${companyKey}/online-scheduler/${office.office_uuid}`)}
          variant="text"
        >
          {t.startOver}
        </Button>
      </Box>
      <Divider sx={{ my: 2 }} />
      <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1rem', mb: 0.5 }}>
        {texts.officeDetails}
      </Typography>
      <OfficeContact contact={office} />
    </>
  );
}
