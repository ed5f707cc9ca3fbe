import TextField from '@mui/material/TextField';
import type { UseFormReturn } from 'react-hook-form';
import { fieldProps } from '../../../shared/form.ts';
import { codeFromText } from './amounts.ts';
import type { PricingFormValues } from './pricing-values.ts';

/**
 * A fee's or a trip fee's description and code. A new one's code is made from its description
 * until the person types a code of their own; a loaded one's code is never rewritten.
 */
export function DescriptionAndCode({
  form,
  list,
  index,
  isNew,
  codeHelp,
}: {
  form: UseFormReturn<PricingFormValues>;
  list: 'fees' | 'tripFees';
  index: number;
  isNew: boolean;
  codeHelp: string;
}) {
  const description = fieldProps(
    form,
    `${list}.${index}.description`,
    'What the visitor reads on the price line; at most 200 characters.',
  );
  const code = fieldProps(form, `${list}.${index}.code`, codeHelp);
  return (
    <>
      <TextField
        label="Description"
        required
        {...description}
        onChange={(event) => {
          void description.onChange(event);
          if (isNew && !form.getValues(`${list}.${index}.codeTouched`))
            form.setValue(`${list}.${index}.code`, codeFromText(event.target.value), { shouldDirty: true });
        }}
      />
      <TextField
        label="Code"
        required
        {...code}
        onChange={(event) => {
          void code.onChange(event);
          form.setValue(`${list}.${index}.codeTouched`, true);
        }}
        slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
      />
    </>
  );
}
