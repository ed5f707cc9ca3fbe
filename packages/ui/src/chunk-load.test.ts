import { describe, expect, it, vi } from 'vitest';
import { requiredChunk } from './chunk-load.ts';

describe('a module its caller cannot do without', () => {
  it('loads once however often it is asked for', async () => {
    const load = vi.fn(async () => ({ name: 'parser' }));
    const parser = requiredChunk(load);
    const [first, second] = await Promise.all([parser(), parser()]);
    expect(await parser()).toBe(first);
    expect(second).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fails the call waiting for a failed download, and asks for the file again on the next', async () => {
    const load = vi
      .fn<() => Promise<{ name: string }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ name: 'parser' });
    const parser = requiredChunk(load);
    await expect(parser()).rejects.toThrow('Failed to fetch dynamically imported module');
    await expect(parser()).resolves.toEqual({ name: 'parser' });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
