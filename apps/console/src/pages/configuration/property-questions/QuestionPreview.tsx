import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { parsePrice, shownPrice } from './price-text.ts';
import { checkPriced, choicePriced, type QuestionRow } from './questions-form.ts';

/**
 * The question roughly as the wizard's property step draws it (apps/web ControlField): read-only,
 * every control disabled. A ticked box shows what it reveals, and the choices are listed in words
 * with what each adds, since a disabled list cannot be opened.
 */
export function QuestionPreview({ row, currency }: { row: QuestionRow; currency: string }) {
  const label = row.label.trim() || 'Your question';
  const required = row.required ? 'Required' : undefined;
  const adds = (text: string) => {
    const cents = row.fee ? parsePrice(text) : null;
    return typeof cents === 'number' && cents > 0 ? ` (adds ${shownPrice(cents, currency)})` : '';
  };
  const choices = row.choices.map((choice) => choice.value.trim()).filter(Boolean);
  const listed = [
    ...row.choices
      .filter((c) => c.value.trim() !== '')
      .map((c) => `${c.value.trim()}${choicePriced(row.type) ? adds(c.price) : ''}`),
    ...(row.type === 'ReferReason' ? ['Other (they type it)'] : []),
  ];

  const select = (selectLabel: string, isRequired: boolean) => (
    <>
      <TextField
        select
        disabled
        fullWidth
        label={selectLabel}
        value={isRequired || choices.length === 0 ? '' : choices[0]}
        helperText={isRequired ? 'Required' : undefined}
        slotProps={{ select: { displayEmpty: true } }}
      >
        <MenuItem value="">Select</MenuItem>
        {choices.map((choice) => (
          <MenuItem key={choice} value={choice}>
            {choice}
          </MenuItem>
        ))}
      </TextField>
      <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary', overflowWrap: 'anywhere' }}>
        {listed.length > 0 ? `Its choices: ${listed.join(', ')}.` : 'No choices yet.'}
      </Typography>
    </>
  );
  const box = (children?: ReactNode) => (
    <Box>
      <FormControlLabel
        disabled
        control={<Checkbox checked={children !== undefined} />}
        label={`${label}${checkPriced(row.type) ? adds(row.checkedPrice) : ''}`}
      />
      {required && row.type === 'CheckBox' && (
        <Typography variant="caption" component="p">
          Required
        </Typography>
      )}
      {children && <Box sx={{ mt: 1, ml: 4 }}>{children}</Box>}
    </Box>
  );

  switch (row.type) {
    case 'FoundationType':
    case 'DropDown':
    case 'ReferReason':
      return select(label, row.required);
    case 'CheckBox':
      return box();
    case 'TriggeredDropDown':
      return box(select(row.textBoxLabel.trim() || label, true));
    case 'TriggeredTextBox':
      return box(
        <TextField
          disabled
          fullWidth
          label={row.description.trim() || label}
          helperText="Required once the box is ticked"
        />,
      );
    case 'Text':
      return <TextField disabled fullWidth multiline minRows={2} label={label} helperText={required} />;
    case 'Date':
    case 'ClosingDate':
      return (
        <TextField
          disabled
          fullWidth
          label={label}
          helperText={[required, 'Typed the way your company writes dates'].filter(Boolean).join(' · ')}
        />
      );
    default:
      return <TextField disabled fullWidth label={label} helperText={required} />;
  }
}
