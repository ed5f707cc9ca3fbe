import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { Controller, useFieldArray, type UseFormReturn } from 'react-hook-form';
import { fieldProps } from '../../../shared/form.ts';
import {
  MAX_REMINDER_HOURS,
  MAX_REMINDERS,
  MIN_REMINDER_HOURS,
  REMINDER_RECIPIENTS,
  type MessagesFormValues,
  type ReminderRecipient,
} from './messages-form.ts';

const RECIPIENT_LABELS: Readonly<Record<ReminderRecipient, string>> = {
  client: 'The clients',
  agent: 'The agents (when they get the confirmation)',
};

/** The reminders: hours before the inspection, and to whom; at most MAX_REMINDERS, each at its own hour. */
export function ReminderFields({ form }: { form: UseFormReturn<MessagesFormValues> }) {
  const rows = useFieldArray({ control: form.control, name: 'reminders' });
  return (
    <>
      {rows.fields.length === 0 && <FormHelperText sx={{ m: 0 }}>No reminders are sent.</FormHelperText>}
      {rows.fields.map((row, index) => {
        const number = index + 1;
        const helpId = `reminder-${row.id}-to-help`;
        return (
          <Paper
            key={row.id}
            variant="outlined"
            role="group"
            aria-label={`Reminder ${number}`}
            sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 1.5, minWidth: 0 }}
          >
            <TextField
              label={`Reminder ${number}: hours before`}
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
              {...fieldProps(
                form,
                `reminders.${index}.hoursBefore`,
                `From ${MIN_REMINDER_HOURS} to ${MAX_REMINDER_HOURS} (two weeks); 24 is the day before, at the same time.`,
              )}
            />
            <Controller
              control={form.control}
              name={`reminders.${index}.to`}
              render={({ field, fieldState }) => (
                <FormControl component="fieldset" error={fieldState.error !== undefined}>
                  <FormLabel component="legend">Reminder {number} goes to</FormLabel>
                  <FormGroup row>
                    {REMINDER_RECIPIENTS.map((who) => (
                      <FormControlLabel
                        key={who}
                        label={RECIPIENT_LABELS[who]}
                        control={
                          <Checkbox
                            checked={field.value.includes(who)}
                            onChange={(event) =>
                              field.onChange(
                                event.target.checked ? [...field.value, who] : field.value.filter((one) => one !== who),
                              )
                            }
                            slotProps={{ input: { 'aria-describedby': helpId } }}
                          />
                        }
                      />
                    ))}
                  </FormGroup>
                  <FormHelperText id={helpId} sx={{ mx: 0 }}>
                    {fieldState.error?.message ?? 'Tick one or both.'}
                  </FormHelperText>
                </FormControl>
              )}
            />
            <Box>
              <Button type="button" color="error" onClick={() => rows.remove(index)}>
                Remove reminder {number}
              </Button>
            </Box>
          </Paper>
        );
      })}
      <Box>
        <Button
          type="button"
          variant="outlined"
          disabled={rows.fields.length >= MAX_REMINDERS}
          onClick={() => rows.append({ hoursBefore: '', to: ['client'] })}
        >
          Add a reminder
        </Button>
        <FormHelperText sx={{ mx: 0 }}>At most {MAX_REMINDERS} reminders, each at its own hour.</FormHelperText>
      </Box>
    </>
  );
}
