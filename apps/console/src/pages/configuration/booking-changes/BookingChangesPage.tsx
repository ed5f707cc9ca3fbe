import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef } from 'react';
import { useForm, useWatch, type Control, type FieldPath } from 'react-hook-form';
import type { ConfigurationResponse } from '@scheduler/contracts/configuration';
import { htmlToPlainText } from '@scheduler/domain/html-text';
import { useConfigurationEditor } from '../../../shared/configuration.ts';
import { refusedField } from '../../../shared/document-refusal.ts';
import { fieldProps } from '../../../shared/form.ts';
import { PageHeading } from '../../../shared/PageHeading.tsx';
import { ConfigurationEditorPage, SaveBar, SaveOutcome } from '../../../shared/SaveOutcome.tsx';
import {
  applyBookingChangesForm,
  bookingChangesOf,
  bookingChangesFormValues,
  companyPolicyOf,
  currencyOf,
  formFieldOf,
  MAX_CHANGE_TEXT,
  type BookingChangesFormValues,
} from './booking-changes-form.ts';
import { policySummary } from './policy-summary.ts';
import { RuleFields } from './RuleFields.tsx';
import { ServiceRules, type ServiceChoice } from './ServiceRules.tsx';
import { PageSection } from '../../../shared/PageSection.tsx';

const TITLE = 'Booking changes';

/** /console/{key}/booking-changes (owner and admin): when clients may move or cancel an inspection themselves, and what a late cancellation costs. */
export default function BookingChangesPage() {
  return (
    <ConfigurationEditorPage title={TITLE} loadingLabel="Loading the booking-change rules…">
      {(companyKey, configuration) => <BookingChangesEditor companyKey={companyKey} configuration={configuration} />}
    </ConfigurationEditorPage>
  );
}

/** The policy as the client would read it, as it is typed. */
function Summary({ control, currency }: { control: Control<BookingChangesFormValues>; currency: string }) {
  const values = useWatch({ control }) as BookingChangesFormValues;
  const policy = companyPolicyOf(values, currency);
  return (
    <Typography data-testid="policy-summary" sx={{ fontSize: '1.05rem' }}>
      {policy ? policySummary(policy, currency) : 'The summary comes back once every rule below holds a valid value.'}
    </Typography>
  );
}

function BookingChangesEditor({
  companyKey,
  configuration,
}: {
  companyKey: string;
  configuration: ConfigurationResponse;
}) {
  const { save, outcome, setOutcome, loadNewest } = useConfigurationEditor(companyKey);
  const { document, version } = configuration;
  const currency = currencyOf(document);
  const loaded = useMemo(() => bookingChangesFormValues(bookingChangesOf(document), currency), [document, currency]);
  const services: ServiceChoice[] = useMemo(
    () =>
      ((document.services ?? []) as Array<{ uuid: string; name: string }>).map((service) => ({
        uuid: service.uuid,
        name: htmlToPlainText(service.name),
      })),
    [document],
  );
  const form = useForm<BookingChangesFormValues>({ defaultValues: loaded });
  // A newly loaded version (after a save, or "Load their version") is the form's new start.
  useEffect(() => {
    form.reset(loaded);
  }, [form, loaded]);
  // Which form row each saved service override came from, to put a refusal at the right row.
  const sentRows = useRef<number[]>([]);

  const submit = form.handleSubmit((values) => {
    setOutcome(null);
    const result = applyBookingChangesForm(document, values, currency);
    if (!result.ok) {
      for (const [index, problem] of result.problems.entries())
        form.setError(
          problem.field as FieldPath<BookingChangesFormValues>,
          { message: problem.message },
          { shouldFocus: index === 0 },
        );
      return;
    }
    sentRows.current = result.serviceRows;
    save.mutate(
      { base_version: version.version, document: result.document },
      {
        onSuccess: setOutcome,
        onError: (error) => {
          const refused = refusedField(error);
          const field = refused && formFieldOf(refused.path, values, sentRows.current);
          if (refused && field)
            form.setError(
              field as FieldPath<BookingChangesFormValues>,
              { message: refused.message },
              { shouldFocus: true },
            );
        },
      },
    );
  });
  const text = (name: 'rescheduleText' | 'cancelText', help: string) => fieldProps(form, name, help);

  return (
    <>
      <PageHeading>{TITLE}</PageHeading>
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        When clients may move or cancel their inspection themselves from the link in their confirmation, and what
        cancelling late costs. The office can still change any booking. You are editing version {version.version}; every
        save is a new version you can undo from History.
      </Typography>
      <SaveOutcome
        outcome={outcome}
        error={save.error}
        savedText={(saved) => `Saved as version ${saved}. Clients see the new rules now.`}
        onReload={loadNewest}
      />
      <Box component="form" noValidate aria-label={TITLE} onSubmit={(event) => void submit(event)}>
        <PageSection title="In plain words">
          <Summary control={form.control} currency={currency} />
        </PageSection>
        <PageSection title="The company's rules" intro="Hours count back from the inspection's start.">
          <RuleFields control={form.control} prefix="" currency={currency} />
        </PageSection>
        <PageSection
          title="Words on the manage page"
          intro="Plain text the client reads next to the Reschedule and Cancel buttons. Empty: nothing is shown."
        >
          <TextField
            label="With Reschedule"
            multiline
            minRows={2}
            fullWidth
            {...text(
              'rescheduleText',
              `Like "Moving is free up to a day before." At most ${MAX_CHANGE_TEXT} characters.`,
            )}
          />
          <TextField
            label="With Cancel"
            multiline
            minRows={2}
            fullWidth
            {...text('cancelText', `Like "Cancelling within 2 days costs $75." At most ${MAX_CHANGE_TEXT} characters.`)}
          />
        </PageSection>
        <PageSection
          title="Rules for a service"
          intro="A service can ask for more notice, fewer reschedules or a higher fee: an order that books it follows the stricter rule. A service with every rule empty follows the company's rules and is removed from this list when you save."
        >
          {services.length === 0 ? (
            <Typography>The company has no services yet.</Typography>
          ) : (
            <ServiceRules control={form.control} services={services} currency={currency} />
          )}
        </PageSection>
        <SaveBar saving={save.isPending} dirty={form.formState.isDirty} onDiscard={() => form.reset(loaded)} />
      </Box>
    </>
  );
}
