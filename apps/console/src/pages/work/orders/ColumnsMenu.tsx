import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { ORDER_COLUMNS } from './order-columns.ts';

/**
 * "Columns": a menu of the orders list's columns, each a checkbox item (`menuitemcheckbox`) that
 * Enter or Space turns on or off; the menu stays open for the next choice. "When" holds the
 * link to the order and is always shown.
 */
export function ColumnsMenu({ chosen, onToggle }: { chosen: readonly string[]; onToggle: (key: string) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <Button
        variant="outlined"
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Columns
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {ORDER_COLUMNS.map((column) => {
          const on = chosen.includes(column.key);
          const fixed = column.key === 'when';
          return (
            <MenuItem
              key={column.key}
              role="menuitemcheckbox"
              aria-checked={on}
              disabled={fixed}
              onClick={() => onToggle(column.key)}
            >
              <ListItemIcon>
                <Checkbox
                  edge="start"
                  checked={on}
                  tabIndex={-1}
                  disableRipple
                  size="small"
                  slotProps={{ input: { 'aria-hidden': true } }}
                />
              </ListItemIcon>
              <ListItemText>{column.title}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
