import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ManageOrderView } from '@scheduler/contracts/manage';
import { DISPLAY_WORDS } from '@scheduler/domain/pricing/display-lines';
import { joinNames } from '@scheduler/domain/scheduling-text';
import { lengthText } from '@scheduler/domain/time-zone-text';
import { manageTexts as t } from './manage-texts.ts';
import { PanelCard as SummaryCard } from '../shared/PanelCard.tsx';

type Order = ManageOrderView['order'];

const rowSx = { display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1.5, py: 0.25 } as const;

/**
 * The booking as the thank-you shows it, read-only: when (the office's clock, its zone named),
 * the inspectors, the address, the people, the price lines and total exactly as the server laid
 * them out (they add up: house rule 16), and whether it is paid. Nothing here asks to pay.
 */
export function OrderSummary({ order }: { order: Order }) {
  const length = lengthText(order.duration_minutes);
  const inspectors = joinNames(order.inspectors);
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
        gap: { xs: 1.5, sm: 2 },
      }}
    >
      <SummaryCard title={inspectors ? t.panels.dateTimeInspector : t.panels.dateTime}>
        <Lines
          lines={[
            order.when.date,
            order.when.time,
            ...(length ? [t.takes(length)] : []),
            ...(inspectors ? [inspectors] : []),
          ]}
        />
      </SummaryCard>
      <SummaryCard title={t.panels.address}>
        <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{order.address}</Typography>
      </SummaryCard>
      {order.people.length > 0 && (
        <SummaryCard title={t.panels.people}>
          <Box component="dl" sx={{ m: 0 }}>
            {order.people.map((person, index) => (
              <Box key={`${index}-${person.role}-${person.name}`} sx={{ mb: 0.75 }}>
                <Box component="dt" sx={{ color: 'text.secondary', fontSize: '0.875rem' }}>
                  {person.role}
                </Box>
                <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {person.name}
                </Box>
              </Box>
            ))}
          </Box>
        </SummaryCard>
      )}
      {/* A cancelled booking owes nothing but its fee (said in its notice); a paid one keeps "Paid". */}
      {(order.paid || order.state !== 'cancelled') && (
        <SummaryCard title={t.panels.payment}>
          <Typography
            data-testid="payment-state"
            sx={{ fontWeight: 600, color: order.paid ? '#1e4620' : 'text.primary' }}
          >
            {order.paid ? t.paid : order.balance_due ? t.balanceDue(order.balance_due) : t.notPaid}
          </Typography>
        </SummaryCard>
      )}
      {order.price && (
        <SummaryCard title={t.panels.cart} wide>
          <PriceLines price={order.price} />
        </SummaryCard>
      )}
    </Box>
  );
}

function Lines({ lines }: { lines: readonly string[] }) {
  return lines.map((line, index) => (
    <Typography key={`${index}-${line}`} sx={{ overflowWrap: 'anywhere' }}>
      {line}
    </Typography>
  ));
}

/** The lines, then the total, then the note ("Prices before tax"), each as the server wrote it. */
function PriceLines({ price }: { price: NonNullable<Order['price']> }) {
  return (
    <>
      <Box component="dl" sx={{ m: 0 }}>
        {price.lines.map((line, index) => (
          <Box key={`${index}-${line.label}`} data-line="item" sx={rowSx}>
            <Box component="dt" sx={{ overflowWrap: 'anywhere' }}>
              {line.label}
            </Box>
            <Box component="dd" sx={{ m: 0, whiteSpace: 'nowrap' }}>
              {line.amount}
            </Box>
          </Box>
        ))}
        <Box data-line="total" sx={{ ...rowSx, mt: 1, pt: 1, borderTop: 1, borderColor: 'divider', fontWeight: 700 }}>
          <Box component="dt">{DISPLAY_WORDS.total}</Box>
          <Box component="dd" sx={{ m: 0, whiteSpace: 'nowrap' }}>
            {price.total}
          </Box>
        </Box>
      </Box>
      {price.note && (
        <Box component="p" sx={{ mt: 1, mb: 0, fontSize: '0.875rem', color: 'text.secondary' }}>
          {price.note}
        </Box>
      )}
    </>
  );
}
