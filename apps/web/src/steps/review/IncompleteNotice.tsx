import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { StepName } from '@scheduler/domain/route-table';
import { Notice } from '../../shared/Notice.tsx';
import { texts } from '../../shared/texts.ts';
import { reviewTexts as t } from './review-texts.ts';

/** Confirm's 400 `order_incomplete` (decision 0018): what is missing, in the server's words, and a way to each step that fills it in. */
export function IncompleteNotice({
  message,
  steps,
  pathOf,
}: {
  message: string;
  steps: readonly StepName[];
  pathOf: (step: StepName) => string;
}) {
  return (
    <Notice severity="error" sx={{ mt: 3 }}>
      <Typography sx={{ fontWeight: 700 }}>{t.incompleteTitle}</Typography>
      <Typography>{message}</Typography>
      {steps.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
          {steps.map((step) => (
            <Button
              key={step}
              component={RouterLink}
              to={pathOf(step)}
              variant="outlined"
              color="inherit"
              sx={{ minHeight: 44, bgcolor: 'background.paper' }}
            >
              {t.goTo(texts.stepNames[step])}
            </Button>
          ))}
        </Box>
      )}
    </Notice>
  );
}
