import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import {
  TIME_OFF_NOTE_MAX,
  type ConsoleBooking,
  type ConsoleMembership,
  type ConsoleSchedule,
} from '@scheduler/contracts/console';
import { formatListDate } from '@scheduler/domain/scheduling-text';
import { zoneAbbreviation } from '@scheduler/domain/time-zone-text';
import { ApiError } from '@scheduler/ui/api-error';
import { failureText } from '../../../shared/api.ts';
import { memberCan } from '../../../shared/company.ts';
import { Failure } from '../../../shared/Failure.tsx';
import { fieldProps } from '../../../shared/form.ts';
import { inspectorsQueryOptions } from '../../../shared/queries.ts';
import { spanText } from './ScheduleBlocks.tsx';
import { useBlockTime } from './time-off-api.ts';
import {
  formFieldOf,
  timeOffBody,
  timeOffFormSchema,
  WEEKDAYS,
  zoneNamesOver,
  type TimeOffValues,
} from './time-off-form.ts';

export interface TimeOffDialogProps {
  companyKey: string;
  membership: ConsoleMembership | null;
  schedule: Pick<ConsoleSchedule, 'office' | 'offices' | 'zone_abbreviations'>;
  /** The date the schedule shows: the form's first and last date to start with. */
  date: string;
  onClose: () => void;
  onBlocked: () => void;
}

/** "Jane Doe, Tuesday, December 1st 2026, 9:30 AM – 12:00 PM EST, 12 Elm Street, …": a booking the time off would fall on. */
export function conflictText(booking: ConsoleBooking, timeZone: string): string {
  return `${booking.client_name}, ${formatListDate(booking.local_date)}, ${spanText(booking)} ${zoneAbbreviation(timeZone, Date.parse(booking.start))}, ${booking.address_line}`;
}

/**
 * "Block time": an inspector's dates, all day or between two times on the office's clock, on
 * every date or only some weekdays, with a note. Over booked inspections the server lists them;
 * the person may block it anyway or not. Whatever was typed stays through every refusal.
 *
 * Only the shown office's inspectors are offered: the form's times are on its clock, and the
 * inspectors' list does not say other offices' zones. Whom a member may block is the permissions
 * table's `time_off.manage` (an inspector: only themself).
 */
export function TimeOffDialog({ companyKey, membership, schedule, date, onClose, onBlocked }: TimeOffDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const inspectors = useQuery(inspectorsQueryOptions(companyKey));
  const options = (inspectors.data?.inspectors ?? []).filter(
    (inspector) =>
      inspector.office_uuid === schedule.office.uuid &&
      memberCan(membership, 'time_off.manage', inspector.id === membership?.inspector_id),
  );
  const only = options.length === 1 ? String(options[0]!.id) : '';
  const form = useForm<TimeOffValues>({
    resolver: zodResolver(timeOffFormSchema),
    defaultValues: {
      inspector_id: '',
      from_date: date,
      to_date: date,
      all_day: true,
      start_time: '',
      end_time: '',
      weekdays: [],
      note: '',
    },
  });
  const block = useBlockTime(companyKey);
  const [conflicts, setConflicts] = useState<{ message: string; bookings: ConsoleBooking[] } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const conflictsHeading = useRef<HTMLHeadingElement>(null);
  const ids = { title: useId(), zone: useId(), weekdays: useId() };

  // With one inspector to offer (an inspector member: themself), it is chosen already.
  const { getValues, setValue } = form;
  useEffect(() => {
    if (only && !getValues('inspector_id')) setValue('inspector_id', only);
  }, [only, getValues, setValue]);
  useEffect(() => {
    if (conflicts) conflictsHeading.current?.focus();
  }, [conflicts]);

  const allDay = form.watch('all_day');
  const [fromDate, toDate] = form.watch(['from_date', 'to_date']);
  const zones = zoneNamesOver(schedule.office.time_zone, fromDate, toDate || fromDate);
  const zoneText = (zones.length > 0 ? zones : [...new Set(schedule.zone_abbreviations)]).join(' or ');

  const send = (values: TimeOffValues, acceptConflicts: boolean) => {
    setFailure(null);
    block.mutate(timeOffBody(values, acceptConflicts), {
      onSuccess: (result) => {
        if (result.status === 'blocked') onBlocked();
        else setConflicts({ message: result.message, bookings: result.conflicts });
      },
      onError: (error) => {
        setConflicts(null);
        const field = error instanceof ApiError && error.status === 400 ? formFieldOf(error.field) : null;
        if (field) form.setError(field, { message: error.message }, { shouldFocus: true });
        else setFailure(failureText(error));
      },
    });
  };
  const onSubmit = form.handleSubmit((values) => send(values, false));

  return (
    <Dialog open onClose={onClose} fullWidth fullScreen={phone} maxWidth="sm" aria-labelledby={ids.title}>
      <DialogTitle id={ids.title}>Block time</DialogTitle>
      {conflicts ? (
        <>
          <DialogContent>
            <Typography ref={conflictsHeading} component="h3" variant="h3" tabIndex={-1} sx={{ mb: 1 }}>
              Booked inspections in this time
            </Typography>
            <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
              {conflicts.message}
            </Alert>
            <Box component="ul" sx={{ pl: 2.5, m: 0, display: 'grid', gap: 1 }}>
              {conflicts.bookings.map((booking) => (
                <li key={booking.order_id}>
                  <Link component={RouterLink} to={`/${encodeURIComponent(companyKey)}/orders/${booking.order_id}`}>
                    {conflictText(booking, schedule.office.time_zone)}
                  </Link>
                </li>
              ))}
            </Box>
            <Typography sx={{ mt: 2, color: 'text.secondary' }}>
              Blocked anyway, these bookings stay: move or cancel them from their order pages.
            </Typography>
            {failure && (
              <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                {failure}
              </Alert>
            )}
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button onClick={onClose}>Cancel</Button>
            <Button onClick={() => setConflicts(null)}>Change the time off</Button>
            <Button
              variant="contained"
              color="warning"
              disabled={block.isPending}
              onClick={() => send(form.getValues(), true)}
            >
              {block.isPending ? 'Blocking…' : 'Block it anyway'}
            </Button>
          </DialogActions>
        </>
      ) : (
        <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} sx={{ display: 'contents' }}>
          <DialogContent>
            {failure && (
              <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                {failure}
              </Alert>
            )}
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, pt: 1 }}>
              {inspectors.isError ? (
                <Box sx={{ gridColumn: '1 / -1' }}>
                  <Failure error={inspectors.error} onRetry={() => void inspectors.refetch()} />
                </Box>
              ) : (
                <Controller
                  control={form.control}
                  name="inspector_id"
                  render={({ field, fieldState }) => (
                    <TextField
                      select
                      required
                      label="Inspector"
                      value={options.some((option) => String(option.id) === field.value) ? field.value : ''}
                      onChange={(event) => field.onChange(event.target.value)}
                      onBlur={field.onBlur}
                      inputRef={field.ref}
                      disabled={inspectors.isPending}
                      error={fieldState.error !== undefined}
                      helperText={
                        fieldState.error?.message ??
                        (inspectors.isPending
                          ? 'Loading the inspectors…'
                          : schedule.offices.length > 1
                            ? `${schedule.office.name} office`
                            : undefined)
                      }
                      sx={{ gridColumn: '1 / -1' }}
                    >
                      {options.length === 0 && (
                        <MenuItem value="" disabled>
                          No inspectors to choose
                        </MenuItem>
                      )}
                      {options.map((inspector) => (
                        <MenuItem key={inspector.id} value={String(inspector.id)}>
                          {inspector.name}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              )}
              <TextField
                type="date"
                label="First date"
                required
                slotProps={{ inputLabel: { shrink: true } }}
                {...fieldProps(form, 'from_date')}
              />
              <TextField
                type="date"
                label="Last date"
                required
                slotProps={{ inputLabel: { shrink: true } }}
                {...fieldProps(form, 'to_date')}
              />
              <Box sx={{ gridColumn: '1 / -1' }}>
                <Controller
                  control={form.control}
                  name="all_day"
                  render={({ field }) => (
                    <FormControlLabel
                      control={
                        <Checkbox
                          checked={field.value}
                          onChange={(event) => field.onChange(event.target.checked)}
                          onBlur={field.onBlur}
                          inputRef={field.ref}
                        />
                      }
                      label="All day"
                    />
                  )}
                />
                <Typography id={ids.zone} sx={{ color: 'text.secondary', fontSize: '0.9rem' }}>
                  Times are in {zoneText}
                </Typography>
              </Box>
              {!allDay && (
                <>
                  <TextField
                    type="time"
                    label="Start time"
                    required
                    slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-describedby': ids.zone, step: 300 } }}
                    {...fieldProps(form, 'start_time')}
                  />
                  <TextField
                    type="time"
                    label="End time"
                    required
                    slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-describedby': ids.zone, step: 300 } }}
                    {...fieldProps(form, 'end_time')}
                  />
                </>
              )}
              <Controller
                control={form.control}
                name="weekdays"
                render={({ field, fieldState }) => (
                  <FormControl
                    component="fieldset"
                    error={fieldState.error !== undefined}
                    sx={{ gridColumn: '1 / -1' }}
                  >
                    <FormLabel component="legend" id={ids.weekdays}>
                      Repeat weekly on
                    </FormLabel>
                    <FormGroup row>
                      {WEEKDAYS.map((name, weekday) => (
                        <FormControlLabel
                          key={name}
                          label={name}
                          control={
                            <Checkbox
                              checked={field.value.includes(weekday)}
                              onChange={(event) =>
                                field.onChange(
                                  event.target.checked
                                    ? [...field.value, weekday]
                                    : field.value.filter((day) => day !== weekday),
                                )
                              }
                              onBlur={field.onBlur}
                              inputRef={weekday === 0 ? field.ref : undefined}
                            />
                          }
                          sx={{ minWidth: 130 }}
                        />
                      ))}
                    </FormGroup>
                    <FormHelperText>
                      {fieldState.error?.message ?? 'None ticked: every date from the first to the last.'}
                    </FormHelperText>
                  </FormControl>
                )}
              />
              <TextField
                label="Note"
                multiline
                minRows={2}
                slotProps={{ htmlInput: { maxLength: TIME_OFF_NOTE_MAX } }}
                sx={{ gridColumn: '1 / -1' }}
                {...fieldProps(form, 'note', `Optional, up to ${TIME_OFF_NOTE_MAX} characters: the schedule shows it.`)}
              />
            </Box>
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={block.isPending}>
              {block.isPending ? 'Blocking…' : 'Block the time'}
            </Button>
          </DialogActions>
        </Box>
      )}
    </Dialog>
  );
}
