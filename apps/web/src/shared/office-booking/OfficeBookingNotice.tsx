import Box from '@mui/material/Box';

/** Issue 25: the office is booking this order by phone for a caller. */
export const officeBookingNoticeText = (bookedBy: string) => `Booking by phone for the office \u2014 ${bookedBy}`;

/**
 * Above every step of a booking the office opened from the console (issue 25), so that the
 * office member never takes the page for a visitor's own: a note, read in its place, not a live
 * region that would be announced again on every step. Violet to stand apart from the wizard's
 * blue, green and amber messages, at 10.6:1 contrast; it loads only for such a booking.
 */
export default function OfficeBookingNotice({ bookedBy }: { bookedBy: string }) {
  return (
    <Box
      role="note"
      data-testid="office-booking-notice"
      sx={{
        maxWidth: 880,
        mx: 'auto',
        mb: 2,
        px: 2,
        py: 0.75,
        bgcolor: '#f3effa',
        color: '#3a2463',
        border: 1,
        borderColor: '#c7b8e6',
        borderRadius: 2,
        fontSize: '0.9rem',
        fontWeight: 600,
        overflowWrap: 'anywhere',
      }}
    >
      {officeBookingNoticeText(bookedBy)}
    </Box>
  );
}
