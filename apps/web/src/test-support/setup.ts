import { cleanup, configure } from '@testing-library/react';
import { keepPaintOnlyRulesOutOfTheDocument } from '@scheduler/ui/test-support/emotion-styles';
import { skipReactOwnerStacks } from '@scheduler/ui/test-support/react-owner-stacks';
import { afterEach } from 'vitest';
// The first steps' answer parser loads with a page's first call (shared/answer-later.ts). A
// browser downloads it in milliseconds; a test worker compiles zod and the contracts for it, a
// second or more on a busy machine, longer than a test waits for what an answer shows. Imported
// here, it is compiled before the first test; each call still waits for it as the page does.
import '../shared/later-answers.ts';

// Each test renders into a clean document, with nothing left in the browser's storage.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// What a test finds after a lazy part has loaded (a dialog, a step's notice) waits up to 5 s, not
// Testing Library's 1 s: the first import of a lazy module compiles it, over a second on two busy
// cores while the other test workers run.
configure({ asyncUtilTimeout: 5000 });
// Two costs of the test document that no test reads (packages/ui/src/test-support says why).
skipReactOwnerStacks();
keepPaintOnlyRulesOutOfTheDocument();
