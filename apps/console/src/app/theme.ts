import { createTheme } from '@mui/material/styles';
import { themeOptions } from '@scheduler/ui/theme';

/** The theme both front ends share (packages/ui), with what only the console's pages need. */
export const theme = createTheme({
  ...themeOptions,
  // Staff pages have a third level of heading (a section's parts); the wizard has none.
  typography: { ...themeOptions.typography, h3: { fontSize: '1rem', fontWeight: 650 } },
  components: {
    ...themeOptions.components,
    MuiCssBaseline: {
      styleOverrides: {
        ...themeOptions.components.MuiCssBaseline.styleOverrides,
        // No page ever scrolls sideways (a wide grid or table scrolls inside its own box).
        body: { overflowX: 'hidden' },
      },
    },
  },
});
