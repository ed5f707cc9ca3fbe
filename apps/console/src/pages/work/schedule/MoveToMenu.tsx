import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import type { ConsoleBooking } from '@scheduler/contracts/console';
import { spanText } from './ScheduleBlocks.tsx';
import type { Dispatch, MoveTarget } from './dispatch.ts';

/** Move to… on a booking in `inspectorId`'s column on `date`; nothing for a member who may not dispatch. */
export function DispatchMenu({
  dispatch,
  booking,
  inspectorId,
  date,
}: {
  dispatch: Dispatch | undefined;
  booking: ConsoleBooking;
  inspectorId: number;
  date: string;
}) {
  if (!dispatch) return null;
  return (
    <MoveToMenu
      booking={booking}
      inspectorId={inspectorId}
      targets={dispatch.targets}
      onPick={(target) => dispatch.move(booking, target, date, null)}
    />
  );
}

/**
 * The keyboard's (and a phone's) way to dispatch, beside dragging: a button on the booking that
 * lists the inspector columns; picking one opens the move dialog with that inspector chosen, to
 * pick the time.
 */
export function MoveToMenu({
  booking,
  inspectorId,
  targets,
  onPick,
}: {
  booking: ConsoleBooking;
  /** The column the booking shows in: its item says "another time" rather than naming a change. */
  inspectorId: number;
  targets: readonly MoveTarget[];
  onPick: (target: MoveTarget) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        aria-label={`Move to… (${spanText(booking)}, ${booking.client_name})`}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{
          flex: 'none',
          alignSelf: 'flex-start',
          minWidth: 0,
          px: 0.75,
          py: 0,
          fontSize: '0.75rem',
          lineHeight: 1.6,
          bgcolor: 'background.paper',
          '&:hover': { bgcolor: 'background.paper' },
        }}
      >
        Move to…
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close}>
        {targets.map((target) => (
          <MenuItem
            key={target.id}
            onClick={() => {
              close();
              onPick(target);
            }}
          >
            {target.id === inspectorId ? `${target.name} (another time)` : target.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
