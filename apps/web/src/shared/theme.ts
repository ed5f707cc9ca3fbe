import { createTheme } from '@mui/material/styles';
import { themeOptions } from '@scheduler/ui/theme';
import { brandThemeOptions } from './brand-theme.ts';
import { embedLook } from './embed/embed-context.ts';

/**
 * The wizard's theme: the one both front ends share (packages/ui), as it is, or in the colour of
 * the company's page it is embedded in (decision 0060).
 */
export const theme = embedLook.brandColor
  ? createTheme(themeOptions, brandThemeOptions(embedLook.brandColor))
  : createTheme(themeOptions);

/** Spec 2.3: narrower than 800px counts as mobile. */
export const MOBILE_QUERY = '(max-width:799.95px)';
