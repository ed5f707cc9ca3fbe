import TextField from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { amountExample } from './money-amount.ts';

/**
 * A money amount or a percentage typed into a form's text field (the booking-change fee, a
 * deposit at booking): kept as text while typed, its problem under it once the form names one,
 * else its help. Read with parseAmount (money-amount.ts) or the form's own percent reader.
 */
interface AmountFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  help: string;
  /** `numeric` for a whole number (a phone's number keyboard), `decimal` for one with decimals. */
  inputMode: 'numeric' | 'decimal';
}

function AmountField<T extends FieldValues>({ control, name, label, help, inputMode }: AmountFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          name={field.name}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ?? help}
          fullWidth
          slotProps={{ htmlInput: { inputMode } }}
        />
      )}
    />
  );
}

/** An amount in the company's currency; its help says how to write one ("In USD, like 75 or 75.50."), and more when given. */
export function MoneyField<T extends FieldValues>({
  currency,
  more,
  ...props
}: Omit<AmountFieldProps<T>, 'help' | 'inputMode'> & { currency: string; more?: string }) {
  const help = `In ${currency}, like ${amountExample(currency)}.${more ? ` ${more}` : ''}`;
  return <AmountField {...props} help={help} inputMode="decimal" />;
}

/** A percentage; `whole` when only whole numbers are taken. */
export function PercentField<T extends FieldValues>({
  whole = false,
  ...props
}: Omit<AmountFieldProps<T>, 'inputMode'> & { whole?: boolean }) {
  return <AmountField {...props} inputMode={whole ? 'numeric' : 'decimal'} />;
}
