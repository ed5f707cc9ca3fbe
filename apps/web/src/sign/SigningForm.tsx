import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { SIGNATURE_DATA_URL_MAX, TYPED_NAME_MAX, type SignBody } from '@scheduler/contracts/agreements';
import { BusyButton } from '../shared/BusyButton.tsx';
import { FormTextField } from '../shared/form/FormTextField.tsx';
import { useStepForm } from '../shared/form/use-step-form.ts';
import { Notice } from '../shared/Notice.tsx';
import { signingFailure } from './api.ts';
import { DrawnSignature } from './DrawnSignature.tsx';
import { signFormSchema, type SignFormInput } from './sign-form.ts';
import type { DrawingPad, DrawingPadFactory } from './signature-pad.ts';
import { signingTexts as t } from './signing-texts.ts';

/** A handwriting face the signer's device has, for the typed name adopted as the signature. */
const SCRIPT_FONT = "'Segoe Script', 'Bradley Hand', 'Brush Script MT', 'Snell Roundhand', 'URW Chancery L', cursive";

/** What the page says of a refusal that no field shows. */
function failureWords(error: unknown, shownOnAField: boolean): { tone: 'warning' | 'error'; text: string } | null {
  const failure = signingFailure(error);
  if (!failure || failure.kind === 'invalid-link' || shownOnAField) return null;
  if (failure.kind === 'changed') return { tone: 'warning', text: t.failure.changed };
  if (failure.kind === 'field') return { tone: 'error', text: failure.message };
  if (failure.kind === 'busy') return { tone: 'error', text: t.failure.busy };
  return { tone: 'error', text: t.failure.other };
}

/** A signature as the form gives it: what a signing link's POST and the confirm's `agreement_signature` both carry. */
export type GivenSignature = Pick<SignBody, 'consent' | 'typed_name' | 'method' | 'signature_png'>;

/** Where the form hands the signature: the signing page posts it, the wizard's review keeps it for Confirm. */
export interface SignatureSink {
  /** Takes a signature; `onError` is called with a refusal, which the form shows and lets the signer send again. */
  give(signature: GivenSignature, callbacks: { onError: (error: unknown) => void }): void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * The consent, the full name, the signature drawn or the typed name adopted as it, and one
 * button. A refusal keeps everything typed and drawn: a field's beside the field (the server's
 * words), the agreement's having changed above the button once it is read again.
 */
export function SigningForm({
  consentText,
  sink,
  createPad,
  heading = t.form.heading,
}: {
  consentText: string;
  sink: SignatureSink;
  createPad: DrawingPadFactory;
  heading?: string;
}) {
  const id = useId();
  const form = useStepForm(signFormSchema, {
    consent: false,
    typed_name: '',
    method: 'drawn',
  } satisfies SignFormInput);
  const method = useWatch({ control: form.control, name: 'method' });
  const typedName = useWatch({ control: form.control, name: 'typed_name' });
  const padRef = useRef<DrawingPad | null>(null);
  const [drawError, setDrawError] = useState<string | null>(null);
  // One click signs once: a second press before the first call's state shows is dropped here.
  const sending = useRef(false);
  const [serverFieldShown, setServerFieldShown] = useState(false);

  const submit = form.handleSubmit((values) => {
    if (sending.current) return;
    let signaturePng: string | null = null;
    if (values.method === 'drawn') {
      const pad = padRef.current;
      if (!pad || pad.isEmpty()) return setDrawError(t.drawn.required);
      signaturePng = pad.toPngDataUrl();
      if (signaturePng.length > SIGNATURE_DATA_URL_MAX) return setDrawError(t.drawn.tooLarge);
    }
    setDrawError(null);
    setServerFieldShown(false);
    sending.current = true;
    const signature: GivenSignature = {
      consent: true,
      typed_name: values.typed_name.trim(),
      method: values.method,
      signature_png: signaturePng,
    };
    sink.give(signature, {
      // Signed, the form is done with (the signed state replaces it): only a refusal lets it send again.
      onError: (error) => {
        sending.current = false;
        const failure = signingFailure(error);
        if (failure?.kind !== 'field') return;
        if (failure.field === 'consent' || failure.field === 'typed_name') {
          form.setError(failure.field, { type: 'server', message: failure.message }, { shouldFocus: true });
          setServerFieldShown(true);
        } else if (failure.field === 'signature_png' && values.method === 'drawn') {
          setDrawError(failure.message);
          setServerFieldShown(true);
        }
      },
    });
  });

  const notice = sink.isError ? failureWords(sink.error, serverFieldShown) : null;
  return (
    <Box
      component="form"
      noValidate
      aria-labelledby={`${id}-heading`}
      onSubmit={(event) => void submit(event)}
      sx={{ display: 'grid', gap: 2.5, mt: 4, pt: 3, borderTop: 1, borderColor: 'divider' }}
    >
      <Typography variant="h2" id={`${id}-heading`}>
        {heading}
      </Typography>
      <Controller
        control={form.control}
        name="consent"
        render={({ field, fieldState }) => (
          <FormControl error={fieldState.invalid} required>
            <FormControlLabel
              sx={{ alignItems: 'flex-start', mr: 0 }}
              control={
                <Checkbox
                  name={field.name}
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  sx={{ mt: -0.75 }}
                  slotProps={{
                    input: {
                      'aria-invalid': fieldState.invalid,
                      'aria-describedby': fieldState.error ? `${id}-consent-error` : undefined,
                    },
                  }}
                />
              }
              label={consentText}
            />
            {fieldState.error && <FormHelperText id={`${id}-consent-error`}>{fieldState.error.message}</FormHelperText>}
          </FormControl>
        )}
      />
      <FormTextField
        control={form.control}
        name="typed_name"
        label={t.form.name}
        autoComplete="name"
        required
        maxLength={TYPED_NAME_MAX}
        hint={t.form.nameHint}
      />
      <Controller
        control={form.control}
        name="method"
        render={({ field }) => (
          <FormControl component="fieldset">
            <FormLabel component="legend">{t.form.method}</FormLabel>
            <RadioGroup
              row
              name={field.name}
              value={field.value}
              onChange={(event) => {
                field.onChange(event.target.value);
                setDrawError(null);
              }}
            >
              <FormControlLabel value="drawn" control={<Radio />} label={t.form.draw} />
              <FormControlLabel value="typed" control={<Radio />} label={t.form.type} />
            </RadioGroup>
          </FormControl>
        )}
      />
      <DrawnSignature
        createPad={createPad}
        padRef={padRef}
        error={method === 'drawn' ? drawError : null}
        onChange={() => setDrawError(null)}
        hidden={method !== 'drawn'}
      />
      {method === 'typed' && (
        <Box>
          <Typography id={`${id}-typed`} variant="body2" sx={{ color: 'text.secondary', mb: 0.5 }}>
            {t.typed.preview}
          </Typography>
          <Box
            role="img"
            aria-labelledby={`${id}-typed`}
            aria-describedby={`${id}-typed-name`}
            sx={{
              minHeight: 80,
              display: 'flex',
              alignItems: 'center',
              px: 2,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              bgcolor: '#fff',
              overflowWrap: 'anywhere',
            }}
          >
            <Typography
              id={`${id}-typed-name`}
              data-testid="typed-signature"
              sx={
                typedName.trim()
                  ? { fontFamily: SCRIPT_FONT, fontSize: { xs: '1.9rem', sm: '2.3rem' }, color: '#10243e' }
                  : { color: 'text.secondary' }
              }
            >
              {typedName.trim() || t.typed.empty}
            </Typography>
          </Box>
        </Box>
      )}
      {notice && <Notice severity={notice.tone}>{notice.text}</Notice>}
      <Box>
        <BusyButton
          type="submit"
          variant="contained"
          size="large"
          busy={sink.isPending}
          sx={{ width: { xs: '100%', sm: 'auto' } }}
        >
          {t.form.submit}
        </BusyButton>
      </Box>
    </Box>
  );
}
