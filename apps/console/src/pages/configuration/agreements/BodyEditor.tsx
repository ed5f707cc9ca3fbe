import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useLayoutEffect, useRef } from 'react';
import { AGREEMENT_BODY_MAX } from '@scheduler/contracts/agreements';
import { BODY_FORMATS, insertAt, wrapSelection, type BodyEdit } from './agreement-body.ts';

const BODY_HELP =
  'HTML: paragraphs (<p>), bold, italic, headings and lists. Scripts, styles and images are removed when it is saved.';

/**
 * The agreement's text: HTML in a text area, a toolbar that wraps the selection in a format, and
 * the placeholders, each inserted at the caret. A plain text area rather than a rich-text editor:
 * every screen reader and keyboard already knows it, and the preview shows the result.
 */
export function BodyEditor({
  value,
  onChange,
  error,
  placeholders,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  placeholders: ReadonlyArray<{ name: string; meaning: string }>;
}) {
  const area = useRef<HTMLTextAreaElement | null>(null);
  // Where the selection goes once the edited text is drawn (React sets the value, which moves the caret to the end).
  const pending = useRef<BodyEdit | null>(null);
  const areaId = useId();
  const placeholdersId = useId();

  useLayoutEffect(() => {
    const edit = pending.current;
    if (!edit || !area.current || area.current.value !== edit.text) return;
    pending.current = null;
    area.current.focus();
    area.current.setSelectionRange(edit.selectionStart, edit.selectionEnd);
  }, [value]);

  const apply = (make: (start: number, end: number) => BodyEdit) => {
    const element = area.current;
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    const edit = make(start, end);
    pending.current = edit;
    onChange(edit.text);
  };

  return (
    <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Box
        // A group, not an ARIA toolbar: its buttons are reached by Tab like any other, no arrow keys promised.
        role="group"
        aria-label="Format the agreement text"
        aria-controls={areaId}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}
      >
        {BODY_FORMATS.map((format) => (
          <Button
            key={format.key}
            type="button"
            size="small"
            variant="outlined"
            sx={{ minHeight: 40 }}
            onClick={() => apply((start, end) => wrapSelection(value, start, end, format))}
          >
            {format.label}
          </Button>
        ))}
      </Box>
      <TextField
        id={areaId}
        label="Agreement text"
        required
        multiline
        minRows={12}
        maxRows={30}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        inputRef={area}
        error={error !== undefined}
        helperText={error ?? BODY_HELP}
        slotProps={{
          htmlInput: { maxLength: AGREEMENT_BODY_MAX, spellCheck: true },
        }}
        sx={{ '& textarea': { fontFamily: 'monospace', fontSize: '0.9rem' } }}
      />
      <Box role="group" aria-labelledby={placeholdersId}>
        <Typography id={placeholdersId} component="h3" variant="h3" sx={{ fontSize: '1rem', mb: 0.5 }}>
          Placeholders
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          Each is replaced with the order&apos;s own when the agreement is sent. Choose one to put it where the cursor
          is.
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
          {placeholders.map((placeholder) => (
            <Box
              component="li"
              key={placeholder.name}
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}
            >
              <Button
                type="button"
                size="small"
                sx={{ fontFamily: 'monospace', textTransform: 'none', minHeight: 36 }}
                aria-describedby={`${placeholdersId}-${placeholder.name}`}
                onClick={() => apply((start, end) => insertAt(value, start, end, `{${placeholder.name}}`))}
              >
                {`{${placeholder.name}}`}
              </Button>
              <Typography
                id={`${placeholdersId}-${placeholder.name}`}
                variant="body2"
                component="span"
                sx={{ color: 'text.secondary', minWidth: 0 }}
              >
                {placeholder.meaning}
              </Typography>
            </Box>
          ))}
        </Box>
      </Box>
    </Box>
  );
}
