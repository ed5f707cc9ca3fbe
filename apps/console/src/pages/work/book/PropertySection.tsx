import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import type { Control } from '@scheduler/contracts/office';
import { PageSection } from '../../../shared/PageSection.tsx';
import { optionsOf, propertyKey, type BookValues } from './book-form.ts';

const LIST_TYPES = new Set<Control['type']>(['DropDown', 'TriggeredDropDown', 'FoundationType', 'ReferReason']);
const NUMBER_TYPES = new Set<Control['type']>(['SquareFeet', 'YearBuilt', 'SalesPrice']);

/**
 * The property questions the company asks (its configured questions, as the wizard's property
 * step shows them). Each answer is saved when the field is left, so the price follows a square
 * footage at once; the server judges every answer as it judges the wizard's.
 */
export function PropertySection({
  controls,
  values,
  errors,
  onChange,
  onCheck,
  onLeave,
}: {
  controls: readonly Control[];
  values: BookValues;
  errors: Record<string, string>;
  onChange: (key: string, value: string) => void;
  onCheck: (key: string, checked: boolean) => void;
  onLeave: () => void;
}) {
  if (controls.length === 0) return null;
  return (
    <PageSection title="Property" intro="The questions the company asks about the property.">
      {controls.map((control) => {
        const key = propertyKey(control);
        const error = errors[key];
        if (control.type === 'CheckBox')
          return (
            <FormControl key={control.id} error={Boolean(error)}>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={values.checks[key] ?? false}
                    onChange={(event) => onCheck(key, event.target.checked)}
                    onBlur={onLeave}
                  />
                }
                label={control.label}
              />
              {error && <FormHelperText>{error}</FormHelperText>}
            </FormControl>
          );
        const dated = control.type === 'Date' || control.type === 'ClosingDate';
        return (
          <TextField
            key={control.id}
            label={control.label}
            required={control.required}
            value={values.property[key] ?? ''}
            onChange={(event) => onChange(key, event.target.value)}
            onBlur={onLeave}
            error={Boolean(error)}
            helperText={error ?? (control.description || undefined)}
            select={LIST_TYPES.has(control.type)}
            type={dated ? 'date' : 'text'}
            slotProps={{
              select: { native: true },
              inputLabel: dated || LIST_TYPES.has(control.type) ? { shrink: true } : undefined,
              htmlInput: NUMBER_TYPES.has(control.type) ? { inputMode: 'numeric' } : undefined,
            }}
            sx={{ maxWidth: 420 }}
          >
            {LIST_TYPES.has(control.type)
              ? [
                  <option key="" value="">
                    Select
                  </option>,
                  ...optionsOf(control).map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  )),
                ]
              : undefined}
          </TextField>
        );
      })}
    </PageSection>
  );
}
