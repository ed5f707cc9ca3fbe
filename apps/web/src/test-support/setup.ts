import { cleanup } from '@testing-library/react';
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
