import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

// The first steps' answer parser (shared/later-answers.ts) loads with a page's first call. A
// browser downloads it in milliseconds; a test worker compiles zod and the contracts for it, a
// second or more on a busy machine, longer than a test waits for what the answer shows. The worker
// compiles it before its first test; each call still waits for it as the page does.
beforeAll(() => import('../shared/later-answers.ts'));

// Each test renders into a clean document, with nothing left in the browser's storage.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
