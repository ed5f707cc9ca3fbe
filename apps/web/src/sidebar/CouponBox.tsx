import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { CouponEntry } from '../shared/coupon/CouponEntry.tsx';
import type { SessionScope } from '../shared/queries.ts';
import { sidebarTexts as t } from './sidebar-texts.ts';

/** Spec 2.10, 9.5: "Have a coupon?" with the "Add coupon" field and APPLY. */
export function CouponBox({ scope }: { scope: SessionScope }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 2 }}>
      <Typography id={headingId} component="h3" sx={{ fontWeight: 700, fontSize: '1rem', mb: 1 }}>
        {t.couponHeading}
      </Typography>
      <CouponEntry scope={scope} label={t.couponLabel} apply={t.couponApply} />
    </Box>
  );
}
