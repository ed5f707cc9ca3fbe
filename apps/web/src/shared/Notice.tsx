import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

const TONES = {
  info: { bg: '#e8f1f8', border: '#9cc0de', text: '#17324d' },
  warning: { bg: '#fff4e0', border: '#e0a84a', text: '#4d3200' },
  error: { bg: '#fdecec', border: '#d98b8b', text: '#5f1414' },
} as const;

/**
 * A message in the flow of a screen. Lighter than MUI's Alert, which would pull its icon set into
 * the first step's bundle. Warnings and errors are announced (role "alert").
 */
export function Notice({
  severity,
  children,
  action,
  sx,
}: {
  severity: keyof typeof TONES;
  children: ReactNode;
  action?: ReactNode;
  sx?: object;
}) {
  const tone = TONES[severity];
  return (
    <Box
      role={severity === 'info' ? 'note' : 'alert'}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 1.5,
        px: 2,
        py: 1.5,
        bgcolor: tone.bg,
        color: tone.text,
        border: 1,
        borderColor: tone.border,
        borderLeftWidth: 4,
        borderRadius: 2,
        ...sx,
      }}
    >
      <Box sx={{ flex: '1 1 260px' }}>{children}</Box>
      {action}
    </Box>
  );
}
