import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { Pricing } from '@scheduler/contracts/pricing';
import { formatMoney } from '@scheduler/domain/money-format';
import { packagesTexts as t } from './packages-texts.ts';

/** Spec 2.9: the non-zero additional charges (trip fee, rush, order fees), each with its description and value. */
export function AdditionalCharges({ fees, currency }: { fees: Pricing['additional']['fees']; currency: string }) {
  const titleId = useId();
  const shown = fees.filter((fee) => fee.value !== 0);
  if (shown.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="h2" sx={{ fontSize: '1.3rem', fontWeight: 700, mb: 1 }}>
        {t.additionalHeading}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.5 }}>
        {shown.map((fee) => (
          <Box key={fee.code} sx={{ display: 'contents' }}>
            <Box component="dt">{fee.description}</Box>
            <Box component="dd" sx={{ m: 0, fontWeight: 600, textAlign: 'right' }}>
              {formatMoney(fee.value, currency)}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
