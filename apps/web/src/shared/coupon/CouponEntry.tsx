import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Snackbar from '@mui/material/Snackbar';
import { useId, useState, type FormEvent } from 'react';
import { BusyButton } from '../BusyButton.tsx';
import { Notice } from '../Notice.tsx';
import { useApplyCoupon } from '../pricing-api.ts';
import type { SessionScope } from '../queries.ts';
import { couponTexts } from './coupon-texts.ts';

/** Spec 9.3: the coupon snackbar stays 4 seconds. */
const SNACKBAR_MS = 4000;

/** Spec 4.9, 8.4: apply a coupon; a refusal shows the server's message in red on the field, success a snackbar and an empty field. */
export function CouponEntry({ scope }: { scope: SessionScope }) {
  const label = couponTexts.label;
  const [code, setCode] = useState('');
  const [applied, setApplied] = useState(false);
  const apply = useApplyCoupon(scope);
  const errorId = useId();
  const inputId = useId();
  const refusal =
    apply.data && apply.data.status !== 'ok' ? apply.data.message : apply.isError ? couponTexts.failed : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    apply.mutate(code.trim(), {
      onSuccess: (result) => {
        if (result.status !== 'ok') return;
        setCode('');
        setApplied(true);
      },
    });
  };

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        {/* TextField's parts without TextField, which brings Select and its menu along: the panel's box is on the first step. */}
        <FormControl size="small" sx={{ flex: 1 }}>
          <InputLabel htmlFor={inputId}>{label}</InputLabel>
          <OutlinedInput
            id={inputId}
            label={label}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="off"
            inputProps={{
              maxLength: 40,
              'aria-describedby': refusal ? errorId : undefined,
              'aria-invalid': refusal ? true : undefined,
            }}
          />
        </FormControl>
        <BusyButton type="submit" variant="contained" busy={apply.isPending} sx={{ minHeight: 44 }}>
          {couponTexts.apply}
        </BusyButton>
      </Box>
      {refusal && (
        <Notice severity="error">
          <span id={errorId}>{refusal}</span>
        </Notice>
      )}
      <Snackbar
        open={applied}
        autoHideDuration={SNACKBAR_MS}
        onClose={() => setApplied(false)}
        message={couponTexts.applied}
      />
    </Box>
  );
}
