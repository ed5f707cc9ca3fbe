import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { fieldProps } from '../../../shared/form.ts';
import { MAX_BEST_TEXT, MAX_DURATION, readDuration, type ServicesFormValues } from './services-form.ts';
import { Flag, ItemFields, TWO_COLUMNS } from './ItemFields.tsx';

type Form = UseFormReturn<ServicesFormValues>;

/** The services a package may include: what visitors can book (not headings or pay-at-closing), and any it already has. */
function includable(services: ServicesFormValues['services'], chosen: readonly string[]) {
  return services.filter((s) => (!s.label && !s.isPac) || chosen.includes(s.uuid));
}

/** One package's fields: what visitors read, its price and length, the services it includes, its badge, what to prepare. */
export function PackageEditor({ form, index, currency }: { form: Form; index: number; currency: string }) {
  const services = useWatch({ control: form.control, name: 'services' });
  const chosen = useWatch({ control: form.control, name: `packages.${index}.services` });
  const best = useWatch({ control: form.control, name: `packages.${index}.best` });
  const servicesHelpId = useId();
  // "0" is the sum of the included services' lengths: say what that sum is now.
  const sum = services
    .filter((s) => chosen.includes(s.uuid))
    .reduce((total, s) => total + (readDuration(s.duration) ?? 0), 0);
  const servicesError = form.getFieldState(`packages.${index}.services`, form.formState).error?.message;
  return (
    <ItemFields
      form={form}
      list="packages"
      index={index}
      currency={currency}
      words={{
        description: 'Shown on the package.',
        price: '795.00',
        duration: `0 to ${MAX_DURATION}. 0 means the sum of its services’ lengths (now ${sum} minutes).`,
        prepare: 'Told with its services’ own.',
      }}
    >
      <Controller
        control={form.control}
        name={`packages.${index}.services`}
        render={({ field: list }) => (
          <FormControl component="fieldset" error={servicesError !== undefined} sx={{ minWidth: 0 }}>
            <FormLabel component="legend">Services it includes</FormLabel>
            <FormGroup
              aria-describedby={servicesHelpId}
              sx={{ display: 'grid', gridTemplateColumns: TWO_COLUMNS.gridTemplateColumns }}
            >
              {includable(services, list.value).map((service) => (
                <FormControlLabel
                  key={service.uuid}
                  sx={{ minWidth: 0, '& .MuiFormControlLabel-label': { overflowWrap: 'anywhere' } }}
                  control={
                    <Checkbox
                      checked={list.value.includes(service.uuid)}
                      onChange={(event) =>
                        list.onChange(
                          event.target.checked
                            ? [...list.value, service.uuid]
                            : list.value.filter((id) => id !== service.uuid),
                        )
                      }
                    />
                  }
                  label={service.name || 'Untitled service'}
                />
              ))}
            </FormGroup>
            <FormHelperText id={servicesHelpId}>{servicesError ?? 'At least one.'}</FormHelperText>
          </FormControl>
        )}
      />
      <Box sx={TWO_COLUMNS}>
        <Flag
          form={form}
          name={`packages.${index}.best`}
          label="Best value badge"
          help="Marks this package on the booking page."
        />
        <Flag
          form={form}
          name={`packages.${index}.rer`}
          label="Rush report available"
          help="Its repair estimate report can be rushed, for the rush report fee."
        />
      </Box>
      {best && (
        <TextField
          label="Badge text"
          {...fieldProps(
            form,
            `packages.${index}.bestText`,
            `Up to ${MAX_BEST_TEXT} characters, like “Most popular”. Empty: “Best Offer!”.`,
          )}
        />
      )}
    </ItemFields>
  );
}
