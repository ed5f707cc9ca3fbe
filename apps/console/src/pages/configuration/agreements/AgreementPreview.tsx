import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@scheduler/ui/visually-hidden';
import { Failure } from '../../../shared/Failure.tsx';
import { usePreviewAgreement } from './agreements-api.ts';
import { AgreementHtml } from './AgreementHtml.tsx';

/** "Preview": the text as a signer reads it, filled by the server with a sample order under the company's name. */
export function AgreementPreview({ companyKey, bodyHtml }: { companyKey: string; bodyHtml: string }) {
  const preview = usePreviewAgreement(companyKey);
  const empty = bodyHtml.trim() === '';
  return (
    <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Button
          type="button"
          variant="outlined"
          disabled={empty || preview.isPending}
          onClick={() => preview.mutate(bodyHtml.trim())}
          sx={{ minHeight: 44 }}
        >
          {preview.data ? 'Preview the agreement again' : 'Preview the agreement'}
        </Button>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Filled with a sample order, as a client reads it.
        </Typography>
      </Box>
      {/* Said once, briefly: the whole agreement read out as it appears would drown the page. */}
      <Box aria-live="polite">
        {preview.isError && <Failure error={preview.error} />}
        {preview.data && !preview.isPending && (
          <Box component="span" sx={visuallyHidden}>
            The preview is below.
          </Box>
        )}
      </Box>
      {preview.data && !preview.isPending && <AgreementHtml html={preview.data.html} label="Preview" />}
    </Box>
  );
}
