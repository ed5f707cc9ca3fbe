import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { useWatch, type Control } from 'react-hook-form';
// The wizard's own sanitiser, so the banner drawn here is the banner visitors get (never raw HTML).
import { sanitizeHtml } from '@scheduler/ui/sanitize-html';
import {
  currentState,
  previewOf,
  stateLabel,
  type MockItem,
  type SettingPreview as Preview,
} from './setting-previews.ts';
import type { SettingsFormValues } from './settings-form.ts';

const CHANGED = { bgcolor: '#fff4d6', outline: '1px dashed #b7791f', outlineOffset: '1px' } as const;

function CompanyHtml({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  // The wizard's banner colours, with the outline that marks what the setting changes.
  return (
    <Box
      sx={{
        ...CHANGED,
        bgcolor: '#e8f1f8',
        color: '#17324d',
        px: 1,
        py: 0.5,
        borderRadius: 0.5,
        overflowWrap: 'anywhere',
        '& p': { m: 0 },
      }}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}

/** One piece of a drawing, in the wizard's look, but inert: nothing in it can be clicked or typed into. */
function Item({ item }: { item: MockItem }) {
  switch (item.kind) {
    case 'heading':
      return <Typography sx={{ fontWeight: 700, fontSize: '0.9rem' }}>{item.text}</Typography>;
    case 'text':
      return (
        <Typography
          sx={{
            fontSize: '0.85rem',
            whiteSpace: item.keepLines ? 'pre-line' : undefined,
            overflowWrap: 'anywhere',
            ...(item.changed ? CHANGED : {}),
          }}
        >
          {item.text}
        </Typography>
      );
    case 'button':
      return (
        <Box
          component="span"
          sx={{
            alignSelf: 'flex-start',
            display: 'inline-block',
            border: 1,
            borderColor: item.disabled ? 'divider' : 'primary.main',
            color: item.disabled ? 'text.disabled' : 'primary.main',
            borderRadius: 1,
            px: 1,
            py: 0.25,
            fontSize: '0.8rem',
            fontWeight: 600,
            ...(item.changed ? CHANGED : {}),
          }}
        >
          {item.text}
        </Box>
      );
    case 'field':
      return (
        <Box
          sx={{
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            px: 1,
            py: 0.5,
            fontSize: '0.8rem',
            ...(item.changed ? CHANGED : {}),
          }}
        >
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {item.label}
            {item.required ? ' (required)' : ''}
          </Box>
          {item.value && (
            <Box component="span" sx={{ display: 'block' }}>
              {item.value}
            </Box>
          )}
        </Box>
      );
    case 'steps':
      return (
        <Box component="ol" sx={{ m: 0, pl: 3, fontSize: '0.85rem' }}>
          {item.steps.map((step) => (
            <li key={step}>
              <Box component="span" sx={step === item.changed ? { fontWeight: 700, ...CHANGED } : undefined}>
                {step}
              </Box>
            </li>
          ))}
        </Box>
      );
    case 'banner':
      return <CompanyHtml html={item.html} />;
    case 'chips':
      return (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          {item.chips.map((chip) => (
            <Chip
              key={chip.text}
              label={chip.text}
              size="small"
              variant="outlined"
              sx={{
                maxWidth: '100%',
                ...(chip.disabled ? { color: 'text.disabled', textDecoration: 'line-through' } : {}),
                ...(chip.changed ? CHANGED : {}),
              }}
            />
          ))}
        </Box>
      );
  }
}

/** The states side by side (one above the other on a phone), the one the form is in now marked. */
function Drawings({ preview, control, id }: { preview: Preview; control: Control<SettingsFormValues>; id: string }) {
  const values = useWatch({ control, name: 'settings' });
  const value = values[preview.key];
  const current = currentState(preview, value);
  return (
    <Box id={id} sx={{ mt: 1 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {preview.where}. Changes are highlighted.
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            sm: `repeat(${Math.min(preview.states.length, 3)}, minmax(0, 1fr))`,
          },
        }}
      >
        {preview.states.map((state, index) => {
          const label = stateLabel(state, value);
          const isCurrent = index === current;
          return (
            <Box
              key={index}
              role="group"
              aria-label={isCurrent ? `${label}, as set now` : label}
              sx={{
                minWidth: 0,
                border: isCurrent ? 2 : 1,
                borderColor: isCurrent ? 'primary.main' : 'divider',
                borderRadius: 1,
                p: 1.25,
                display: 'flex',
                flexDirection: 'column',
                gap: 0.75,
              }}
            >
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                <Typography component="span" sx={{ fontWeight: 700 }}>
                  {label}
                </Typography>
                {isCurrent && <Chip size="small" color="primary" label="As set now" />}
              </Box>
              {state.draw(values).map((item, at) => (
                <Item key={at} item={item} />
              ))}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

/** "Show what visitors see" under a setting that has a drawing; closed at first, so the page stays short. */
export function SettingPreview({
  settingKey,
  settingLabel,
  control,
}: {
  settingKey: string;
  settingLabel: string;
  control: Control<SettingsFormValues>;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const preview = previewOf(settingKey);
  if (!preview) return null;
  const action = open ? 'Hide what visitors see' : 'Show what visitors see';
  return (
    <Box sx={{ minWidth: 0 }}>
      {/* Forty buttons say the same: the name adds the setting's (the visible words lead it, for voice control). */}
      <Button
        type="button"
        size="small"
        aria-label={`${action}: ${settingLabel}`}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen(!open)}
        sx={{ px: 0.5 }}
      >
        {action}
      </Button>
      {open && <Drawings preview={preview} control={control} id={id} />}
    </Box>
  );
}
