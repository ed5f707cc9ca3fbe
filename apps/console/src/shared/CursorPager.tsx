import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/**
 * First, Previous and Next of a list paged by keyset (decision 0071), and its page size: a
 * labelled navigation landmark. The cursors are the page's own; `cursor` says whether the page
 * shown is past the first.
 */
export function CursorPager({
  label,
  sizes,
  perPage,
  onPerPage,
  atFirst,
  previous,
  next,
  onCursor,
}: {
  /** The landmark's name ("Pages of orders"). */
  label: string;
  sizes: readonly number[];
  perPage: number;
  onPerPage: (size: number) => void;
  /** The first page is shown (no cursor). */
  atFirst: boolean;
  previous: string | null;
  next: string | null;
  /** Go to the page a cursor names; undefined: the first. */
  onCursor: (cursor: string | undefined) => void;
}) {
  return (
    <Box
      component="nav"
      aria-label={label}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end', gap: 1, mt: 1 }}
    >
      <TextField
        select
        size="small"
        label="Per page"
        value={perPage}
        onChange={(event) => onPerPage(Number(event.target.value))}
        sx={{ minWidth: 110 }}
      >
        {sizes.map((size) => (
          <MenuItem key={size} value={size}>
            {size}
          </MenuItem>
        ))}
      </TextField>
      <Button disabled={atFirst} onClick={() => onCursor(undefined)}>
        First page
      </Button>
      <Button disabled={previous === null} onClick={() => onCursor(previous ?? undefined)}>
        Previous page
      </Button>
      <Button disabled={next === null} onClick={() => onCursor(next ?? undefined)}>
        Next page
      </Button>
    </Box>
  );
}
