import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { fieldProps } from '../../../shared/form.ts';
import { ChoicesField } from './ChoicesField.tsx';
import { PriceEffect } from './PriceEffect.tsx';
import { QuestionPreview } from './QuestionPreview.tsx';
import { lengthHelp, QUESTION_TYPE_ORDER, QUESTION_TYPES } from './question-types.ts';
import {
  choicePriced,
  MAX_DESCRIPTION,
  MAX_LABEL,
  MAX_LENGTH,
  MAX_TEXT_BOX_LABEL,
  type DocumentFee,
  type DocumentQuestion,
  type QuestionRow,
  type QuestionsFormValues,
} from './questions-form.ts';

export interface QuestionEditorProps {
  form: UseFormReturn<QuestionsFormValues>;
  index: number;
  count: number;
  /** The question as loaded, when it is not new. */
  loaded: DocumentQuestion | undefined;
  otherFees: readonly DocumentFee[];
  currency: string;
  currencySymbol: string;
  onMove: (to: number) => void;
  onRemove: () => void;
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography component="h3" variant="h3" id={id} sx={{ mt: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** One question's editor: its words, kind, choices, price, place in the form, and how visitors see it. */
export function QuestionEditor({
  form,
  index,
  count,
  loaded,
  otherFees,
  currency,
  currencySymbol,
  onMove,
  onRemove,
}: QuestionEditorProps) {
  const row = useWatch({ control: form.control, name: `questions.${index}` }) as QuestionRow;
  const info = QUESTION_TYPES[row.type];
  const at = <T extends string>(field: T) => `questions.${index}.${field}` as const;
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Part title="The question">
        <TextField
          label="Question"
          required
          fullWidth
          {...fieldProps(form, at('label'), `What the visitor reads. At most ${MAX_LABEL} characters.`)}
        />
        <Controller
          control={form.control}
          name={at('type')}
          render={({ field, fieldState }) => (
            <TextField
              select
              label="Kind of answer"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={fieldState.error !== undefined}
              helperText={fieldState.error?.message ?? info.description}
              fullWidth
              slotProps={{ select: { renderValue: (value) => QUESTION_TYPES[value as QuestionRow['type']].name } }}
            >
              {QUESTION_TYPE_ORDER.map((type) => (
                <MenuItem key={type} value={type} sx={{ whiteSpace: 'normal' }}>
                  <ListItemText primary={QUESTION_TYPES[type].name} secondary={QUESTION_TYPES[type].description} />
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        {info.triggered ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            The visitor may leave the box unticked; once it is ticked, its {info.options === 'none' ? 'text' : 'choice'}{' '}
            must be given.
          </Typography>
        ) : (
          <Controller
            control={form.control}
            name={at('required')}
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Switch
                    checked={field.value}
                    inputRef={field.ref}
                    onChange={(event) => field.onChange(event.target.checked)}
                  />
                }
                label={row.type === 'CheckBox' ? 'Required (the box must be ticked)' : 'Required'}
              />
            )}
          />
        )}
        {row.type === 'TriggeredTextBox' ? (
          <TextField
            label="Text box label"
            fullWidth
            {...fieldProps(
              form,
              at('description'),
              `Labels the line shown once the box is ticked. Empty: the question. At most ${MAX_DESCRIPTION} characters.`,
            )}
          />
        ) : (
          <TextField
            label="Description"
            fullWidth
            multiline
            minRows={2}
            {...fieldProps(
              form,
              at('description'),
              `A note kept with the question for your office; the booking form does not show it. At most ${MAX_DESCRIPTION} characters.`,
            )}
          />
        )}
        {row.type === 'TriggeredDropDown' && (
          <TextField
            label="List label"
            fullWidth
            {...fieldProps(
              form,
              at('textBoxLabel'),
              `Labels the list shown once the box is ticked. Empty: the question. At most ${MAX_TEXT_BOX_LABEL} characters.`,
            )}
          />
        )}
        {info.length && (
          <TextField
            label="Most characters"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            {...fieldProps(form, at('length'), lengthHelp(row.type, MAX_LENGTH))}
            sx={{ maxWidth: 280 }}
          />
        )}
      </Part>

      {info.options !== 'none' && (
        <Part title="Choices">
          <ChoicesField
            form={form}
            index={index}
            loaded={loaded}
            priced={row.fee && choicePriced(row.type)}
            currencySymbol={currencySymbol}
          />
        </Part>
      )}

      <Part title="Price">
        <PriceEffect
          form={form}
          index={index}
          type={row.type}
          fee={row.fee}
          otherFees={otherFees}
          currencySymbol={currencySymbol}
        />
      </Part>

      <Part title="Place in the form">
        <Typography variant="body2">
          Question {index + 1} of {count} on the property step.
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button type="button" variant="outlined" disabled={index === 0} onClick={() => onMove(index - 1)}>
            Move up
          </Button>
          <Button type="button" variant="outlined" disabled={index === count - 1} onClick={() => onMove(index + 1)}>
            Move down
          </Button>
          <Button type="button" color="error" onClick={onRemove}>
            Remove this question
          </Button>
        </Box>
      </Part>

      <Part title="How visitors see it">
        {/* The drawing's controls are disabled so nothing in it can be used; its words stay readable (not greyed past contrast). */}
        <Paper
          variant="outlined"
          sx={{
            p: 2,
            bgcolor: 'background.default',
            minWidth: 0,
            '& .MuiFormHelperText-root.Mui-disabled, & .MuiFormControlLabel-label.Mui-disabled, & .MuiInputLabel-root.Mui-disabled':
              { color: 'text.secondary' },
          }}
        >
          <QuestionPreview row={row} currency={currency} />
        </Paper>
      </Part>
    </Box>
  );
}
