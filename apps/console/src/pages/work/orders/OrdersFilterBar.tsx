import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { CONSOLE_ORDER_SEARCH_MAX, type ConsoleInspectors } from '@scheduler/contracts/console';
import type { OrdersFilters } from '../../../shared/queries.ts';

export type FilterChange = Partial<
  Record<'from' | 'to' | 'status' | 'inspector_id' | 'q' | 'agreement', string | undefined>
>;

type Choice = { value: string; label: string };
/** A filter of a few fixed choices; its first (the default) is sent as no filter at all. */
function ChoiceFilter({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: string | undefined;
  choices: readonly Choice[];
  onChange: (value: string | undefined) => void;
}) {
  const fallback = choices[0]!.value;
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? fallback}
      onChange={(event) => onChange(event.target.value === fallback ? undefined : event.target.value)}
    >
      {choices.map((choice) => (
        <MenuItem key={choice.value} value={choice.value}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The first choice of each is the default, which the URL leaves out. */
const STATUS_CHOICES: readonly Choice[] = [
  { value: 'booked', label: 'Booked' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'all', label: 'All' },
];
const AGREEMENT_CHOICES: readonly Choice[] = [
  { value: '', label: 'Any agreement' },
  { value: 'unsigned', label: 'Agreement not signed' },
];

/** Dates, status, inspector and agreement apply as they change; the search words when the person searches. */
export function OrdersFilterBar({
  filters,
  inspectors,
  onChange,
}: {
  filters: OrdersFilters;
  inspectors: ConsoleInspectors['inspectors'];
  onChange: (change: FilterChange) => void;
}) {
  // Several offices: each inspector with their office's name, so two of the same name can be told apart.
  const severalOffices = new Set(inspectors.map((inspector) => inspector.office_uuid)).size > 1;
  const [words, setWords] = useState(filters.q ?? '');
  return (
    <Box
      component="form"
      role="search"
      aria-label="Filter the orders"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ q: words.trim() || undefined });
      }}
      sx={{
        display: 'grid',
        gridTemplateColumns: {
          xs: '1fr 1fr',
          md: 'repeat(3, minmax(0, 1fr)) repeat(2, minmax(0, 1.2fr))',
          lg: 'repeat(3, minmax(0, 1fr)) repeat(2, minmax(0, 1.2fr)) minmax(0, 2fr)',
        },
        gap: 1.5,
        mb: 2,
        alignItems: 'start',
      }}
    >
      <TextField
        type="date"
        size="small"
        label="From"
        value={filters.from ?? ''}
        onChange={(event) => onChange({ from: event.target.value || undefined })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        type="date"
        size="small"
        label="To"
        value={filters.to ?? ''}
        onChange={(event) => onChange({ to: event.target.value || undefined })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <ChoiceFilter
        label="Status"
        value={filters.status}
        choices={STATUS_CHOICES}
        onChange={(status) => onChange({ status })}
      />
      <TextField
        select
        size="small"
        label="Inspector"
        value={filters.inspector_id ?? ''}
        onChange={(event) => onChange({ inspector_id: event.target.value || undefined })}
      >
        <MenuItem value="">All inspectors</MenuItem>
        {inspectors.map((inspector) => (
          <MenuItem key={inspector.id} value={inspector.id}>
            {severalOffices ? `${inspector.name} · ${inspector.office_name}` : inspector.name}
          </MenuItem>
        ))}
      </TextField>
      <ChoiceFilter
        label="Agreement"
        value={filters.agreement}
        choices={AGREEMENT_CHOICES}
        onChange={(agreement) => onChange({ agreement })}
      />
      <Box sx={{ display: 'flex', gap: 1, gridColumn: { xs: '1 / -1', lg: 'auto' } }}>
        <TextField
          size="small"
          label="Search"
          placeholder="Name, e-mail, address, phone or order number"
          value={words}
          onChange={(event) => setWords(event.target.value)}
          slotProps={{ htmlInput: { maxLength: CONSOLE_ORDER_SEARCH_MAX } }}
          sx={{ flex: 1, minWidth: 0 }}
        />
        <Button type="submit" variant="contained">
          Search
        </Button>
      </Box>
    </Box>
  );
}
