import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { OfficeResponse } from '@scheduler/contracts/office';
import { ContactText } from './ContactText.tsx';
import { texts } from './texts.ts';

/** The office's phone from whatever the wizard has read already: nothing more can be loaded now. */
function cachedOfficePhone(queryClient: QueryClient): string {
  for (const [, data] of queryClient.getQueriesData<Partial<OfficeResponse>>({ queryKey: ['session'] })) {
    if (data && typeof data.office_phone === 'string' && data.office_phone) return data.office_phone;
  }
  return '';
}

/**
 * In place of a part of the wizard whose code could not be downloaded (a new version was
 * deployed while the visitor was on the page, and the old files are gone): never a blank page,
 * but the office's words, a Reload that comes back to the same step (the order is saved on the
 * server as the visitor goes), and the office's phone. It takes focus, so a screen reader says it.
 * `title` says what happened when it is something else (app/RenderFailure.tsx).
 */
export function PageUpdatedNotice({ title = texts.pageUpdated }: { title?: string }) {
  const phone = cachedOfficePhone(useQueryClient());
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Box
      role="alert"
      sx={{
        p: 3,
        my: 2,
        mx: 'auto',
        maxWidth: 560,
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        textAlign: 'center',
      }}
    >
      <Typography ref={heading} component="h1" variant="h1" tabIndex={-1} sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Button variant="contained" size="large" onClick={() => window.location.reload()}>
        {texts.reload}
      </Button>
      {phone && (
        <Typography sx={{ mt: 2, color: 'text.secondary' }}>
          <ContactText text={texts.pageUpdatedCall(phone)} phone={phone} />
        </Typography>
      )}
    </Box>
  );
}
