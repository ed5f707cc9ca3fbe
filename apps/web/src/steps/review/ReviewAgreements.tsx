import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { ReviewAgreements } from '@scheduler/contracts/agreements';
import { SafeHtml } from '../../shared/SafeHtml.tsx';
import { SigningForm, type GivenSignature } from '../../sign/SigningForm.tsx';
import { createDrawingPad, type DrawingPadFactory } from '../../sign/signature-pad.ts';
import { reviewTexts as t } from './review-texts.ts';

/**
 * The company's agreements on the review, signed before Confirm (issue 43, "at booking"): each
 * document in a scrolling region of its own, then the signing form (the signing page's, in this
 * chunk only when there is something to sign). The signature is kept here until Confirm sends it
 * with the booking; "Change my signature" takes it back.
 */
export default function ReviewAgreementsPanel({
  shown,
  signature,
  onSign,
  onChange,
  refusal,
  createPad = createDrawingPad,
}: {
  shown: ReviewAgreements;
  signature: GivenSignature | null;
  onSign: (signature: GivenSignature) => void;
  onChange: () => void;
  /** Why Confirm did not go (not signed yet, or the server's words): said above the form. */
  refusal: string | null;
  createPad?: DrawingPadFactory;
}) {
  const id = useId();
  return (
    <Box
      component="section"
      aria-labelledby={`${id}-heading`}
      sx={{
        mt: 3,
        p: { xs: 2, sm: 3 },
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        bgcolor: 'background.paper',
      }}
    >
      <Typography variant="h2" id={`${id}-heading`} sx={{ mb: 1 }}>
        {t.agreements.heading}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t.agreements.intro(shown.signer_name ?? '')}</Typography>
      {shown.agreements.map((agreement) => (
        <Box key={agreement.template_id} sx={{ mb: 2 }}>
          <Typography variant="h6" component="h3" id={`${id}-${agreement.template_id}`} sx={{ mb: 1 }}>
            {agreement.title}
          </Typography>
          {/* A long agreement scrolls in its own region, reachable by keyboard. */}
          <SafeHtml
            html={agreement.html}
            role="region"
            aria-labelledby={`${id}-${agreement.template_id}`}
            tabIndex={0}
            sx={{
              maxHeight: 360,
              overflowY: 'auto',
              overflowWrap: 'anywhere',
              p: 2,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              '& p': { mt: 0, mb: 1.5 },
              '& h3, & h4': { mt: 2, mb: 1 },
            }}
          />
        </Box>
      ))}
      {refusal && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {refusal}
        </Alert>
      )}
      {signature ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
          <Alert severity="success" sx={{ flex: '1 1 260px' }}>
            {t.agreements.signedAs(signature.typed_name)}
          </Alert>
          <Button variant="outlined" onClick={onChange}>
            {t.agreements.change}
          </Button>
        </Box>
      ) : (
        <SigningForm
          consentText={shown.consent_text}
          heading={t.agreements.formHeading}
          createPad={createPad}
          sink={{ give: (given) => onSign(given), isPending: false, isError: false, error: null }}
        />
      )}
    </Box>
  );
}
