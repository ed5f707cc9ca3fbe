import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { PageSection } from '../../../shared/PageSection.tsx';
import { BrandColourChoice } from './BrandColourChoice.tsx';
import {
  embedSnippet,
  LOCK_ATTRIBUTE,
  OPENER_ATTRIBUTE,
  PREFILL_ATTRIBUTES,
  type AttributeHelp,
  type EmbedMode,
} from './embed-snippet.ts';

const DEFAULT_BUTTON_TEXT = 'Book an inspection';

/** Said once the snippet is on the clipboard, or when the browser would not put it there. */
type CopyOutcome = { snippet: string; copied: boolean };

function AttributeList({ items }: { items: readonly AttributeHelp[] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
        columnGap: 2,
        rowGap: { xs: 0.25, sm: 1 },
      }}
    >
      {items.map((item) => (
        <Box key={item.attribute} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ fontFamily: 'monospace', mt: { xs: 1, sm: 0 } }}>
            {item.attribute}
          </Box>
          <Box component="dd" sx={{ m: 0, color: 'text.secondary' }}>
            {item.meaning}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** The HTML to paste, for the office and mode chosen here, with the script from this very server. */
export function SnippetSection({
  companyKey,
  offices,
}: {
  companyKey: string;
  offices: ReadonlyArray<{ uuid: string; name: string }>;
}) {
  const [officeUuid, setOfficeUuid] = useState(offices[0]?.uuid ?? '');
  const [mode, setMode] = useState<EmbedMode>('inline');
  const [buttonText, setButtonText] = useState(DEFAULT_BUTTON_TEXT);
  const [brandColor, setBrandColor] = useState('');
  const [hideHeaderFooter, setHideHeaderFooter] = useState(false);
  const [copy, setCopy] = useState<CopyOutcome | null>(null);
  const code = useRef<HTMLTextAreaElement | null>(null);
  const modeLabel = useId();
  // The console is served by the same server as the scheduler and its script.
  const snippet = embedSnippet({
    serverOrigin: window.location.origin,
    companyKey,
    officeUuid,
    mode,
    buttonText,
    brandColor,
    hideHeaderFooter,
  });
  // An outcome is about the code it copied: a changed choice makes it stale, so it is not said.
  const outcome = copy?.snippet === snippet ? copy : null;

  const copySnippet = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopy({ snippet, copied: true });
    } catch {
      // Refused (no permission, an insecure page, an older browser): the code is selected for the person to copy.
      setCopy({ snippet, copied: false });
      code.current?.focus();
      code.current?.select();
    }
  };

  return (
    <PageSection
      title="The code for your page"
      intro="Paste it where the scheduler should appear, on a site listed above. The choices here change the code only; they are not saved."
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
        <TextField
          select
          label="Office"
          value={officeUuid}
          onChange={(event) => setOfficeUuid(event.target.value)}
          helperText="Visitors book with this office."
        >
          {offices.map((office) => (
            <MenuItem key={office.uuid} value={office.uuid}>
              {office.name}
            </MenuItem>
          ))}
        </TextField>
        <FormControl>
          <FormLabel id={modeLabel}>How it appears</FormLabel>
          <RadioGroup
            aria-labelledby={modeLabel}
            value={mode}
            onChange={(event) => setMode(event.target.value as EmbedMode)}
          >
            <FormControlLabel value="inline" control={<Radio />} label="In the page, as tall as its content (inline)" />
            <FormControlLabel value="popup" control={<Radio />} label="A button that opens it in a window (popup)" />
          </RadioGroup>
        </FormControl>
        {mode === 'popup' && (
          <TextField
            label="Button text"
            value={buttonText}
            onChange={(event) => setButtonText(event.target.value)}
            helperText="The words on the button; empty leaves the scheduler's own."
            slotProps={{ htmlInput: { maxLength: 60 } }}
          />
        )}
        <BrandColourChoice value={brandColor} onChange={setBrandColor} />
        <FormControlLabel
          sx={{ alignSelf: 'flex-start' }}
          control={
            <Checkbox checked={hideHeaderFooter} onChange={(event) => setHideHeaderFooter(event.target.checked)} />
          }
          label="Leave out the scheduler's header and footer (logo, phone, banner, office details): your page has its own"
        />
      </Box>
      <TextField
        label="Code to paste"
        value={snippet}
        multiline
        fullWidth
        inputRef={code}
        slotProps={{
          htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: 'monospace', fontSize: '0.875rem' } },
        }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button type="button" variant="contained" onClick={() => void copySnippet()}>
          Copy the code
        </Button>
        <Box role="status">
          {outcome?.copied && <Typography sx={{ color: 'success.main', fontWeight: 600 }}>Copied</Typography>}
        </Box>
      </Box>
      {outcome && !outcome.copied && (
        <Alert severity="warning">
          Your browser did not let the page copy. The code is selected: copy it with Ctrl+C (⌘C on a Mac), or by
          right-clicking it.
        </Alert>
      )}
      <Box>
        <Typography component="h3" variant="h3" sx={{ mb: 1 }}>
          What your page can fill in
        </Typography>
        <Typography sx={{ mb: 1.5, color: 'text.secondary' }}>
          Add any of these attributes to the code&apos;s first line and the scheduler starts with them filled in; your
          page&apos;s own address works too, as ?postal_code=43017. A value the scheduler would not take from the
          visitor is left out.
        </Typography>
        <AttributeList items={[...PREFILL_ATTRIBUTES, LOCK_ATTRIBUTE]} />
      </Box>
      <Box>
        <Typography component="h3" variant="h3" sx={{ mb: 1 }}>
          Your own buttons
        </Typography>
        <Typography sx={{ mb: 1.5, color: 'text.secondary' }}>
          Any button or link of your page can open the popup. If your site is not listed above, the link inside the code
          is shown instead of the scheduler.
        </Typography>
        <AttributeList items={[OPENER_ATTRIBUTE]} />
      </Box>
    </PageSection>
  );
}
