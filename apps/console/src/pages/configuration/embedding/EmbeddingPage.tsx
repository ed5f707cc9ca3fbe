import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { ConfigurationResponse } from '@scheduler/contracts/configuration';
import { useConfigurationEditor } from '../../../shared/configuration.ts';
import { refusedField } from '../../../shared/document-refusal.ts';
import { fieldProps } from '../../../shared/form.ts';
import { PageHeading } from '../../../shared/PageHeading.tsx';
import { PageSection } from '../../../shared/PageSection.tsx';
import { ConfigurationEditorPage, SaveBar, SaveOutcome } from '../../../shared/SaveOutcome.tsx';
import {
  applyEmbeddingForm,
  embeddingFormValues,
  formFieldOfRefusal,
  officesOf,
  PENDING_SITE_PROBLEM,
  type EmbeddingPageValues,
} from './embedding-form.ts';
import { SitesField } from './SitesField.tsx';
import { SnippetSection } from './SnippetSection.tsx';

const TITLE = 'Website embedding';

const SITES_INTRO =
  'Your scheduler can appear inside pages of your own website. Only the sites listed here may show it: on any other site the browser refuses to, so nobody can put your booking on a page you do not control. ' +
  'A site is its address without any page, like https://www.example.com; example.com and www.example.com are different sites.';

const ANALYTICS_INTRO =
  "If your website uses Google Tag Manager or Google Analytics 4, enter its id. The scheduler then hands its funnel events (a step shown, a time held, the booking confirmed) to your page's dataLayer, where your own tag picks them up. " +
  'The events carry no personal data: no names, e-mail addresses, phone numbers or addresses. The scheduler itself loads no third-party script.';

/** /console/{key}/embedding (owner and admin): the sites that may show the scheduler, the company's Google tag, and the code to paste. */
export default function EmbeddingPage() {
  return (
    <ConfigurationEditorPage title={TITLE} loadingLabel="Loading the embedding settings…">
      {(companyKey, configuration) => <EmbeddingEditor companyKey={companyKey} configuration={configuration} />}
    </ConfigurationEditorPage>
  );
}

/** Built once the document is here, so that the form's first render already holds the loaded values. */
function EmbeddingEditor({ companyKey, configuration }: { companyKey: string; configuration: ConfigurationResponse }) {
  const { save, outcome, setOutcome, loadNewest } = useConfigurationEditor(companyKey);
  const { document, version } = configuration;
  const loaded = useMemo(() => embeddingFormValues(document), [document]);
  const offices = useMemo(() => officesOf(document), [document]);
  const form = useForm<EmbeddingPageValues>({ defaultValues: { ...loaded, newOrigin: '' } });
  // A newly loaded version (after a save, or "Load their version") is the form's new start.
  useEffect(() => {
    form.reset({ ...loaded, newOrigin: '' });
  }, [form, loaded]);

  const submit = form.handleSubmit((values) => {
    setOutcome(null);
    if (values.newOrigin.trim() !== '') {
      form.setError('newOrigin', { message: PENDING_SITE_PROBLEM }, { shouldFocus: true });
      return;
    }
    const result = applyEmbeddingForm(document, loaded, values);
    if (!result.ok) {
      for (const [index, problem] of result.problems.entries())
        form.setError(problem.field, { message: problem.message }, { shouldFocus: index === 0 });
      return;
    }
    save.mutate(
      { base_version: version.version, document: result.document },
      {
        onSuccess: setOutcome,
        onError: (error) => {
          // The server names the refused field by its path in the document: the page shows it at its own field too.
          const refused = refusedField(error);
          const field = refused && formFieldOfRefusal(refused.path);
          if (!refused || !field) return;
          const index = Number(refused.path.split('.')[1]);
          const site = field === 'origins' && Number.isInteger(index) ? values.origins[index] : undefined;
          form.setError(
            field,
            { message: site ? `${site}: ${refused.message}` : refused.message },
            { shouldFocus: field === 'googleTagId' },
          );
        },
      },
    );
  });

  return (
    <>
      <PageHeading>{TITLE}</PageHeading>
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        Put your scheduler on your own website. You are editing version {version.version}; every save is a new version
        you can undo from History.
      </Typography>
      <SaveOutcome
        outcome={outcome}
        error={save.error}
        savedText={(saved) => `Saved as version ${saved}.`}
        onReload={loadNewest}
      />
      <Box component="form" noValidate aria-label={TITLE} onSubmit={(event) => void submit(event)}>
        <PageSection title="Your sites" intro={SITES_INTRO}>
          <SitesField form={form} />
        </PageSection>
        <PageSection title="Your analytics" intro={ANALYTICS_INTRO}>
          <TextField
            label="Google tag id"
            {...fieldProps(form, 'googleTagId', 'GTM-… or G-…; leave empty to send nothing to your tag.')}
            slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
            sx={{ maxWidth: 360 }}
          />
        </PageSection>
        <SaveBar
          saving={save.isPending}
          dirty={form.formState.isDirty}
          onDiscard={() => form.reset({ ...loaded, newOrigin: '' })}
        />
      </Box>
      <SnippetSection companyKey={companyKey} offices={offices} />
    </>
  );
}
