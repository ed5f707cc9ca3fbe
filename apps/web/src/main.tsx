import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { embedHost } from './shared/embed/embed-context.ts';
import { loadFunnelRuntime } from './shared/embed/funnel-loader.ts';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
// In a company's embed the frame follows the page's height, and its dialogs the visitor's view, from its first paint (issue 27).
if (embedHost) void loadFunnelRuntime().then((runtime) => runtime?.startEmbeddedFrame());
