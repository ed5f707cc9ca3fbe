import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import Checkbox from '@mui/material/Checkbox';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { ApiError } from '@scheduler/ui/api-error';
import { LICENCE_NUMBER_MAX, MAX_WARN_HOURS, type AgreementSettings } from '@scheduler/contracts/agreements';
import { failureText } from '../../../shared/api.ts';
import { PageSection } from '../../../shared/PageSection.tsx';
import { useSaveAgreementSettings } from './agreements-api.ts';

/** The hours field's refusal, or null when it holds a whole number of hours the API takes. */
export function warnHoursRefusal(text: string): string | null {
  const hours = Number(text.trim());
  return /^\d+$/.test(text.trim()) && hours >= 1 && hours <= MAX_WARN_HOURS
    ? null
    : `Enter a whole number of hours from 1 to ${MAX_WARN_HOURS}.`;
}

/** Who signs the company's agreements, when, when an unsigned one is flagged, and its licence number for `{licence_number}`. */
export function SettingsSection({ companyKey, settings }: { companyKey: string; settings: AgreementSettings }) {
  const [signers, setSigners] = useState(settings.signers);
  const [licence, setLicence] = useState(settings.licence_number);
  const [signing, setSigning] = useState(settings.signing);
  const [always, setAlways] = useState(settings.warn_hours_before === null);
  const [hours, setHours] = useState(String(settings.warn_hours_before ?? 48));
  // The hours' fault shows once a save was tried, not while the person is still typing.
  const [tried, setTried] = useState(false);
  const save = useSaveAgreementSettings(companyKey);
  const signersId = useId();
  const signingId = useId();
  const licenceRefusal =
    save.error instanceof ApiError && save.error.field === 'licence_number' ? save.error.message : null;
  const serverHoursRefusal =
    save.error instanceof ApiError && save.error.field === 'warn_hours_before' ? save.error.message : null;
  const hoursRefusal = always ? null : tried ? (warnHoursRefusal(hours) ?? serverHoursRefusal) : serverHoursRefusal;
  return (
    <PageSection
      title="How agreements are signed"
      intro="Every client with an e-mail gets a link to sign. An agreement keeps the rule it was sent under."
    >
      <Box
        component="form"
        noValidate
        aria-label="How agreements are signed"
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (!always && warnHoursRefusal(hours) !== null) return;
          save.mutate({
            ...settings,
            signers,
            licence_number: licence.trim(),
            signing,
            warn_hours_before: always ? null : Number(hours.trim()),
          });
        }}
        sx={{ display: 'grid', gap: 2, minWidth: 0 }}
      >
        <FormControl>
          <FormLabel id={signersId}>Who signs</FormLabel>
          <RadioGroup
            aria-labelledby={signersId}
            value={signers}
            onChange={(event) => setSigners(event.target.value as AgreementSettings['signers'])}
          >
            <FormControlLabel value="all" control={<Radio />} label="Every client signs" />
            <FormControlLabel value="one" control={<Radio />} label="One client's signature is enough" />
          </RadioGroup>
        </FormControl>
        <FormControl>
          <FormLabel id={signingId}>When clients sign</FormLabel>
          <RadioGroup
            aria-labelledby={signingId}
            value={signing}
            onChange={(event) => setSigning(event.target.value as AgreementSettings['signing'])}
          >
            <FormControlLabel value="after_booking" control={<Radio />} label="After booking, from the e-mail" />
            <FormControlLabel
              value="at_booking"
              control={<Radio />}
              label="On the review, before they confirm (when a client books)"
            />
          </RadioGroup>
        </FormControl>
        <FormControl component="fieldset" sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
          <FormLabel component="legend">Flag unsigned agreements</FormLabel>
          <FormControlLabel
            control={<Checkbox checked={always} onChange={(event) => setAlways(event.target.checked)} />}
            label="Always, while unsigned"
          />
          <TextField
            label="Hours before the inspection"
            type="number"
            value={hours}
            disabled={always}
            onChange={(event) => setHours(event.target.value)}
            error={hoursRefusal !== null}
            helperText={
              hoursRefusal ??
              `The schedule, the order page and the inspector see the flag from this many hours before (1 to ${MAX_WARN_HOURS}).`
            }
            slotProps={{ htmlInput: { min: 1, max: MAX_WARN_HOURS, step: 1, inputMode: 'numeric' } }}
            sx={{ maxWidth: 360 }}
          />
        </FormControl>
        <TextField
          label="Licence number"
          value={licence}
          onChange={(event) => setLicence(event.target.value)}
          error={licenceRefusal !== null}
          helperText={licenceRefusal ?? 'Shown where an agreement says {licence_number}.'}
          slotProps={{ htmlInput: { maxLength: LICENCE_NUMBER_MAX, autoComplete: 'off' } }}
          sx={{ maxWidth: 360 }}
        />
        <Box aria-live="polite">
          {save.isSuccess && <Alert severity="success">The settings are saved.</Alert>}
          {save.isError && licenceRefusal === null && serverHoursRefusal === null && (
            <Alert severity="error">{failureText(save.error)}</Alert>
          )}
        </Box>
        <Box>
          <Button type="submit" variant="contained" disabled={save.isPending} sx={{ minHeight: 44 }}>
            {save.isPending ? 'Saving…' : 'Save the settings'}
          </Button>
        </Box>
      </Box>
    </PageSection>
  );
}
