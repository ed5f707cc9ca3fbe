import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '@scheduler/ui/api-error';
import { failureText } from '../../../shared/api.ts';
import { fieldProps } from '../../../shared/form.ts';
import { PageSection } from '../../../shared/PageSection.tsx';
import {
  checkStripeKeys,
  keysFieldOfRefusal,
  keysStatusText,
  webhookUrl,
  type StripeKeysValues,
} from './payments-form.ts';
import { stripeKeysQueryOptions, useSaveStripeKeys } from './stripe-keys.ts';

const EMPTY: StripeKeysValues = { secretKey: '', webhookSecret: '' };

/**
 * The company's Stripe keys: whether they are set, the webhook address to give Stripe, and two
 * fields to set them. Write-only: the keys are never shown again, here or anywhere, and the
 * fields are emptied once they are saved.
 */
export function StripeKeysSection({ companyKey, chosen }: { companyKey: string; chosen: boolean }) {
  const status = useQuery(stripeKeysQueryOptions(companyKey));
  const saveKeys = useSaveStripeKeys(companyKey);
  const form = useForm<StripeKeysValues>({ defaultValues: EMPTY });
  const [saved, setSaved] = useState(false);
  const webhook = webhookUrl(window.location.origin, companyKey);

  const submit = form.handleSubmit((values) => {
    setSaved(false);
    const checked = checkStripeKeys(values);
    if (!checked.ok) {
      for (const [index, problem] of checked.problems.entries())
        form.setError(problem.field, { message: problem.message }, { shouldFocus: index === 0 });
      return;
    }
    saveKeys.mutate(checked.body, {
      onSuccess: () => {
        form.reset(EMPTY);
        setSaved(true);
      },
      onError: (error) => {
        const field = error instanceof ApiError && error.status === 400 ? keysFieldOfRefusal(error.field) : null;
        if (field) form.setError(field, { message: error.message }, { shouldFocus: true });
      },
    });
  });

  // A refusal at a field is said there; anything else (no encryption key on the server, 409) above the fields.
  const refusal =
    saveKeys.error &&
    !(saveKeys.error instanceof ApiError && saveKeys.error.status === 400 && keysFieldOfRefusal(saveKeys.error.field))
      ? failureText(saveKeys.error)
      : null;

  return (
    <PageSection
      title="Stripe keys"
      intro={
        chosen
          ? 'Stripe is your choice above: visitors can pay once your keys are set here.'
          : 'Used only when Stripe is chosen above. You can set them first and switch to Stripe later.'
      }
    >
      <Typography role="status" sx={{ fontWeight: 600 }}>
        {status.isPending
          ? 'Checking your keys…'
          : status.isError
            ? failureText(status.error)
            : keysStatusText(status.data)}
      </Typography>
      <TextField
        label="Webhook address for Stripe"
        value={webhook}
        fullWidth
        helperText='In Stripe (Developers → Webhooks), add an endpoint at this address that sends "checkout.session.completed", then paste its signing secret below.'
        slotProps={{ htmlInput: { readOnly: true, spellCheck: false }, input: { sx: { fontFamily: 'monospace' } } }}
      />
      <Box
        component="form"
        noValidate
        aria-label="Stripe keys"
        onSubmit={(event) => void submit(event)}
        sx={{ display: 'grid', gap: 2.5, minWidth: 0 }}
      >
        <Box role="status">
          {saved && <Alert severity="success">Keys saved. They are kept encrypted and are never shown again.</Alert>}
        </Box>
        {refusal && <Alert severity="error">{refusal}</Alert>}
        <TextField
          label="Secret key"
          type="password"
          fullWidth
          {...fieldProps(
            form,
            'secretKey',
            'sk_live_… or sk_test_… (Stripe: Developers → API keys). Setting keys replaces the ones set before.',
          )}
          slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
        />
        <TextField
          label="Webhook signing secret"
          type="password"
          fullWidth
          {...fieldProps(form, 'webhookSecret', 'whsec_… (shown on the webhook endpoint in Stripe).')}
          slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={saveKeys.isPending}>
            Save the keys
          </Button>
        </Box>
      </Box>
    </PageSection>
  );
}
