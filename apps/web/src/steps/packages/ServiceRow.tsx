import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ServiceResponse } from '@scheduler/contracts/catalogue';
import { formatMoney } from '@scheduler/domain/money-format';
import { SafeHtml } from '../../shared/SafeHtml.tsx';
import { BusyButton } from '../../shared/BusyButton.tsx';
import type { ServiceButton } from './cart-rules.ts';
import { packagesTexts as t } from './packages-texts.ts';

export interface ServiceRowProps {
  service: ServiceResponse;
  button: ServiceButton;
  currency: string;
  feesHidden: boolean;
  busy: boolean;
  onAdd: () => void;
  onRemove: () => void;
}

/** Spec 2.9: one service with its price before tax (decision 0024) and Add Service, Remove Service, a disabled In Package, or the primary-first note. */
export function ServiceRow({ service, button, currency, feesHidden, busy, onAdd, onRemove }: ServiceRowProps) {
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 2,
        py: 2,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ flex: '1 1 280px', minWidth: 0 }}>
        <SafeHtml html={service.name} sx={{ fontWeight: 600 }} />
        {service.description && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {service.description}
          </Typography>
        )}
      </Box>
      {!feesHidden && (
        <Typography sx={{ fontWeight: 600, minWidth: 80, textAlign: 'right' }}>
          {formatMoney(service.amount, currency)}
        </Typography>
      )}
      <Box sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' }, display: 'flex', justifyContent: 'flex-end' }}>
        {button === 'in-package' && (
          <Button variant="outlined" disabled sx={{ minHeight: 44 }}>
            {t.inPackage}
          </Button>
        )}
        {button === 'primary-first' && (
          <Button variant="outlined" disabled sx={{ minHeight: 44, maxWidth: 260, textTransform: 'none' }}>
            {t.primaryFirst}
          </Button>
        )}
        {button === 'single-primary' && (
          <Button variant="outlined" disabled sx={{ minHeight: 44, maxWidth: 260, textTransform: 'none' }}>
            {t.singlePrimary}
          </Button>
        )}
        {button === 'remove' && (
          <BusyButton variant="outlined" busy={busy} onClick={onRemove} sx={{ minHeight: 44 }}>
            {t.removeService}
          </BusyButton>
        )}
        {button === 'add' && (
          <BusyButton variant="contained" busy={busy} onClick={onAdd} sx={{ minHeight: 44 }}>
            {t.addService}
          </BusyButton>
        )}
      </Box>
    </Box>
  );
}
