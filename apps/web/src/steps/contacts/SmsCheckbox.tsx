import Box from '@mui/material/Box';
import { Controller, type Control, type FieldValues } from 'react-hook-form';
import { SMS_LABEL } from '@scheduler/domain/people/person-fields';

/**
 * The SMS choice beside the mobile phone (spec 2.7). A native checkbox in its label: MUI's
 * Checkbox would become a chunk shared with the property step, whose name the app shell's
 * preload map then carries into the first step's download.
 */
export function SmsCheckbox({ control, name }: { control: Control<FieldValues>; name: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Box
          component="label"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.5, minHeight: 44, cursor: 'pointer' }}
        >
          <Box
            component="input"
            type="checkbox"
            name={field.name}
            checked={field.value === true}
            onChange={(event: { target: { checked: boolean } }) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            sx={{ width: 20, height: 20, m: 0, accentColor: (theme) => theme.palette.primary.main }}
          />
          {SMS_LABEL}
        </Box>
      )}
    />
  );
}
