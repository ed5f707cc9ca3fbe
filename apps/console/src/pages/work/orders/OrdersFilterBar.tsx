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

/** Dates, status and inspector apply as they change; the search words when the person searches. */
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
      <TextField
        select
        size="small"
        label="Status"
        value={filters.status ?? 'booked'}
        onChange={(event) => onChange({ status: event.target.value === 'booked' ? undefined : event.target.value })}
      >
        <MenuItem value="booked">Booked</MenuItem>
        <MenuItem value="cancelled">Cancelled</MenuItem>
        <MenuItem value="all">All</MenuItem>
      </TextField>
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
      <TextField
        select
        size="small"
        label="Agreement"
        value={filters.agreement ?? ''}
        onChange={(event) => onChange({ agreement: event.target.value || undefined })}
      >
        <MenuItem value="">Any agreement</MenuItem>
        <MenuItem value="unsigned">Agreement not signed</MenuItem>
      </TextField>
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
