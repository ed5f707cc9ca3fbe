import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes } from 'react-router';
import { UnauthorizedError } from '../shared/api-client.ts';
import { SchedulerPage } from './SchedulerPage.tsx';
import { theme } from './theme.ts';
import { lazy, Suspense } from 'react';

const NotFoundPage = lazy(() => import('../status-pages/NotFoundPage.tsx').then((m) => ({ default: m.NotFoundPage })));

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 401 will not turn into a 200 by asking again.
      retry: (failures, error) => !(error instanceof UnauthorizedError) && failures < 2,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
  },
});

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
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
    </ThemeProvider>
  );
}
