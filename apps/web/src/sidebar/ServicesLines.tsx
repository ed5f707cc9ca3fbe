import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { Pricing } from '@scheduler/contracts/pricing';
import { formatMoney } from '@scheduler/domain/money-format';
import { Notice } from '../shared/Notice.tsx';
import { SafeHtml } from '../shared/SafeHtml.tsx';
import { convenienceMessage, serviceLines, type ServiceLine } from './service-lines.ts';
import { sidebarTexts as t } from './sidebar-texts.ts';

const rowSx = { display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1.5, py: 0.25 } as const;

/** Spec 2.10 Services: every line of the order's pricing, then the convenience-fee and pay-at-close-removed messages. */
export function ServicesLines({ pricing, currency, pacName }: { pricing: Pricing; currency: string; pacName: string }) {
  const money = (cents: number | null, negative = false) => (cents === null ? null : `${negative ? '- ' : ''}${formatMoney(cents, currency)}`);
  const message = convenienceMessage(pricing);
  return (
    <>
      {/* A description list, not a list: the steps' own service rows are list items, and a visitor's screen reader (and a test) should not meet them twice. */}
      <Box component="dl" sx={{ m: 0 }}>
        {serviceLines(pricing).map((line) => (
          <Box key={line.key} data-line={line.kind} sx={{ ...rowSx, ...(line.kind === 'total' ? { mt: 1, pt: 1, borderTop: 1, borderColor: 'divider', fontWeight: 700 } : {}) }}>
            <Box component="dt">
              <LineLabel line={line} />
            </Box>
            <Box component="dd" sx={{ m: 0, whiteSpace: 'nowrap', fontWeight: line.kind === 'package' || line.kind === 'service' || line.kind === 'total' ? 600 : 400 }}>
              {line.kind === 'total' ? money(line.amount) : money(line.amount, line.kind === 'coupon' || ('negative' in line && line.negative))}
            </Box>
          </Box>
        ))}
      </Box>
      {message && (
        <Box component="p" sx={{ mt: 1, mb: 0, fontSize: '0.875rem', color: 'text.secondary' }}>
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

function LineLabel({ line }: { line: ServiceLine }) {
  switch (line.kind) {
    case 'package':
    case 'service':
      return <SafeHtml html={line.html} component="span" sx={{ overflowWrap: 'anywhere', '& p': { m: 0 } }} />;
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
          <Chip label={t.coupon} size="small" color="primary" variant="outlined" />
          {line.name}
        </Box>
      );
    case 'total':
      return <span>{t.total}</span>;
    default:
      return <span>{line.label}</span>;
  }
}
