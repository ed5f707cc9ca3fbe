import { BrowserRouter } from 'react-router';
import { CONSOLE_BASE_PATH } from '@scheduler/contracts/console-paths';
import { ConsoleRoutes } from './ConsoleRoutes.tsx';
import { Providers } from './Providers.tsx';
import { createQueryClient } from './query-client.ts';

const queryClient = createQueryClient();

export function App() {
  return (
    <Providers client={queryClient}>
      <BrowserRouter basename={CONSOLE_BASE_PATH}>
        <ConsoleRoutes />
      </BrowserRouter>
    </Providers>
  );
}
