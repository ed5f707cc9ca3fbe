import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { MoneyField, PercentField } from '../../../shared/AmountFields.tsx';
import { ChosenRows, type RowChoice } from '../../../shared/ChosenRows.tsx';
import { PageSection } from '../../../shared/PageSection.tsx';
import { atBookingSummary, type CatalogueNames } from './at-booking-summary.ts';
import {
  AT_BOOKING_CHOICES,
  EMPTY_RULE,
  MAX_DEPOSIT_PERCENT,
  readAtBooking,
  type AtBookingKind,
  type PaymentsField,
  type PaymentsFormValues,
} from './payments-form.ts';

/** Where a rule lives in the form: the company's, or a service's or package's row. */
export type RulePrefix = 'atBooking.' | `services.${number}.` | `packages.${number}.`;

/** One rule of payment at booking: its four choices, and the deposit's amount or percent under them. */
export function AtBookingRule({
  control,
  prefix,
  currency,
  legend,
  help,
}: {
  control: Control<PaymentsFormValues>;
  prefix: RulePrefix;
  currency: string;
  legend: string;
  help?: string;
}) {
  const id = useId();
  const kindName = `${prefix}kind` as PaymentsField;
  const kind = useWatch({ control, name: kindName }) as AtBookingKind;
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Controller
        control={control}
        name={kindName}
        render={({ field, fieldState }) => {
          const note = fieldState.error?.message ?? help;
          return (
            <FormControl error={fieldState.error !== undefined}>
              <FormLabel id={`${id}-label`}>{legend}</FormLabel>
              <RadioGroup
                aria-labelledby={`${id}-label`}
                aria-describedby={note ? `${id}-note` : undefined}
                value={field.value}
                onChange={(event) => field.onChange(event.target.value)}
              >
                {AT_BOOKING_CHOICES.map((choice) => (
                  <FormControlLabel
                    key={choice.value}
                    value={choice.value}
                    control={<Radio inputRef={choice.value === field.value ? field.ref : undefined} />}
                    label={choice.label}
                  />
                ))}
              </RadioGroup>
              {note && <FormHelperText id={`${id}-note`}>{note}</FormHelperText>}
            </FormControl>
          );
        }}
      />
      {kind === 'deposit_amount' && (
        <MoneyField
          control={control}
          name={`${prefix}amount` as PaymentsField}
          label={`Deposit (${currency})`}
          currency={currency}
          more="When an order's total is less, the whole total is taken."
        />
      )}
      {kind === 'deposit_percent' && (
        <PercentField
          control={control}
          name={`${prefix}percent` as PaymentsField}
          label="Deposit (% of the total with tax)"
          help={`A whole number from 0 to ${MAX_DEPOSIT_PERCENT}, like 25.`}
          whole
        />
      )}
    </Box>
  );
}

/** "Save the client's card at booking", with what the card is for. */
export function SaveCard({ control }: { control: Control<PaymentsFormValues> }) {
  const id = useId();
  return (
    <Controller
      control={control}
      name="saveCard"
      render={({ field, fieldState }) => (
        <Box>
          <FormControlLabel
            control={
              <Checkbox
                checked={field.value === true}
                onChange={(event) => field.onChange(event.target.checked)}
                inputRef={field.ref}
                slotProps={{ input: { 'aria-describedby': `${id}-help` } }}
              />
            }
            label="Save the client's card at booking"
          />
          <FormHelperText id={`${id}-help`} error={fieldState.error !== undefined} sx={{ mt: 0 }}>
            {fieldState.error?.message ??
              'Stripe keeps the card, not this system. It is used only for the fees of your booking-change policy (a late cancellation or reschedule), and the client is told the fee before they confirm the change.'}
          </FormHelperText>
        </Box>
      )}
    />
  );
}

/** What a client will be asked at booking, in plain words, as the rules are typed. */
export function AtBookingSummary({
  control,
  names,
  currency,
}: {
  control: Control<PaymentsFormValues>;
  names: CatalogueNames;
  currency: string;
}) {
  const values = useWatch({ control }) as PaymentsFormValues;
  // A row still choosing its service or package says nothing yet; any other unreadable value stops the summary.
  const read = readAtBooking(
    {
      ...values,
      services: values.services.filter((row) => row.service !== ''),
      packages: values.packages.filter((row) => row.package !== ''),
    },
    currency,
  );
  return (
    <Typography data-testid="at-booking-summary" sx={{ fontSize: '1.05rem' }}>
      {read.ok
        ? atBookingSummary(read.settings, values.provider === 'stripe', names, currency)
        : 'The summary comes back once every amount below holds a valid value.'}
    </Typography>
  );
}

/** The rows' words for services or for packages. */
const rowWords = (noun: 'service' | 'package') => ({
  label: noun === 'service' ? 'Service' : 'Package',
  help: "Orders that book it follow this rule instead of the company's.",
  unchosen: `A ${noun}`,
  gone: `A ${noun} no longer offered`,
  add: `Add a rule for a ${noun}`,
  remove: (name: string) => `Remove the rule for ${name}`,
  removeUnnamed: 'Remove this rule',
});

const SECTIONS = {
  services: {
    title: 'Rules for a service',
    intro:
      'A service can ask its own payment at booking. An order pays the most that any of its services or packages asks.',
    none: 'The company has no services yet.',
  },
  packages: {
    title: 'Rules for a package',
    intro: 'A package can ask its own payment at booking, as a service can.',
    none: 'The company has no packages yet.',
  },
} as const;

/** The section of the services, or of the packages, with a rule of payment at booking of their own. */
export function OwnRules({
  control,
  kind,
  choices,
  currency,
}: {
  control: Control<PaymentsFormValues>;
  kind: 'services' | 'packages';
  choices: readonly RowChoice[];
  currency: string;
}) {
  const service = kind === 'services';
  const section = SECTIONS[kind];
  return (
    <PageSection title={section.title} intro={section.intro}>
      {choices.length === 0 ? (
        <Typography>{section.none}</Typography>
      ) : (
        <ChosenRows
          control={control}
          name={kind}
          keyField={service ? 'service' : 'package'}
          choices={choices}
          words={rowWords(service ? 'service' : 'package')}
          emptyRow={service ? { service: '', ...EMPTY_RULE } : { package: '', ...EMPTY_RULE }}
          renderRow={(index) => (
            <AtBookingRule
              control={control}
              prefix={`${kind}.${index}.`}
              currency={currency}
              legend={`What clients pay when they book ${service ? 'this service' : 'this package'}`}
            />
          )}
        />
      )}
    </PageSection>
  );
}
