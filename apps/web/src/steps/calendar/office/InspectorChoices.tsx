import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useId } from 'react';
import { Controller, type Control } from 'react-hook-form';
import type { OfficeResponse } from '@scheduler/contracts/office';
import { inspectorIdsOf, type OfficeHoldFormInput, type OfficeHoldRequest } from './office-hold-form.ts';
import { officeHoldTexts as t } from './office-hold-texts.ts';

/**
 * The inspectors the office sends (issue 25): one checkbox each, in a fieldset its legend names.
 * Checked on submit, not when a box is left, so that tabbing past an unchecked box says nothing.
 */
export function InspectorChoices({
  control,
  users,
  onValueChange,
}: {
  control: Control<OfficeHoldFormInput, unknown, OfficeHoldRequest>;
  users: OfficeResponse['users'];
  onValueChange: () => void;
}) {
  const helperId = useId();
  return (
    <Controller
      control={control}
      name="inspectors"
      render={({ field, fieldState }) => {
        const chosen = new Set(inspectorIdsOf(field.value));
        const toggle = (id: number, on: boolean) => {
          if (on) chosen.add(id);
          else chosen.delete(id);
          // Kept in the office's order, whatever order they were ticked in.
          field.onChange(
            users
              .filter((user) => chosen.has(user.id))
              .map((user) => user.id)
              .join(),
          );
          onValueChange();
        };
        return (
          <FormControl component="fieldset" error={fieldState.invalid} required sx={{ mt: 2, minWidth: 0 }}>
            <FormLabel component="legend">{t.inspectors}</FormLabel>
            <FormGroup row sx={{ columnGap: 2 }}>
              {users.map((user, index) => (
                <FormControlLabel
                  key={user.id}
                  label={user.display}
                  control={
                    <Checkbox
                      checked={chosen.has(user.id)}
                      onChange={(event) => toggle(user.id, event.target.checked)}
                      inputRef={index === 0 ? field.ref : undefined}
                      slotProps={{
                        input: {
                          'aria-invalid': fieldState.invalid,
                          'aria-describedby': fieldState.error ? helperId : undefined,
                        },
                      }}
                    />
                  }
                />
              ))}
            </FormGroup>
            {fieldState.error && <FormHelperText id={helperId}>{fieldState.error.message}</FormHelperText>}
          </FormControl>
        );
      }}
    />
  );
}
