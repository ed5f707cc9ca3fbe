import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ConsoleOrderEditState } from '@scheduler/contracts/order-edit';

type Answers = ConsoleOrderEditState['property']['answers'];
type Question = ConsoleOrderEditState['property']['questions'][number];
type Answer = Answers['controls'][number];

/** A choice's {id, value} options as menu items, by the option's id. */
const idOptionItems = (question: Question) =>
  question.options.flatMap((option) =>
    typeof option === 'object'
      ? [
          <MenuItem key={option.id} value={String(option.id)}>
            {option.value}
          </MenuItem>,
        ]
      : [],
  );
const textOptions = (question: Question) =>
  question.options.flatMap((option) => (typeof option === 'string' ? [option] : []));
/** The questions two a row from a tablet's width up, one a row on a phone. */
const TWO_COLUMNS = {
  display: 'grid',
  gap: 1.5,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
} as const;

/** A whole number as typed (digits only), or null when the field is empty. */
const wholeNumber = (typed: string) => {
  const digits = typed.replace(/\D/g, '').slice(0, 12);
  return digits === '' ? null : Number(digits);
};

/**
 * The order's property answers, one field per question of the company (spec 3.3), as the wizard's
 * property step asks them; the server checks them by the step's own rules (a typed answer's length
 * among them, said in the price preview) and reprices.
 */
export function PropertyFields({
  questions,
  value,
  onChange,
}: {
  questions: Question[];
  value: Answers;
  onChange: (value: Answers) => void;
}) {
  const answerOf = (id: number): Answer =>
    value.controls.find((answer) => answer.id === id) ?? { id, value: null, checked: false };
  const setAnswer = (answer: Answer) =>
    onChange({
      ...value,
      controls: value.controls.some((other) => other.id === answer.id)
        ? value.controls.map((other) => (other.id === answer.id ? answer : other))
        : [...value.controls, answer],
    });

  /** A yes-or-no question, or the box that opens a triggered one's choice or text. */
  const checkbox = (question: Question) => {
    const answer = answerOf(question.id);
    return (
      <FormControlLabel
        control={
          <Checkbox
            checked={answer.checked}
            onChange={(event) => setAnswer({ ...answer, checked: event.target.checked })}
          />
        }
        label={question.label}
      />
    );
  };

  const field = (question: Question) => {
    const { id, label } = question;
    const answer = answerOf(id);
    switch (question.type) {
      case 'SquareFeet':
      case 'YearBuilt': {
        const key = question.type === 'SquareFeet' ? 'sqft' : 'yb';
        return (
          <TextField
            label={label}
            value={value[key] === null ? '' : String(value[key])}
            onChange={(event) => onChange({ ...value, [key]: wholeNumber(event.target.value) })}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        );
      }
      case 'SalesPrice':
        return (
          <TextField
            label={`${label} ($)`}
            value={value.sales_price}
            onChange={(event) =>
              onChange({ ...value, sales_price: event.target.value.replace(/[^0-9,]/g, '').slice(0, 12) })
            }
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        );
      case 'FoundationType':
        return (
          <TextField
            select
            label={label}
            value={value.foundation_type === null || value.foundation_type === '' ? '' : String(value.foundation_type)}
            onChange={(event) =>
              onChange({ ...value, foundation_type: event.target.value === '' ? '' : Number(event.target.value) })
            }
          >
            {idOptionItems(question)}
          </TextField>
        );
      case 'ReferReason':
        return (
          <Box sx={{ display: 'grid', gap: 1 }}>
            <TextField
              select
              label={label}
              value={value.refer_reason}
              onChange={(event) => onChange({ ...value, refer_reason: event.target.value })}
            >
              <MenuItem value="">Not said</MenuItem>
              {idOptionItems(question)}
              <MenuItem value="other">Other</MenuItem>
            </TextField>
            {value.refer_reason === 'other' && (
              <TextField
                label={`${label}: other`}
                value={value.refer_reason_other}
                onChange={(event) => onChange({ ...value, refer_reason_other: event.target.value })}
                slotProps={{ htmlInput: { maxLength: 500 } }}
              />
            )}
          </Box>
        );
      case 'CheckBox':
        return checkbox(question);
      case 'DropDown':
        return (
          <TextField
            select
            label={label}
            value={answer.value ?? ''}
            onChange={(event) => setAnswer({ ...answer, value: event.target.value })}
          >
            <MenuItem value="">Not said</MenuItem>
            {idOptionItems(question)}
          </TextField>
        );
      case 'TriggeredDropDown':
      case 'TriggeredTextBox':
        return (
          <Box sx={{ display: 'grid', gap: 1 }}>
            {checkbox(question)}
            {answer.checked &&
              (question.type === 'TriggeredDropDown' ? (
                <TextField
                  select
                  label={`${label}: which`}
                  value={answer.value ?? ''}
                  onChange={(event) => setAnswer({ ...answer, value: event.target.value })}
                >
                  {textOptions(question).map((option) => (
                    <MenuItem key={option} value={option}>
                      {option}
                    </MenuItem>
                  ))}
                </TextField>
              ) : (
                <TextField
                  label={`${label}: which`}
                  value={answer.value ?? ''}
                  onChange={(event) => setAnswer({ ...answer, value: event.target.value })}
                />
              ))}
          </Box>
        );
      case 'Date':
      case 'ClosingDate':
        return (
          <TextField
            type="date"
            label={label}
            value={answer.value ?? ''}
            onChange={(event) => setAnswer({ ...answer, value: event.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        );
      default:
        return (
          <TextField
            label={label}
            multiline={question.type === 'Text'}
            value={answer.value ?? ''}
            onChange={(event) => setAnswer({ ...answer, value: event.target.value })}
          />
        );
    }
  };

  return (
    <Box component="section" aria-label="Property" sx={{ mt: 2 }}>
      <Typography component="h3" variant="h6" sx={{ mb: 1 }}>
        Property
      </Typography>
      <Box sx={TWO_COLUMNS}>
        {questions.map((question) => (
          <Box key={question.id}>{field(question)}</Box>
        ))}
      </Box>
    </Box>
  );
}
