import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';

/** A switch with its meaning under it, tied to it so a screen reader reads both. */
export function DescribedSwitch({
  checked,
  onChange,
  label,
  help,
  helpId,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  help: string;
  helpId: string;
}) {
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': helpId } }}
          />
        }
        label={label}
      />
      <FormHelperText id={helpId} sx={{ mt: 0 }}>
        {help}
      </FormHelperText>
    </Box>
  );
}
