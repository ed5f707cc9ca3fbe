import Tooltip from '@mui/material/Tooltip';
import { truncatedLabel } from './property-form.ts';

/**
 * A question's label as spec 2.8 shows it: a long one cut short, the whole text in a tooltip. The
 * field keeps the whole label as its accessible name.
 */
export function ControlLabel({ label, dropdown = false }: { label: string; dropdown?: boolean }) {
  const short = truncatedLabel(label, dropdown);
  if (!short) return <>{label}</>;
  return (
    <Tooltip title={label}>
      <span>{short}</span>
    </Tooltip>
  );
}
