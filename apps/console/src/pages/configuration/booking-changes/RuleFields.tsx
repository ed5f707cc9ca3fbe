import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, useWatch, type Control, type FieldPath } from 'react-hook-form';
import {
  MAX_NOTICE_HOURS,
  MAX_RESCHEDULES,
  reschedulesProblem,
  type BookingChangesFormValues,
  type FeeKind,
  type RuleValues,
} from './booking-changes-form.ts';
import { MoneyField, PercentField } from '../../../shared/AmountFields.tsx';
import { readWhole } from '../../../shared/money-amount.ts';
import { RULE_HELP } from './policy-summary.ts';

type NumberRule = 'rescheduleUntil' | 'maxReschedules' | 'cancelUntil' | 'lateWithin';

const LABELS: Readonly<Record<NumberRule, string>> = {
  rescheduleUntil: 'Reschedule online until (hours before)',
  maxReschedules: 'Most reschedules',
  cancelUntil: 'Cancel online until (hours before)',
  lateWithin: 'Late cancellation within (hours before)',
};

const FEE_KINDS: ReadonlyArray<{ value: FeeKind; label: string }> = [
  { value: 'none', label: 'No fee' },
  { value: 'same', label: 'Same as the company' },
  { value: 'amount', label: 'A fixed amount' },
  { value: 'percent', label: "A percentage of the order's total" },
];

/** Where the fields live in the form: '' for the company's rules, "services.2." for a service's. */
export interface RuleFieldsProps {
  control: Control<BookingChangesFormValues>;
  prefix: '' | `services.${number}.`;
  currency: string;
  /** A service's rules: empty means "same as the company", and the fee has no "No fee". */
  service?: boolean;
}

const nameOf = (prefix: RuleFieldsProps['prefix'], field: keyof RuleValues) =>
  `${prefix}${field}` as FieldPath<BookingChangesFormValues>;

function help(rule: NumberRule, text: string, service: boolean): string {
  const max = rule === 'maxReschedules' ? MAX_RESCHEDULES : MAX_NOTICE_HOURS;
  const read = readWhole(text, 0, max);
  if (service && read.ok && read.value === null) return 'Empty: same as the company.';
  // RULE_HELP's null for the most reschedules is an empty field's meaning ("as often as they like"):
  // a number out of range or a word is not that, and is asked for as the save would ask for it.
  if (!read.ok && rule === 'maxReschedules') return reschedulesProblem;
  return RULE_HELP[rule](read.ok ? read.value : null);
}

/** A whole number typed on a phone's number keyboard, its meaning (as the client will see it) under it. */
function NumberRuleField({
  control,
  prefix,
  rule,
  service,
}: {
  control: Control<BookingChangesFormValues>;
  prefix: RuleFieldsProps['prefix'];
  rule: NumberRule;
  service: boolean;
}) {
  return (
    <Controller
      control={control}
      name={nameOf(prefix, rule)}
      render={({ field, fieldState }) => {
        const value = typeof field.value === 'string' ? field.value : '';
        return (
          <TextField
            label={LABELS[rule]}
            value={value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            name={field.name}
            error={fieldState.error !== undefined}
            helperText={fieldState.error?.message ?? help(rule, value, service)}
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
          />
        );
      }}
    />
  );
}

/** The words of each fee's fields: the cancellation's, and the reschedule's in the same late window (decision 0081). */
const FEE_FIELDS = {
  cancel: {
    kind: 'feeKind',
    amount: 'feeAmount',
    percent: 'feePercent',
    label: 'Late-cancellation fee',
    help: 'What a late cancellation costs the client.',
    amountLabel: 'Fee',
  },
  reschedule: {
    kind: 'moveFeeKind',
    amount: 'moveFeeAmount',
    percent: 'moveFeePercent',
    label: 'Late-reschedule fee',
    help: 'What moving the inspection online within the late window above costs the client.',
    amountLabel: 'Reschedule fee',
  },
} as const;

/** A fee's kind and, for an amount or a percentage, its value. */
function FeeFields({
  control,
  prefix,
  currency,
  service,
  change,
}: Required<RuleFieldsProps> & { change: keyof typeof FEE_FIELDS }) {
  const words = FEE_FIELDS[change];
  const feeKind = useWatch({ control, name: nameOf(prefix, words.kind) }) as FeeKind;
  const kinds = FEE_KINDS.filter((kind) => kind.value !== (service ? 'none' : 'same'));
  return (
    <>
      <Controller
        control={control}
        name={nameOf(prefix, words.kind)}
        render={({ field, fieldState }) => (
          <TextField
            select
            label={words.label}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldState.error !== undefined}
            helperText={
              fieldState.error?.message ??
              (service
                ? "Empty: the company's fee. A service's fee counts when it is more than the company's on the order."
                : words.help)
            }
            fullWidth
          >
            {kinds.map((kind) => (
              <MenuItem key={kind.value} value={kind.value}>
                {kind.label}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {feeKind === 'amount' && (
        <MoneyField
          control={control}
          name={nameOf(prefix, words.amount)}
          label={`${words.amountLabel} (${currency})`}
          currency={currency}
        />
      )}
      {feeKind === 'percent' && (
        <PercentField
          control={control}
          name={nameOf(prefix, words.percent)}
          label={`${words.amountLabel} (% of the order's total)`}
          help="More than 0 and at most 100, like 50."
        />
      )}
    </>
  );
}

/** The six rules of a booking-change policy, for the company or for one service. */
export function RuleFields({ control, prefix, currency, service = false }: RuleFieldsProps) {
  return (
    <Box
      sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}
    >
      <NumberRuleField control={control} prefix={prefix} rule="rescheduleUntil" service={service} />
      <NumberRuleField control={control} prefix={prefix} rule="maxReschedules" service={service} />
      <NumberRuleField control={control} prefix={prefix} rule="cancelUntil" service={service} />
      <NumberRuleField control={control} prefix={prefix} rule="lateWithin" service={service} />
      <FeeFields control={control} prefix={prefix} currency={currency} service={service} change="cancel" />
      <FeeFields control={control} prefix={prefix} currency={currency} service={service} change="reschedule" />
    </Box>
  );
}
