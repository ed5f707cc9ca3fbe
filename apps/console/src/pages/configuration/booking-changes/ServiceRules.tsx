import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useFieldArray, useWatch, type Control } from 'react-hook-form';
import { EMPTY_SERVICE_RULES, type BookingChangesFormValues } from './booking-changes-form.ts';
import { RuleFields } from './RuleFields.tsx';

export interface ServiceChoice {
  uuid: string;
  name: string;
}

/**
 * The services with rules of their own: one row a service (a service at most once), each rule
 * empty for "same as the company".
 */
export function ServiceRules({
  control,
  services,
  currency,
}: {
  control: Control<BookingChangesFormValues>;
  services: readonly ServiceChoice[];
  currency: string;
}) {
  const rows = useFieldArray({ control, name: 'services' });
  const chosen = useWatch({ control, name: 'services' });
  const nameOf = (uuid: string) =>
    services.find((service) => service.uuid === uuid)?.name ??
    (uuid === '' ? 'A service' : 'A service no longer offered');
  const used = new Set(chosen.map((row) => row.service));
  return (
    <>
      {rows.fields.map((row, index) => {
        const headingId = `service-rules-${row.id}`;
        const own = chosen[index]?.service ?? '';
        // The service of this row stays on offer; one another row has is not (a service has one set of rules).
        const options = services.filter((service) => service.uuid === own || !used.has(service.uuid));
        const unknown = own !== '' && !services.some((service) => service.uuid === own);
        return (
          <Paper
            key={row.id}
            component="section"
            variant="outlined"
            aria-labelledby={headingId}
            sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}
          >
            <Typography component="h3" variant="h3" id={headingId} sx={{ mb: 1.5, overflowWrap: 'anywhere' }}>
              {nameOf(own)}
            </Typography>
            <Box sx={{ display: 'grid', gap: 2.5 }}>
              <Controller
                control={control}
                name={`services.${index}.service`}
                render={({ field, fieldState }) => (
                  <TextField
                    select
                    label="Service"
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    error={fieldState.error !== undefined}
                    helperText={
                      fieldState.error?.message ??
                      "Orders that book it follow these rules where they are stricter than the company's."
                    }
                    fullWidth
                  >
                    {unknown && <MenuItem value={own}>A service no longer offered</MenuItem>}
                    {options.map((service) => (
                      <MenuItem key={service.uuid} value={service.uuid}>
                        {service.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <RuleFields control={control} prefix={`services.${index}.`} currency={currency} service />
              <Box>
                <Button type="button" color="error" onClick={() => rows.remove(index)}>
                  {services.some((service) => service.uuid === own)
                    ? `Remove the rules for ${nameOf(own)}`
                    : 'Remove these rules'}
                </Button>
              </Box>
            </Box>
          </Paper>
        );
      })}
      <Box>
        <Button
          type="button"
          variant="outlined"
          disabled={rows.fields.length >= services.length}
          onClick={() => rows.append({ ...EMPTY_SERVICE_RULES })}
        >
          Add rules for a service
        </Button>
      </Box>
    </>
  );
}
