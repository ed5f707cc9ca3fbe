import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { ConfigurationResponse } from '@scheduler/contracts/configuration';
import { ERASED_MARKER } from '@scheduler/contracts/privacy';
import { memberCan, useCompany } from '../../../shared/company.ts';
import { useConfigurationEditor } from '../../../shared/configuration.ts';
import { refusedField } from '../../../shared/document-refusal.ts';
import { fieldProps } from '../../../shared/form.ts';
import { PageHeading } from '../../../shared/PageHeading.tsx';
import { PageSection } from '../../../shared/PageSection.tsx';
import { ConfigurationEditorPage, SaveBar, SaveOutcome } from '../../../shared/SaveOutcome.tsx';
import { PersonRequestSection } from './PersonRequestSection.tsx';
import {
  MAX_YEARS,
  MIN_YEARS,
  privacyFormSchema,
  privacyFormValues,
  applyPrivacyForm,
  type PrivacyFormValues,
} from './privacy-form.ts';

const TITLE = 'Privacy';

const KEEPING_INTRO =
  "How long the company keeps its clients' personal data once an inspection is over. " +
  `After that, the names, e-mails, phone numbers and the address on the order are replaced by “${ERASED_MARKER}”; the order, its prices and its history stay.`;

/** /console/{key}/privacy (owner and admin, issue 49): how long clients' data is kept, and a person's request to see or erase theirs. */
export default function PrivacyPage() {
  return (
    <ConfigurationEditorPage title={TITLE} loadingLabel="Loading the privacy settings…">
      {(companyKey, configuration) => <PrivacyEditor companyKey={companyKey} configuration={configuration} />}
    </ConfigurationEditorPage>
  );
}

/** Built once the document is here, so that the form's first render already holds the loaded values. */
function PrivacyEditor({ companyKey, configuration }: { companyKey: string; configuration: ConfigurationResponse }) {
  const { membership } = useCompany();
  const { save, outcome, setOutcome, loadNewest } = useConfigurationEditor(companyKey);
  const { document, version } = configuration;
  const loaded = useMemo(() => privacyFormValues(document), [document]);
  const form = useForm<PrivacyFormValues>({ resolver: zodResolver(privacyFormSchema), defaultValues: loaded });
  // A newly loaded version (after a save, or "Load their version") is the form's new start.
  useEffect(() => {
    form.reset(loaded);
  }, [form, loaded]);
  const keep = form.watch('keep');

  const submit = form.handleSubmit((values) => {
    setOutcome(null);
    save.mutate(
      { base_version: version.version, document: applyPrivacyForm(document, values) },
      {
        onSuccess: setOutcome,
        onError: (error) => {
          // The server names the refused field by its path in the document: the years are this page's only one.
          const refused = refusedField(error);
          if (refused?.path.startsWith('privacy'))
            form.setError('years', { message: refused.message }, { shouldFocus: true });
        },
      },
    );
  });

  return (
    <>
      <PageHeading>{TITLE}</PageHeading>
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        What the company keeps of its clients, and a person&apos;s request to see or erase theirs. You are editing
        version {version.version}; every save is a new version you can undo from History.
      </Typography>
      <SaveOutcome
        outcome={outcome}
        error={save.error}
        savedText={(saved) => `Saved as version ${saved}. The pruning job follows it from its next run.`}
        onReload={loadNewest}
      />
      <Box component="form" noValidate aria-label="Keeping clients' data" onSubmit={(event) => void submit(event)}>
        <PageSection title="Keeping clients' data" intro={KEEPING_INTRO}>
          <Controller
            control={form.control}
            name="keep"
            render={({ field }) => (
              <FormControl>
                <FormLabel id="privacy-keep">Keep clients&apos; personal data on past inspections</FormLabel>
                <RadioGroup
                  aria-labelledby="privacy-keep"
                  value={field.value}
                  onChange={(event) => {
                    field.onChange(event.target.value);
                    form.clearErrors('years');
                  }}
                >
                  <FormControlLabel value="always" control={<Radio />} label="Always" />
                  <FormControlLabel
                    value="years"
                    control={<Radio />}
                    label="For a number of years after the inspection"
                  />
                </RadioGroup>
              </FormControl>
            )}
          />
          {keep === 'years' && (
            <TextField
              label="Years after the inspection"
              {...fieldProps(form, 'years', `From ${MIN_YEARS} to ${MAX_YEARS} years.`)}
              slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 3 } }}
              sx={{ maxWidth: 240 }}
            />
          )}
        </PageSection>
        <SaveBar saving={save.isPending} dirty={form.formState.isDirty} onDiscard={() => form.reset(loaded)} />
      </Box>
      {memberCan(membership, 'privacy.manage') ? (
        <PersonRequestSection companyKey={companyKey} />
      ) : (
        <PageSection title="A person's request">
          <Typography>Only the company&apos;s owners and administrators handle a person&apos;s request.</Typography>
        </PageSection>
      )}
    </>
  );
}
