import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes, useParams } from 'react-router';
import { normaliseSubpath } from '@scheduler/domain/route-table';
import { SchedulerPage } from './SchedulerPage.tsx';
import { theme } from '../shared/theme.ts';
import { Suspense, type ReactNode } from 'react';
import { createQueryClient, UnauthorizedSessions, UnauthorizedSessionsContext } from './query-client.ts';
import { lazyChunk } from '../shared/chunk-load.ts';
import { seedFirstLoad } from './first-load.ts';
import { PageLayout } from '../frame/PageLayout.tsx';
import { StepSkeleton } from '../shared/StepSkeleton.tsx';
import { RenderFailure } from './RenderFailure.tsx';

const NotFoundPage = lazyChunk(() =>
  import('../status-pages/NotFoundPage.tsx').then((m) => ({ default: m.NotFoundPage })),
);
// The manage link of the confirmation messages (issue 24): a chunk of its own, none of it in the wizard's first step.
const ManagePage = lazyChunk(() => import('../manage/ManagePage.tsx'));
// The agreement's signing link (issue 43): a chunk of its own too, signature_pad with it.
const SigningPage = lazyChunk(() => import('../sign/SigningPage.tsx'));
// The agent portal (issue 47): a chunk of its own too.
const AgentPortalPage = lazyChunk(() => import('../agent-portal/AgentPortalPage.tsx'));

const unauthorizedSessions = new UnauthorizedSessions();
const queryClient = createQueryClient(unauthorizedSessions);
seedFirstLoad(queryClient, window.location, document);

/** A company's session link, `/{company_key}/online-scheduler/{office uuid}`. */
const SESSION_LINK = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The server starts a session on a session link and redirects; it serves the page on one only
 * when the company or office is unknown (with status 404), so the page says so.
 */
function SchedulerOrRefusedLink() {
  const params = useParams();
  if (!SESSION_LINK.test(normaliseSubpath(params['*'] ?? ''))) return <SchedulerPage />;
  return (
    <Suspense fallback={null}>
      <NotFoundPage contact={null} companyKey={params.companyKey ?? null} />
    </Suspense>
  );
}

/** `/{company_key}/manage/{token}`: the page in the wizard's frame, which it is handed (it never imports the app). */
function ManageRoute() {
  return (
    <LinkPageSuspense>
      <ManagePage Layout={PageLayout} />
    </LinkPageSuspense>
  );
}

/** `/{company_key}/sign/{token}`: the agreement's signing page, framed as the manage page is. */
function SigningRoute() {
  return (
    <LinkPageSuspense>
      <SigningPage Layout={PageLayout} />
    </LinkPageSuspense>
  );
}

/** `/{company_key}/agents` and its sign-in link: the agent portal, framed as the manage page is. */
function AgentPortalRoute() {
  return (
    <LinkPageSuspense>
      <AgentPortalPage Layout={PageLayout} />
    </LinkPageSuspense>
  );
}

/** A link's page while its chunk loads: the wizard's frame with the company's key only, no logo yet. */
function LinkPageSuspense({ children }: { children: ReactNode }) {
  const header = {
    companyKey: useParams().companyKey ?? '',
    officeUuid: null,
    companyName: null,
    phone: null,
    hideLogo: true,
    bannerHtml: '',
  };
  return (
    <Suspense
      fallback={
        <PageLayout header={header} contact={null}>
          <StepSkeleton />
        </PageLayout>
      }
    >
      {children}
    </Suspense>
  );
}

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <UnauthorizedSessionsContext.Provider value={unauthorizedSessions}>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <RenderFailure>
              <Routes>
                <Route path="/:companyKey/online-scheduler/*" element={<SchedulerOrRefusedLink />} />
                <Route path="/:companyKey/manage/:token" element={<ManageRoute />} />
                <Route path="/:companyKey/sign/:token" element={<SigningRoute />} />
                <Route path="/:companyKey/agents" element={<AgentPortalRoute />} />
                <Route path="/:companyKey/agents/sign-in" element={<AgentPortalRoute />} />
                {/* A client's agreement opened from their manage page (issue 43). */}
                <Route path="/:companyKey/manage/:token/agreements/:agreementId" element={<SigningRoute />} />
                <Route
                  path="*"
                  element={
                    <Suspense fallback={null}>
                      <NotFoundPage contact={null} companyKey={null} />
                    </Suspense>
                  }
                />
              </Routes>
            </RenderFailure>
          </BrowserRouter>
        </QueryClientProvider>
      </UnauthorizedSessionsContext.Provider>
    </ThemeProvider>
  );
}
