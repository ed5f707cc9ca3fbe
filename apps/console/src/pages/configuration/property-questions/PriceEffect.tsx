import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ControlType } from '@scheduler/contracts/company-document';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { fieldProps } from '../../../shared/form.ts';
import { QUESTION_TYPES } from './question-types.ts';
import { checkPriced, choicePriced, type DocumentFee, type QuestionsFormValues } from './questions-form.ts';

const FEES_PAGE = '“Fees, taxes and coupons”';

/** What the answer does to the price, in words, for a kind (beside the amounts the person types). */
function effectWords(type: ControlType): string {
  const info = QUESTION_TYPES[type];
  switch (info.price) {
    case 'checked':
      return 'Set what ticking the box adds to the order.';
    case 'choice':
    case 'foundation':
      return 'Set what each choice adds to the order, beside the choice above.';
    case 'checked-and-choice-text':
      return 'Set what ticking the box adds, and what each choice adds on top, beside the choice above.';
    case 'tiers':
      return `What ${info.tiers} adds to a price is set as the tiers of a fee, on the ${FEES_PAGE} page.`;
    case 'none':
      return 'No price follows the answer to this kind of question: visitors are only told the price may change.';
  }
}

/**
 * "May change the price", and what the question adds when it does: the question's own fee,
 * written by the page. Fees of the fees page that follow the answer too are named, not edited.
 */
export function PriceEffect({
  form,
  index,
  type,
  fee,
  otherFees,
  currencySymbol,
}: {
  form: UseFormReturn<QuestionsFormValues>;
  index: number;
  type: ControlType;
  fee: boolean;
  otherFees: readonly DocumentFee[];
  currencySymbol: string;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Controller
        control={form.control}
        name={`questions.${index}.fee`}
        render={({ field }) => (
          <FormControlLabel
            control={
              <Switch
                checked={field.value}
                inputRef={field.ref}
                onChange={(event) => field.onChange(event.target.checked)}
              />
            }
            label="May change the price"
          />
        )}
      />
      {fee ? (
        <>
          <Typography variant="body2">{effectWords(type)}</Typography>
          {checkPriced(type) && (
            <TextField
              label="When ticked, add"
              {...fieldProps(
                form,
                `questions.${index}.checkedPrice`,
                'In dollars, like 35 or 35.00, up to 1,000,000. Empty adds nothing.',
              )}
              slotProps={{
                // On the input itself (a TextField's own inputMode lands on its wrapper): a phone's decimal keyboard.
                htmlInput: { inputMode: 'decimal' },
                input: { startAdornment: <InputAdornment position="start">{currencySymbol}</InputAdornment> },
              }}
              sx={{ maxWidth: 280 }}
            />
          )}
          {(checkPriced(type) || choicePriced(type)) && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              It is added to the order once, as an additional charge named after the question.
            </Typography>
          )}
        </>
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Off: the answer adds nothing of its own. Turning it off removes what the question added.
        </Typography>
      )}
      {otherFees.length > 0 && (
        <Box>
          <Typography variant="body2">
            Fees on the {FEES_PAGE} page that follow this answer too (change them there):
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {otherFees.map((other) => (
              <Typography component="li" variant="body2" key={other.code} sx={{ overflowWrap: 'anywhere' }}>
                {other.description}
              </Typography>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}
