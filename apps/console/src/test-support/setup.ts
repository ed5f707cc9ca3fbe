import { cleanup, configure } from '@testing-library/react';
import { keepPaintOnlyRulesOutOfTheDocument } from '@scheduler/ui/test-support/emotion-styles';
import { skipReactOwnerStacks } from '@scheduler/ui/test-support/react-owner-stacks';
import { afterEach, vi } from 'vitest';

// Each test renders into a clean document, with its own stubbed server and nothing left behind.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// What a test finds after a lazy part has loaded (a dialog, a step's notice) waits up to 5 s, not
// Testing Library's 1 s: the first import of a lazy module compiles it, over a second on two busy
// cores while the other test workers run.
configure({ asyncUtilTimeout: 5000 });
// Two costs of the test document that no test reads (packages/ui/src/test-support says why).
skipReactOwnerStacks();
keepPaintOnlyRulesOutOfTheDocument();
