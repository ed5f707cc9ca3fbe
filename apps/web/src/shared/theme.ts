import { createTheme } from '@mui/material/styles';
import { themeOptions } from '@scheduler/ui/theme';

/** The wizard's theme: the one both front ends share (packages/ui), as it is. */
export const theme = createTheme(themeOptions);

/** Spec 2.3: narrower than 800px counts as mobile. */
export const MOBILE_QUERY = '(max-width:799.95px)';
