import { createTheme } from '@mui/material/styles';

/** Calm, high-contrast colours: every text/background pair passes WCAG AA. */
export const theme = createTheme({
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
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiPaper: { defaultProps: { elevation: 0 } },
  },
});

/** Spec 2.3: narrower than 800px counts as mobile. */
export const MOBILE_QUERY = '(max-width:799.95px)';
