import type { ThemeOptions } from '@mui/material/styles';

/**
 * The focus ring of every focusable thing in both front ends: 3px of the primary colour (8.9:1 on
 * white, 8.2:1 on the page background), 2px off the element so that it stays visible on filled
 * buttons too.
 */
export const FOCUS_RING = { outline: '3px solid #1f4e79', outlineOffset: '2px' } as const;

/**
 * The theme both front ends build on (the wizard's values: radius 10, h1 1.6rem): calm,
 * high-contrast colours, every text/background pair passing WCAG AA. No CSS variables and no
 * color schemes: the wizard's build takes MUI's plain theme for that
 * (apps/web/mui-without-css-variables.ts). An app adds to it, never changes what it holds, so
 * that the two stay one product to look at.
 */
export const themeOptions = {
  palette: {
    primary: { main: '#1f4e79', contrastText: '#ffffff' },
    secondary: { main: '#2f6f5e' },
    background: { default: '#f3f6f9', paper: '#ffffff' },
    text: { primary: '#1b2733', secondary: '#4a5a6a' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: '"Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '1.6rem', fontWeight: 650, lineHeight: 1.3 },
    h2: { fontSize: '1.2rem', fontWeight: 650 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        // Native controls, links and anything given a tab stop; keyboard focus only.
        ':focus-visible': FOCUS_RING,
        // Headings take focus when a screen changes (for screen readers); they are not controls.
        '[tabindex="-1"]:focus': { outline: 'none' },
      },
    },
    MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': FOCUS_RING } } },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiPaper: { defaultProps: { elevation: 0 } },
  },
} satisfies ThemeOptions;
