import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useId } from 'react';
import { Controller, type FieldPath, type UseFormReturn } from 'react-hook-form';
import type { PricingFormValues } from './pricing-values.ts';

export interface ServiceChoice {
  uuid: string;
  name: string;
}

/**
 * Services ticked from the company's list. A service the row names but the company no longer
 * offers stays ticked under its own label, so that it can be unticked rather than kept unseen.
 */
export function ServiceChecks({
  form,
  name,
  label,
  help,
  services,
}: {
  form: UseFormReturn<PricingFormValues>;
  name: FieldPath<PricingFormValues>;
  label: string;
  help: string;
  services: readonly ServiceChoice[];
}) {
  const helpId = useId();
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => {
        const value = (field.value ?? []) as string[];
        const unknown = value
          .filter((uuid) => !services.some((s) => s.uuid === uuid))
          .map((uuid) => ({ uuid, name: 'A service no longer offered' }));
        const toggle = (uuid: string, on: boolean) =>
          field.onChange(on ? [...value, uuid] : value.filter((id) => id !== uuid));
        return (
          <FormControl
            component="fieldset"
            error={fieldState.error !== undefined}
            aria-describedby={helpId}
            sx={{ minWidth: 0 }}
          >
            <FormLabel component="legend">{label}</FormLabel>
            <FormGroup
              sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}
            >
              {[...services, ...unknown].map((service, index) => (
                <FormControlLabel
                  key={service.uuid}
                  sx={{ minWidth: 0, '& .MuiFormControlLabel-label': { overflowWrap: 'anywhere' } }}
                  control={
                    <Checkbox
                      checked={value.includes(service.uuid)}
                      onChange={(event) => toggle(service.uuid, event.target.checked)}
                      onBlur={field.onBlur}
                      inputRef={index === 0 ? field.ref : undefined}
                    />
                  }
                  label={service.name}
                />
              ))}
            </FormGroup>
            <FormHelperText id={helpId}>{fieldState.error?.message ?? help}</FormHelperText>
          </FormControl>
        );
      }}
    />
  );
}
