import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import {
  formatAppointmentDateTime,
  formatCountdown,
  formatLongDateTime,
  formatMinutesLeft,
  formatTime,
  wallTimeIn,
} from '@scheduler/domain/scheduling-text';
import { zoneSuffix } from '@scheduler/domain/time-zone-text';
import type { HeldTime } from './hold-state.ts';
import { holdTexts } from './hold-texts.ts';
import { takeJustHeld } from './just-held.ts';
import { useNow } from './use-now.ts';
import { trackOnce } from './embed/funnel.ts';
import { visuallyHidden } from '@scheduler/ui/visually-hidden';
import { scheduleTexts } from './appointment-texts.ts';

/** The countdown shows, and the minutes are announced, in the hold's last minutes. */
export const COUNTDOWN_FROM_MS = 5 * 60_000;

/**
 * "Held for you until 10:42 AM": a quiet line on every step after the calendar, so the visitor
 * knows the time is theirs and for how long. In the last minutes a countdown shows and each
 * minute is announced politely; once the hold lapses it says so.
 */
export default function HoldIndicator({
  held,
  showAppointment = true,
  sx,
}: {
  held: HeldTime;
  showAppointment?: boolean;
  sx?: object;
}) {
  const now = useNow(1000);
  const expiresAt = Date.parse(held.holdExpiresAt);
  // Right after the calendar held the time, once: "We're holding … for you for 15 minutes …" (DECISIONS 4.2).
  const [justHeld] = useState(() =>
    takeJustHeld()
      ? scheduleTexts.holding(
          `${formatAppointmentDateTime(wallTimeIn(held.datetime, held.timeZone))}${zoneSuffix(held.timeZone, Date.parse(held.datetime))}`,
          Math.max(1, Math.round((expiresAt - Date.now()) / 60_000)),
        )
      : null,
  );
  const left = expiresAt - now;
  // Office wall times, with the office's zone named when the visitor's clock reads them otherwise.
  const until = `${formatTime(wallTimeIn(held.holdExpiresAt, held.timeZone))}${zoneSuffix(held.timeZone, expiresAt)}`;
  const appointment = `${formatLongDateTime(wallTimeIn(held.datetime, held.timeZone))}${zoneSuffix(held.timeZone, Date.parse(held.datetime))}`;
  const lapsed = left <= 0;
  const counting = !lapsed && left <= COUNTDOWN_FROM_MS;
  useEffect(() => {
    if (lapsed) trackOnce(`lapsed ${held.holdExpiresAt}`, 'hold_lapsed');
  }, [lapsed, held.holdExpiresAt]);
  const announcement = lapsed
    ? holdTexts.lapsed(until)
    : counting
      ? holdTexts.minutesLeft(formatMinutesLeft(left))
      : '';
  return (
    <Box
      data-testid="hold-indicator"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
        px: 2,
        py: 1.25,
        borderRadius: 2,
        border: 1,
        borderColor: lapsed ? '#e0a84a' : '#bcd9bf',
        bgcolor: lapsed ? '#fff4e0' : '#eef5ee',
        color: lapsed ? '#4d3200' : '#173d1f',
        ...sx,
      }}
    >
      <ClockIcon />
      <Box sx={{ flex: '1 1 220px' }}>
        {lapsed ? (
          <Typography sx={{ fontWeight: 600 }}>{holdTexts.lapsed(until)}</Typography>
        ) : (
          <Typography sx={{ fontWeight: 600 }}>{holdTexts.heldUntil(until)}</Typography>
        )}
        {showAppointment && <Typography variant="body2">{appointment}</Typography>}
        {justHeld && <Typography variant="body2">{justHeld}</Typography>}
      </Box>
      {counting && (
        <Box
          aria-hidden="true"
          sx={{
            fontVariantNumeric: 'tabular-nums',
            fontWeight: 700,
            px: 1.25,
            py: 0.25,
            borderRadius: 99,
            bgcolor: '#ffffff',
            border: 1,
            borderColor: '#bcd9bf',
          }}
        >
          {holdTexts.timeLeft(formatCountdown(left))}
        </Box>
      )}
      {/* Changes once a minute at most, and once when the hold lapses: the countdown itself is for the eyes only. */}
      <Box component="span" aria-live="polite" sx={visuallyHidden}>
        {announcement}
      </Box>
    </Box>
  );
}

function ClockIcon() {
  return (
    <Box
      component="svg"
      viewBox="0 0 24 24"
      aria-hidden="true"
      sx={{
        width: 22,
        height: 22,
        flexShrink: 0,
        fill: 'none',
        stroke: 'currentColor',
        strokeWidth: 2,
        strokeLinecap: 'round',
      }}
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </Box>
  );
}
