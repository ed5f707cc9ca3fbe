import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { ApiError } from '@scheduler/ui/api-error';
import { LICENCE_NUMBER_MAX, type AgreementSettings } from '@scheduler/contracts/agreements';
import { failureText } from '../../../shared/api.ts';
import { PageSection } from '../../../shared/PageSection.tsx';
import { useSaveAgreementSettings } from './agreements-api.ts';

/** Who signs the company's agreements, and its licence number for `{licence_number}`. */
export function SettingsSection({ companyKey, settings }: { companyKey: string; settings: AgreementSettings }) {
  const [signers, setSigners] = useState(settings.signers);
  const [licence, setLicence] = useState(settings.licence_number);
  const save = useSaveAgreementSettings(companyKey);
  const signersId = useId();
  const licenceRefusal =
    save.error instanceof ApiError && save.error.field === 'licence_number' ? save.error.message : null;
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
          save.mutate({ ...settings, signers, licence_number: licence.trim() });
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
          {save.isError && licenceRefusal === null && <Alert severity="error">{failureText(save.error)}</Alert>}
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
