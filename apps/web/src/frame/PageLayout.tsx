import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { MouseEvent, ReactNode } from 'react';
import { focusScreenHeading, MAIN_CONTENT_ID } from '@scheduler/ui/focus';
import { OfficeContact, type OfficeContactDetails } from '../shared/OfficeContact.tsx';
import { texts } from '../shared/texts.ts';
import { embedHost, embedLook } from '../shared/embed/embed-context.ts';
import { REVIEW_PANEL_SLOT_ID } from '../shared/page-slots.ts';
import { Header, type HeaderProps } from './Header.tsx';

const DESKTOP = '@media (min-width:800px)';

/**
 * The frame every screen sits in: header, main content, and the office's details at the foot.
 * `bare`: main content only, for a company's page that has its own header and footer (decision
 * 0060); with no header to skip, no skip link either.
 */
export function PageLayout({
  header,
  contact,
  children,
  bare = embedLook.hideHeaderFooter,
}: {
  header: HeaderProps;
  contact: OfficeContactDetails | null;
  children: ReactNode;
  bare?: boolean;
}) {
  return (
    <Box
      sx={{
        minHeight: embedHost ? 0 : '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
      }}
    >
      {!bare && <SkipLink />}
      {!bare && <Header {...header} />}
      <Container
        maxWidth="lg"
        sx={{
          flex: 1,
          display: 'flex',
          flexDirection: 'column',
          gap: 3,
          py: { xs: 2, sm: 4 },
          px: { xs: 1.5, sm: 3 },
          [DESKTOP]: { flexDirection: 'row', alignItems: 'flex-start' },
        }}
      >
        <Box
          component="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          sx={{ flex: 1, minWidth: 0, '&:focus': { outline: 'none' } }}
        >
          {children}
        </Box>
        {/* The review-order panel (a lazy chunk) is drawn here, beside main, as its own landmark. */}
        <Box
          id={REVIEW_PANEL_SLOT_ID}
          sx={{
            '&:empty': { display: 'none' },
            [DESKTOP]: { flex: '0 0 auto', maxWidth: 340, position: 'sticky', top: 16 },
          }}
        />
      </Container>
      {contact && !bare && (
        <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
          <Container
            maxWidth="lg"
            sx={{
              py: 2.5,
              display: 'flex',
              flexDirection: { xs: 'column', sm: 'row' },
              gap: 1,
              justifyContent: 'space-between',
            }}
          >
            <Typography component="h2" variant="body2" sx={{ color: 'text.secondary', fontWeight: 600 }}>
              {texts.officeDetails}
            </Typography>
            <Box
              sx={{
                textAlign: { xs: 'left', sm: 'right' },
                fontSize: '0.95rem',
                alignItems: { xs: 'flex-start', sm: 'flex-end' },
                display: 'flex',
                flexDirection: 'column',
              }}
            >
              <OfficeContact contact={contact} />
            </Box>
          </Container>
        </Box>
      )}
    </Box>
  );
}

/**
 * The first Tab stop of every page: jumps past the header to the screen's heading. Visible only
 * while focused. It moves focus itself rather than following the hash, which would change the URL
 * the router reads.
 */
function SkipLink() {
  return (
    <Box
      component="a"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event: MouseEvent) => {
        event.preventDefault();
        focusScreenHeading();
      }}
      sx={{
        position: 'absolute',
        left: 8,
        top: 8,
        zIndex: 1300,
        px: 2,
        py: 1.25,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        fontWeight: 600,
        borderRadius: 1,
        textDecoration: 'none',
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      {texts.skipToMain}
    </Box>
  );
}
