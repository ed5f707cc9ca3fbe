import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ConsoleOrderEditBody, ConsoleOrderEditState } from '@scheduler/contracts/order-edit';

export type EditedAddress = ConsoleOrderEditState['address'];

/** The checkbox's label, as the server's refusal names it. */
export const OUTSIDE_AREA_LABEL = "Book outside the inspector's area";

const FIELDS = [
  ['address1', 'Address line 1', 120],
  ['address2', 'Address line 2', 120],
  ['city', 'City', 80],
  ['postal_code', 'Postal code', 10],
] as const;

const TWO_COLUMNS = {
  display: 'grid',
  gap: 1.5,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
} as const;

/** Whether the typed address reads differently from the order's. */
export function addressChanged(before: EditedAddress, after: EditedAddress): boolean {
  return (['address1', 'address2', 'city', 'state', 'postal_code'] as const).some(
    (field) => (typeof after[field] === 'string' ? String(after[field]).trim() : after[field]) !== before[field],
  );
}

/**
 * The address sent when it changed: trimmed, unverified (0,0: the server places it at its postal
 * code's centre and fills the county, as the wizard's address step does for an address kept as typed).
 */
export function addressBody(before: EditedAddress, after: EditedAddress): ConsoleOrderEditBody['address'] {
  if (!addressChanged(before, after)) return null;
  return {
    address1: after.address1.trim(),
    address2: after.address2.trim(),
    city: after.city.trim(),
    state: after.state,
    postal_code: after.postal_code.trim(),
    latitude: 0,
    longitude: 0,
    county: '',
  };
}

/**
 * The property's address (decision 0068, part 3): the server re-checks a new one against the
 * assigned inspector's area and refuses it outside, unless "Book outside the inspector's area" is
 * ticked (offered once the address changed).
 */
export function AddressFields({
  states,
  before,
  value,
  onChange,
  outsideArea,
  onOutsideArea,
}: {
  states: ConsoleOrderEditState['states'];
  before: EditedAddress;
  value: EditedAddress;
  onChange: (value: EditedAddress) => void;
  outsideArea: boolean;
  onOutsideArea: (on: boolean) => void;
}) {
  return (
    <Box component="section" aria-labelledby="edit-order-address" sx={{ mt: 2 }}>
      <Typography id="edit-order-address" component="h3" variant="h6" sx={{ mb: 1 }}>
        Address
      </Typography>
      <Box sx={TWO_COLUMNS}>
        {FIELDS.map(([field, label, max]) => (
          <TextField
            key={field}
            label={label}
            fullWidth
            required={field !== 'address2'}
            value={value[field]}
            onChange={(event) => onChange({ ...value, [field]: event.target.value })}
            slotProps={{ htmlInput: { maxLength: max } }}
          />
        ))}
        {states.length > 0 && (
          <TextField
            select
            label="State"
            fullWidth
            value={value.state === null ? '' : String(value.state)}
            onChange={(event) =>
              onChange({ ...value, state: event.target.value === '' ? null : Number(event.target.value) })
            }
          >
            <MenuItem value="">From the postal code</MenuItem>
            {states.map((state) => (
              <MenuItem key={state.id} value={String(state.id)}>
                {state.abbreviation}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Box>
      {addressChanged(before, value) && (
        <FormControlLabel
          control={<Checkbox checked={outsideArea} onChange={(event) => onOutsideArea(event.target.checked)} />}
          label={OUTSIDE_AREA_LABEL}
        />
      )}
    </Box>
  );
}
