import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { newCompanyResponseSchema, type NewCompanyResponse, type Place } from '@scheduler/contracts/onboarding';
import { ApiError } from '@scheduler/ui/api-error';
import { callApi, failureText } from '../../../shared/api.ts';
import { fieldProps } from '../../../shared/form.ts';
import { PageSection } from '../../../shared/PageSection.tsx';
import { lookUpPlace, placeLine } from '../../../shared/places.ts';
import {
  BOUNDS,
  formFieldOfRefusal,
  initialValues,
  keyFromName,
  newCompanyRequest,
  WEEK_ORDER,
  WEEKDAY_LABELS,
  type NewCompanyValues,
} from './new-company-form.ts';

/** What the lookup said of the address typed last: found, not found, or still asking. */
type Lookup =
  | { address: string; state: 'finding' }
  | { address: string; state: 'found'; place: Place }
  | { address: string; state: 'missing' }
  | { address: string; state: 'failed'; message: string };

/**
 * The one form a founder fills in: the company, its first office (placed from its address, which
 * gives its time zone), the first inspector and the first service. The address is looked up when
 * the person leaves its field, so that creating needs no extra click.
 */
export function NewCompanyForm({
  personName,
  onCreated,
}: {
  personName: string;
  onCreated: (created: NewCompanyResponse) => void;
}) {
  const form = useForm<NewCompanyValues>({ defaultValues: initialValues(personName) });
  const [lookup, setLookup] = useState<Lookup | null>(null);
  const pending = useRef<AbortController | null>(null);
  const origin = window.location.origin;
  const daysLabel = useId();

  const create = useMutation({
    mutationFn: (body: unknown) =>
      callApi('/api/console/companies', newCompanyResponseSchema, { method: 'POST', body, answers: [201] }),
  });

  /** Looks the address up once per text; the answer of an older text is dropped. */
  async function place(address: string): Promise<Place | null> {
    const text = address.trim();
    if (text.length < 3) return null;
    if (lookup?.address === text && lookup.state === 'found') return lookup.place;
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    setLookup({ address: text, state: 'finding' });
    try {
      const found = await lookUpPlace(text, controller.signal);
      if (controller.signal.aborted) return null;
      setLookup(found ? { address: text, state: 'found', place: found } : { address: text, state: 'missing' });
      if (found) form.clearErrors('address');
      return found;
    } catch (error) {
      if (controller.signal.aborted) return null;
      setLookup({ address: text, state: 'failed', message: failureText(error) });
      return null;
    }
  }

  const submit = form.handleSubmit(async (values) => {
    const found = await place(values.address);
    const request = newCompanyRequest(values, found);
    if (!request.ok) {
      for (const [index, problem] of request.problems.entries())
        form.setError(problem.field, { message: problem.message }, { shouldFocus: index === 0 });
      return;
    }
    create.mutate(request.body, {
      onSuccess: onCreated,
      onError: (error) => {
        const field = error instanceof ApiError ? formFieldOfRefusal(error.field) : null;
        if (field) form.setError(field, { message: error.message }, { shouldFocus: true });
      },
    });
  });

  const nameField = form.register('companyName', {
    onChange: (event: { target: { value: string } }) => {
      // The web address follows the name until the person types one of their own.
      if (!form.getValues('keyEdited')) form.setValue('companyKey', keyFromName(event.target.value));
    },
  });
  const keyField = form.register('companyKey', { onChange: () => form.setValue('keyEdited', true) });
  const addressField = form.register('address', {
    onBlur: (event: { target: { value: string } }) => void place(event.target.value),
  });
  const error = (name: keyof NewCompanyValues) => form.getFieldState(name, form.formState).error?.message;
  const key = form.watch('companyKey');
  const refusal =
    create.error && !(create.error instanceof ApiError && formFieldOfRefusal(create.error.field))
      ? failureText(create.error)
      : null;

  return (
    <Box component="form" noValidate aria-label="Set up your company" onSubmit={(event) => void submit(event)}>
      <PageSection title="Your company">
        <TextField
          label="Company name"
          required
          name={nameField.name}
          inputRef={nameField.ref}
          onChange={(event) => void nameField.onChange(event)}
          onBlur={(event) => void nameField.onBlur(event)}
          error={Boolean(error('companyName'))}
          helperText={error('companyName') ?? 'As your clients know it: it heads your scheduler and your e-mails.'}
          slotProps={{ htmlInput: { maxLength: BOUNDS.nameLength } }}
        />
        <TextField
          label="Web address"
          required
          name={keyField.name}
          inputRef={keyField.ref}
          value={key}
          onChange={(event) => void keyField.onChange(event)}
          onBlur={(event) => void keyField.onBlur(event)}
          error={Boolean(error('companyKey'))}
          helperText={
            error('companyKey') ??
            `Your scheduler's address: ${origin}/${key || 'your-company'}/… Lower-case letters, digits and dashes.`
          }
          slotProps={{ htmlInput: { maxLength: BOUNDS.keyLength, autoCapitalize: 'none', spellCheck: false } }}
        />
      </PageSection>

      <PageSection
        title="Your office"
        intro="Where your inspections start from. Its address sets the time zone your scheduler works in."
      >
        <TextField
          label="Office address"
          required
          name={addressField.name}
          inputRef={addressField.ref}
          onChange={(event) => void addressField.onChange(event)}
          onBlur={(event) => void addressField.onBlur(event)}
          autoComplete="street-address"
          error={Boolean(error('address'))}
          helperText={error('address') ?? 'Street, city, state and postal code: 4200 Sawmill Rd, Columbus, OH 43220.'}
        />
        <Box aria-live="polite">
          {lookup?.state === 'finding' && <Typography color="text.secondary">Finding this address…</Typography>}
          {lookup?.state === 'found' && (
            <Alert severity="success" icon={false}>
              Found: {placeLine(lookup.place)}. Time zone: {lookup.place.time_zone.replace(/_/g, ' ')}.
            </Alert>
          )}
          {lookup?.state === 'missing' && (
            <Alert severity="warning">
              We could not find this address. Check the street, the city and the postal code.
            </Alert>
          )}
          {lookup?.state === 'failed' && <Alert severity="error">{lookup.message}</Alert>}
        </Box>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            label="Office phone"
            type="tel"
            autoComplete="tel"
            {...fieldProps(form, 'phone', 'Optional. Visitors see it to call you.')}
          />
          <TextField
            label="Office e-mail"
            type="email"
            autoComplete="email"
            {...fieldProps(
              form,
              'email',
              'Optional. Visitors see it to write to you; your sign-in address stays private.',
            )}
            slotProps={{ htmlInput: { maxLength: BOUNDS.emailLength } }}
          />
        </Box>
      </PageSection>

      <PageSection
        title="Your first inspector"
        intro="Visitors book their time. You can add more inspectors, their areas and days off later."
      >
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField label="First name" required autoComplete="given-name" {...fieldProps(form, 'first')} />
          <TextField label="Last name" required autoComplete="family-name" {...fieldProps(form, 'last')} />
        </Box>
        <FormControl error={Boolean(error('weekdays'))} component="fieldset">
          <FormLabel component="legend" id={daysLabel}>
            Working days
          </FormLabel>
          <Controller
            control={form.control}
            name="weekdays"
            render={({ field }) => (
              <FormGroup row aria-labelledby={daysLabel}>
                {WEEK_ORDER.map((day) => (
                  <FormControlLabel
                    key={day}
                    label={WEEKDAY_LABELS[day]}
                    control={
                      <Checkbox
                        checked={field.value.includes(day)}
                        onChange={(event) =>
                          field.onChange(
                            event.target.checked ? [...field.value, day] : field.value.filter((d) => d !== day),
                          )
                        }
                      />
                    }
                  />
                ))}
              </FormGroup>
            )}
          />
          {error('weekdays') && <FormHelperText>{error('weekdays')}</FormHelperText>}
        </FormControl>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}>
          <TextField
            label="Day starts"
            type="time"
            required
            {...fieldProps(form, 'start')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label="Day ends"
            type="time"
            required
            {...fieldProps(form, 'end')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label="Drives up to"
            required
            {...fieldProps(
              form,
              'radiusMiles',
              `Miles from the office; ${BOUNDS.radiusMiles.min} to ${BOUNDS.radiusMiles.max}.`,
            )}
            slotProps={{
              input: { endAdornment: <InputAdornment position="end">miles</InputAdornment> },
              htmlInput: { inputMode: 'numeric' },
            }}
          />
        </Box>
      </PageSection>

      <PageSection
        title="Your first service"
        intro="What visitors book. Packages, add-ons, fees and coupons come later, under Configuration."
      >
        <TextField label="Service name" required {...fieldProps(form, 'serviceName')} />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            label="Price"
            required
            {...fieldProps(form, 'price', 'In dollars: 425 or 425.00.')}
            slotProps={{
              input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
              htmlInput: { inputMode: 'decimal' },
            }}
          />
          <TextField
            label="Length"
            required
            {...fieldProps(
              form,
              'durationMinutes',
              `In minutes; ${BOUNDS.durationMinutes.min} to ${BOUNDS.durationMinutes.max}.`,
            )}
            slotProps={{
              input: { endAdornment: <InputAdornment position="end">minutes</InputAdornment> },
              htmlInput: { inputMode: 'numeric' },
            }}
          />
        </Box>
      </PageSection>

      {refusal && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {refusal}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" disabled={create.isPending || form.formState.isSubmitting}>
        {create.isPending ? 'Setting up your scheduler…' : 'Create my scheduler'}
      </Button>
    </Box>
  );
}
