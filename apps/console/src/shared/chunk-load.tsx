import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyWithFallback } from '@scheduler/ui/chunk-load';

/** What a page whose code could not be downloaded shows instead of nothing. */
export function ChunkFailed() {
  return (
    <Alert
      severity="warning"
      role="alert"
      sx={{ my: 2 }}
      action={
        <Button color="inherit" onClick={() => window.location.reload()}>
          Reload
        </Button>
      }
    >
      This page could not be loaded: the console may have been updated, or the connection dropped.
    </Alert>
  );
}

/**
 * React's lazy for every page of the console. When the page's file cannot be downloaded (a
 * deploy replaced the build while the console was open, or the network dropped it), the page
 * shows "Reload" rather than throwing into a blank screen.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- typed as React's own lazy is, for any component's props
export function lazyPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazyWithFallback(load, ChunkFailed);
}
