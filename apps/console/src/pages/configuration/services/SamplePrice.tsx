import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import type { PricePreviewBody } from '@scheduler/contracts/price-preview';
import { htmlToPlainText } from '@scheduler/domain/html-text';
import { formatMoney } from '@scheduler/domain/money-format';
import {
  DISPLAY_WORDS,
  displayLines,
  formatLineAmount,
  type DisplayedCart,
} from '@scheduler/domain/pricing/display-lines';
import { failureText } from '../../../shared/api.ts';
import { refusedField } from '../../../shared/document-refusal.ts';
import { PageSection } from '../../../shared/PageSection.tsx';
import { applyServicesForm, type ServicesFormValues } from './services-form.ts';
import {
  EMPTY_SAMPLE,
  MAX_SQUARE_FEET,
  readSample,
  usePricePreview,
  YEAR_RANGE,
  type SampleChoice,
} from './sample-price.ts';

const INTRO =
  'Choose what a visitor might book and a few facts about the home: this is the price they would see, worked out by the booking page’s own rules from what you have typed above, saved or not. Taxes and fees follow your first office.';

/** The pricing laid out as the wizard lays it out; a pricing that would not add up is said, not shown. */
function layOut(pricing: Parameters<typeof displayLines>[0]): DisplayedCart | null {
  try {
    return displayLines(pricing);
  } catch {
    return null;
  }
}

function hoursText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} minutes`;
  return `${hours} hour${hours === 1 ? '' : 's'}${rest ? ` ${rest} minutes` : ''}`;
}

/** The live sample price: its own choices (never saved), the form's current values, and the server's engine. */
export function SamplePrice({
  companyKey,
  document,
  loaded,
  control,
  currency,
}: {
  companyKey: string;
  document: Record<string, unknown>;
  loaded: ServicesFormValues;
  control: Control<ServicesFormValues>;
  currency: string;
}) {
  const values = useWatch({ control }) as ServicesFormValues;
  const [choice, setChoice] = useState<SampleChoice>(EMPTY_SAMPLE);
  const draft = useMemo(() => applyServicesForm(document, loaded, values), [document, loaded, values]);
  const sample = readSample(choice, values);
  const chosen = sample.ok && (sample.sample.package_id !== null || sample.sample.services.length > 0);
  const body: PricePreviewBody | null =
    draft.ok && sample.ok && chosen ? { document: draft.document, sample: sample.sample } : null;
  const preview = usePricePreview(companyKey, body);
  const update = (change: Partial<SampleChoice>) => setChoice((current) => ({ ...current, ...change }));
  const services = values.services.filter((s) => !s.label);

  return (
    <PageSection title="Sample price" intro={INTRO}>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' } }}
      >
        <TextField
          select
          label="Package"
          value={choice.packageId === null ? '' : String(choice.packageId)}
          onChange={(event) => update({ packageId: event.target.value === '' ? null : Number(event.target.value) })}
        >
          <MenuItem value="">No package</MenuItem>
          {values.packages.map((pkg) => (
            <MenuItem key={pkg.packageId} value={String(pkg.packageId)}>
              {pkg.name || 'Untitled package'}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Square feet"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          value={choice.squareFeet}
          onChange={(event) => update({ squareFeet: event.target.value })}
          error={!sample.ok && sample.field === 'squareFeet'}
          helperText={
            !sample.ok && sample.field === 'squareFeet'
              ? sample.message
              : `1 to ${MAX_SQUARE_FEET.toLocaleString('en-US')}; empty: not known yet.`
          }
        />
        <TextField
          label="Year built"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          value={choice.yearBuilt}
          onChange={(event) => update({ yearBuilt: event.target.value })}
          error={!sample.ok && sample.field === 'yearBuilt'}
          helperText={
            !sample.ok && sample.field === 'yearBuilt'
              ? sample.message
              : `${YEAR_RANGE.min} to ${YEAR_RANGE.max}; empty: not known yet.`
          }
        />
      </Box>
      <FormControl component="fieldset" sx={{ minWidth: 0 }}>
        <FormLabel component="legend">Services</FormLabel>
        <FormGroup
          sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}
        >
          {services.map((service) => (
            <FormControlLabel
              key={service.uuid}
              sx={{ minWidth: 0, '& .MuiFormControlLabel-label': { overflowWrap: 'anywhere' } }}
              control={
                <Checkbox
                  checked={choice.services.includes(service.uuid)}
                  onChange={(event) =>
                    update({
                      services: event.target.checked
                        ? [...choice.services, service.uuid]
                        : choice.services.filter((id) => id !== service.uuid),
                    })
                  }
                />
              }
              label={service.name || 'Untitled service'}
            />
          ))}
        </FormGroup>
      </FormControl>
      <FormControlLabel
        control={<Checkbox checked={choice.rush} onChange={(event) => update({ rush: event.target.checked })} />}
        label="Rush the repair estimate report"
      />
      <Box aria-live="polite">
        <SampleResult
          draftProblem={draft.ok ? null : (draft.problems[0]?.message ?? null)}
          chosen={chosen}
          preview={preview}
          currency={currency}
        />
      </Box>
    </PageSection>
  );
}

function SampleResult({
  draftProblem,
  chosen,
  preview,
  currency,
}: {
  draftProblem: string | null;
  chosen: boolean;
  preview: ReturnType<typeof usePricePreview>;
  currency: string;
}) {
  if (draftProblem !== null)
    return <Alert severity="info">The price shows again once the values above can be saved: {draftProblem}</Alert>;
  if (!chosen)
    return <Typography sx={{ color: 'text.secondary' }}>Choose a package or a service to see its price.</Typography>;
  if (preview.isError) {
    const refused = refusedField(preview.error);
    return (
      <Alert severity="warning">
        {refused ? `This can’t be priced yet: ${refused.message} (${refused.path}).` : failureText(preview.error)}
      </Alert>
    );
  }
  if (!preview.data) return <Typography sx={{ color: 'text.secondary' }}>Working out the price…</Typography>;
  const shown = layOut(preview.data.pricing);
  if (!shown)
    return <Alert severity="error">These prices don’t add up, so they are not shown. Please tell us about it.</Alert>;
  return (
    <Box sx={{ opacity: preview.isPlaceholderData ? 0.6 : 1 }}>
      <Box
        component="ul"
        aria-label="Sample price lines"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}
      >
        {shown.lines.map((line) => (
          <Box
            component="li"
            key={line.key}
            sx={{
              display: 'flex',
              justifyContent: 'space-between',
              gap: 2,
              pl: line.kind === 'bundle-savings' || line.kind === 'savings' ? 2 : 0,
            }}
          >
            <span style={{ overflowWrap: 'anywhere' }}>{htmlToPlainText(line.label)}</span>
            <span style={{ whiteSpace: 'nowrap' }}>{formatLineAmount(line.amount, currency)}</span>
          </Box>
        ))}
      </Box>
      {shown.total !== null && (
        <Typography
          sx={{
            display: 'flex',
            justifyContent: 'space-between',
            gap: 2,
            fontWeight: 700,
            mt: 1,
            borderTop: 1,
            borderColor: 'divider',
            pt: 1,
          }}
        >
          <span>{DISPLAY_WORDS.total}</span>
          <span>{formatMoney(shown.total, currency)}</span>
        </Typography>
      )}
      {shown.total === null && (
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>
          Your settings hide prices from visitors: they see the names only.
        </Typography>
      )}
      {shown.beforeTax && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {DISPLAY_WORDS.beforeTax}
        </Typography>
      )}
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
        Takes {hoursText(preview.data.duration)}. Priced at the {preview.data.office.name} office.
      </Typography>
    </Box>
  );
}
