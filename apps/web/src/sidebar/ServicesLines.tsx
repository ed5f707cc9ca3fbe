import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { Pricing } from '@scheduler/contracts/pricing';
import {
  DISPLAY_WORDS,
  displayLines,
  formatLineAmount,
  type DisplayLine,
} from '@scheduler/domain/pricing/display-lines';
import { formatMoney } from '@scheduler/domain/money-format';
import { Notice } from '../shared/Notice.tsx';
import { SafeHtml } from '../shared/SafeHtml.tsx';
import { convenienceMessage } from './service-lines.ts';
import { sidebarTexts as t } from './sidebar-texts.ts';

const rowSx = { display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1.5, py: 0.25 } as const;
const noteSx = { mt: 1, mb: 0, fontSize: '0.875rem', color: 'text.secondary' } as const;

/**
 * Spec 2.10 Services: the order's lines as the domain lays them out (`displayLines`: they add up
 * to the total, in the order they apply), the total, "Prices before tax" when the total leaves
 * a tax out, then the convenience-fee and pay-at-close-removed messages.
 */
export function ServicesLines({ pricing, currency, pacName }: { pricing: Pricing; currency: string; pacName: string }) {
  const { lines, total, beforeTax } = displayLines(pricing);
  const message = convenienceMessage(pricing);
  return (
    <>
      {/* A description list, not a list: the steps' own service rows are list items, and a visitor's screen reader (and a test) should not meet them twice. */}
      <Box component="dl" sx={{ m: 0 }}>
        {lines.map((line) => (
          <Box key={line.key} data-line={line.kind} sx={rowSx}>
            <Box component="dt">
              <LineLabel line={line} />
            </Box>
            <Box
              component="dd"
              sx={{
                m: 0,
                whiteSpace: 'nowrap',
                fontWeight: line.kind === 'package' || line.kind === 'service' ? 600 : 400,
              }}
            >
              {formatLineAmount(line.amount, currency)}
            </Box>
          </Box>
        ))}
        {total !== null && (
          <Box data-line="total" sx={{ ...rowSx, mt: 1, pt: 1, borderTop: 1, borderColor: 'divider', fontWeight: 700 }}>
            <Box component="dt">{DISPLAY_WORDS.total}</Box>
            <Box component="dd" sx={{ m: 0, whiteSpace: 'nowrap', fontWeight: 600 }}>
              {formatMoney(total, currency)}
            </Box>
          </Box>
        )}
      </Box>
      {beforeTax && (
        <Box component="p" data-note="before-tax" sx={noteSx}>
          {DISPLAY_WORDS.beforeTax}
        </Box>
      )}
      {message && (
        <Box component="p" sx={noteSx}>
          {message}
        </Box>
      )}
      {pricing.pac_removed && (
        <Notice severity="warning" sx={{ mt: 1 }}>
          {t.pacRemoved(pacName)}
        </Notice>
      )}
    </>
  );
}

function LineLabel({ line }: { line: DisplayLine }) {
  switch (line.kind) {
    case 'package':
    case 'service':
      return <SafeHtml html={line.label} component="span" sx={{ overflowWrap: 'anywhere', '& p': { m: 0 } }} />;
    case 'bundle-savings':
      return (
        <Box component="span" sx={{ fontStyle: 'italic', pl: 1.5 }}>
          {line.label}
        </Box>
      );
    case 'savings':
      return (
        <Box component="span" sx={{ pl: 1.5 }}>
          {line.label}
        </Box>
      );
    case 'coupon':
      return (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap' }}>
          <Chip label={DISPLAY_WORDS.coupon} size="small" color="primary" variant="outlined" />
          {line.label}
        </Box>
      );
    default:
      return <span>{line.label}</span>;
  }
}
