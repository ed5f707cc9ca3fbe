import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { SETTING } from '@scheduler/contracts/setting-keys';
import { stepOrder } from '@scheduler/domain/route-table';
import { StepFrame } from '../../frame/StepFrame.tsx';
import { useScheduler } from '../../shared/scheduler-context.tsx';
import { isFailure } from '../../shared/api-client.ts';
import { ApiError } from '@scheduler/ui/api-error';
import { describeSlot } from '../../shared/appointments/slot-labels.ts';
import { BusyButton } from '../../shared/BusyButton.tsx';
import { FailureNotice } from '../../shared/FailureNotice.tsx';
import { pricingQueryOptions } from '../../shared/pricing-api.ts';
import { StepSkeleton } from '../../shared/StepSkeleton.tsx';
import {
  bookingPaymentQueryOptions,
  reviewAgreementsQueryOptions,
  useConfirmOrder,
  type ConfirmRequest,
} from './api.ts';
import { PaymentAtBooking } from './PaymentAtBooking.tsx';
import { useBookingPaymentReturn } from './booking-payment-return.ts';
import { Notice } from '../../shared/Notice.tsx';
import { embedHost } from '../../shared/embed/embed-context.ts';
import { formatTime, wallTimeIn } from '@scheduler/domain/scheduling-text';
import { zoneSuffix } from '@scheduler/domain/time-zone-text';
import { invalidateOrder } from '../../shared/queries.ts';
import { useQueryClient } from '@tanstack/react-query';
import type { GivenSignature } from '../../sign/SigningForm.tsx';
import { useReleaseTime } from '../../shared/use-release-time.ts';
import { IncompleteNotice } from './IncompleteNotice.tsx';
import { stepsToComplete } from './incomplete.ts';
import { peopleSettings } from '@scheduler/domain/people/contacts-step';
import { ReviewPanels } from './ReviewPanels.tsx';
import { useSpecialNote } from './special-note.ts';
import { useBlockBack } from './use-block-back.ts';
import { reviewTexts as t } from './review-texts.ts';
import { lazyChunk } from '../../shared/chunk-load.ts';

// The agreement and its signing form (issue 43): loaded only when the company asks a client to sign on the review.
const ReviewAgreementsPanel = lazyChunk(() => import('./ReviewAgreements.tsx'));
const NotAvailableDialog = lazyChunk(() =>
  import('../../shared/appointments/NotAvailableDialog.tsx').then((m) => ({ default: m.NotAvailableDialog })),
);

/**
 * Spec 2.11, 4.8: the order's panels, each with Change, and "Confirm My Inspection". Confirming
 * checks that the held time is still free, then confirms; a taken time opens the "Sorry!" dialog,
 * whose alternatives are held and confirmed. Back goes to the packages step in every mode; the
 * browser's Back stays here.
 */
export default function ReviewStep() {
  const { scope, office, order, settings, mode, pathOf, goTo } = useScheduler();
  const navigate = useNavigate();
  const pricing = useQuery(pricingQueryOptions(scope));
  const specialNote = useSpecialNote();
  const agreements = useQuery(reviewAgreementsQueryOptions(scope, order.revision));
  const signNow = agreements.data?.sign_now === true;
  // The client's signature of the agreements shown, kept until Confirm sends it (issue 43).
  const [signature, setSignature] = useState<GivenSignature | null>(null);
  const [agreementRefusal, setAgreementRefusal] = useState<string | null>(null);
  const confirm = useConfirmOrder(
    scope,
    order,
    office.time_zone,
    specialNote,
    signNow && signature && agreements.data
      ? {
          ...signature,
          documents: agreements.data.agreements.map((agreement) => ({
            template_id: agreement.template_id,
            document_sha256: agreement.document_sha256,
          })),
        }
      : undefined,
  );
  const release = useReleaseTime(scope);
  const queryClient = useQueryClient();
  // A payment at booking (issue 44, decision 0085): what Confirm takes first, and Stripe's return.
  const returning = useBookingPaymentReturn(scope, pathOf('review'));
  const paying = confirm.data?.kind === 'payment' ? confirm.data : null;
  // In a company's embed Stripe's page opens in a tab: this page asks until the payment booked the order.
  const payingInTab = paying !== null && embedHost !== null;
  const bookingPayment = useQuery({
    ...bookingPaymentQueryOptions(scope, order.revision),
    refetchInterval: payingInTab ? 3_000 : false,
  });
  const bookedMeanwhile = bookingPayment.data?.state === 'booked';
  useEffect(() => {
    if (bookedMeanwhile) void invalidateOrder(queryClient, scope);
  }, [bookedMeanwhile, queryClient, scope]);
  useEffect(() => {
    // Stripe's page in this tab: the review comes back with the session once the client paid or left.
    if (paying && embedHost === null) window.location.assign(paying.url);
  }, [paying]);
  // A signature of a document that changed since (the order, its price or the agreement): read it again and sign anew.
  const agreementChanged = confirm.error instanceof ApiError && confirm.error.code === 'agreement_changed';
  useEffect(() => {
    if (agreementChanged) setSignature(null);
  }, [agreementChanged]);

  // Spec 2.11: with the calendar last, a cart changed after the time was held gives the time up,
  // and the visitor picks one that fits on the calendar.
  const mustPickAgain = mode === 'calendar-last' && order.services_changed && order.datetime !== null;
  const releasing = useRef(false);
  const inFlight = useRef(false);
  // Spec 2.11: the browser's Back stays on the review (the page's Back button goes to /packages).
  useBlockBack('always', !mustPickAgain);
  useEffect(() => {
    if (!mustPickAgain || releasing.current) return;
    releasing.current = true;
    release.mutate(undefined, { onSuccess: () => void navigate(pathOf('calendar'), { replace: true }) });
  }, [mustPickAgain, release, navigate, pathOf]);

  if (release.isError)
    return (
      <FailureNotice
        phone={office.office_phone}
        onRetry={() =>
          release.mutate(undefined, { onSuccess: () => void navigate(pathOf('calendar'), { replace: true }) })
        }
        sx={{ maxWidth: 880, mx: 'auto' }}
      />
    );
  if (mustPickAgain || release.isPending || pricing.isPending || agreements.isPending || bookingPayment.isPending)
    return <StepSkeleton />;

  // One attempt at a time, whatever the clicks: a double click must not send a second confirm.
  const send = (request: ConfirmRequest) => {
    if (inFlight.current) return;
    inFlight.current = true;
    confirm.mutate(request, { onSettled: () => (inFlight.current = false) });
  };
  const press = () => {
    // Nothing is booked unsigned where the company signs at booking: the form says so, above it.
    if (signNow && !signature) return setAgreementRefusal(t.agreements.required);
    setAgreementRefusal(null);
    send({});
  };
  const outcome = confirm.data;
  const refusal = confirm.error instanceof ApiError ? confirm.error : null;
  const incomplete = refusal?.code === 'order_incomplete' ? refusal : null;
  // Refusals that leave the order as it now is, shown above: the visitor checks it and confirms again.
  const changed =
    refusal?.code === 'order_changed' || refusal?.code === 'coupon_used_up' || refusal?.code === 'agreement_changed'
      ? refusal
      : null;
  const changedTitle =
    changed?.code === 'order_changed'
      ? t.orderChangedTitle
      : changed?.code === 'agreement_changed'
        ? t.agreements.changedTitle
        : t.couponUsedUpTitle;
  const showNames = settings.isOn(SETTING.SHOW_INSPECTOR_NAMES);
  const due = bookingPayment.data?.due ?? null;
  const heldUntil = order.hold_expires_at
    ? `${formatTime(wallTimeIn(order.hold_expires_at, office.time_zone))}${zoneSuffix(office.time_zone, Date.parse(order.hold_expires_at))}`
    : '';
  const returnedAs = returning.data?.status;
  const redirecting = paying !== null && embedHost === null;

  return (
    <StepFrame
      step="review"
      onBack={() => goTo('packages')}
      nextButton={
        <BusyButton
          variant="contained"
          size="large"
          busy={confirm.isPending || redirecting || returning.isPending}
          onClick={press}
        >
          {confirm.isPending || returning.isPending ? t.pleaseWait : redirecting ? t.payment.opening : t.confirm}
        </BusyButton>
      }
    >
      <Typography sx={{ mb: 3, color: 'text.secondary' }}>{t.intro}</Typography>
      {returning.isPending && (
        <Notice severity="info" sx={{ mb: 3 }}>
          {t.payment.waiting}
        </Notice>
      )}
      {returnedAs === 'cancelled' && (
        <Notice severity="warning" sx={{ mb: 3 }}>
          {t.payment.cancelled(heldUntil)}
        </Notice>
      )}
      {returnedAs === 'not_booked' && (
        <Notice severity="error" sx={{ mb: 3 }}>
          {t.payment.notBooked}
        </Notice>
      )}
      {returnedAs === 'not_paid' && (
        <Notice severity="warning" sx={{ mb: 3 }}>
          {t.payment.waiting}
        </Notice>
      )}
      {!returnedAs && bookingPayment.data?.state === 'expired' && (
        <Notice severity="warning" sx={{ mb: 3 }}>
          {t.payment.expired}
        </Notice>
      )}
      {changed && (
        <Alert severity="warning" sx={{ mb: 3 }} role="alert">
          <AlertTitle>{changedTitle}</AlertTitle>
          {changed.message}
        </Alert>
      )}
      <ReviewPanels specialNote={specialNote} changeable />
      {signNow && agreements.data && (
        <Suspense fallback={<StepSkeleton />}>
          <ReviewAgreementsPanel
            shown={agreements.data}
            signature={signature}
            onSign={(given) => {
              setSignature(given);
              setAgreementRefusal(null);
            }}
            onChange={() => setSignature(null)}
            refusal={
              agreementRefusal ?? (refusal?.field === 'agreement_signature' && !changed ? refusal.message : null)
            }
          />
        </Suspense>
      )}
      {due && <PaymentAtBooking due={due} tabUrl={payingInTab ? paying.url : null} />}
      {bookingPayment.isError && (
        <FailureNotice phone={office.office_phone} onRetry={() => void bookingPayment.refetch()} sx={{ mt: 3 }} />
      )}
      {agreements.isError && (
        <FailureNotice phone={office.office_phone} onRetry={() => void agreements.refetch()} sx={{ mt: 3 }} />
      )}
      {incomplete && (
        <IncompleteNotice
          message={incomplete.message}
          steps={stepsToComplete(order, incomplete.field, stepOrder(mode), peopleSettings(settings, office.country), {
            controls: office.controls,
            currentYear: new Date().getFullYear(),
          })}
          pathOf={pathOf}
        />
      )}
      {!incomplete && !changed && isFailure(confirm.error) && (
        <FailureNotice phone={office.office_phone} onRetry={press} sx={{ mt: 3 }} />
      )}
      {pricing.isError && (
        <FailureNotice phone={office.office_phone} onRetry={() => void pricing.refetch()} sx={{ mt: 3 }} />
      )}
      {outcome?.kind === 'unavailable' && (
        <Suspense fallback={null}>
          <NotAvailableDialog
            at={outcome.at}
            alternatives={outcome.appointments}
            describe={(slot) => describeSlot(slot, { long: true, showNames, users: office.users })}
            phone={office.office_phone}
            onChoose={(slot) => send({ alternative: slot })}
            onClose={() => confirm.reset()}
          />
        </Suspense>
      )}
    </StepFrame>
  );
}
