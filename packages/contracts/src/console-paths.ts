/**
 * Where the console lives. A module of constants without zod, so that the console's first chunk
 * can name it without carrying the contracts' schemas (decision 0073).
 */

/** The console's pages, under /console. */
export const CONSOLE_BASE_PATH = '/console';
