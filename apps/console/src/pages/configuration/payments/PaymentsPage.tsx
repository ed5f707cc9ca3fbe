import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { ConfigurationResponse } from '@scheduler/contracts/configuration';
import { htmlToPlainText } from '@scheduler/domain/html-text';
import { useConfigurationEditor } from '../../../shared/configuration.ts';
import { refusedField } from '../../../shared/document-refusal.ts';
import { fieldProps } from '../../../shared/form.ts';
import { currencyOf } from '../../../shared/money-amount.ts';
import type { RowChoice } from '../../../shared/ChosenRows.tsx';
import { PageHeading } from '../../../shared/PageHeading.tsx';
import { PageSection } from '../../../shared/PageSection.tsx';
import { ConfigurationEditorPage, SaveBar, SaveOutcome } from '../../../shared/SaveOutcome.tsx';
import {
  applyPaymentsForm,
  atBookingOf,
  formFieldOfRefusal,
  hasAtBookingRules,
  paymentsFormValues,
  PROVIDER_CHOICES,
  type PaymentsFormValues,
} from './payments-form.ts';
import { AtBookingRule, AtBookingSummary, OwnRules, SaveCard } from './AtBookingFields.tsx';
import type { CatalogueNames } from './at-booking-summary.ts';
import { StripeKeysSection } from './StripeKeysSection.tsx';

const TITLE = 'Payments';

/**
 * /console/{key}/payments (owner and admin): how visitors pay online, what they pay when they book
 * (with Stripe), and the company's Stripe keys.
 */
export default function PaymentsPage() {
  return (
    <ConfigurationEditorPage title={TITLE} loadingLabel="Loading the payment settings…">
      {(companyKey, configuration) => <PaymentsEditor companyKey={companyKey} configuration={configuration} />}
    </ConfigurationEditorPage>
  );
}

function PaymentsEditor({ companyKey, configuration }: { companyKey: string; configuration: ConfigurationResponse }) {
  const { save, outcome, setOutcome, loadNewest } = useConfigurationEditor(companyKey);
  const { document, version } = configuration;
  const currency = currencyOf(document);
  const loaded = useMemo(() => paymentsFormValues(document, currency), [document, currency]);
  const catalogue = useMemo(() => catalogueOf(document), [document]);
  const form = useForm<PaymentsFormValues>({ defaultValues: loaded });
  // A newly loaded version (after a save, or "Load their version") is the form's new start.
  useEffect(() => {
    form.reset(loaded);
  }, [form, loaded]);
  const provider = useWatch({ control: form.control, name: 'provider' });

  const submit = form.handleSubmit((values) => {
    setOutcome(null);
    const result = applyPaymentsForm(document, loaded, values, currency);
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
          const refused = refusedField(error);
          const field = refused && formFieldOfRefusal(refused.path);
          if (refused && field)
            form.setError(field, { message: refused.message }, { shouldFocus: field !== 'provider' });
        },
      },
    );
  });

  return (
    <>
      <PageHeading>{TITLE}</PageHeading>
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        How your clients pay online: the thank-you page and the confirmation e-mail carry the way you choose, and with
        Stripe you can take a deposit or the whole total when they book. You are editing version {version.version};
        every save is a new version you can undo from History.
      </Typography>
      <SaveOutcome
        outcome={outcome}
        error={save.error}
        savedText={(saved) => `Saved as version ${saved}. The next bookings use it.`}
        onReload={loadNewest}
      />
      <Box component="form" noValidate aria-label={TITLE} onSubmit={(event) => void submit(event)}>
        <PageSection title="How visitors pay">
          <Controller
            control={form.control}
            name="provider"
            render={({ field, fieldState }) => (
              <FormControl error={fieldState.error !== undefined}>
                <FormLabel id="payment-provider">Online payment</FormLabel>
                <RadioGroup
                  aria-labelledby="payment-provider"
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value)}
                >
                  {PROVIDER_CHOICES.map((choice) => (
                    <Box key={choice.value} sx={{ mb: 1 }}>
                      <FormControlLabel
                        value={choice.value}
                        control={
                          <Radio slotProps={{ input: { 'aria-describedby': `provider-help-${choice.value}` } }} />
                        }
                        label={choice.label}
                      />
                      <FormHelperText id={`provider-help-${choice.value}`} sx={{ mt: -0.5, ml: 4 }}>
                        {choice.help}
                      </FormHelperText>
                    </Box>
                  ))}
                </RadioGroup>
                {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
              </FormControl>
            )}
          />
          {provider === 'link' && (
            <TextField
              label="Your payment page's address"
              fullWidth
              {...fieldProps(
                form,
                'paymentLink',
                'Like https://pay.example.com/?invoice={order_id}&amount={amount}. {order_id}, {amount} (like 425.00) and {currency} are filled in for each order. Empty: no payment link.',
              )}
              slotProps={{ htmlInput: { inputMode: 'url', autoComplete: 'off', spellCheck: false } }}
            />
          )}
        </PageSection>
        {provider === 'stripe' ? (
          <>
            <PageSection
              title="At booking"
              intro="What clients pay by card through Stripe when they book: the booking is made once the payment succeeds. What is left is due at the inspection."
            >
              <AtBookingSummary control={form.control} names={catalogue.names} currency={currency} />
              <AtBookingRule
                control={form.control}
                prefix="atBooking."
                currency={currency}
                legend="What clients pay when they book"
                help="On the order's total with tax, unless a service or package below asks its own."
              />
              <SaveCard control={form.control} />
            </PageSection>
            <OwnRules control={form.control} kind="services" choices={catalogue.services} currency={currency} />
            <OwnRules control={form.control} kind="packages" choices={catalogue.packages} currency={currency} />
          </>
        ) : (
          <PageSection title="At booking">
            <Typography>
              Taking a deposit or the whole total when clients book, and saving their card for the fees of your
              booking-change policy, needs Stripe: choose Stripe above to set it.
            </Typography>
            {hasAtBookingRules(atBookingOf(document)) && (
              <Alert severity="warning">
                Saving with this choice turns payment at booking off: clients will pay nothing when they book, no card
                is saved, and the services&apos; and packages&apos; own rules are removed. You can undo it from History.
              </Alert>
            )}
          </PageSection>
        )}
        <SaveBar saving={save.isPending} dirty={form.formState.isDirty} onDiscard={() => form.reset(loaded)} />
      </Box>
      <StripeKeysSection companyKey={companyKey} chosen={provider === 'stripe'} />
    </>
  );
}

/** The catalogue's services and packages by name, for the rows' choices and the summary. */
function catalogueOf(document: Record<string, unknown>): {
  services: RowChoice[];
  packages: RowChoice[];
  names: CatalogueNames;
} {
  const listed = (key: 'services' | 'packages') =>
    (Array.isArray(document[key]) ? (document[key] as Array<Record<string, unknown>>) : []).filter(
      // A label is a heading in the services list, not something a client books.
      (entry) => entry.label !== true && typeof entry.name === 'string',
    );
  const services = listed('services').map((entry) => ({
    value: String(entry.uuid),
    name: htmlToPlainText(entry.name as string),
  }));
  const packages = listed('packages').map((entry) => ({
    value: String(entry.id),
    name: htmlToPlainText(entry.name as string),
  }));
  const nameIn = (choices: RowChoice[], value: string, gone: string) =>
    choices.find((choice) => choice.value === value)?.name ?? gone;
  return {
    services,
    packages,
    names: {
      service: (uuid) => nameIn(services, uuid, 'A service no longer offered'),
      package: (id) => nameIn(packages, String(id), 'A package no longer offered'),
    },
  };
}
