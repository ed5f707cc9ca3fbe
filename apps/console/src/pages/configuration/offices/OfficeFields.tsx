import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState, type ReactNode } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { ApiError } from '@scheduler/ui/api-error';
import { failureText } from '../../../shared/api.ts';
import { fieldProps } from '../../../shared/form.ts';
import { LogoField } from './LogoField.tsx';
import { addressLine, findPlace, placedText, timeZoneChoices } from './office-place.ts';
import { boundsText, officeLabel, type OfficeField, type OfficesFormValues } from './offices-form.ts';

const twoColumns = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
} as const;

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mt: 3, minWidth: 0 }}>
      <Typography component="h3" variant="h3" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * One office's fields: contact, address and place (found from the address, the time zone with
 * it), logo, and when visitors may book. The road estimates are folded under "Advanced": most
 * companies never change them.
 */
export function OfficeFields({
  form,
  index,
  states,
}: {
  form: UseFormReturn<OfficesFormValues>;
  index: number;
  states: ReadonlyArray<{ abbreviation: string; name: string }>;
}) {
  const path = (field: OfficeField) => `offices.${index}.${field}` as const;
  const text = (field: OfficeField, helperText?: string) => fieldProps(form, path(field), helperText);
  const office = useWatch({ control: form.control, name: `offices.${index}` });
  const { name, timeZone, startTimes } = office;
  const zones = useMemo(() => timeZoneChoices(timeZone), [timeZone]);
  const [placed, setPlaced] = useState('');
  const [finding, setFinding] = useState(false);
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const advancedError =
    form.getFieldState(path('roadFactor'), form.formState).invalid ||
    form.getFieldState(path('averageSpeedMph'), form.formState).invalid;

  const find = async () => {
    const values = form.getValues(`offices.${index}`);
    const line = addressLine(values);
    setPlaced('');
    if (line.length < 3) {
      form.setError(
        path('address1'),
        { message: 'Enter the address first: street, city, state and postal code.' },
        { shouldFocus: true },
      );
      return;
    }
    setFinding(true);
    try {
      const place = await findPlace(line);
      const set = (field: OfficeField, value: string) => form.setValue(path(field), value, { shouldDirty: true });
      set('city', place.city);
      set('postalCode', place.postal_code);
      set('latitude', String(place.latitude));
      set('longitude', String(place.longitude));
      set('timeZone', place.time_zone);
      form.clearErrors([
        path('address1'),
        path('city'),
        path('postalCode'),
        path('latitude'),
        path('longitude'),
        path('timeZone'),
        path('state'),
      ]);
      if (states.some((state) => state.abbreviation === place.state)) set('state', place.state);
      else
        form.setError(path('state'), {
          message: `This address is in ${place.state}, which is not one of your states. Choose the state, or add it to your states.`,
        });
      setPlaced(placedText({ latitude: place.latitude, longitude: place.longitude, timeZone: place.time_zone }));
    } catch (error) {
      // "Not found" and a refused address are said where the address is typed.
      const message =
        error instanceof ApiError && (error.status === 404 || error.status === 400)
          ? error.message
          : failureText(error);
      form.setError(path('address1'), { message }, { shouldFocus: true });
    } finally {
      setFinding(false);
    }
  };

  return (
    <>
      <Part title="Contact">
        <Box sx={twoColumns}>
          <TextField
            label="Office name"
            required
            {...text('name', 'Visitors see it on the scheduler and in e-mails.')}
          />
          <TextField label="Phone" type="tel" {...text('phone', 'Shown to visitors who need to call.')} />
          <TextField label="E-mail" type="email" {...text('email', 'Shown to visitors; empty: none.')} />
        </Box>
      </Part>

      <Part title="Address and time zone">
        <Box sx={twoColumns}>
          <TextField label="Street address" {...text('address1')} />
          <TextField label="Suite, floor (optional)" {...text('address2')} />
          <TextField label="City" {...text('city')} />
          <TextField label="State" select slotProps={{ select: { native: true } }} {...text('state')}>
            {states.map((state) => (
              <option key={state.abbreviation} value={state.abbreviation}>
                {state.name} ({state.abbreviation})
              </option>
            ))}
          </TextField>
          <TextField label="Postal code" {...text('postalCode')} />
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', my: 2 }}>
          <Button type="button" variant="outlined" disabled={finding} onClick={() => void find()}>
            {finding ? 'Finding…' : 'Find this address'}
          </Button>
          <Typography role="status" sx={{ color: 'text.secondary' }}>
            {placed}
          </Typography>
        </Box>
        <Box sx={twoColumns}>
          <TextField
            label="Latitude"
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            {...text('latitude', '-90 to 90; filled in by "Find this address".')}
          />
          <TextField
            label="Longitude"
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            {...text('longitude', '-180 to 180; filled in by "Find this address".')}
          />
          <TextField
            label="Time zone"
            select
            slotProps={{ select: { native: true } }}
            {...text('timeZone', "The office's clock: booking times, e-mails and the schedule use it.")}
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll('_', ' ')}
              </option>
            ))}
          </TextField>
        </Box>
      </Part>

      <Part title="Logo">
        <LogoField form={form} index={index} officeName={officeLabel({ name })} />
      </Part>

      <Part title="When visitors may book">
        <Box sx={twoColumns}>
          <TextField
            label="Booking window (days)"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            {...text('bookingHorizonDays', `How far ahead visitors may book. ${boundsText('bookingHorizonDays')}`)}
          />
          <TextField
            label="Minimum notice (hours)"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            {...text(
              'minimumNoticeHours',
              `The soonest a visitor may book from now. ${boundsText('minimumNoticeHours')}`,
            )}
          />
          <TextField
            label="Buffer between inspections (minutes)"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            {...text(
              'bufferMinutes',
              `Kept free between two inspections of one inspector. ${boundsText('bufferMinutes')}`,
            )}
          />
          <TextField
            label="Default length (minutes)"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            {...text(
              'defaultDurationMinutes',
              `An inspection's length before the visitor chooses services. ${boundsText('defaultDurationMinutes')}`,
            )}
          />
        </Box>
        <Controller
          control={form.control}
          name={path('startTimes')}
          render={({ field }) => (
            <FormControl sx={{ mt: 2 }}>
              <FormLabel id={`start-times-${index}`}>Start times offered</FormLabel>
              <RadioGroup
                aria-labelledby={`start-times-${index}`}
                value={field.value}
                onChange={(event) => field.onChange(event.target.value)}
                sx={{ flexDirection: { xs: 'column', sm: 'row' } }}
              >
                <FormControlLabel value="every" control={<Radio />} label="Every few minutes" />
                <FormControlLabel value="fixed" control={<Radio />} label="At fixed times" />
              </RadioGroup>
            </FormControl>
          )}
        />
        <Box sx={{ ...twoColumns, mt: 1 }}>
          {startTimes === 'fixed' ? (
            <TextField
              key="fixed"
              label="Fixed start times"
              {...text(
                'fixedStartTimes',
                'Like 8:00, 13:00 (24-hour clock), separated by commas; sorted, each once, when saved.',
              )}
              slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
            />
          ) : (
            <TextField
              key="every"
              label="A start time every (minutes)"
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              {...text(
                'slotGranularityMinutes',
                `From the start of an inspector's hours. ${boundsText('slotGranularityMinutes')}`,
              )}
            />
          )}
        </Box>
      </Part>

      <Accordion
        variant="outlined"
        expanded={advancedOpen || advancedError}
        onChange={(_event, open) => setAdvancedOpen(open)}
        sx={{ mt: 3 }}
        disableGutters
      >
        {/* The summary is an h3 of its own (MUI's Accordion heading). */}
        <AccordionSummary aria-controls={`advanced-${index}`} id={`advanced-${index}-summary`}>
          <Typography component="span" variant="h3">
            Advanced: driving estimates
          </Typography>
        </AccordionSummary>
        <AccordionDetails id={`advanced-${index}`}>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            How the scheduler estimates the drive between two inspections when it knows both addresses.
          </Typography>
          <Box sx={twoColumns}>
            <TextField
              label="Road factor"
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              {...text(
                'roadFactor',
                `Roads are longer than a straight line: the straight distance times this. ${boundsText('roadFactor')}`,
              )}
            />
            <TextField
              label="Average speed (mph)"
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              {...text('averageSpeedMph', boundsText('averageSpeedMph'))}
            />
          </Box>
        </AccordionDetails>
      </Accordion>
    </>
  );
}
