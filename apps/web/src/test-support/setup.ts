import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Each test renders into a clean document, with nothing left in the browser's storage.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
