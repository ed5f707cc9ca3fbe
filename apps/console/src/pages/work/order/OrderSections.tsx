import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { AdminOrderPerson } from '@scheduler/contracts/confirm';
import type { ConsoleOrderDetail } from '@scheduler/contracts/console';
import { formatPhone, phoneHref } from '@scheduler/domain/formatting';
import { enteredAmountText } from '@scheduler/domain/money-format';
import { momentText } from '../../../shared/time-text.ts';
import { addressText } from '../../../shared/order-text.ts';
import { historyText } from './order-history.ts';
import { visuallyHidden } from '@scheduler/ui/visually-hidden';

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-label={title} sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0 }}>
      <Typography variant="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

const ROLE_WORDS: Record<string, string> = {
  client: 'Client',
  buyers_agent: "Buyer's agent",
  sellers_agent: "Seller's agent",
  insurance_agent: 'Insurance agent',
  contact: 'Contact',
};
const PHONES = [
  ['mobile_phone', 'Mobile'],
  ['work_phone', 'Work'],
  ['home_phone', 'Home'],
] as const;

function Person({ person }: { person: AdminOrderPerson }) {
  const organisation = person.company || person.agency;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="h3" component="h3">
        {person.name}{' '}
        <Typography component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
          · {ROLE_WORDS[person.role] ?? person.role}
        </Typography>
      </Typography>
      {organisation && <Typography>{organisation}</Typography>}
      {person.email && (
        <Typography sx={{ overflowWrap: 'anywhere' }}>
          <Link href={`mailto:${person.email}`}>{person.email}</Link>
        </Typography>
      )}
      {PHONES.filter(([field]) => person[field]).map(([field, label]) => (
        <Typography key={field}>
          {label}: <Link href={phoneHref(person[field])}>{formatPhone(person[field])}</Link>
        </Typography>
      ))}
    </Box>
  );
}

export function PeopleSection({ people }: { people: readonly AdminOrderPerson[] }) {
  return (
    <Section title="People">
      {people.length === 0 ? (
        <Typography>No one was entered.</Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
          {people.map((person, index) => (
            <Person key={`${person.role}-${index}`} person={person} />
          ))}
        </Box>
      )}
    </Section>
  );
}

export function PropertySection({ order }: { order: ConsoleOrderDetail['order'] }) {
  const address = addressText(order.address);
  const { property } = order;
  const facts = [
    ['Square feet', property.sqft?.toLocaleString('en-US')],
    ['Year built', property.year_built?.toString()],
    ['Foundation', property.foundation],
    // Typed as digits ("300000"): money, as the wizard shows it.
    ['Sales price', enteredAmountText(property.sales_price, order.currency)],
    ...property.answers.map((entry) => [entry.question, entry.answer] as const),
  ].filter((entry): entry is [string, string] => Boolean(entry[1]));
  return (
    <Section title="Property">
      <Typography sx={{ mb: 1 }}>
        {address}{' '}
        <Link
          href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          Open in Google Maps<span style={visuallyHidden}> (opens a new tab)</span>
        </Link>
      </Typography>
      {facts.length > 0 && (
        <Box
          component="dl"
          sx={{
            display: 'grid',
            // The values keep at least their longest word: a long question's label wraps instead
            // of squeezing "1,800" or "Basement" out of the card on a phone.
            gridTemplateColumns: 'minmax(0, max-content) minmax(min-content, 1fr)',
            columnGap: 2,
            rowGap: 0.5,
            m: 0,
          }}
        >
          {facts.map(([term, value]) => (
            <Box key={term} sx={{ display: 'contents' }}>
              <Typography component="dt" sx={{ color: 'text.secondary' }}>
                {term}
              </Typography>
              <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Section>
  );
}

/**
 * Price lines as a list of terms and amounts, each written as given (never added up here: house
 * rule 16), with the total below them when there is one. The order page and the edit dialog's
 * new price show their lines with it.
 */
export function PriceLines({
  lines,
  total,
}: {
  lines: ReadonlyArray<{ key?: string; label: string; amount: string }>;
  total?: string;
}) {
  const ruled = { borderTop: 1, borderColor: 'divider', pt: 0.5 } as const;
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {lines.map((line, index) => (
        <Box key={line.key ?? `${line.label}-${index}`} sx={{ display: 'contents' }}>
          <Typography component="dt">{line.label}</Typography>
          <Typography component="dd" sx={{ m: 0, textAlign: 'right' }}>
            {line.amount}
          </Typography>
        </Box>
      ))}
      {total !== undefined && (
        <>
          <Typography component="dt" sx={{ fontWeight: 700, ...ruled }}>
            Total
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 700, textAlign: 'right', ...ruled }}>
            {total}
          </Typography>
        </>
      )}
    </Box>
  );
}

/** The order's price as its view lays it out: lines that add up to the total (house rule 16), shown as they are. */
export function PriceSection({ detail }: { detail: ConsoleOrderDetail }) {
  const { price, paid, cancelled } = detail.view.order;
  return (
    <Section title="Price and payment">
      {price ? (
        <PriceLines lines={price.lines} total={price.total} />
      ) : (
        <Typography>The company does not show amounts for this order.</Typography>
      )}
      {price?.note && <Typography sx={{ mt: 1, color: 'text.secondary' }}>{price.note}</Typography>}
      <Typography sx={{ mt: 1.5, fontWeight: 650 }}>{paid ? 'Paid' : 'Not paid'}</Typography>
      {cancelled?.fee && <Typography>Late-cancellation fee owed: {cancelled.fee}</Typography>}
    </Section>
  );
}

export function HistorySection({ order }: { order: ConsoleOrderDetail['order'] }) {
  return (
    <Section title="History">
      {order.history.length === 0 ? (
        <Typography>Nothing has happened to this booking yet.</Typography>
      ) : (
        <Box component="ol" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1 }}>
          {order.history.map((event, index) => (
            <li key={`${event.at}-${index}`}>
              <Typography>{historyText(event, order.time_zone, order.currency)}</Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {momentText(event.at, order.time_zone)}
              </Typography>
            </li>
          ))}
        </Box>
      )}
    </Section>
  );
}
