import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { failureText } from '../../../shared/api.ts';
import { fieldProps } from '../../../shared/form.ts';
import type { InspectorFormValues } from './inspector-form.ts';
import { lookUpPlace as postalCodeCentre } from '../../../shared/places.ts';

/**
 * Where the inspector's day starts (the driving radius is measured from it): a postal code and
 * coordinates, which the person may type or take from the centre of the postal code.
 */
export function HomeBaseFields({ form }: { form: UseFormReturn<InspectorFormValues> }) {
  const [finding, setFinding] = useState(false);
  const [found, setFound] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const fillFromCentre = async () => {
    setFound(null);
    setFailure(null);
    const code = form.getValues('homePostalCode').trim();
    if (code === '') {
      form.setError('homePostalCode', { message: 'Enter the postal code first.' }, { shouldFocus: true });
      return;
    }
    setFinding(true);
    try {
      const place = await postalCodeCentre(code);
      if (place === null) {
        form.setError(
          'homePostalCode',
          { message: `We could not find ${code}. Check it, or type the latitude and longitude.` },
          { shouldFocus: true },
        );
        return;
      }
      form.clearErrors(['homePostalCode', 'homeLatitude', 'homeLongitude']);
      form.setValue('homeLatitude', String(place.latitude), { shouldDirty: true });
      form.setValue('homeLongitude', String(place.longitude), { shouldDirty: true });
      const where = [place.city, place.state].filter((part) => part !== '').join(', ');
      setFound(`The centre of ${code}${where ? ` (${where})` : ''} is filled in. Save the inspector to keep it.`);
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setFinding(false);
    }
  };

  return (
    <Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        Where their day starts: the driving radius is measured from here.
      </Typography>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' } }}
      >
        <TextField label="Home postal code" {...fieldProps(form, 'homePostalCode', 'Up to 10 characters.')} />
        <TextField
          label="Latitude"
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          {...fieldProps(form, 'homeLatitude', '-90 to 90.')}
        />
        <TextField
          label="Longitude"
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          {...fieldProps(form, 'homeLongitude', '-180 to 180.')}
        />
      </Box>
      <Button
        type="button"
        variant="outlined"
        sx={{ mt: 1.5 }}
        disabled={finding}
        onClick={() => void fillFromCentre()}
      >
        Use this postal code&apos;s centre
      </Button>
      <Box role="status" sx={{ mt: found ? 1.5 : 0 }}>
        {found && <Alert severity="success">{found}</Alert>}
      </Box>
      {failure && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {failure}
        </Alert>
      )}
    </Box>
  );
}
