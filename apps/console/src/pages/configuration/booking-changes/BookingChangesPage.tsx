import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import { useEffect, useId, useMemo, useRef } from 'react';
import { Controller, useForm, useWatch, type Control, type FieldPath } from 'react-hook-form';
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
import { DescribedSwitch } from '../../../shared/DescribedSwitch.tsx';
import { policySummary, wordsAgainstRules } from './policy-summary.ts';
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

/** Under the words on the manage page: what in them disagrees with the rules as typed, if anything. */
function WordsCheck({
  control,
  name,
  currency,
}: {
  control: Control<BookingChangesFormValues>;
  name: 'rescheduleText' | 'cancelText';
  currency: string;
}) {
  const values = useWatch({ control }) as BookingChangesFormValues;
  const policy = companyPolicyOf(values, currency);
  const problem = policy && wordsAgainstRules(values[name] ?? '', policy, currency);
  if (!problem) return null;
  return (
    <Alert severity="warning" role="status" data-testid="words-check" sx={{ mt: -1 }}>
      {problem} The manage page already states each booking&apos;s hours, moves left and fee from the rules; say here
      what they don&apos;t.
    </Alert>
  );
}

const AGENT_SWITCHES = [
  {
    name: 'agents.see_prices',
    label: "Agents see the order's prices",
    help: "On the agent's manage page and in the agent's e-mails. Off: agents see the appointment and the client, not the amounts.",
  },
  {
    name: 'agents.reschedule',
    label: 'Agents can move the inspection',
    help: "From the link in the agent's e-mails, under the rules above. Off: the agent is told to ask the client or the office.",
  },
  {
    name: 'agents.cancel',
    label: 'Agents can cancel the inspection',
    help: 'A late-cancellation fee is owed by the client, so this is off unless the client has agreed to it.',
  },
] as const;

/** Who gives the money back when a paid booking is cancelled (decision 0076): the policy through Stripe, or the office. */
function RefundOnCancel({ control }: { control: Control<BookingChangesFormValues> }) {
  const id = useId();
  return (
    <Controller
      control={control}
      name="refundOnCancel"
      render={({ field }) => (
        <DescribedSwitch
          checked={field.value === true}
          onChange={field.onChange}
          label="Refund a cancelled paid booking through Stripe"
          help="What was paid online goes back to the client's card at once, less the late-cancellation fee when the cancel is late; the client is told the amount before confirming. What was paid by check or cash is shown to the office to return. Off: the office decides each refund from the order page."
          helpId={`${id}-refund-on-cancel`}
        />
      )}
    />
  );
}

/** The three permissions of agents, each a switch with its meaning. */
function AgentPermissions({ control }: { control: Control<BookingChangesFormValues> }) {
  const id = useId();
  return AGENT_SWITCHES.map((entry) => (
    <Controller
      key={entry.name}
      control={control}
      name={entry.name}
      render={({ field }) => (
        <DescribedSwitch
          checked={field.value === true}
          onChange={field.onChange}
          label={entry.label}
          help={entry.help}
          helpId={`${id}-${entry.name}`}
        />
      )}
    />
  ));
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
          <RefundOnCancel control={form.control} />
        </PageSection>
        <PageSection
          title="What agents may do"
          intro="An agent gets their own link to their client's booking. The office can always make any change."
        >
          <AgentPermissions control={form.control} />
        </PageSection>
        <PageSection
          title="Words on the manage page"
          intro="The manage page states each booking's own deadline, moves left and fee from the rules above. Add here what the rules don't say; the words show with the Reschedule and Cancel buttons while the change is allowed. Empty: nothing is added."
        >
          <TextField
            label="With Reschedule"
            multiline
            minRows={2}
            fullWidth
            {...text(
              'rescheduleText',
              `Like "If none of the open times suits you, call us: we can often fit you in." At most ${MAX_CHANGE_TEXT} characters.`,
            )}
          />
          <WordsCheck control={form.control} name="rescheduleText" currency={currency} />
          <TextField
            label="With Cancel"
            multiline
            minRows={2}
            fullWidth
            {...text(
              'cancelText',
              `Like "The fee is because the inspector's day was set aside for you." At most ${MAX_CHANGE_TEXT} characters.`,
            )}
          />
          <WordsCheck control={form.control} name="cancelText" currency={currency} />
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
