import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { ScheduleView } from './schedule-layout.ts';

export interface ScheduleToolbarProps {
  date: string;
  view: ScheduleView;
  offices: ReadonlyArray<{ uuid: string; name: string }>;
  officeUuid: string | null;
  onDate: (date: string) => void;
  onToday: () => void;
  onStep: (direction: 1 | -1) => void;
  onView: (view: ScheduleView) => void;
  onOffice: (uuid: string) => void;
}

/** Today, previous, next, a date, day, week or month, and the office when there are several. */
export function ScheduleToolbar({
  date,
  view,
  offices,
  officeUuid,
  onDate,
  onToday,
  onStep,
  onView,
  onOffice,
}: ScheduleToolbarProps) {
  const unit = view;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
      <Button variant="outlined" onClick={onToday} sx={{ minHeight: 40 }}>
        Today
      </Button>
      <Button
        variant="outlined"
        onClick={() => onStep(-1)}
        aria-label={`Previous ${unit}`}
        sx={{ minHeight: 40, minWidth: 44 }}
      >
        <span aria-hidden="true">‹</span>
      </Button>
      <Button
        variant="outlined"
        onClick={() => onStep(1)}
        aria-label={`Next ${unit}`}
        sx={{ minHeight: 40, minWidth: 44 }}
      >
        <span aria-hidden="true">›</span>
      </Button>
      <TextField
        type="date"
        size="small"
        label="Date"
        value={date}
        onChange={(event) => event.target.value && onDate(event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ width: 170 }}
      />
      <ToggleButtonGroup
        exclusive
        size="small"
        value={view}
        onChange={(_event, next: ScheduleView | null) => next && onView(next)}
        aria-label="View"
      >
        <ToggleButton value="day" sx={{ px: 2 }}>
          Day
        </ToggleButton>
        <ToggleButton value="week" sx={{ px: 2 }}>
          Week
        </ToggleButton>
        <ToggleButton value="month" sx={{ px: 2 }}>
          Month
        </ToggleButton>
      </ToggleButtonGroup>
      {offices.length > 1 && (
        <TextField
          select
          size="small"
          label="Office"
          value={officeUuid ?? offices[0]!.uuid}
          onChange={(event) => onOffice(event.target.value)}
          sx={{ minWidth: 180 }}
        >
          {offices.map((office) => (
            <MenuItem key={office.uuid} value={office.uuid}>
              {office.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Box>
  );
}
