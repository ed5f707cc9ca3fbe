import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useFieldArray, useFormState, useWatch, type UseFormReturn } from 'react-hook-form';
import { fieldProps } from '../../../shared/form.ts';
import { FIELD_GRID } from './field-grid.ts';
import { ItemAccordion } from './ItemAccordion.tsx';
import { couponSummary } from './item-summaries.ts';
import { newCoupon, type PricingFormValues } from './pricing-values.ts';
import { SelectField } from './SelectField.tsx';
import { ServiceChecks, type ServiceChoice } from './ServiceChecks.tsx';

const DISCOUNTS = [
  { value: 'percent', label: 'A percentage off' },
  { value: 'amount', label: 'An amount off' },
];

function CouponEditor({
  form,
  index,
  currency,
  services,
  onRemove,
}: {
  form: UseFormReturn<PricingFormValues>;
  index: number;
  currency: string;
  services: readonly ServiceChoice[];
  onRemove: () => void;
}) {
  const row = useWatch({ control: form.control, name: `coupons.${index}` });
  const { errors } = useFormState({ control: form.control, name: `coupons.${index}` });
  const date = { inputLabel: { shrink: true } } as const;
  return (
    <ItemAccordion
      title={row.name.trim() || 'New coupon'}
      summary={couponSummary(row, currency)}
      open={row.loadedIndex === null}
      hasError={errors.coupons?.[index] !== undefined}
    >
      {row.locked ? (
        <Typography>This page cannot read this coupon: it is kept exactly as it is.</Typography>
      ) : (
        <>
          <Box sx={FIELD_GRID}>
            <TextField
              label="Coupon code"
              required
              {...fieldProps(
                form,
                `coupons.${index}.code`,
                'What the visitor types: 2 to 40 letters, digits, "-" or "_". Capitals do not count.',
              )}
              slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
            />
            <TextField
              label="Name"
              required
              {...fieldProps(
                form,
                `coupons.${index}.name`,
                'As the visitor reads it on the price; at most 100 characters.',
              )}
            />
            <SelectField form={form} name={`coupons.${index}.discountKind`} label="Discount" options={DISCOUNTS} />
            {row.discountKind === 'percent' ? (
              <TextField
                label="Percentage off (%)"
                {...fieldProps(form, `coupons.${index}.percent`, 'More than 0 and at most 100, up to 4 decimals.')}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            ) : (
              <TextField
                label={`Amount off (${currency})`}
                {...fieldProps(form, `coupons.${index}.amount`, 'More than 0, like 25 or 25.50; at most 1,000,000.')}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            )}
            <TextField
              label="Valid from"
              type="date"
              {...fieldProps(form, `coupons.${index}.validFrom`, 'The first day it can be used. Empty: from now on.')}
              slotProps={date}
            />
            <TextField
              label="Valid until"
              type="date"
              {...fieldProps(
                form,
                `coupons.${index}.validUntil`,
                'The last day it can be used, not before the first. Empty: no end.',
              )}
              slotProps={date}
            />
            <TextField
              label="Most uses"
              {...fieldProps(
                form,
                `coupons.${index}.maxRedemptions`,
                `Over all orders, 1 to ${row.origin === 'short' ? '2,147,483,647' : '10,000,000'}. Empty: no limit.`,
              )}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            {row.origin === 'pricing' && (
              <TextField
                label={`Minimum order (${currency})`}
                {...fieldProps(
                  form,
                  `coupons.${index}.minOrder`,
                  'The order before discounts must come to at least this, up to 1,000,000. Empty: no minimum.',
                )}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            )}
          </Box>
          {row.origin === 'pricing' ? (
            <ServiceChecks
              form={form}
              name={`coupons.${index}.services`}
              label="Services it takes off"
              help="A package counts for its services. None ticked: every service."
              services={services}
            />
          ) : (
            <Typography sx={{ color: 'text.secondary' }}>
              An older-style coupon: it takes off every service, with no minimum order.
            </Typography>
          )}
          <Controller
            control={form.control}
            name={`coupons.${index}.active`}
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Switch
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                  />
                }
                label="Visitors can use it"
              />
            )}
          />
          <Box>
            <Button type="button" color="error" onClick={onRemove}>
              Remove this coupon
            </Button>
          </Box>
        </>
      )}
    </ItemAccordion>
  );
}

export function CouponsSection({
  form,
  currency,
  services,
}: {
  form: UseFormReturn<PricingFormValues>;
  currency: string;
  services: readonly ServiceChoice[];
}) {
  const rows = useFieldArray({ control: form.control, name: 'coupons' });
  return (
    <>
      {rows.fields.length === 0 && <Typography>No coupons yet.</Typography>}
      {rows.fields.map((field, index) => (
        <CouponEditor
          key={field.id}
          form={form}
          index={index}
          currency={currency}
          services={services}
          onRemove={() => rows.remove(index)}
        />
      ))}
      <Box>
        <Button type="button" variant="outlined" onClick={() => rows.append(newCoupon())}>
          Add a coupon
        </Button>
      </Box>
    </>
  );
}
