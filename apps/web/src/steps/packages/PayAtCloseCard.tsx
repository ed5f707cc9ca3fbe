import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { BusyButton } from '../../shared/BusyButton.tsx';
import { packagesTexts as t } from './packages-texts.ts';

/** Spec 2.9: the order qualifies for pay-at-close; add or remove it, with the state's service fee when one applies. */
export function PayAtCloseCard({
  name,
  stateFee,
  added,
  busy,
  onChange,
}: {
  name: string;
  stateFee: string | null;
  added: boolean;
  busy: boolean;
  onChange: (add: boolean) => void;
}) {
  const titleId = useId();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 1, bgcolor: '#f5f9f5' }}
    >
      <Typography id={titleId} variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
        {t.pac.qualifies(name)}
      </Typography>
      {stateFee && <Typography>{t.pac.stateFee(stateFee, name)}</Typography>}
      <BusyButton
        variant={added ? 'outlined' : 'contained'}
        busy={busy}
        onClick={() => onChange(!added)}
        sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' }, minHeight: 44 }}
      >
        {added ? t.pac.remove : t.pac.add}
      </BusyButton>
    </Paper>
  );
}
