import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { modifierSentences, waiverSentences, type DocumentNames } from './pricing-words.ts';

function Sentences({ title, empty, sentences }: { title: string; empty: string; sentences: readonly string[] }) {
  const id = useId();
  return (
    <Box>
      <Typography component="h3" variant="h3" id={id} sx={{ mb: 1 }}>
        {title}
      </Typography>
      {sentences.length === 0 ? (
        <Typography>{empty}</Typography>
      ) : (
        <Box component="ul" aria-labelledby={id} sx={{ m: 0, pl: 3, display: 'grid', gap: 0.5 }}>
          {sentences.map((sentence, index) => (
            <Typography component="li" key={index} sx={{ overflowWrap: 'anywhere' }}>
              {sentence}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** Service modifiers and package fee waivers, in words: this page writes them back as they came. */
export function ReadOnlyRules({ document, names }: { document: Record<string, unknown>; names: DocumentNames }) {
  const pricing = (document.pricing ?? {}) as Record<string, unknown>;
  const list = (value: unknown) => (Array.isArray(value) ? value : []);
  return (
    <>
      <Sentences
        title="Discounts with other services"
        empty="None: each service costs its own price."
        sentences={modifierSentences(list(pricing.service_modifiers), names)}
      />
      <Sentences
        title="Fees a package includes"
        empty="None: a package's services pay their fees."
        sentences={waiverSentences(list(pricing.package_fee_waivers), names)}
      />
    </>
  );
}
