import Box from '@mui/material/Box';

/** One entry of the search's listbox; the input keeps focus, the entry is picked by click or Enter. */
export function SearchOption({
  id,
  text,
  active,
  onPick,
}: {
  id: string;
  text: string;
  active: boolean;
  onPick: () => void;
}) {
  return (
    <Box
      component="li"
      id={id}
      role="option"
      aria-selected={active}
      // The input keeps focus: a press here must not blur it before the pick.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onPick}
      sx={{
        px: 2,
        py: 1.25,
        minHeight: 44,
        cursor: 'pointer',
        bgcolor: active ? 'action.selected' : undefined,
        '&:hover': { bgcolor: 'action.hover' },
      }}
    >
      {text}
    </Box>
  );
}
