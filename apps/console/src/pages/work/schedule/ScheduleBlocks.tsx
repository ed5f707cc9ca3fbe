import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import type { CSSProperties, DragEvent, ReactNode } from 'react';
import type { ConsoleBooking, ConsoleHold, ConsoleTimeOffSpan } from '@scheduler/contracts/console';
import { formatTime, wallTimeIn } from '@scheduler/domain/scheduling-text';
import { Link as RouterLink } from 'react-router';
import { visuallyHidden } from '@scheduler/ui/visually-hidden';
import { clockText } from '../../../shared/time-text.ts';

/** What the schedule says of a booking whose agreement is flagged unsigned (decision 0080). */
export const AGREEMENT_UNSIGNED_TEXT = 'Agreement not signed';

/**
 * The flag of an unsigned agreement: a pen in a warning circle, and the words for a screen reader
 * (a compact block has no room for them), or shown beside it.
 */
function UnsignedMarker({ compact }: { compact: boolean }) {
  return (
    <Box
      component="span"
      data-testid="agreement-unsigned"
      title={AGREEMENT_UNSIGNED_TEXT}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: '#8a4b00', fontWeight: 650 }}
    >
      <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <circle cx="8" cy="8" r="7.25" fill="#fff4e5" stroke="currentColor" strokeWidth="1.5" />
        <path d="M5 11l.6-2.2L9.9 4.5l1.6 1.6-4.3 4.3L5 11z" fill="currentColor" />
      </svg>
      <span style={compact ? visuallyHidden : undefined}>{AGREEMENT_UNSIGNED_TEXT}</span>
    </Box>
  );
}

/** "9:30 AM – 12:00 PM" (the page names the zone once, above the grid). */
export const spanText = (span: { local_start: string; local_end: string }) =>
  `${clockText(span.local_start)} – ${clockText(span.local_end)}`;

/** When a hold lapses, on the office's clock: "Held until 10:42 AM". */
export const heldUntilText = (hold: ConsoleHold, timeZone: string) =>
  `Held until ${formatTime(wallTimeIn(hold.expires_at, timeZone))}`;

const BLOCK = {
  display: 'block',
  overflow: 'hidden',
  borderRadius: 1,
  px: 0.75,
  py: 0.25,
  fontSize: '0.8rem',
  lineHeight: 1.3,
  textDecoration: 'none',
  color: 'text.primary',
} as const;

/** A booking: who, where, what, when; its text opens the order, and `menu` (Move to…) sits beside it. */
export function BookingBlock({
  booking,
  companyKey,
  compact = false,
  menu,
  onDragStart,
  sx,
  style,
}: {
  booking: ConsoleBooking;
  companyKey: string;
  compact?: boolean;
  menu?: ReactNode;
  /** Given, the block can be dragged to another time or inspector (the move dialog then asks). */
  onDragStart?: (event: DragEvent<HTMLElement>) => void;
  sx?: object;
  style?: CSSProperties;
}) {
  const services = booking.services.join(', ');
  return (
    <Box
      data-testid="booking-block"
      draggable={onDragStart ? true : undefined}
      onDragStart={
        onDragStart &&
        ((event: DragEvent<HTMLElement>) => {
          // Some browsers start a drag only with data; the reference also reads well if dropped in a text field.
          event.dataTransfer.setData('text/plain', booking.reference);
          event.dataTransfer.effectAllowed = 'move';
          onDragStart(event);
        })
      }
      style={style}
      sx={{
        ...BLOCK,
        display: 'flex',
        // A narrow block (a week's cell) puts Move to… under the text rather than squeezing it.
        flexWrap: 'wrap',
        alignItems: 'flex-start',
        gap: 0.5,
        bgcolor: '#dbe8f5',
        borderLeft: '4px solid #1f4e79',
        '&:hover': { bgcolor: '#c7dbef' },
        cursor: onDragStart ? 'grab' : undefined,
        ...sx,
      }}
    >
      <Box
        component={RouterLink}
        to={`/${encodeURIComponent(companyKey)}/orders/${booking.order_id}`}
        data-testid="booking"
        // The block drags, not the link's address.
        draggable={false}
        sx={{ flex: '1 1 8em', minWidth: 0, color: 'inherit', textDecoration: 'none' }}
      >
        <Typography component="span" sx={{ display: 'block', fontWeight: 650, fontSize: 'inherit' }}>
          {spanText(booking)} · {booking.client_name}
          {booking.agreement_unsigned && compact && (
            <>
              {' '}
              <UnsignedMarker compact />
            </>
          )}
        </Typography>
        {booking.agreement_unsigned && !compact && (
          <Typography component="span" sx={{ display: 'block', fontSize: 'inherit' }}>
            <UnsignedMarker compact={false} />
          </Typography>
        )}
        {!compact && (
          <>
            <Typography component="span" sx={{ display: 'block', fontSize: 'inherit' }}>
              {booking.address_line}
            </Typography>
            {services && (
              <Typography component="span" sx={{ display: 'block', fontSize: 'inherit', color: 'text.secondary' }}>
                {services}
              </Typography>
            )}
            <Typography component="span" sx={{ display: 'block', fontSize: 'inherit', color: 'text.secondary' }}>
              {booking.paid ? 'Paid' : 'Not paid'} ·{' '}
              {booking.booked_by === 'online' ? 'Booked online' : `Booked by ${booking.booked_by}`}
            </Typography>
          </>
        )}
      </Box>
      {menu}
    </Box>
  );
}

/** A visitor's hold: faded, as it may lapse; when it does unless confirmed. */
export function HoldBlock({
  hold,
  timeZone,
  sx,
  style,
}: {
  hold: ConsoleHold;
  timeZone: string;
  sx?: object;
  style?: CSSProperties;
}) {
  return (
    <Box
      data-testid="hold"
      style={style}
      sx={{ ...BLOCK, bgcolor: '#f1f3f5', border: '1px dashed #6b7a89', opacity: 0.85, color: 'text.secondary', ...sx }}
    >
      <Typography component="span" sx={{ display: 'block', fontWeight: 650, fontSize: 'inherit' }}>
        {spanText(hold)} · A visitor is booking
      </Typography>
      <Typography component="span" sx={{ display: 'block', fontSize: 'inherit' }}>
        {heldUntilText(hold, timeZone)}
      </Typography>
    </Box>
  );
}

/** "Time off" and "(weekly)" for a block that repeats on its weekdays. */
export const timeOffTitle = (span: ConsoleTimeOffSpan) => (span.recurring ? 'Time off (weekly)' : 'Time off');

/** "Off all day" or "Off 9:00 AM – 12:00 PM". */
export const timeOffWhen = (span: ConsoleTimeOffSpan) =>
  span.local_start === '00:00' && span.local_end === '24:00' ? 'Off all day' : `Off ${spanText(span)}`;

/** Time off: hatched, with its note; a button that offers to give the time back. */
export function TimeOffBlock({
  span,
  onOpen,
  sx,
  style,
}: {
  span: ConsoleTimeOffSpan;
  onOpen?: () => void;
  sx?: object;
  style?: CSSProperties;
}) {
  return (
    <ButtonBase
      data-testid="time-off"
      aria-haspopup="dialog"
      onClick={onOpen}
      disabled={!onOpen}
      style={style}
      sx={{
        ...BLOCK,
        textAlign: 'left',
        justifyContent: 'flex-start',
        alignItems: 'flex-start',
        flexDirection: 'column',
        display: 'flex',
        border: '1px solid #b5bec8',
        background: 'repeating-linear-gradient(135deg, #eceff2, #eceff2 6px, #dfe3e8 6px, #dfe3e8 12px)',
        '&:hover': { borderColor: '#4a5a6a' },
        ...sx,
      }}
    >
      <Typography component="span" sx={{ display: 'block', fontWeight: 650, fontSize: 'inherit' }}>
        {timeOffTitle(span)}
      </Typography>
      <Typography component="span" sx={{ display: 'block', fontSize: 'inherit' }}>
        {timeOffWhen(span)}
      </Typography>
      {span.note && (
        <Typography component="span" sx={{ display: 'block', fontSize: 'inherit' }}>
          {span.note}
        </Typography>
      )}
    </ButtonBase>
  );
}
