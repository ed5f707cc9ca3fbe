import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { PageSection } from '../../../shared/PageSection.tsx';
import { checkArea, type AreaCheckResult } from './area-check.ts';
import type { DocumentInspector } from './inspector-form.ts';

export interface CoverageGap {
  day: string;
  label: string;
  codes: string[];
}

const INTRO =
  'Type the postal codes your company covers to see which of them no active inspector serves, by their postal-code lists. An inspector with an empty list counts as serving everywhere.';

/**
 * "Check your area": the gaps among the codes the inspectors list (found without asking), and a
 * check of the codes the person types. Reads the inspectors as saved, not the editor's unsaved
 * changes.
 */
export function AreaCheckSection({
  inspectors,
  gaps,
  byList,
  byWeekday,
}: {
  inspectors: readonly DocumentInspector[];
  gaps: readonly CoverageGap[];
  byList: boolean;
  byWeekday: boolean;
}) {
  const [text, setText] = useState('');
  const [result, setResult] = useState<AreaCheckResult | null>(null);
  const problem = result && !result.ok ? result.message : null;
  const check = result?.ok ? result.check : null;

  return (
    <PageSection title="Check your area" intro={INTRO}>
      {!byList && (
        <Typography variant="body2">
          The setting &quot;Limit inspectors to their postal codes&quot; is off: visitors now find inspectors wherever
          their driving radius reaches. This check reads the lists as if it were on.
        </Typography>
      )}
      {gaps.length > 0 && (
        <Alert severity="info" aria-label="Postal codes nobody serves on some days">
          <Typography component="h3" variant="h3" sx={{ fontSize: '1rem', mb: 0.5 }}>
            Postal codes nobody serves on some days
          </Typography>
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            Of the codes your inspectors list, with your postal-code settings, visitors at these find no time on these
            days:
          </Typography>
          {gaps.map((gap) => (
            <Typography key={gap.day} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {gap.label}: {gap.codes.join(', ')}
            </Typography>
          ))}
        </Alert>
      )}
      <Box
        component="form"
        noValidate
        aria-label="Check postal codes"
        onSubmit={(event) => {
          event.preventDefault();
          setResult(checkArea(inspectors, text, { byWeekday }));
        }}
      >
        <TextField
          label="Postal codes to check"
          multiline
          minRows={2}
          fullWidth
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={problem !== null}
          helperText={problem ?? 'A code, a list, or ranges, like 43001-43099, 43215.'}
        />
        <Button type="submit" variant="outlined" sx={{ mt: 1.5 }}>
          Check
        </Button>
      </Box>
      <Box role="status" sx={{ overflowWrap: 'anywhere' }}>
        {check && (
          <Box aria-label="Postal codes nobody serves" component="section">
            <Typography component="h3" variant="h3" sx={{ mb: 1 }}>
              Postal codes nobody serves
            </Typography>
            <Typography sx={{ mb: 1 }}>
              {check.nobody === ''
                ? `Every one of the ${check.checked} ${check.checked === 1 ? 'code' : 'codes'} is served by an active inspector.`
                : `No active inspector serves: ${check.nobody}.`}
            </Typography>
            {check.someDays.length > 0 && (
              <>
                <Typography sx={{ mb: 0.5 }}>Served, but not on some days (by the weekday lists):</Typography>
                <Box component="ul" sx={{ m: 0, pl: 3 }}>
                  {check.someDays.map((group) => (
                    <li key={group.label}>
                      Not on {group.label}: {group.codes}
                    </li>
                  ))}
                </Box>
              </>
            )}
          </Box>
        )}
      </Box>
    </PageSection>
  );
}
