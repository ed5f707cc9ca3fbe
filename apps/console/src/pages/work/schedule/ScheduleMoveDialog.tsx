import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useQuery } from '@tanstack/react-query';
import { Failure } from '../../../shared/Failure.tsx';
import { Loading } from '../../../shared/Loading.tsx';
import { orderQueryOptions } from '../../../shared/queries.ts';
import { moveTitle, RescheduleDialog, type MovePreset } from '../../../shared/RescheduleDialog.tsx';

/**
 * A move asked from the schedule (a drop, or Move to…): the order page's own reschedule dialog,
 * on the order read whole, with the inspector, day and time preset. The rules are the server's:
 * the dialog's times are its move availability for that inspector, and the move its reschedule.
 */
export function ScheduleMoveDialog({
  companyKey,
  orderId,
  preset,
  onClose,
  onMoved,
}: {
  companyKey: string;
  orderId: string;
  preset: MovePreset;
  onClose: () => void;
  onMoved: (when: string) => void;
}) {
  const order = useQuery(orderQueryOptions(companyKey, orderId));
  if (order.data)
    return (
      <RescheduleDialog
        open
        detail={order.data}
        companyKey={companyKey}
        preset={preset}
        onClose={onClose}
        onMoved={onMoved}
      />
    );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="schedule-move-title">
      <DialogTitle id="schedule-move-title">{moveTitle(preset)}</DialogTitle>
      <DialogContent>
        {order.isError ? (
          <Failure error={order.error} onRetry={() => void order.refetch()} />
        ) : (
          <Loading label="Reading the order…" />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
