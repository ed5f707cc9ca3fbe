import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import type { SlotChoice } from './SlotPicker.tsx';

// A module of its own: only the lazily loaded "Sorry!" dialog needs it, not the calendar's first download.
/**
 * The alternatives of a dialog that acts on a choice (the "Sorry!" dialog holds, and on the review
 * confirms, the time chosen): one button per slot in a list, so a choice acts only on an explicit
 * click, Enter or Space. A radio group would act on its arrow keys, which move and check at once
 * (WCAG 3.2.2). Each button reads as the slot's label, then its detail.
 */
export function SlotChoiceList({
  choices,
  onChoose,
  labelledBy,
  scrollAfter = 4,
}: {
  choices: SlotChoice[];
  onChoose: (slot: AppointmentSlot) => void;
  labelledBy: string;
  scrollAfter?: number;
}) {
  const scrolls = choices.length > scrollAfter;
  return (
    <Box
      component="ul"
      aria-labelledby={labelledBy}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        maxHeight: scrolls ? 292 : 'none',
        overflowY: 'auto',
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
      }}
    >
      {choices.map(({ slot, label, detail }) => (
        <Box
          component="li"
          key={slot.id}
          sx={{ borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
        >
          <ButtonBase
            onClick={() => onChoose(slot)}
            sx={{
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'flex-start',
              width: '100%',
              px: 2,
              py: 1.25,
              textAlign: 'left',
              font: 'inherit',
              '&:hover': { bgcolor: '#f5f8fb' },
              '&.Mui-focusVisible': { outline: '3px solid #1f4e79', outlineOffset: '-3px' },
            }}
          >
            <Box component="span" sx={{ fontWeight: 600 }}>
              {label}
            </Box>
            {detail && (
              <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.9rem' }}>
                {detail}
              </Box>
            )}
          </ButtonBase>
        </Box>
      ))}
    </Box>
  );
}
