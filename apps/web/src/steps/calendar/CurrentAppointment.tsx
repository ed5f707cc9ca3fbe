import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { formatSidebarDateTime } from '@scheduler/domain/scheduling-text';
import { texts } from '../../shared/texts.ts';

/** The appointment the order already holds, in the office's time zone, with Reset (spec 2.10, 4.2). */
export function CurrentAppointment({ datetime, timeZone, onReset, disabled }: { datetime: string; timeZone: string; onReset: () => void; disabled: boolean }) {
  const local = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(new Date(datetime))
    .replace(',', '');
  const { date, time } = formatSidebarDateTime(local);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, p: 2, mb: 3, bgcolor: '#eef5ee', border: 1, borderColor: '#bcd9bf', borderRadius: 2 }}>
      <Box>
        <Typography sx={{ fontWeight: 600 }}>{texts.calendar.date(date)}</Typography>
        <Typography>{texts.calendar.time(time)}</Typography>
      </Box>
      <Button variant="outlined" onClick={onReset} disabled={disabled}>
        {texts.calendar.reset}
      </Button>
    </Box>
  );
}
