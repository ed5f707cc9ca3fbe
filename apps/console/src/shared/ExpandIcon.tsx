import SvgIcon from '@mui/material/SvgIcon';

/** A downward triangle: what it stands beside opens below it; turned up once open. */
export function ExpandIcon({ open = false }: { open?: boolean }) {
  return (
    <SvgIcon aria-hidden sx={{ transform: open ? 'rotate(180deg)' : undefined }}>
      <path d="M7 10l5 5 5-5z" />
    </SvgIcon>
  );
}
