import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import type { Action } from '@scheduler/domain/permissions';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { memberCan, useCompany } from '../shared/company.ts';
import { MAIN_CONTENT_ID } from '@scheduler/ui/focus';
import { lazyPage } from '../shared/chunk-load.tsx';
import { Loading } from '../shared/Loading.tsx';
import { PageHeading } from '../shared/PageHeading.tsx';
import { meQueryOptions } from '../shared/queries.ts';
import { isCompanyPage } from './company-pages.ts';
import { CompanySwitcher } from './CompanySwitcher.tsx';
import { CONFIGURATION_PAGES, isConfigurationPath } from './configuration-pages.ts';
import { useScheduleEvents } from './use-schedule-events.ts';
import { BOOK_BY_PHONE_BUTTON_SX } from './book-by-phone-look.ts';
import { ExpandIcon } from '../shared/ExpandIcon.tsx';
import { useDisclosure } from '../shared/disclosure.ts';

// "Book by phone" and its office dialog load on demand (decision 0073): until then the button
// shows, disabled, as it does while the company's offices load.
const BookByPhone = lazyPage(() => import('./BookByPhone.tsx').then((module) => ({ default: module.BookByPhone })));
const BOOK_BY_PHONE_LOADING = (
  <Button variant="contained" color="secondary" disabled sx={BOOK_BY_PHONE_BUTTON_SX}>
    Book by phone
  </Button>
);

/** Visible only when focused: the first Tab of a page offers to jump past the navigation. */
const SKIP_LINK = {
  position: 'absolute',
  left: 8,
  top: -48,
  zIndex: 2000,
  bgcolor: 'background.paper',
  px: 2,
  py: 1,
  borderRadius: 1,
  '&:focus': { top: 8 },
} as const;

/** The id the phone's Menu button names as what it opens. */
const NAVIGATION_ID = 'console-navigation';

/**
 * A company's pages: the top bar (company, navigation) and the page, kept live by the company's
 * event stream. On a phone the navigation's nine links would wrap to four rows above every page
 * (240 of its 812 px; three rows on a tablet), so below a laptop's width they wait behind a Menu
 * button, as a disclosure: the company, Menu and Book by phone take one or two short rows, and the
 * page starts under them.
 */
export function Shell() {
  const { companyKey, membership } = useCompany();
  const menu = useDisclosure(NAVIGATION_ID);
  const me = useQuery(meQueryOptions());
  useScheduleEvents(membership ? companyKey : '');
  const base = `/${encodeURIComponent(companyKey)}`;
  const { pathname, search } = useLocation();
  // "/console/orders", typed: the page of the person's (first) company, not a company named
  // "orders"; with no company yet, the console's home says so.
  if (!membership && me.data && isCompanyPage(companyKey)) {
    const first = me.data.memberships[0];
    return <Navigate to={first ? `/${encodeURIComponent(first.company_key)}${pathname}${search}` : '/'} replace />;
  }
  // Each page's link shows to the members the permissions table lets do what the page is for
  // (the account page is every signed-in person's own).
  const pages: Array<{
    to: string;
    label: string;
    action?: Action;
    activeFor?: (pathname: string, companyKey: string) => boolean;
  }> = [
    { to: `${base}/schedule`, label: 'Schedule', action: 'schedule.read' },
    { to: `${base}/orders`, label: 'Orders', action: 'orders.read' },
    { to: `${base}/ledger`, label: 'Payments', action: 'payments.ledger' },
    { to: `${base}/my-tasks`, label: 'My tasks', action: 'orders.read' },
    { to: `${base}/team`, label: 'Team', action: 'team.manage' },
    // One link for all the configuration pages: they list each other (ConfigurationLayout).
    {
      to: `${base}/${CONFIGURATION_PAGES[0].path}`,
      label: 'Configuration',
      action: 'configuration.edit',
      activeFor: isConfigurationPath,
    },
    { to: `${base}/funnel`, label: 'Funnel', action: 'funnel.read' },
    { to: `${base}/reports`, label: 'Reports', action: 'reports.read' },
    { to: `${base}/account`, label: 'Account' },
  ];
  const links = pages.filter((page) => page.action === undefined || memberCan(membership, page.action));

  return (
    <Box sx={{ minHeight: '100vh' }}>
      <Link href={`#${MAIN_CONTENT_ID}`} sx={SKIP_LINK}>
        Skip to the page
      </Link>
      <Box component="header" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}>
        <Container
          maxWidth="xl"
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: { xs: 1, sm: 2 }, py: 1 }}
        >
          <Box sx={{ flex: '1 1 160px', minWidth: 0, bgcolor: 'primary.main' }}>
            <CompanySwitcher memberships={me.data?.memberships ?? []} companyKey={companyKey} />
          </Box>
          <Button
            {...menu.buttonProps}
            endIcon={<ExpandIcon open={menu.open} />}
            sx={{
              display: { xs: 'inline-flex', md: 'none' },
              color: 'inherit',
              minHeight: 44,
              px: 1.5,
              border: 1,
              borderColor: 'rgba(255,255,255,0.5)',
            }}
          >
            Menu
          </Button>
          <Box
            component="nav"
            id={NAVIGATION_ID}
            aria-label="Console"
            sx={{
              // Open on a phone or a tablet, a row of its own under the company and Menu, before Book by
              // phone: what is seen follows the order of the Tab key.
              display: { xs: menu.open ? 'flex' : 'none', md: 'flex' },
              width: { xs: '100%', md: 'auto' },
              flexWrap: 'wrap',
              gap: 0.5,
            }}
          >
            {links.map((link) => (
              <Button
                key={link.to}
                component={NavLink}
                to={link.to}
                onClick={() => menu.chosen(link.to === pathname)}
                // NavLink marks only its own address; the configuration link stands for all its pages.
                className={link.activeFor?.(pathname, companyKey) ? 'active' : undefined}
                aria-current={link.activeFor?.(pathname, companyKey) ? 'page' : undefined}
                sx={{
                  color: 'inherit',
                  minHeight: 44,
                  px: 1.5,
                  '&.active': { bgcolor: 'rgba(255,255,255,0.18)', textDecoration: 'underline' },
                }}
              >
                {link.label}
              </Button>
            ))}
          </Box>
          {/* Owners, admins and office staff book callers: on every page, as a call may come at any moment. */}
          {memberCan(membership, 'orders.change') && (
            <Suspense fallback={BOOK_BY_PHONE_LOADING}>
              <BookByPhone companyKey={companyKey} />
            </Suspense>
          )}
        </Container>
      </Box>
      <Container
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        maxWidth="xl"
        sx={{ py: { xs: 2, sm: 3 }, px: { xs: 1.5, sm: 3 } }}
      >
        {membership ? (
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        ) : (
          <>
            <PageHeading>No access</PageHeading>
            <Typography>You don&apos;t have access to this.</Typography>
          </>
        )}
      </Container>
    </Box>
  );
}
