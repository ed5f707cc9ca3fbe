import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ManageOrderView } from '@scheduler/contracts/manage';
import { formatListDate, wallTimeIn } from '@scheduler/domain/scheduling-text';
import { Notice } from '../shared/Notice.tsx';
import { OfficeContact } from '../shared/OfficeContact.tsx';
import { manageTexts as t } from './manage-texts.ts';

/**
 * A booking that can no longer change: cancelled (when, the office's reason, and the fee it cost) or over. The office
 * stays one tap away.
 */
export function BookingState({ view }: { view: ManageOrderView }) {
  const { order, office } = view;
  if (order.state === 'booked') return null;
  return (
    <Box sx={{ mb: 3 }}>
      {order.state === 'cancelled' ? (
        <Notice severity="warning">
          <Typography sx={{ fontWeight: 700 }}>{t.state.cancelled}</Typography>
          {order.cancelled && (
            <Typography>
              {t.state.cancelledOn(formatListDate(wallTimeIn(order.cancelled.at, office.time_zone)))}
            </Typography>
          )}
          {order.cancelled?.reason && <Typography>{t.state.cancelledReason(order.cancelled.reason)}</Typography>}
          {order.cancelled?.fee && <Typography>{t.state.cancelledFee(order.cancelled.fee)}</Typography>}
        </Notice>
      ) : (
        <Notice severity="info">
          <Typography sx={{ fontWeight: 700 }}>{t.state.over}</Typography>
        </Notice>
      )}
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2, mb: 0.5 }}>
        {t.state.questions}
      </Typography>
      <OfficeContact contact={office} />
    </Box>
  );
}
