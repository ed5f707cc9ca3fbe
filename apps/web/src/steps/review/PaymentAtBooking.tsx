import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { BookingPaymentView } from '@scheduler/contracts/confirm';
import { reviewTexts as t } from './review-texts.ts';

type Due = NonNullable<BookingPaymentView['due']>;

/** What the client pays to book, in words: the deposit and the rest, the whole total, or a card saved. */
export function dueWords(due: Due): string[] {
  const first =
    due.kind === 'deposit'
      ? t.payment.deposit(due.amount, due.due_later, due.total)
      : due.kind === 'full'
        ? t.payment.full(due.total)
        : t.payment.card;
  const words = [first];
  if (due.save_card && due.kind !== 'card') words.push(t.payment.keptForFees);
  words.push(due.kind === 'card' ? t.payment.howCard : t.payment.how);
  return words;
}

/**
 * The review's "Payment to book" (issue 44, decision 0085): what Confirm will take by card before
 * the inspection is booked, tax included, said before it is pressed. In a company's embed,
 * Stripe's page cannot open inside the frame: once Confirm answered, a link opens it in a tab.
 */
export function PaymentAtBooking({ due, tabUrl }: { due: Due; tabUrl: string | null }) {
  const id = useId();
  return (
    <Box
      component="section"
      aria-labelledby={`${id}-heading`}
      sx={{
        mt: 3,
        p: { xs: 1.5, sm: 2 },
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        bgcolor: 'background.paper',
      }}
    >
      <Typography variant="h2" id={`${id}-heading`} sx={{ mb: 1 }}>
        {t.payment.heading}
      </Typography>
      {dueWords(due).map((words, index) => (
        <Typography key={words} sx={{ mb: 1, fontWeight: index === 0 ? 600 : undefined }}>
          {words}
        </Typography>
      ))}
      {tabUrl && (
        <Box sx={{ mt: 2 }}>
          <Button
            variant="contained"
            href={tabUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-describedby={`${id}-tab`}
          >
            {t.payment.payInTab}
          </Button>
          <Typography id={`${id}-tab`} role="status" sx={{ mt: 1 }}>
            {t.payment.inTab}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
