/**
 * The embed script (issue 27, decisions 0046 and 0060), served at /embed/v1/scheduler.js: it
 * finds where it was loaded from, sets up the page (install.ts) and mounts the placeholders.
 * No dependencies: the contract's constants are all it takes from the product (README.md).
 */
import { EMBED_SCRIPT_PATH } from '@scheduler/contracts/embed';
import { install, warn } from './install.ts';

/** Captured at load: document.currentScript is null once the script's first run is over. */
function scriptOrigin(): string | null {
  const script =
    (document.currentScript as HTMLScriptElement | null) ??
    document.querySelector<HTMLScriptElement>(`script[src*="${EMBED_SCRIPT_PATH}"]`);
  try {
    return script ? new URL(script.src).origin : null;
  } catch {
    return null;
  }
}

function start(): void {
  const mountAll = (mount: (element: Element) => void, then = () => {}) => {
    const run = () => {
      document.querySelectorAll('[data-online-scheduler]').forEach(mount);
      then();
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run);
    else run();
  };
  // A second copy of the script on the page mounts its placeholders with the first one's listeners.
  if (window.OnlineScheduler) return mountAll(window.OnlineScheduler.mount);
  const origin = scriptOrigin();
  if (!origin) return warn(`cannot tell where ${EMBED_SCRIPT_PATH} was loaded from`);
  const { api, prepareOpeners } = install(origin);
  window.OnlineScheduler = api;
  mountAll(api.mount, prepareOpeners);
}

start();
