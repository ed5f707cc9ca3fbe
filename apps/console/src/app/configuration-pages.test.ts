import { describe, expect, it } from 'vitest';
import { CONFIGURATION_PAGES, isConfigurationPath } from './configuration-pages.ts';

/** Which console addresses are a company's configuration pages: the navigation marks "Configuration" by it. */

describe('the configuration pages', () => {
  it('name each page once, by an address of its own', () => {
    const paths = CONFIGURATION_PAGES.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(new Set(CONFIGURATION_PAGES.map((page) => page.label)).size).toBe(paths.length);
    expect(paths[0]).toBe('settings');
    expect(paths.at(-1)).toBe('history');
  });

  it("know each of the company's configuration pages, and a deeper address within one", () => {
    for (const { path } of CONFIGURATION_PAGES) expect(isConfigurationPath(`/demo/${path}`, 'demo')).toBe(true);
    expect(isConfigurationPath('/demo/history/22', 'demo')).toBe(true);
  });

  it('know the work pages, another company and a near name as not configuration', () => {
    expect(isConfigurationPath('/demo/schedule', 'demo')).toBe(false);
    expect(isConfigurationPath('/demo/orders/settings', 'demo')).toBe(false);
    expect(isConfigurationPath('/other/settings', 'demo')).toBe(false);
    expect(isConfigurationPath('/demo/settingsx', 'demo')).toBe(false);
    expect(isConfigurationPath('/demo', 'demo')).toBe(false);
    expect(isConfigurationPath('/demo/', 'demo')).toBe(false);
  });

  it('read a company key as the address writes it', () => {
    expect(isConfigurationPath('/a%20b/offices', 'a b')).toBe(true);
    expect(isConfigurationPath('/a b/offices', 'a b')).toBe(false);
  });
});
