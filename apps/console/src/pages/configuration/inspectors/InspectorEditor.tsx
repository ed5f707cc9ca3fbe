import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { fieldProps } from '../../../shared/form.ts';
import { HomeBaseFields } from './HomeBaseFields.tsx';
import {
  applyInspectorForm,
  EDITOR_WEEKDAYS,
  formFieldOfRefusal,
  inspectorFormValues,
  MAX_DRIVE_MILES,
  MAX_INSPECTIONS_A_DAY,
  type DocumentInspector,
  type InspectorFormValues,
} from './inspector-form.ts';
import { OverridesField } from './OverridesField.tsx';

export interface ServiceChoice {
  uuid: string;
  name: string;
}

/** The name an inspector goes by in the console: their display name, else first and last, else "New inspector". */
export function inspectorName(inspector: Pick<DocumentInspector, 'display' | 'first' | 'last'>): string {
  return inspector.display.trim() || `${inspector.first} ${inspector.last}`.trim() || 'New inspector';
}

/** The server's refusal of the last save, at a path inside the inspector that was sent. */
export interface InspectorRefusal {
  path: string;
  message: string;
  sent: DocumentInspector;
}

interface InspectorEditorProps {
  inspector: DocumentInspector;
  services: readonly ServiceChoice[];
  busy: boolean;
  /** The office's date (YYYY-MM-DD): overrides before it are past. */
  today: string;
  /** Not in the document yet: saving adds them. */
  isNew: boolean;
  refusal: InspectorRefusal | null;
  onSave: (inspector: DocumentInspector) => void;
  onRemove: () => void;
}

/**
 * One inspector's editor: name and contact, the most inspections a day, the services they
 * perform, their weekly hours (several intervals a day, typed as text), date overrides, home base
 * and the postal codes they serve, overall and by weekday. The form checks what the document's
 * schema would refuse, naming the field; saving hands the whole inspector to the page, which
 * saves the document.
 */
export function InspectorEditor({
  inspector,
  services,
  busy,
  today,
  isNew,
  refusal,
  onSave,
  onRemove,
}: InspectorEditorProps) {
  const form = useForm<InspectorFormValues>({ defaultValues: inspectorFormValues(inspector) });
  // A saved (or reloaded) inspector is the form's new starting point.
  useEffect(() => form.reset(inspectorFormValues(inspector)), [form, inspector]);
  // A refused save keeps what was typed, and says what is wrong at the field the server names.
  useEffect(() => {
    if (!refusal) return;
    const field = formFieldOfRefusal(refusal.path, refusal.sent, form.getValues());
    if (field)
      form.setError(field as FieldPath<InspectorFormValues>, { message: refusal.message }, { shouldFocus: true });
  }, [form, refusal]);

  const submit = form.handleSubmit((values) => {
    const result = applyInspectorForm(inspector, values);
    if (result.ok) return onSave(result.inspector);
    for (const [index, problem] of result.problems.entries())
      form.setError(
        problem.field as FieldPath<InspectorFormValues>,
        { message: problem.message },
        { shouldFocus: index === 0 },
      );
  });
  const text = (name: FieldPath<InspectorFormValues>, helperText?: string) => fieldProps(form, name, helperText);
  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label={inspectorName(inspector)}>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}
      >
        <TextField label="First name" required {...text('first')} />
        <TextField label="Last name" required {...text('last')} />
        <TextField label="Name visitors see" {...text('display', 'Empty: the first and last name.')} />
        <TextField label="E-mail" type="email" {...text('email')} />
        <TextField label="Phone" type="tel" {...text('phone')} />
        <TextField
          label="Most inspections a day"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          {...text('maxInspections', `1 to ${MAX_INSPECTIONS_A_DAY}.`)}
        />
        <TextField
          label="Driving radius (miles)"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          {...text('maxDriveMiles', `From their home base; 1 to ${MAX_DRIVE_MILES}.`)}
        />
        <Controller
          control={form.control}
          name="active"
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
              label="Takes bookings"
            />
          )}
        />
      </Box>

      <Typography component="h3" variant="h3" sx={{ mt: 3, mb: 1 }}>
        Weekly hours
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        On the office&apos;s clock. Several intervals a day are separated by commas, like 8:00 AM–12:00 PM, 1:00 PM–5:00
        PM. Empty: a day off.
      </Typography>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}
      >
        {EDITOR_WEEKDAYS.map(({ day, label }) => (
          <TextField key={day} label={label} {...text(`hours.${day}`)} />
        ))}
      </Box>

      <Typography component="h3" variant="h3" sx={{ mt: 3, mb: 1 }}>
        Date overrides
      </Typography>
      <OverridesField form={form} today={today} />

      <Typography component="h3" variant="h3" sx={{ mt: 3, mb: 1 }}>
        Home base
      </Typography>
      <HomeBaseFields form={form} />

      <Typography component="h3" variant="h3" sx={{ mt: 3, mb: 1 }}>
        Services they perform
      </Typography>
      <Controller
        control={form.control}
        name="services"
        render={({ field }) => (
          <FormGroup
            aria-label="Services they perform"
            sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}
          >
            {services.map((service) => (
              <FormControlLabel
                key={service.uuid}
                sx={{ minWidth: 0, '& .MuiFormControlLabel-label': { overflowWrap: 'anywhere' } }}
                control={
                  <Checkbox
                    checked={field.value.includes(service.uuid)}
                    onChange={(event) =>
                      field.onChange(
                        event.target.checked
                          ? [...field.value, service.uuid]
                          : field.value.filter((id) => id !== service.uuid),
                      )
                    }
                  />
                }
                label={service.name}
              />
            ))}
          </FormGroup>
        )}
      />

      <Typography component="h3" variant="h3" sx={{ mt: 3, mb: 1 }}>
        Postal codes served
      </Typography>
      <TextField
        label="Postal codes"
        multiline
        minRows={2}
        fullWidth
        {...text(
          'postalCodes',
          'Codes and ranges, like 43001-43010, 43017. Used when the setting "Limit inspectors to their postal codes" is on. Empty: everywhere.',
        )}
      />
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2, mb: 1.5 }}>
        By weekday (used when the setting &quot;Limit postal codes by day&quot; is on). Empty: that day is not limited.
      </Typography>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}
      >
        {EDITOR_WEEKDAYS.map(({ day, label }) => (
          <TextField key={day} label={`Postal codes on ${label}`} {...text(`postalCodesByWeekday.${day}`)} />
        ))}
      </Box>

      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 3 }}>
        {/* A new inspector is saved as they are, even before a change: their defaults are the point. */}
        <Button type="submit" variant="contained" disabled={busy || (!isNew && !form.formState.isDirty)}>
          {isNew ? 'Add inspector' : 'Save inspector'}
        </Button>
        <Button
          type="button"
          disabled={busy || !form.formState.isDirty}
          onClick={() => form.reset(inspectorFormValues(inspector))}
        >
          Discard changes
        </Button>
        <Button type="button" color="error" disabled={busy} onClick={onRemove} sx={{ ml: { sm: 'auto' } }}>
          {isNew ? 'Cancel this inspector' : 'Remove inspector'}
        </Button>
      </Box>
    </Box>
  );
}
