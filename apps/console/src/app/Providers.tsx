import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { Loading } from '../shared/Loading.tsx';
import { theme } from './theme.ts';

/** The providers every page runs in (the app's, and each test's with its own client and router). */
export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={client}>
        <Suspense fallback={<Loading />}>{children}</Suspense>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
