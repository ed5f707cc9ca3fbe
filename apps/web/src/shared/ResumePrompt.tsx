import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { OrderResponse } from '@scheduler/contracts/order';
import { formatLongDateTime, formatTime, wallTimeIn } from '@scheduler/domain/scheduling-text';
import { SCREEN_HEADING_ID, useScreenHeadingFocus } from '@scheduler/ui/focus';
import { resumeTexts } from './hold-texts.ts';

/** "Welcome back": continue the unfinished order kept in this browser, or start over. */
export function ResumePrompt({
  order,
  timeZone,
  companyName,
  onContinue,
  onStartOver,
}: {
  order: OrderResponse;
  timeZone: string;
  companyName: string;
  onContinue: () => void;
  onStartOver: () => Promise<void>;
}) {
  const [starting, setStarting] = useState(false);
  useScreenHeadingFocus('resume');
  useEffect(() => {
    document.title = `${resumeTexts.title} | ${companyName}`;
  }, [companyName]);
  const when = order.datetime ? formatLongDateTime(wallTimeIn(order.datetime, timeZone)) : null;
  const heldUntil =
    order.hold_expires_at && Date.parse(order.hold_expires_at) > Date.now()
      ? formatTime(wallTimeIn(order.hold_expires_at, timeZone))
      : null;
  return (
    <Paper sx={{ p: { xs: 3, sm: 5 }, border: 1, borderColor: 'divider', maxWidth: 640, mx: 'auto' }}>
      <Typography variant="h1" id={SCREEN_HEADING_ID} tabIndex={-1} sx={{ mb: 2 }}>
        {resumeTexts.title}
      </Typography>
      <Typography sx={{ mb: 1 }}>{resumeTexts.text}</Typography>
      {when && (
        <Typography sx={{ mb: 1, fontWeight: 600 }}>
          {heldUntil ? resumeTexts.held(when, heldUntil) : resumeTexts.chosen(when)}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 3 }}>
        <Button variant="contained" size="large" onClick={onContinue} disabled={starting}>
          {resumeTexts.continue}
        </Button>
        <Button
          variant="outlined"
          size="large"
          disabled={starting}
          onClick={() => {
            setStarting(true);
            void onStartOver().finally(() => setStarting(false));
          }}
        >
          {resumeTexts.startOver}
        </Button>
      </Box>
    </Paper>
  );
}
