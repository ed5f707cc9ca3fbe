import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';

/**
 * The span of days a page reads (the Funnel's, the Reports'): a search landmark with the first and
 * last day as native date fields, the span's problem under the last, and any other filter after
 * them. It applies as typed: the page reads the values, there is nothing to submit.
 */
export function SpanForm({
  label,
  from,
  to,
  onChange,
  problem,
  columns = 2,
  children,
}: {
  /** The landmark's name ("Span", "Span and office"). */
  label: string;
  from: string;
  to: string;
  onChange: (field: 'from' | 'to', value: string) => void;
  /** Why the span cannot be read (too long, ends before it starts), or null. */
  problem: string | null;
  /** Fields in a row from the medium width: the two days and the children. */
  columns?: number;
  children?: ReactNode;
}) {
  return (
    <Box
      component="form"
      role="search"
      aria-label={label}
      onSubmit={(event) => event.preventDefault()}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr 1fr', md: `repeat(${columns}, minmax(0, 14rem))` },
        gap: 1.5,
        mb: 2,
        alignItems: 'start',
      }}
    >
      <TextField
        type="date"
        size="small"
        label="First day"
        value={from}
        onChange={(event) => onChange('from', event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        type="date"
        size="small"
        label="Last day"
        value={to}
        onChange={(event) => onChange('to', event.target.value)}
        error={problem !== null}
        helperText={problem ?? undefined}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      {children}
    </Box>
  );
}
