import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Each test renders into a clean document, with its own stubbed server and nothing left behind.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
