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
import { useConfigurationEditor } from '../../../shared/configuration.ts';
import { refusedField } from '../../../shared/document-refusal.ts';
import { fieldProps } from '../../../shared/form.ts';
import { PageHeading } from '../../../shared/PageHeading.tsx';
import { PageSection } from '../../../shared/PageSection.tsx';
import { ConfigurationEditorPage, SaveBar, SaveOutcome } from '../../../shared/SaveOutcome.tsx';
import {
  applyPaymentsForm,
  formFieldOfRefusal,
  paymentsFormValues,
  PROVIDER_CHOICES,
  type PaymentsFormValues,
} from './payments-form.ts';
import { StripeKeysSection } from './StripeKeysSection.tsx';

const TITLE = 'Payments';

/** /console/{key}/payments (owner and admin): how visitors pay online, and the company's Stripe keys. */
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
  const loaded = useMemo(() => paymentsFormValues(document), [document]);
  const form = useForm<PaymentsFormValues>({ defaultValues: loaded });
  // A newly loaded version (after a save, or "Load their version") is the form's new start.
  useEffect(() => {
    form.reset(loaded);
  }, [form, loaded]);
  const provider = useWatch({ control: form.control, name: 'provider' });

  const submit = form.handleSubmit((values) => {
    setOutcome(null);
    const result = applyPaymentsForm(document, loaded, values);
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
            form.setError(field, { message: refused.message }, { shouldFocus: field === 'paymentLink' });
        },
      },
    );
  });

  return (
    <>
      <PageHeading>{TITLE}</PageHeading>
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        How your clients pay online after booking: the thank-you page and the confirmation e-mail carry the way you
        choose. You are editing version {version.version}; every save is a new version you can undo from History.
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
        <SaveBar saving={save.isPending} dirty={form.formState.isDirty} onDiscard={() => form.reset(loaded)} />
      </Box>
      <StripeKeysSection companyKey={companyKey} chosen={provider === 'stripe'} />
    </>
  );
}
