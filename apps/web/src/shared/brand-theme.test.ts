import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { AA_TEXT, contrastRatio } from '@scheduler/domain/contrast';
import { themeOptions } from '@scheduler/ui/theme';
import { DARKEST_TEXT_SURFACE } from '@scheduler/domain/embed/brand-colours';
import { brandThemeOptions } from './brand-theme.ts';

// The module the build puts in createTheme's place (theme.test.ts says why).
const muiRoot = dirname(createRequire(import.meta.url).resolve('@mui/material/package.json'));
const { default: createThemeNoVars } = (await import(
  pathToFileURL(join(muiRoot, 'esm/styles/createThemeNoVars.js')).href
)) as { default: (options: ThemeOptions, ...more: ThemeOptions[]) => Theme };
const valuesOf = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

/** The contained primary button's colours, as the brand theme states them. */
function containedButton(theme: Theme) {
  const root = theme.components?.MuiButton?.styleOverrides?.root as {
    variants: Array<{ props: object; style: { backgroundColor: string; color: string; '&:hover': object } }>;
  };
  const [variant] = root.variants;
  expect(variant!.props).toEqual({ variant: 'contained', color: 'primary' });
  return variant!.style;
}

describe("the wizard in a company's colour", () => {
  it('is the same theme from the plain createTheme as from the one that can make CSS variables', () => {
    const brand = brandThemeOptions('#ffd000');
    expect(valuesOf(createThemeNoVars(themeOptions, brand))).toEqual(valuesOf(createTheme(themeOptions, brand)));
  });

  it('takes a dark colour as it is, everywhere, with white text on it', () => {
    const theme = createTheme(themeOptions, brandThemeOptions('#0a5c36'));
    expect(theme.palette.primary.main).toBe('#0a5c36');
    expect(theme.palette.primary.contrastText).toBe('#ffffff');
    expect(containedButton(theme)).toMatchObject({ backgroundColor: '#0a5c36', color: '#ffffff' });
    // Hovered: darker, so that the white reads better still.
    const hover = (containedButton(theme)['&:hover'] as { backgroundColor: string }).backgroundColor;
    expect(contrastRatio(hover, '#ffffff')).toBeGreaterThan(contrastRatio('#0a5c36', '#ffffff'));
  });

  it('fills the buttons with a light colour as it is, in black; and draws text in its nearest shade that reads at AA', () => {
    const theme = createTheme(themeOptions, brandThemeOptions('#ffd000'));
    expect(containedButton(theme)).toMatchObject({ backgroundColor: '#ffd000', color: '#000000' });
    const shade = theme.palette.primary.main;
    expect(shade).not.toBe('#ffd000');
    expect(contrastRatio(shade, DARKEST_TEXT_SURFACE)).toBeGreaterThanOrEqual(AA_TEXT);
    for (const surface of ['#ffffff', themeOptions.palette.background.default, '#e8f1f8'])
      expect(contrastRatio(shade, surface), surface).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(theme.palette.primary.contrastText, shade)).toBeGreaterThanOrEqual(AA_TEXT);
    const hover = (containedButton(theme)['&:hover'] as { backgroundColor: string }).backgroundColor;
    expect(contrastRatio(hover, '#000000')).toBeGreaterThan(contrastRatio('#ffd000', '#000000'));
  });

  it('rings focus in the text shade, keeping the shared theme’s other rules', () => {
    const theme = createTheme(themeOptions, brandThemeOptions('#ff6600'));
    const baseline = theme.components?.MuiCssBaseline?.styleOverrides as Record<string, unknown>;
    expect(baseline[':focus-visible']).toEqual({
      outline: `3px solid ${theme.palette.primary.main}`,
      outlineOffset: '2px',
    });
    expect(baseline['[tabindex="-1"]:focus']).toEqual({ outline: 'none' });
    expect(theme.components?.MuiButton?.defaultProps).toEqual({ disableElevation: true });
  });
});
