import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { PackageResponse } from '@scheduler/contracts/catalogue';
import { formatMoney } from '@scheduler/domain/money-format';
import { SafeHtml } from '../../shared/SafeHtml.tsx';
import { BusyButton } from '../../shared/BusyButton.tsx';
import { packageCardLines } from '@scheduler/domain/pricing/display-lines';
import { packagesTexts as t } from './packages-texts.ts';

export interface PackageCardProps {
  pkg: PackageResponse;
  chosen: boolean;
  currency: string;
  feesHidden: boolean;
  busy: boolean;
  onSelect: () => void;
  onRemove: () => void;
}

/**
 * Spec 2.9: one package: name, price, Best Offer tag, description, its services, savings, and its
 * button. Every amount is before tax, as everywhere on the step (decision 0024): the included
 * services less the savings are the price, to the cent.
 */
export function PackageCard({ pkg, chosen, currency, feesHidden, busy, onSelect, onRemove }: PackageCardProps) {
  const money = (cents: number) => formatMoney(cents, currency);
  const lines = packageCardLines(pkg);
  const nameId = useId();
  return (
    <Paper
      component="article"
      aria-labelledby={nameId}
      variant="outlined"
      sx={{
        p: { xs: 2, sm: 3 },
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
        borderWidth: pkg.best ? 2 : 1,
        borderColor: pkg.best ? 'primary.main' : 'divider',
      }}
    >
      {pkg.best && (
        <Box
          component="span"
          sx={{
            alignSelf: 'flex-start',
            px: 1.25,
            py: 0.25,
            borderRadius: 1,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            fontWeight: 700,
            fontSize: '0.85rem',
          }}
        >
          {pkg.bestText.trim() || t.bestOffer}
        </Box>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
        <SafeHtml html={pkg.name} id={nameId} component="h2" sx={{ m: 0, fontSize: '1.2rem', fontWeight: 700 }} />
        {!feesHidden && (
          <Typography component="p" sx={{ fontSize: '1.3rem', fontWeight: 700 }}>
            {money(lines.price)}
          </Typography>
        )}
      </Box>
      <SafeHtml html={pkg.description} sx={{ color: 'text.secondary', '& p': { m: 0 } }} />
      <Box>
        <Typography component="p" sx={{ fontWeight: 600 }}>
          {t.includes}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {lines.includes.map((service) => (
            <Box component="li" key={service.id} sx={{ py: 0.25 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                <SafeHtml html={service.label} component="span" />
                {!feesHidden && service.amount !== null && <span>{money(service.amount)}</span>}
              </Box>
            </Box>
          ))}
        </Box>
      </Box>
      {!feesHidden && lines.savings > 0 && (
        <Typography component="p" sx={{ color: 'success.dark', fontWeight: 700 }}>
          {t.inSavings(money(lines.savings))}
        </Typography>
      )}
      <BusyButton
        variant={chosen ? 'outlined' : 'contained'}
        busy={busy}
        onClick={chosen ? onRemove : onSelect}
        sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' }, minHeight: 44 }}
      >
        {chosen ? t.removePackage : t.selectPackage}
      </BusyButton>
    </Paper>
  );
}
