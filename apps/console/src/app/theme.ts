import { createTheme } from '@mui/material/styles';

/** Keyboard focus, visible on every control: 3px of the primary colour, 2px off the element (as the wizard's). */
export const FOCUS_RING = { outline: '3px solid #1f4e79', outlineOffset: '2px' } as const;

/** The wizard's calm, high-contrast colours (every text/background pair passes WCAG AA), for staff. */
export const theme = createTheme({
  palette: {
    primary: { main: '#1f4e79', contrastText: '#ffffff' },
    secondary: { main: '#2f6f5e' },
    background: { default: '#f3f6f9', paper: '#ffffff' },
    text: { primary: '#1b2733', secondary: '#4a5a6a' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '1.5rem', fontWeight: 650, lineHeight: 1.3 },
    h2: { fontSize: '1.15rem', fontWeight: 650 },
    h3: { fontSize: '1rem', fontWeight: 650 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        ':focus-visible': FOCUS_RING,
        // Headings take focus when a page changes (for screen readers); they are not controls.
        '[tabindex="-1"]:focus': { outline: 'none' },
        // No page ever scrolls sideways (a wide grid or table scrolls inside its own box).
        body: { overflowX: 'hidden' },
      },
    },
    MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': FOCUS_RING } } },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiPaper: { defaultProps: { elevation: 0 } },
  },
});
