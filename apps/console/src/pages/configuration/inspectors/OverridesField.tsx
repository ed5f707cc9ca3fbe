import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { fieldProps } from '../../../shared/form.ts';
import type { InspectorFormValues } from './inspector-form.ts';
import { isRealDate, MAX_OVERRIDE_NOTE, splitByToday } from './inspector-overrides.ts';

/** "2026-12-24" → "Thursday, December 24, 2026": the name of a row, for its group and its Remove button. */
function dateName(date: string): string {
  if (!isRealDate(date)) return 'New date';
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.UTC(year, month - 1, day));
}

/**
 * The inspector's date overrides as rows (date, hours, note), in date order as loaded, a new row
 * at the end. Dates before the office's `today` are hidden until asked for, or until one of them
 * has a problem: a refused row is never out of sight.
 */
export function OverridesField({ form, today }: { form: UseFormReturn<InspectorFormValues>; today: string }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'overrides' });
  const [showPast, setShowPast] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  // Split by the dates as loaded (fields keep them), so a row being retyped never jumps out of view.
  const { past, upcoming } = splitByToday(fields, today);
  const errors = form.formState.errors.overrides;
  const pastInView = showPast || past.some((index) => errors?.[index] !== undefined);
  const shown = pastInView ? [...past, ...upcoming] : upcoming;

  return (
    <Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        A day off, or other hours, on one date; on the office&apos;s clock. Hours are typed as the weekly hours are.
        Empty hours: a day off.
      </Typography>
      {past.length > 0 && (
        <FormControlLabel
          control={<Switch checked={pastInView} onChange={(event) => setShowPast(event.target.checked)} />}
          label={`Show past dates (${past.length})`}
          sx={{ mb: 1 }}
        />
      )}
      {shown.length === 0 ? (
        <Typography sx={{ mb: 1.5 }}>
          {fields.length === 0 ? 'No date overrides yet.' : 'No upcoming date overrides.'}
        </Typography>
      ) : (
        <Box component="ul" aria-label="Date overrides" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
          {shown.map((index) => {
            const field = fields[index]!;
            const name = dateName(field.date);
            return (
              <Box component="li" key={field.id} sx={{ minWidth: 0 }}>
                <Box
                  role="group"
                  aria-label={name}
                  sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, minWidth: 0 }}
                >
                  <Box
                    sx={{
                      display: 'grid',
                      gap: 2,
                      gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '11rem minmax(0, 1fr)' },
                      alignItems: 'start',
                    }}
                  >
                    <TextField
                      label="Date"
                      type="date"
                      required
                      {...fieldProps(form, `overrides.${index}.date`)}
                      slotProps={{ inputLabel: { shrink: true } }}
                    />
                    <TextField
                      label="Hours that day"
                      {...fieldProps(form, `overrides.${index}.hours`, 'Like 8:00 AM–12:00 PM. Empty: a day off.')}
                    />
                    <TextField
                      label="Note"
                      sx={{ gridColumn: { sm: '1 / -1' } }}
                      {...fieldProps(
                        form,
                        `overrides.${index}.note`,
                        `For the office; up to ${MAX_OVERRIDE_NOTE} characters.`,
                      )}
                    />
                  </Box>
                  <Button
                    type="button"
                    size="small"
                    color="error"
                    sx={{ mt: 1 }}
                    aria-label={`Remove ${name}`}
                    onClick={() => {
                      remove(index);
                      addButton.current?.focus();
                    }}
                  >
                    Remove
                  </Button>
                </Box>
              </Box>
            );
          })}
        </Box>
      )}
      <Button
        ref={addButton}
        type="button"
        variant="outlined"
        sx={{ mt: 2 }}
        onClick={() => append({ date: '', hours: '', note: '' }, { shouldFocus: true })}
      >
        Add a date
      </Button>
    </Box>
  );
}
