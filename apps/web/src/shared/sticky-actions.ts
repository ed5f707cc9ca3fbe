/**
 * On a narrow screen a step's Back/Next bar sticks to the foot of the screen, so Next stays in
 * reach without scrolling past the calendar and the office details (issue 8, "Mobile and loading").
 */
export const NARROW_SCREEN = '@media (max-width: 799.95px)';

export const stickyOnNarrowScreens = {
  [NARROW_SCREEN]: { position: 'sticky', bottom: 0, zIndex: 2, bgcolor: 'background.paper', pb: 2, mb: -2 },
} as const;
