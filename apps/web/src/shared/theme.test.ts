import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { themeOptions } from '@scheduler/ui/theme';
import { theme } from './theme.ts';

// The module the build puts in createTheme's place; the package does not export its path.
const muiRoot = dirname(createRequire(import.meta.url).resolve('@mui/material/package.json'));
const { default: createThemeNoVars } = (await import(
  pathToFileURL(join(muiRoot, 'esm/styles/createThemeNoVars.js')).href
)) as { default: (options: ThemeOptions) => Theme };

/** A theme's values, without its functions (which differ by identity only). */
const valuesOf = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

// The build replaces MUI's createTheme and ThemeProvider by their plain (no CSS variables)
// versions; these hold the wizard's theme to what makes that swap change nothing.
describe("the wizard's theme", () => {
  it('asks for neither CSS variables nor color schemes', () => {
    expect('cssVariables' in themeOptions).toBe(false);
    expect('colorSchemes' in themeOptions).toBe(false);
    expect('colorSchemes' in theme).toBe(false);
    expect('vars' in theme).toBe(false);
  });

  it('is the same theme from the plain createTheme as from the one that can make CSS variables', () => {
    expect(valuesOf(createThemeNoVars(themeOptions))).toEqual(valuesOf(createTheme(themeOptions)));
    expect(valuesOf(theme)).toEqual(valuesOf(createThemeNoVars(themeOptions)));
    expect(theme.palette.primary.main).toBe('#1f4e79');
  });
});
