import Box from '@mui/material/Box';
import { useMemo } from 'react';
// The wizard's own sanitiser: the company's HTML is cleaned again here, whatever the server sent.
import { sanitizeHtml } from '@scheduler/ui/sanitize-html';

/** An agreement's HTML as a signer reads it: sanitised, in a bordered page of its own. */
export function AgreementHtml({ html, label }: { html: string; label: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <Box
      role="document"
      aria-label={label}
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        p: { xs: 1.5, sm: 2 },
        bgcolor: 'background.paper',
        overflowWrap: 'anywhere',
        maxHeight: 480,
        overflowY: 'auto',
        '& h3, & h4': { mt: 1, mb: 0.5 },
        '& p': { my: 1 },
      }}
      // A scrolling region is reached and scrolled by keyboard too.
      tabIndex={0}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
