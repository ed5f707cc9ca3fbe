import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface ListedItem {
  key: string;
  name: string;
  detail: string;
  /** Something in the item's editor needs fixing before a save. */
  problem: boolean;
}

/**
 * A list of the catalogue's items beside the editor of the chosen one, as the Inspectors page
 * lays its people out; under it, the button that adds one. One column on a phone.
 */
export function ItemList({
  label,
  items,
  selected,
  onSelect,
  addLabel,
  onAdd,
  empty,
  children,
}: {
  label: string;
  items: readonly ListedItem[];
  selected: number;
  onSelect: (index: number) => void;
  addLabel: string;
  onAdd: () => void;
  empty: string;
  children: ReactNode;
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '260px minmax(0, 1fr)' },
        alignItems: 'start',
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        {items.length > 0 ? (
          <Paper variant="outlined" component="nav" aria-label={label}>
            <List dense>
              {items.map((item, index) => (
                <ListItem key={item.key} disablePadding>
                  <ListItemButton
                    selected={index === selected}
                    aria-current={index === selected ? 'true' : undefined}
                    onClick={() => onSelect(index)}
                  >
                    <ListItemText
                      primary={item.name || 'Untitled'}
                      secondary={item.problem ? 'Needs a fix' : item.detail}
                      slotProps={{
                        primary: { sx: { overflowWrap: 'anywhere' } },
                        secondary: item.problem ? { sx: { color: 'error.main' } } : undefined,
                      }}
                    />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </Paper>
        ) : (
          <Typography>{empty}</Typography>
        )}
        <Button type="button" variant="outlined" onClick={onAdd} sx={{ mt: 1.5 }}>
          {addLabel}
        </Button>
      </Box>
      <Box sx={{ minWidth: 0 }}>{children}</Box>
    </Box>
  );
}

/** Move up, Move down and Remove for the chosen item; the refusal to remove, when there is one, under them. */
export function ItemActions({
  name,
  index,
  count,
  onMove,
  onRemove,
}: {
  name: string;
  index: number;
  count: number;
  onMove: (direction: -1 | 1) => void;
  onRemove: () => void;
}) {
  const what = name || 'this item';
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Button
        type="button"
        size="small"
        disabled={index === 0}
        onClick={() => onMove(-1)}
        aria-label={`Move ${what} up`}
      >
        Move up
      </Button>
      <Button
        type="button"
        size="small"
        disabled={index === count - 1}
        onClick={() => onMove(1)}
        aria-label={`Move ${what} down`}
      >
        Move down
      </Button>
      <Button type="button" size="small" color="error" onClick={onRemove} aria-label={`Remove ${what}`}>
        Remove
      </Button>
    </Box>
  );
}
