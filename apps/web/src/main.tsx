import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { embedHost, greetHost } from './shared/embed/embed-context.ts';
import { loadFunnelRuntime } from './shared/embed/funnel-loader.ts';

// First of all: the company's page takes a frame that stays silent for refused (decision 0060).
greetHost();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
// In a company's embed the frame follows the page's height, and its dialogs the visitor's view, from its first paint (issue 27).
if (embedHost) void loadFunnelRuntime().then((runtime) => runtime?.startEmbeddedFrame());
