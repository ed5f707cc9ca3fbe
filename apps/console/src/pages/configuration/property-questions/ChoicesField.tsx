import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { fieldProps } from '../../../shared/form.ts';
import {
  MAX_CHOICE,
  MAX_CHOICES,
  nextChoiceId,
  type DocumentQuestion,
  type QuestionsFormValues,
} from './questions-form.ts';

/**
 * A question's choices, in the order the visitor sees them: rename, move, remove, add. Each keeps
 * its id through a rename or a move, so answers and price rules that name it still do. With
 * `priced`, each choice has what choosing it adds beside it.
 */
export function ChoicesField({
  form,
  index,
  loaded,
  priced,
  currencySymbol,
}: {
  form: UseFormReturn<QuestionsFormValues>;
  index: number;
  loaded: DocumentQuestion | undefined;
  priced: boolean;
  currencySymbol: string;
}) {
  const name = `questions.${index}.choices` as const;
  const choices = useFieldArray({ control: form.control, name });
  const current = useWatch({ control: form.control, name });
  const listError = form.getFieldState(name, form.formState).error;
  const listProblem = listError?.message ?? listError?.root?.message;
  const helpId = `choices-help-${index}`;
  return (
    <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Typography variant="body2" id={helpId} sx={{ color: 'text.secondary' }}>
        In the order the visitor sees them. Each choice at most {MAX_CHOICE} characters; up to {MAX_CHOICES} choices.
        {priced && ' What a choice adds is in dollars, like 35 or 35.00; empty adds nothing.'}
      </Typography>
      {choices.fields.length > 0 && (
        <Box
          component="ol"
          aria-label="Choices"
          aria-describedby={helpId}
          sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}
        >
          {choices.fields.map((choice, k) => (
            <Box
              component="li"
              key={choice.id}
              sx={{
                display: 'grid',
                gap: 1,
                gridTemplateColumns: {
                  xs: 'minmax(0, 1fr)',
                  sm: priced ? 'minmax(0, 2fr) minmax(0, 1fr) auto' : 'minmax(0, 1fr) auto',
                },
                alignItems: 'start',
              }}
            >
              <TextField label={`Choice ${k + 1}`} {...fieldProps(form, `${name}.${k}.value`)} fullWidth />
              {priced && (
                <TextField
                  label={`Choice ${k + 1} adds`}
                  {...fieldProps(form, `${name}.${k}.price`)}
                  slotProps={{
                    input: { startAdornment: <InputAdornment position="start">{currencySymbol}</InputAdornment> },
                    htmlInput: { inputMode: 'decimal' },
                  }}
                />
              )}
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                <Button
                  type="button"
                  size="small"
                  disabled={k === 0}
                  aria-label={`Move choice ${k + 1} up`}
                  onClick={() => choices.move(k, k - 1)}
                >
                  Up
                </Button>
                <Button
                  type="button"
                  size="small"
                  disabled={k === choices.fields.length - 1}
                  aria-label={`Move choice ${k + 1} down`}
                  onClick={() => choices.move(k, k + 1)}
                >
                  Down
                </Button>
                <Button
                  type="button"
                  size="small"
                  color="error"
                  aria-label={`Remove choice ${k + 1}${current[k]?.value ? ` (${current[k].value})` : ''}`}
                  onClick={() => choices.remove(k)}
                >
                  Remove
                </Button>
              </Box>
            </Box>
          ))}
        </Box>
      )}
      {listProblem && <FormHelperText error>{listProblem}</FormHelperText>}
      <Box>
        <Button
          type="button"
          variant="outlined"
          disabled={choices.fields.length >= MAX_CHOICES}
          onClick={() => choices.append({ choiceId: nextChoiceId(form.getValues(name), loaded), value: '', price: '' })}
        >
          Add a choice
        </Button>
      </Box>
    </Box>
  );
}
