import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useId } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import type { ManageOrderView } from '@scheduler/contracts/manage';
import { BookingState } from './BookingState.tsx';
import { ChangeOption } from './ChangeOption.tsx';
import { ManageFrame } from './ManageFrame.tsx';
import { ManageNotice, type PageNotice } from './ManageNotice.tsx';
import { manageTexts as t } from './manage-texts.ts';
import { deadlineText, momentText } from './manage-view.ts';
import { OrderSummary } from './OrderSummary.tsx';

/**
 * The page's first screen: the booking, its state, Reschedule and Cancel when the policy allows
 * them now (else why not, and the office), and what happened to it so far.
 */
export function ManageOverview({
  view,
  notice,
  onReschedule,
  onCancel,
}: {
  view: ManageOrderView;
  notice: PageNotice | null;
  onReschedule: () => void;
  onCancel: () => void;
}) {
  const { order, office, reschedule, cancel } = view;
  const zone = office.time_zone;
  const ids = { changes: useId(), history: useId(), agreements: useId(), receipts: useId() };
  const params = useParams();
  // The client's agreements open in the signing page, under this manage link (issue 43).
  const agreementPath = (id: string) =>
    `/${encodeURIComponent(params.companyKey ?? '')}/manage/${encodeURIComponent(params.token ?? '')}/agreements/${id}`;
  // A receipt is a PDF the API hands under this manage link (decision 0082): a plain download, not a page of the app.
  const receiptHref = (id: string) =>
    `/${encodeURIComponent(params.companyKey ?? '')}/json/manage/${encodeURIComponent(params.token ?? '')}/receipts/${id}/pdf`;
  const rescheduleDetails = [
    t.reschedule.until(deadlineText(reschedule.deadline, zone)),
    ...(reschedule.remaining !== null ? [t.reschedule.remaining(reschedule.remaining)] : []),
    ...(reschedule.fee_cents > 0 && reschedule.fee ? [t.reschedule.fee(reschedule.fee)] : []),
  ];
  const cancelDetails = [
    ...(cancel.fee_cents > 0 && cancel.fee ? [t.cancel.fee(cancel.fee)] : []),
    ...(cancel.late_fee ? [t.cancel.feeFrom(deadlineText(cancel.late_fee.from, zone), cancel.late_fee.fee)] : []),
    t.cancel.until(deadlineText(cancel.deadline, zone)),
  ];
  return (
    <ManageFrame screen="overview" companyName={view.company_name} title={t.title}>
      <Typography sx={{ color: 'text.secondary', mt: -2, mb: 3 }}>{t.reference(order.reference)}</Typography>
      {notice && (
        <ManageNotice notice={notice} phone={office.office_phone} email={office.office_email} sx={{ mb: 3 }} />
      )}
      <BookingState view={view} />
      <OrderSummary order={order} />

      {view.agreements.length > 0 && (
        <Box component="section" aria-labelledby={ids.agreements} sx={{ mt: 4 }}>
          <Typography id={ids.agreements} variant="h2" sx={{ mb: 1.5 }}>
            {t.agreements.heading}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
            {view.agreements.map((agreement) => (
              <Box
                component="li"
                key={agreement.id}
                sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1, display: 'grid', gap: 1 }}
              >
                <Typography sx={{ fontWeight: 600 }}>{agreement.title}</Typography>
                <Typography sx={{ color: 'text.secondary' }}>{t.agreements[agreement.state]}</Typography>
                <Box>
                  <Button
                    component={RouterLink}
                    to={agreementPath(agreement.id)}
                    variant={agreement.state === 'pending' ? 'contained' : 'outlined'}
                    aria-label={
                      agreement.state === 'pending'
                        ? t.agreements.sign(agreement.title)
                        : t.agreements.open(agreement.title)
                    }
                  >
                    {agreement.state === 'pending' ? 'Review and sign' : 'Open'}
                  </Button>
                </Box>
              </Box>
            ))}
          </Box>
        </Box>
      )}

      {view.receipts.length > 0 && (
        <Box component="section" aria-labelledby={ids.receipts} sx={{ mt: 4 }}>
          <Typography id={ids.receipts} variant="h2" sx={{ mb: 1.5 }}>
            {t.receipts.heading}
          </Typography>
          <Box component="ul" sx={{ p: 0, pl: 2.5, m: 0, display: 'grid', gap: 1 }}>
            {view.receipts.map((receipt) => (
              <li key={receipt.id}>
                <Link href={receiptHref(receipt.id)} download>
                  {receipt.text} (PDF)
                </Link>
              </li>
            ))}
          </Box>
        </Box>
      )}

      {order.state === 'booked' && (
        <Box component="section" aria-labelledby={ids.changes} sx={{ mt: 4 }}>
          <Typography id={ids.changes} variant="h2" sx={{ mb: 2 }}>
            {t.changes}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
              gap: { xs: 1.5, sm: 2 },
            }}
          >
            <ChangeOption
              heading={t.reschedule.heading}
              allowed={reschedule.allowed}
              reason={reschedule.reason}
              text={reschedule.text}
              details={rescheduleDetails}
              button={t.reschedule.button}
              onChoose={onReschedule}
              office={office}
            />
            <ChangeOption
              heading={t.cancel.heading}
              allowed={cancel.allowed}
              reason={cancel.reason}
              text={cancel.text}
              details={cancelDetails}
              button={t.cancel.button}
              onChoose={onCancel}
              office={office}
              danger
            />
          </Box>
        </Box>
      )}

      {view.history.length > 0 && (
        <Box component="section" aria-labelledby={ids.history} sx={{ mt: 4 }}>
          <Typography id={ids.history} variant="h2" sx={{ mb: 1.5 }}>
            {t.history}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 1 }}>
            {view.history.map((entry, index) => (
              <Box
                component="li"
                key={`${index}-${entry.at}`}
                sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: { xs: 0, sm: 2 } }}
              >
                <Box component="span" sx={{ color: 'text.secondary', flex: { sm: '0 0 310px' }, fontSize: '0.9rem' }}>
                  {momentText(entry.at, zone)}
                </Box>
                <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
                  {entry.text}
                </Box>
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </ManageFrame>
  );
}
