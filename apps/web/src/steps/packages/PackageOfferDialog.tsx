import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { PackageResponse } from '@scheduler/contracts/catalogue';
import { formatMoney } from '@scheduler/domain/money-format';
import { useFocusHeadingAfterClose } from '../../shared/dialog-focus.ts';
import { SafeHtml } from '../../shared/SafeHtml.tsx';
import { BusyButton } from '../../shared/BusyButton.tsx';
import { packagesTexts as t } from './packages-texts.ts';

/**
 * Spec 4.3: the visitor added services a package bundles; each such package is offered with what it
 * saves (its savings over its services bought one by one).
 */
export default function PackageOfferDialog({
  packages,
  currency,
  feesHidden,
  busyId,
  onAdd,
  onClose,
}: {
  packages: PackageResponse[];
  currency: string;
  feesHidden: boolean;
  busyId: number | null;
  onAdd: (id: number) => void;
  onClose: () => void;
}) {
  const id = useId();
  useFocusHeadingAfterClose();
  return (
    <Dialog open onClose={onClose} disableRestoreFocus aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <DialogTitle id={`${id}-title`} component="h2">
        {t.offer.intro(packages.length > 1)}
      </DialogTitle>
      <DialogContent>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
          {packages.map((pkg) => (
            <Box
              component="li"
              key={pkg.id}
              sx={{
                border: 1,
                borderColor: 'divider',
                borderRadius: 2,
                p: 2,
                display: 'flex',
                flexDirection: 'column',
                gap: 1,
              }}
            >
              <SafeHtml html={pkg.name} component="h3" sx={{ m: 0, fontSize: '1.1rem', fontWeight: 700 }} />
              {!feesHidden && pkg.savings > 0 && (
                <Typography sx={{ color: 'success.dark', fontWeight: 700 }}>
                  {t.offer.save(formatMoney(pkg.savings, currency))}
                </Typography>
              )}
              <BusyButton
                variant="contained"
                busy={busyId === pkg.id}
                onClick={() => onAdd(pkg.id)}
                sx={{ alignSelf: 'flex-start', minHeight: 44 }}
              >
                {t.offer.add}
              </BusyButton>
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={{ minHeight: 44 }}>
          {t.offer.noThanks}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
