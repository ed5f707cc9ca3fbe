import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import type { OrderResponse } from '@scheduler/contracts/order';
import { formatAppointmentDateTime, formatSidebarDateTime, joinNames } from '@scheduler/domain/scheduling-text';
import { heldTimeOf } from './hold-state.ts';
import { heldWallTime } from './held-time.ts';
import HoldIndicator from './HoldIndicator.tsx';
import { holdTexts } from './hold-texts.ts';
import { lazyChunk } from './chunk-load.ts';
import { scheduleTexts } from './appointment-texts.ts';

// Only a Reset loads the dialog.
const ConfirmDialog = lazyChunk(() => import('./ConfirmDialog.tsx'));

/** The green box of `HeldAppointment`, loaded when the order has a time. */
export default function HeldAppointmentBox({
  order,
  timeZone,
  inspectors,
  onReset,
  disabled,
}: {
  order: Pick<OrderResponse, 'datetime' | 'hold_expires_at' | 'confirmed' | 'inspectors'>;
  timeZone: string;
  /** The office's inspectors when their names are shown, else nothing. */
  inspectors: ReadonlyArray<{ id: number; display: string }> | null;
  onReset: () => void;
  disabled: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const wallTime = heldWallTime(order, timeZone);
  if (!wallTime) return null;
  const { date, time } = formatSidebarDateTime(wallTime);
  const names = inspectors
    ? joinNames(order.inspectors.map((i) => inspectors.find((u) => u.id === i.id)?.display ?? '').filter(Boolean))
    : '';
  const held = heldTimeOf(order, timeZone);
  return (
    <Box
      data-testid="held-appointment"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 2,
        p: 2,
        mb: 3,
        bgcolor: '#eef5ee',
        border: 1,
        borderColor: '#bcd9bf',
        borderRadius: 2,
      }}
    >
      <Box sx={{ flex: '1 1 240px' }}>
        <Typography sx={{ fontWeight: 600 }}>{scheduleTexts.date(date)}</Typography>
        <Typography>{scheduleTexts.time(time)}</Typography>
        {names && <Typography sx={{ color: 'text.secondary' }}>{holdTexts.withInspectors(names)}</Typography>}
        {held && (
          <HoldIndicator held={held} showAppointment={false} sx={{ mt: 1, p: 0, border: 0, bgcolor: 'transparent' }} />
        )}
      </Box>
      <Button variant="outlined" onClick={() => setAsking(true)} disabled={disabled}>
        {scheduleTexts.reset}
      </Button>
      {asking && (
        <Suspense fallback={null}>
          <ConfirmDialog
            title={holdTexts.resetTitle}
            text={holdTexts.resetText(formatAppointmentDateTime(wallTime))}
            confirm={holdTexts.release}
            cancel={holdTexts.keep}
            onCancel={() => setAsking(false)}
            onConfirm={() => {
              setAsking(false);
              onReset();
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}
