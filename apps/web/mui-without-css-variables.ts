import type { Plugin } from 'vite';

const STYLES = '/@mui/material/esm/styles/';
/** Each MUI module that chooses at run time between a theme with CSS variables and one without, and the one it chooses for ours. */
const WITHOUT_CSS_VARIABLES: Record<string, string> = {
  'createTheme.js': 'createThemeNoVars.js',
  'ThemeProvider.js': 'ThemeProviderNoVars.js',
};

/**
 * MUI's createTheme and ThemeProvider carry the whole CSS-variables theme (color schemes, the
 * variables' generator, its provider) and pick it at run time only when a theme asks for
 * `cssVariables` or `colorSchemes`. The wizard's theme asks for neither (theme.test.ts holds it
 * to that, and that createTheme gives the same theme), so the build takes the plain ones they
 * would pick, and the first step loads none of the rest.
 */
export function muiWithoutCssVariables(): Plugin {
  return {
    name: 'scheduler-mui-without-css-variables',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const file = source.split('/').at(-1) ?? '';
      if (!(file in WITHOUT_CSS_VARIABLES)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved?.id.includes(STYLES) || !resolved.id.endsWith(`${STYLES}${file}`)) return resolved;
      return { ...resolved, id: resolved.id.slice(0, -file.length) + WITHOUT_CSS_VARIABLES[file] };
    },
  };
}
