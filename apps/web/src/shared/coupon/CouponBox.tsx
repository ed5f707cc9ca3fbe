import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { SessionScope } from '../queries.ts';
import { couponTexts as t } from './coupon-texts.ts';
import { CouponEntry } from './CouponEntry.tsx';

/**
 * Spec 2.10, 9.5: "Have a coupon?" with the "Add coupon" field and APPLY, wherever it sits. Given
 * the order's coupons (the packages step on a phone, where no panel shows them), it lists what
 * each takes off under the box, so a coupon's effect shows where it was entered (issue 20 item 6).
 */
export function CouponBox({
  scope,
  applied,
}: {
  scope: SessionScope;
  applied?: ReadonlyArray<{ code: string; name: string; amount: string }>;
}) {
  const headingId = useId();
  const appliedId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 2 }}>
      <Typography id={headingId} component="h3" sx={{ fontWeight: 700, fontSize: '1rem', mb: 1 }}>
        {t.heading}
      </Typography>
      <CouponEntry scope={scope} />
      {applied && applied.length > 0 && (
        <Box sx={{ mt: 1.5 }}>
          <Typography id={appliedId} variant="body2" sx={{ fontWeight: 600 }}>
            {t.inOrderTitle}
          </Typography>
          <Box component="ul" aria-labelledby={appliedId} sx={{ m: 0, pl: 2.5 }}>
            {applied.map((coupon) => (
              <Typography component="li" variant="body2" key={coupon.code}>
                {t.inOrder(coupon.name, coupon.amount)}
              </Typography>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}
