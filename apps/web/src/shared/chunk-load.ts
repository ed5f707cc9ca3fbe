import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { PageUpdatedNotice } from './PageUpdatedNotice.tsx';

/**
 * React's lazy for every part of the wizard that loads on demand. When its file cannot be
 * downloaded (a deploy replaced the build while the visitor was on the page, or the network
 * dropped it), the part renders the "page was updated" notice instead of throwing into a blank
 * page. Vite's preload of a chunk's own imports fails the same promise, so that is caught too.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- typed as React's own lazy is, for any component's props
export function lazyChunk<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  // The notice takes no props and ignores the part's.
  return lazy(() => load().catch(() => ({ default: PageUpdatedNotice as unknown as T })));
}

/**
 * A module loaded on demand that the page can do without (the funnel's sender, the embed's
 * messages): its loader, called as often as needed, loads it once and resolves to null when its
 * file cannot be downloaded, so that analytics never stand in the visitor's way.
 */
export function optionalChunk<T>(load: () => Promise<T>): () => Promise<T | null> {
  let loading: Promise<T | null> | undefined;
  return () => (loading ??= load().catch(() => null));
}
