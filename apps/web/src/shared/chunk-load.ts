import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyWithFallback } from '@scheduler/ui/chunk-load';
import { PageUpdatedNotice } from './PageUpdatedNotice.tsx';

/**
 * Every part of the wizard that loads on demand: when its file cannot be downloaded, the part
 * shows the "page was updated" notice (a Reload that comes back to the same step) instead of a
 * blank page.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- typed as React's own lazy is, for any component's props
export function lazyChunk<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazyWithFallback(load, PageUpdatedNotice);
}
