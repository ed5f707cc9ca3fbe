import * as React from 'react';

/**
 * React's development build records where each element was created: up to 10,000 elements per
 * render it captures an `Error` with a ten-frame stack (owner stacks, shown in its warnings).
 * The component tests render whole MUI pages again on each input, and those captures were a sixth
 * of their CPU (createElement and jsx: 11 of 65 s of the People page's test, profiled). The count
 * is pinned above React's limit here, so elements take React's "unknown owner" stack instead:
 * warnings still name the component, without the line it was created on.
 */
export function skipReactOwnerStacks() {
  const internals = (React as unknown as Record<string, object | undefined>)
    .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
  if (!internals) return;
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', {
    configurable: true,
    get: () => Number.POSITIVE_INFINITY,
    set: () => {},
  });
}
