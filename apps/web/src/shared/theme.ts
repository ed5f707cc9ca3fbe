import { createTheme, type ThemeOptions } from '@mui/material/styles';

/**
 * The focus ring of every focusable thing: 3px of the primary colour (8.9:1 on white, 8.2:1 on
 * the page background), 2px off the element so that it stays visible on filled buttons too.
 */
export const FOCUS_RING = { outline: '3px solid #1f4e79', outlineOffset: '2px' } as const;

/**
 * Calm, high-contrast colours: every text/background pair passes WCAG AA. No CSS variables and no
 * color schemes: the build takes MUI's plain theme for that (apps/web/mui-without-css-variables.ts).
 */
export const themeOptions: ThemeOptions = {
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
};

export const theme = createTheme(themeOptions);

/** Spec 2.3: narrower than 800px counts as mobile. */
export const MOBILE_QUERY = '(max-width:799.95px)';
