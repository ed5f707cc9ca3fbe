import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { DEFAULT_BRAND_COLOR } from '@scheduler/contracts/company-document';
import { MESSAGES } from './message-catalog.ts';
import { fillTemplate } from '@scheduler/domain/message-template';
import { exampleValues, type ExampleOffice } from './message-preview.ts';
import { isHexColor, TEMPLATE_NAMES, type MessagesFormValues, type TemplateName } from './messages-form.ts';

/**
 * One message as the client will read it, with an example order: its subject, the company's name
 * as the heading in the brand colour, and the opening. Always text: what the office types is
 * never read as markup, as the e-mails' text part never does either.
 */
export function MessagePreview({
  control,
  companyName,
  office,
}: {
  control: Control<MessagesFormValues>;
  companyName: string;
  office: ExampleOffice;
}) {
  const [name, setName] = useState<TemplateName>('client');
  const template = useWatch({ control, name: `templates.${name}` });
  const brandColor = useWatch({ control, name: 'brandColor' });
  const values = exampleValues(office);
  const own = template.subject.trim() !== '' || template.body.trim() !== '';
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <TextField
        select
        label="Message shown"
        value={name}
        onChange={(event) => setName(event.target.value as TemplateName)}
        helperText="With an example order and your office's details."
        fullWidth
      >
        {TEMPLATE_NAMES.map((one) => (
          <MenuItem key={one} value={one}>
            {MESSAGES[one].title}
          </MenuItem>
        ))}
      </TextField>
      <Paper
        variant="outlined"
        data-testid="message-preview"
        aria-label="Preview"
        role="group"
        sx={{ p: 2, minWidth: 0, overflowWrap: 'anywhere' }}
      >
        {own ? (
          <>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Subject: <span data-testid="preview-subject">{fillTemplate(template.subject.trim(), values)}</span>
            </Typography>
            <Typography
              component="p"
              data-testid="preview-heading"
              sx={{
                fontSize: '1.25rem',
                fontWeight: 700,
                mt: 1.5,
                mb: 1,
                color: isHexColor(brandColor) ? brandColor.trim() : DEFAULT_BRAND_COLOR,
              }}
            >
              {companyName}
            </Typography>
            <Typography data-testid="preview-opening" sx={{ whiteSpace: 'pre-wrap' }}>
              {fillTemplate(template.body.trim(), values)}
            </Typography>
          </>
        ) : (
          <Typography>This message uses the built-in subject and opening. Write your own to see them here.</Typography>
        )}
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1.5 }}>
          The time, place, price and links follow in the e-mail.
        </Typography>
      </Paper>
    </Box>
  );
}
