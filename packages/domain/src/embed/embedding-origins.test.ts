import { describe, expect, it } from 'vitest';
import { isEmbeddingOrigin } from './embedding-origins.ts';

describe('isEmbeddingOrigin', () => {
  const allowed = ['https://www.example.com', 'https://*.inspect.example', 'http://127.0.0.1:8080'];

  it('accepts an origin listed exactly, port included', () => {
    expect(isEmbeddingOrigin('https://www.example.com', allowed)).toBe(true);
    expect(isEmbeddingOrigin('http://127.0.0.1:8080', allowed)).toBe(true);
  });

  it('refuses another scheme, port or host of a listed origin', () => {
    expect(isEmbeddingOrigin('http://www.example.com', allowed)).toBe(false);
    expect(isEmbeddingOrigin('http://127.0.0.1:8081', allowed)).toBe(false);
    expect(isEmbeddingOrigin('https://example.com', allowed)).toBe(false);
    expect(isEmbeddingOrigin('https://www.example.com.evil.test', allowed)).toBe(false);
  });

  it('accepts any subdomain under a wildcard entry, but not the bare domain or a look-alike', () => {
    expect(isEmbeddingOrigin('https://a.inspect.example', allowed)).toBe(true);
    expect(isEmbeddingOrigin('https://a.b.inspect.example', allowed)).toBe(true);
    expect(isEmbeddingOrigin('https://inspect.example', allowed)).toBe(false);
    expect(isEmbeddingOrigin('https://evilinspect.example', allowed)).toBe(false);
    expect(isEmbeddingOrigin('http://a.inspect.example', allowed)).toBe(false);
  });

  it('refuses what is not exactly an origin', () => {
    for (const text of [
      'https://www.example.com/',
      'https://www.example.com/page',
      'https://user@www.example.com',
      'null',
      '',
      'javascript:alert(1)',
      `https://${'a'.repeat(300)}.com`,
    ]) {
      expect(isEmbeddingOrigin(text, allowed), text).toBe(false);
    }
  });

  it('refuses everything when the company lists none', () => {
    expect(isEmbeddingOrigin('https://www.example.com', [])).toBe(false);
  });
});
