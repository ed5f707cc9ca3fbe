import type { Alias } from 'vite';

/**
 * The wizard is written against React's API and tested on React (the component tests), and the
 * browser runs it on Preact through preact/compat: the same components, hooks and MUI, for about
 * 40 KB gzip less on every first step (decision 0019). Exact matches only, so that a package
 * named like "react-router" or "react-hook-form" is not touched.
 */
export const preactAliases: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];
