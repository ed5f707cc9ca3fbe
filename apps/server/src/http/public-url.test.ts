import { describe, expect, it } from 'vitest';
import { publicBaseUrl } from './public-url.ts';

describe('publicBaseUrl', () => {
  it('is PUBLIC_URL without its trailing slash when it is set', () => {
    expect(publicBaseUrl({ PUBLIC_URL: 'https://book.example.com/', HOST: '0.0.0.0', PORT: 3000 })).toBe(
      'https://book.example.com',
    );
    expect(publicBaseUrl({ PUBLIC_URL: 'https://example.com/scheduler', HOST: '10.0.0.5', PORT: 8080 }, 41234)).toBe(
      'https://example.com/scheduler',
    );
  });

  it('is the configured host and the listening port without it, localhost for every interface', () => {
    expect(publicBaseUrl({ PUBLIC_URL: undefined, HOST: '0.0.0.0', PORT: 3000 })).toBe('http://localhost:3000');
    expect(publicBaseUrl({ PUBLIC_URL: undefined, HOST: '::', PORT: 0 }, 41234)).toBe('http://localhost:41234');
    expect(publicBaseUrl({ PUBLIC_URL: undefined, HOST: 'scheduler.internal', PORT: 8080 })).toBe(
      'http://scheduler.internal:8080',
    );
    expect(publicBaseUrl({ PUBLIC_URL: undefined, HOST: '::1', PORT: 8080 })).toBe('http://[::1]:8080');
  });
});
