import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { payOnlineWords } from '@scheduler/domain/pricing/display-lines';
import { SETTING } from '@scheduler/contracts/setting-keys';
import { useScheduler } from '../../shared/scheduler-context.tsx';
import { SCREEN_HEADING_ID, useScreenHeadingFocus } from '@scheduler/ui/focus';
import { FailureNotice } from '../../shared/FailureNotice.tsx';
import { OfficeContact } from '../../shared/OfficeContact.tsx';
import { pricingQueryOptions } from '../../shared/pricing-api.ts';
import { orderQueryOptions } from '../../shared/queries.ts';
import { StepSkeleton } from '../../shared/StepSkeleton.tsx';
import { texts } from '../../shared/texts.ts';
import { ReviewPanels } from './ReviewPanels.tsx';
import { reviewTexts } from './review-texts.ts';
import { useSpecialNote } from './special-note.ts';
import { bookingPaymentQueryOptions, postManageLink } from './api.ts';
import { useBlockBack } from './use-block-back.ts';
import { embedHost, embeddedHref } from '../../shared/embed/embed-context.ts';

/**
 * The review in its thank-you state (spec 2.11), what every path of a confirmed order shows:
 * "Thank you!", the company's banner (its line breaks kept) or the default text with the office's
 * e-mail and phone, the order's panels without Change, then Pay Online (unpaid, with the payment
 * link on), or "Paid" once the order is paid, Schedule Again and the optional redirect button. The
 * browser's first Back stays here.
 */
export function ThankYou() {
  const { scope, companyKey, office, order, settings, currency } = useScheduler();
  const pricing = useQuery(pricingQueryOptions(scope));
  // What a payment at booking took (issue 44): "Deposit paid, $X due at the inspection."
  const paidAtBooking = useQuery(bookingPaymentQueryOptions(scope, order.revision)).data?.paid ?? null;
  // The confirmed order keeps the note it was sent with; this browser's copy serves only an order
  // confirmed without one stored (a fresh browser has no copy at all: issue 21, item 8).
  const noteInThisBrowser = useSpecialNote();
  const specialNote = order.special_note.trim() !== '' ? order.special_note : noteInThisBrowser;
  const banner = settings.text(SETTING.CONFIRMATION_BANNER).trim();
  const showPay = !order.cancelled && !order.paid && Boolean(order.pay_url) && settings.isOn(SETTING.SHOW_PAYMENT_LINK);
  // Pay Online opens another tab: coming back to this one, the order is read again, so that a
  // payment made there turns Pay Online into "Paid" (issue 23). Nothing to watch once paid.
  useQuery({
    ...orderQueryOptions(scope),
    enabled: !order.paid && Boolean(order.pay_url),
    refetchOnWindowFocus: 'always',
  });
  const redirectUrl = settings.isOn(SETTING.REDIRECT_BUTTON_ENABLED)
    ? settings.text(SETTING.REDIRECT_BUTTON_URL).trim()
    : '';
  useEffect(() => {
    document.title = `${reviewTexts.thankYou.title} | ${office.company_name}`;
  }, [office.company_name]);
  // The visitor may be neither a client nor an agent who gets the e-mails: the page opens a link of their own.
  const manage = useMutation({
    mutationFn: () => postManageLink(scope),
    onSuccess: ({ url }) => window.location.assign(url),
  });
  // Where the prices shown were before tax, or part is paid already, what Pay Online will charge is said before it is pressed (issues 42, 44).
  const charge = showPay && pricing.data ? payOnlineWords(pricing.data, order.balance_due_cents, currency) : null;
  const chargeId = useId();
  useScreenHeadingFocus('thank-you');
  useBlockBack('once');

  if (pricing.isPending) return <StepSkeleton />;
  return (
    <Paper sx={{ p: { xs: 2, sm: 4 }, border: 1, borderColor: 'divider', maxWidth: 880, mx: 'auto' }}>
      <Box sx={{ mb: 3, p: { xs: 2, sm: 3 }, borderRadius: 2, bgcolor: '#edf7ee', border: 1, borderColor: '#a5d0a9' }}>
        <Typography variant="h1" id={SCREEN_HEADING_ID} tabIndex={-1} sx={{ mb: 1.5 }}>
          {reviewTexts.thankYou.title}
        </Typography>
        {order.cancelled ? (
          <Typography role="status" sx={{ fontWeight: 600 }}>
            {reviewTexts.thankYou.cancelled}
          </Typography>
        ) : banner ? (
          <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{banner}</Typography>
        ) : (
          <>
            <Typography sx={{ mb: 1.5 }}>{reviewTexts.thankYou.defaultText}</Typography>
            <OfficeContact contact={office} />
          </>
        )}
      </Box>
      <ReviewPanels specialNote={specialNote} changeable={false} />
      {manage.isError && (
        <Typography role="alert" sx={{ mt: 2, color: 'error.main' }}>
          {reviewTexts.thankYou.manageFailed}
        </Typography>
      )}
      {pricing.isError && (
        <FailureNotice phone={office.office_phone} onRetry={() => void pricing.refetch()} sx={{ mt: 3 }} />
      )}
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          mt: 4,
          pt: 3,
          borderTop: 1,
          borderColor: 'divider',
          '& > *': { flex: { xs: '1 1 100%', sm: '0 0 auto' } },
        }}
      >
        {paidAtBooking && !order.cancelled && (
          <Typography component="p" sx={{ alignSelf: 'center', fontWeight: 600, flexBasis: '100%' }}>
            {paidAtBooking.kind === 'deposit'
              ? reviewTexts.thankYou.depositPaid(paidAtBooking.due_later)
              : paidAtBooking.kind === 'full'
                ? reviewTexts.thankYou.paidInFull(paidAtBooking.amount)
                : reviewTexts.thankYou.cardSaved}
          </Typography>
        )}
        {order.paid && (
          <Typography
            component="p"
            role="status"
            sx={{
              alignSelf: 'center',
              px: 2,
              py: 1,
              borderRadius: 1,
              border: 1,
              borderColor: '#a5d0a9',
              bgcolor: '#edf7ee',
              color: '#1e4620',
              fontWeight: 600,
            }}
          >
            {reviewTexts.thankYou.paid}
          </Typography>
        )}
        {charge !== null && (
          <Typography id={chargeId} sx={{ alignSelf: 'center', fontWeight: 600 }}>
            {charge}
          </Typography>
        )}
        {showPay && (
          <Button
            variant="contained"
            size="large"
            href={order.pay_url ?? ''}
            target="_blank"
            rel="noopener noreferrer"
            aria-describedby={charge !== null ? chargeId : undefined}
          >
            {reviewTexts.thankYou.payOnline}
          </Button>
        )}
        <Button variant="outlined" size="large" onClick={() => manage.mutate()} disabled={manage.isPending}>
          {reviewTexts.thankYou.manage}
        </Button>
        <Button
          variant={showPay ? 'outlined' : 'contained'}
          size="large"
          href={embeddedHref(`/${companyKey}/online-scheduler/${office.office_uuid}`)}
        >
          {texts.status.scheduleAgain}
        </Button>
        {redirectUrl && /^https?:\/\//i.test(redirectUrl) && !embedHost && (
          // Not in a company's embed: the visitor is on its website already (decision 0060).
          <Button variant="text" size="large" href={redirectUrl}>
            {settings.text(SETTING.REDIRECT_BUTTON_TEXT).trim() || redirectUrl}
          </Button>
        )}
      </Box>
    </Paper>
  );
}

export default ThankYou;
