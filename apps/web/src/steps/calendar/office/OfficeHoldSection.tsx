import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { lengthText, zoneAbbreviation } from '@scheduler/domain/time-zone-text';
import { formatLongDateTime } from '@scheduler/domain/scheduling-text';
import { useScheduler } from '../../../shared/scheduler-context.tsx';
import { isFailure } from '../../../shared/api-client.ts';
import { ApiError } from '@scheduler/ui/api-error';
import { BusyButton } from '../../../shared/BusyButton.tsx';
import { FailureNotice } from '../../../shared/FailureNotice.tsx';
import { FormTextField } from '../../../shared/form/FormTextField.tsx';
import { applyServerFieldError, isFieldError } from '../../../shared/form/server-errors.ts';
import { useStepForm } from '../../../shared/form/use-step-form.ts';
import { Notice } from '../../../shared/Notice.tsx';
import { InspectorChoices } from './InspectorChoices.tsx';
import { needsConsoleSignIn, useOfficeHold } from './office-hold-api.ts';
import { noonOf, officeHoldDefaults, officeHoldFormSchema } from './office-hold-form.ts';
import { officeHoldTexts as t } from './office-hold-texts.ts';
import { OfficeHoldWarnings } from './OfficeHoldWarnings.tsx';

/** The form's fields a refusal of the hold may name (a time that has passed, an unknown inspector). */
const FIELDS = ['time', 'inspectors', 'length'] as const;

/** The hold's refusals name the wire's fields (`datetime`, `inspectors.0`, `duration`); the form's own are named otherwise. */
function onForm(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.field) return error;
  const field =
    error.field === 'datetime'
      ? 'time'
      : error.field === 'duration'
        ? 'length'
        : error.field.startsWith('inspectors')
          ? 'inspectors'
          : error.field;
  return new ApiError(error.status, error.code, error.message, field);
}

/**
 * Issue 25: below the calendar of a booking the office opened by phone, any time with the
 * inspectors it sends. A first try asks; what the rules would refuse a visitor comes back as
 * warnings, and "Book it anyway" sends the same again, accepted (a second mutation, so that the
 * warnings stay on screen while it is under way). A held time moves on as the calendar's Next does
 * (`onHeld`). Nothing typed is lost on any answer.
 */
export default function OfficeHoldSection({ onHeld }: { onHeld: () => void }) {
  const { scope, office, order } = useScheduler();
  const headingId = useId();
  const schema = useMemo(() => officeHoldFormSchema(office.time_zone), [office.time_zone]);
  const form = useStepForm(schema, officeHoldDefaults(order, office));
  const check = useOfficeHold(scope, order.duration);
  const accept = useOfficeHold(scope, order.duration);
  const date = useWatch({ control: form.control, name: 'date' });
  const zone = zoneAbbreviation(office.time_zone, noonOf(date, office.time_zone) ?? Date.now());
  const cartLength = lengthText(order.duration);

  const clear = () => {
    check.reset();
    accept.reset();
  };
  const onError = (error: Error) => void applyServerFieldError(onForm(error), FIELDS, form.setError);
  const onSuccess = (result: { status: string }) => {
    if (result.status === 'ok') onHeld();
  };
  const submit = form.handleSubmit((request) => {
    accept.reset();
    check.mutate(request, { onSuccess, onError });
  });
  const checked = check.variables;
  const warnings = check.data?.status === 'warnings' ? check.data.warnings : null;
  // The latest attempt says how it went: the accepted one once it was sent.
  const latest = accept.isIdle ? check : accept;
  const unavailable = latest.data?.status === 'unavailable' ? latest.data : null;
  const booked = unavailable && latest.variables ? latest.variables : null;
  const bookedNames = unavailable ? unavailable.busy_inspectors.map((inspector) => inspector.name) : [];

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4, pt: 3, borderTop: 1, borderColor: 'divider' }}>
      <Typography component="h2" variant="h2" id={headingId}>
        {t.title}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, mb: 2 }}>
        {t.intro} {t.zone(zone)}
      </Typography>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          <FormTextField
            control={form.control}
            name="date"
            label={t.date}
            type="date"
            autoComplete="off"
            required
            onValueChange={clear}
          />
          <FormTextField
            control={form.control}
            name="time"
            label={t.time}
            autoComplete="off"
            hint={t.timeHint}
            maxLength={12}
            required
            onValueChange={clear}
          />
          <FormTextField
            control={form.control}
            name="length"
            label={t.length}
            autoComplete="off"
            inputMode="numeric"
            maxLength={4}
            hint={t.lengthHint(cartLength)}
            onValueChange={clear}
          />
        </Box>
        <InspectorChoices control={form.control} users={office.users} onValueChange={clear} />
        <Box sx={{ mt: 2 }}>
          <BusyButton
            type="submit"
            variant="contained"
            busy={check.isPending}
            disabled={accept.isPending}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {t.hold}
          </BusyButton>
        </Box>
      </form>

      {warnings && checked && latest.data?.status !== 'unavailable' && (
        <OfficeHoldWarnings
          warnings={warnings}
          busy={accept.isPending}
          onAccept={() =>
            accept.mutate({ ...checked, body: { ...checked.body, accept_warnings: true } }, { onSuccess, onError })
          }
          onChangeTime={() => {
            clear();
            form.setFocus('time');
          }}
        />
      )}
      {booked && (
        <Notice severity="error" sx={{ mt: 3 }}>
          {t.booked(bookedNames, formatLongDateTime(booked.wallTime))}
        </Notice>
      )}
      {needsConsoleSignIn(latest.error) && (
        <Notice severity="error" sx={{ mt: 3 }}>
          {t.signIn}
        </Notice>
      )}
      {isFailure(latest.error) && !needsConsoleSignIn(latest.error) && !isFieldError(onForm(latest.error), FIELDS) && (
        <FailureNotice phone={office.office_phone} sx={{ mt: 3 }} />
      )}
    </Box>
  );
}
