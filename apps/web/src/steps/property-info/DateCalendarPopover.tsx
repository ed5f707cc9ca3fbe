import Popover from '@mui/material/Popover';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs from 'dayjs';
import { formatIsoDate, parseDateIn } from '@scheduler/contracts/date-format';
import { propertyTexts } from './property-texts.ts';

/**
 * MUI X's calendar in a dialog under the answer's button: it opens on the date typed (or today's
 * month), arrows move between days, Enter picks one, Escape closes; the day picked is written in
 * the company's format (the field's own rules then check it as if typed).
 */
export default function DateCalendarPopover({
  anchor,
  question,
  value,
  dateFormat,
  onPick,
  onClose,
}: {
  anchor: HTMLElement | null;
  question: string;
  value: string;
  dateFormat: string;
  onPick: (text: string) => void;
  onClose: () => void;
}) {
  const typed = parseDateIn(value, dateFormat);
  return (
    <Popover
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { role: 'dialog', 'aria-label': propertyTexts.calendarOf(question) } }}
    >
      <LocalizationProvider dateAdapter={AdapterDayjs}>
        <DateCalendar
          autoFocus
          value={typed ? dayjs(typed) : null}
          onChange={(picked, selection) => {
            // Choosing a year is a step on the way: the answer is the day.
            if (selection !== 'finish' || !picked?.isValid()) return;
            onPick(formatIsoDate(picked.format('YYYY-MM-DD'), dateFormat));
          }}
        />
      </LocalizationProvider>
    </Popover>
  );
}
