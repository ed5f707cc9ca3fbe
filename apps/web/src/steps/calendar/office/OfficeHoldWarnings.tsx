import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef } from 'react';
import { BusyButton } from '../../../shared/BusyButton.tsx';
import { officeHoldTexts as t } from './office-hold-texts.ts';

/**
 * What the company's rules would refuse a visitor at the time the office asked for (issue 25), in
 * the server's own sentences, with the two ways on. Focus moves to it when it shows, which reads
 * its title and list once; it is not a live region as well, which would read them a second time.
 */
export function OfficeHoldWarnings({
  warnings,
  busy,
  onAccept,
  onChangeTime,
}: {
  warnings: readonly string[];
  busy: boolean;
  onAccept: () => void;
  onChangeTime: () => void;
}) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <Box
      ref={box}
      role="group"
      tabIndex={-1}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-list`}
      data-testid="office-hold-warnings"
      sx={{
        mt: 3,
        px: 2,
        py: 1.5,
        bgcolor: '#fff4e0',
        color: '#4d3200',
        border: 1,
        borderColor: '#e0a84a',
        borderLeftWidth: 4,
        borderRadius: 2,
      }}
    >
      <Typography id={`${id}-title`} sx={{ fontWeight: 600 }}>
        {t.warningsTitle}
      </Typography>
      <Box component="ul" id={`${id}-list`} sx={{ my: 1, pl: 3, overflowWrap: 'anywhere' }}>
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        <BusyButton
          variant="contained"
          busy={busy}
          onClick={onAccept}
          sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
        >
          {t.bookAnyway}
        </BusyButton>
        <Button
          variant="outlined"
          disabled={busy}
          onClick={onChangeTime}
          sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
        >
          {t.changeTime}
        </Button>
      </Box>
    </Box>
  );
}
