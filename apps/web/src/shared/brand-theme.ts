import type { ThemeOptions } from '@mui/material/styles';
import { brandColours } from '@scheduler/domain/embed/brand-colours';

/**
 * The wizard in a company's colour (decision 0060), over the shared theme. The colour itself fills
 * the main buttons, with black or white text, whichever reads better on it. Everything the theme
 * draws in its primary colour on the light page (links, outlined buttons, the calendar's days,
 * labels, the focus ring) takes the colour when text in it reaches AA there, else its nearest
 * darker shade that does: a light yellow or orange still looks like the company, and stays legible.
 */
export function brandThemeOptions(brandColor: string): ThemeOptions {
  const colours = brandColours(brandColor);
  const ring = { outline: `3px solid ${colours.text}`, outlineOffset: '2px' };
  return {
    palette: { primary: { main: colours.text, contrastText: colours.onText } },
    components: {
      MuiCssBaseline: { styleOverrides: { ':focus-visible': ring } },
      MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': ring } } },
      MuiButton: {
        styleOverrides: {
          root: {
            variants: [
              {
                props: { variant: 'contained', color: 'primary' },
                style: {
                  backgroundColor: colours.fill,
                  color: colours.onFill,
                  '&:hover': { backgroundColor: colours.fillHover },
                },
              },
            ],
          },
        },
      },
    },
  };
}
