import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, type ChangeEvent } from 'react';
import { brandColours } from '@scheduler/domain/embed/brand-colours';
import { isBrandColor } from './embed-snippet.ts';

const FORMAT = 'as # and six hexadecimal digits, like #1f4e79';

/**
 * The scheduler's colour on the company's page (decision 0060): typed or picked, and what the
 * scheduler will make of it, so that a light colour's darker text shade is no surprise.
 */
export function BrandColourChoice({ value, onChange }: { value: string; onChange(value: string): void }) {
  const id = useId();
  const typed = value.trim();
  const valid = isBrandColor(typed);
  const wrong = typed !== '' && !valid;
  const colours = valid ? brandColours(typed.toLowerCase()) : null;
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        <Box
          component="input"
          type="color"
          aria-label="Pick your colour"
          aria-describedby={`${id}-helper-text`}
          value={colours?.fill ?? '#1f4e79'}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
          sx={{
            width: 56,
            height: 56,
            p: 0.5,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: 'background.paper',
            flex: 'none',
          }}
        />
        <TextField
          id={id}
          label="Your colour"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          error={wrong}
          fullWidth
          helperText={
            wrong
              ? `Enter a colour ${FORMAT}.`
              : `The scheduler's buttons and links in your colour, ${FORMAT}; empty keeps its own blue.`
          }
          slotProps={{ htmlInput: { maxLength: 7, spellCheck: false } }}
        />
      </Box>
      {colours && (
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, mt: 1.5 }}>
          <Box
            aria-hidden="true"
            sx={{ px: 2, py: 1, borderRadius: 1, fontWeight: 600, bgcolor: colours.fill, color: colours.onFill }}
          >
            Next
          </Box>
          <Typography aria-hidden="true" sx={{ color: colours.text, fontWeight: 600, textDecoration: 'underline' }}>
            Change
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', flex: '1 1 16rem' }}>
            {colours.text === colours.fill
              ? `Buttons in ${colours.fill} with ${colours.onFill === '#000000' ? 'black' : 'white'} text; links in the same colour.`
              : `Buttons in ${colours.fill} with ${colours.onFill === '#000000' ? 'black' : 'white'} text; links and outlines in a darker shade, ${colours.text}, so that they are easy to read.`}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
