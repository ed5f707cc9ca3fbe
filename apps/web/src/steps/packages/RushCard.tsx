import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { BusyButton } from '../../shared/BusyButton.tsx';
import { packagesTexts as t } from './packages-texts.ts';

/** Spec 2.9: rush the Repair Estimate Report, worded for a package or a service. */
export function RushCard({
  kind,
  price,
  rushed,
  busy,
  onChange,
}: {
  kind: 'package' | 'service';
  price: string | null;
  rushed: boolean;
  busy: boolean;
  onChange: (rush: boolean) => void;
}) {
  const titleId = useId();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Typography id={titleId} variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
        {kind === 'package' ? t.rush.packagePrompt : t.rush.serviceHeading}
      </Typography>
      <Typography>{t.rush.delivery}</Typography>
      {price && <Typography sx={{ fontWeight: 600 }}>{t.rush.price(price)}</Typography>}
      <BusyButton
        variant={rushed ? 'outlined' : 'contained'}
        busy={busy}
        onClick={() => onChange(!rushed)}
        sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' }, minHeight: 44 }}
      >
        {rushed ? t.rush.remove : t.rush.add}
      </BusyButton>
    </Paper>
  );
}
