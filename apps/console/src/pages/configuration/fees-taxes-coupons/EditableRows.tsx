import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * Numbered rows of a rule, each its fields and a Remove button, under a line saying how they
 * apply, and a button adding one: a fee's tiers, a trip fee's distance bands and its zones. A
 * rule keeps at least one row, and no more than `max`.
 */
export function EditableRows({
  noun,
  intro,
  rows,
  max,
  columns,
  fields,
  onAdd,
  onRemove,
}: {
  /** What a row is ("tier", "zone"), for its buttons' names. */
  noun: string;
  intro: ReactNode;
  /** Each row's key (react-hook-form's field id), in order. */
  rows: readonly { id: string }[];
  max: number;
  /** The fields' columns from a tablet up (the Remove button takes its own after them). */
  columns: string;
  fields: (index: number) => ReactNode;
  onAdd: () => void;
  onRemove: (index: number) => void;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {intro}
      </Typography>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {rows.map((row, index) => (
          <Box
            component="li"
            key={row.id}
            sx={{
              display: 'grid',
              gap: 1.5,
              alignItems: 'start',
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: `${columns} auto` },
            }}
          >
            {fields(index)}
            <Button
              type="button"
              color="error"
              disabled={rows.length <= 1}
              onClick={() => onRemove(index)}
              sx={{ minHeight: 56 }}
              aria-label={`Remove ${noun} ${index + 1}`}
            >
              Remove
            </Button>
          </Box>
        ))}
      </Box>
      <Box>
        <Button type="button" variant="outlined" disabled={rows.length >= max} onClick={onAdd}>
          Add a {noun}
        </Button>
      </Box>
    </Box>
  );
}
