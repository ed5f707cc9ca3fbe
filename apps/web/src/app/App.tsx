import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes } from 'react-router';
import { SchedulerPage } from './SchedulerPage.tsx';
import { theme } from './theme.ts';
import { lazy, Suspense } from 'react';
import { createQueryClient, UnauthorizedSessions, UnauthorizedSessionsContext } from './query-client.ts';

const NotFoundPage = lazy(() => import('../status-pages/NotFoundPage.tsx').then((m) => ({ default: m.NotFoundPage })));

const unauthorizedSessions = new UnauthorizedSessions();
const queryClient = createQueryClient(unauthorizedSessions);

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <UnauthorizedSessionsContext.Provider value={unauthorizedSessions}>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <Routes>
              <Route path="/:companyKey/online-scheduler/*" element={<SchedulerPage />} />
              <Route
                path="*"
                element={
                  <Suspense fallback={null}>
                    <NotFoundPage contact={null} companyKey={null} />
                  </Suspense>
                }
              />
            </Routes>
          </BrowserRouter>
        </QueryClientProvider>
      </UnauthorizedSessionsContext.Provider>
    </ThemeProvider>
  );
}
