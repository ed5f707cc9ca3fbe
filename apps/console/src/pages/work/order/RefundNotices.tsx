import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PaymentToRefundView } from '@scheduler/contracts/payments';
import { momentText } from '../../../shared/time-text.ts';

/** What happened, in the office's words: the amount, why the order could not take it, and what to do. */
export function refundNoticeText(payment: Pick<PaymentToRefundView, 'amount' | 'reason'>): string {
  switch (payment.reason) {
    case 'order_cancelled':
      return `Paid ${payment.amount} after it was cancelled: refund to do in Stripe.`;
    case 'amount_changed':
      return `Paid ${payment.amount}, which is not the order's total: refund to do in Stripe.`;
    case 'paid_twice':
      return `Paid ${payment.amount} a second time: refund to do in Stripe.`;
    case 'not_booked':
      return `Paid ${payment.amount} at booking, but the order could not be booked: refund to do in Stripe.`;
  }
}

/**
 * Money that reached the company's Stripe account for this order when the order could not take it
 * (issue 39): one notice each, at the top of the order page. The refund itself is made in Stripe,
 * where the payment is found by its id.
 */
export function RefundNotices({ payments, timeZone }: { payments: readonly PaymentToRefundView[]; timeZone: string }) {
  if (payments.length === 0) return null;
  return (
    <Box component="section" aria-label="Payments to refund" sx={{ display: 'grid', gap: 1, mb: 2 }}>
      {payments.map((payment) => (
        // A notice the page opens with, not news: no live region.
        <Alert key={payment.checkout_session_id} severity="warning" role="note">
          <Typography sx={{ fontWeight: 650 }}>{refundNoticeText(payment)}</Typography>
          <Typography variant="body2">
            Paid on {momentText(payment.paid_at, timeZone)}
            {payment.payment_intent_id ? ` · Stripe payment ${payment.payment_intent_id}` : ''}
          </Typography>
        </Alert>
      ))}
    </Box>
  );
}
