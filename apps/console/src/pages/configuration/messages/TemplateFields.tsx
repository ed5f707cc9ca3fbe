import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { UseFormReturn } from 'react-hook-form';
import { fieldProps } from '../../../shared/form.ts';
import { MESSAGES } from './message-catalog.ts';
import { MAX_OPENING, MAX_SUBJECT, type MessagesFormValues, type TemplateName } from './messages-form.ts';

/** One message's subject and opening text, with who gets it and when. */
export function TemplateFields({ form, name }: { form: UseFormReturn<MessagesFormValues>; name: TemplateName }) {
  const { title, when } = MESSAGES[name];
  const headingId = `message-${name}`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box>
        <Typography component="h3" variant="h3" id={headingId}>
          {title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {when}
        </Typography>
      </Box>
      <TextField
        label={`${title}: subject`}
        fullWidth
        {...fieldProps(
          form,
          `templates.${name}.subject`,
          `Empty, with the opening text empty too: the built-in subject. At most ${MAX_SUBJECT} characters.`,
        )}
      />
      <TextField
        label={`${title}: opening text`}
        fullWidth
        multiline
        minRows={3}
        {...fieldProps(
          form,
          `templates.${name}.body`,
          `Empty: the built-in opening. The time, place, price and links follow it in every e-mail. At most ${MAX_OPENING.toLocaleString('en-US')} characters.`,
        )}
      />
    </Box>
  );
}
