import Box from '@mui/material/Box';
import { useMemo } from 'react';
import type { Control } from 'react-hook-form';
import type { AddressFormInput, AddressFormValues } from '@scheduler/contracts/forms/address';
import { FormTextField } from '../../shared/form/FormTextField.tsx';
import type { AddressField } from './address-lookup.ts';
import { addressTexts } from './address-texts.ts';
import { texts } from '../../shared/texts.ts';

/**
 * Spec 2.6: the address fields, with the browser's address autofill tokens; the state label is the
 * company's; a US postal code is a "Zip Code" on a numeric keypad. Address lines span the row; on
 * a wide screen city, state and postal code share one.
 */
export function AddressFields({
  control,
  states,
  stateLabel,
  us,
  postalCodeLocked,
  onEdit,
}: {
  control: Control<AddressFormInput, unknown, AddressFormValues>;
  states: ReadonlyArray<{ id: number; abbreviation: string }>;
  stateLabel: string;
  us: boolean;
  postalCodeLocked: boolean;
  onEdit: (field: AddressField) => void;
}) {
  const stateOptions = useMemo(
    () => states.map((state) => ({ value: String(state.id), label: state.abbreviation })),
    [states],
  );
  return (
    <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) 120px 160px' } }}>
      <FormTextField
        control={control}
        name="address1"
        label={addressTexts.address1}
        autoComplete="address-line1"
        maxLength={120}
        required
        hint={addressTexts.required}
        onValueChange={() => onEdit('address1')}
        sx={{ gridColumn: '1 / -1' }}
      />
      <FormTextField
        control={control}
        name="address2"
        label={addressTexts.address2}
        autoComplete="address-line2"
        maxLength={120}
        onValueChange={() => onEdit('address2')}
        sx={{ gridColumn: '1 / -1' }}
      />
      <FormTextField
        control={control}
        name="city"
        label={addressTexts.city}
        autoComplete="address-level2"
        maxLength={80}
        required
        hint={addressTexts.required}
        onValueChange={() => onEdit('city')}
      />
      <FormTextField
        control={control}
        name="state"
        label={stateLabel}
        autoComplete="address-level1"
        options={stateOptions}
        emptyOption=""
        onValueChange={() => onEdit('state')}
      />
      <FormTextField
        control={control}
        name="postal_code"
        label={addressTexts.postalCode(us)}
        autoComplete="postal-code"
        inputMode={us ? 'numeric' : 'text'}
        maxLength={10}
        required
        readOnly={postalCodeLocked}
        hint={postalCodeLocked ? texts.lockedField : addressTexts.required}
        onValueChange={() => onEdit('postal_code')}
      />
    </Box>
  );
}
