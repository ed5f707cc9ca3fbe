import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { memberCan, useCompany } from '../shared/company.ts';
import { Loading } from '../shared/Loading.tsx';
import { PageHeading } from '../shared/PageHeading.tsx';
import { CONFIGURATION_PAGES } from './configuration-pages.ts';
import { SchedulerPreview, usePreviewLink } from './SchedulerPreview.tsx';
import { ExpandIcon } from '../shared/ExpandIcon.tsx';
import { useDisclosure } from '../shared/disclosure.ts';

/**
 * The configuration pages share one navigation: a column beside the editor on a wide screen, a
 * button above it that opens the list on a phone or a tablet. Only owners and admins configure;
 * anyone else reaching one of these addresses is told so instead of a page that would refuse
 * every save.
 */
export function ConfigurationLayout() {
  const { companyKey, membership } = useCompany();
  const { pathname } = useLocation();
  // Kept while the person moves between editors: the layout stays, the page in it changes.
  const [previewing, setPreviewing] = useState(false);
  if (!memberCan(membership, 'configuration.edit')) {
    // The page's own title, as its editor would have shown it, and why it shows nothing more.
    const page = CONFIGURATION_PAGES.find((entry) => pathname.endsWith(`/${entry.path}`));
    return (
      <>
        <PageHeading>{page?.label ?? 'Configuration'}</PageHeading>
        <Typography>You don&apos;t have access to this.</Typography>
        <Typography sx={{ color: 'text.secondary' }}>
          Only the company&apos;s owners and administrators change its configuration.
        </Typography>
      </>
    );
  }
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', md: 'row' },
        gap: { xs: 1.5, md: 3 },
        alignItems: 'flex-start',
      }}
    >
      <ConfigurationNav
        companyKey={companyKey}
        pages={CONFIGURATION_PAGES.filter((page) => !('action' in page) || memberCan(membership, page.action))}
        previewing={previewing}
        onPreview={() => setPreviewing(!previewing)}
      />
      <Box sx={{ flex: '1 1 auto', minWidth: 0, width: '100%' }}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </Box>
      {/* Beside the editor where there is room; on a narrower screen the nav opens it in a tab instead. */}
      {previewing && (
        <Box
          sx={{
            display: { xs: 'none', lg: 'block' },
            flex: '0 0 400px',
            alignSelf: 'stretch',
          }}
        >
          <SchedulerPreview companyKey={companyKey} />
        </Box>
      )}
    </Box>
  );
}

/** The id the phone's button names as what it opens. */
const PAGES_ID = 'configuration-pages';

/**
 * The list of editors, and the scheduler's preview: beside the editor on a wide screen, a new tab
 * otherwise. Below a laptop's width its twenty links would wrap to seven rows above every editor
 * (330 px of a phone's 812), so there they wait behind a button, as a disclosure; choosing one
 * closes it.
 */
function ConfigurationNav({
  companyKey,
  pages,
  previewing,
  onPreview,
}: {
  companyKey: string;
  /** The editors this member may open (a page that names an action shows only to the roles that may do it). */
  pages: ReadonlyArray<{ path: string; label: string }>;
  previewing: boolean;
  onPreview: () => void;
}) {
  const base = `/${encodeURIComponent(companyKey)}`;
  const link = usePreviewLink(companyKey);
  const list = useDisclosure(PAGES_ID);
  const { pathname } = useLocation();
  return (
    // In the order the Tab key follows on every width: the button that opens the list on a phone,
    // the list, then the scheduler's preview or link.
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'row', md: 'column' },
        flexWrap: { xs: 'wrap', md: 'nowrap' },
        alignItems: { xs: 'center', md: 'stretch' },
        gap: { xs: 1, md: 0.5 },
        flex: { md: '0 0 200px' },
        position: { md: 'sticky' },
        top: { md: 16 },
        borderBottom: { xs: 1, md: 0 },
        borderColor: 'divider',
        pb: { xs: 1, md: 0 },
        width: { xs: '100%', md: 'auto' },
      }}
    >
      <Button
        {...list.buttonProps}
        size="small"
        endIcon={<ExpandIcon open={list.open} />}
        sx={{ display: { xs: 'inline-flex', md: 'none' }, minHeight: 40, px: 1.5 }}
      >
        Configuration pages
      </Button>
      <Box
        component="nav"
        id={PAGES_ID}
        aria-label="Configuration"
        sx={{
          // Open on a phone or a tablet, a row of its own under the button.
          display: { xs: list.open ? 'flex' : 'none', md: 'flex' },
          width: { xs: '100%', md: 'auto' },
          flexDirection: { xs: 'row', md: 'column' },
          flexWrap: { xs: 'wrap', md: 'nowrap' },
          gap: 0.5,
        }}
      >
        {pages.map((page) => (
          <Button
            key={page.path}
            component={NavLink}
            to={`${base}/${page.path}`}
            onClick={() => list.chosen(pathname === `${base}/${page.path}`)}
            size="small"
            sx={{
              justifyContent: 'flex-start',
              minHeight: 40,
              px: 1.5,
              color: 'text.primary',
              '&.active': {
                bgcolor: 'action.selected',
                fontWeight: 700,
                textDecoration: 'underline',
              },
            }}
          >
            {page.label}
          </Button>
        ))}
      </Box>
      <Button
        type="button"
        size="small"
        variant="outlined"
        aria-pressed={previewing}
        onClick={onPreview}
        sx={{ display: { xs: 'none', lg: 'inline-flex' }, mt: { md: 1 }, minHeight: 40 }}
      >
        {previewing ? 'Hide the preview' : 'Preview the scheduler'}
      </Button>
      {link && (
        <Button
          href={link}
          target="_blank"
          rel="noopener"
          size="small"
          variant="outlined"
          sx={{ display: { xs: 'inline-flex', lg: 'none' }, mt: { md: 1 }, minHeight: 40 }}
        >
          Open the scheduler
        </Button>
      )}
    </Box>
  );
}
