import Box from '@mui/material/Box';
import { useId } from 'react';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';

export interface SlotChoice {
  slot: AppointmentSlot;
  label: string;
  detail?: string;
  /**
   * The time the visitor has already (the manage page's booking): shown in its place and marked
   * (its detail says so; `aria-current` too), but not a choice.
   */
  current?: boolean;
}

/**
 * A list of appointment slots to choose one from: native radio buttons (keyboard and screen
 * readers know them), styled as rows. Scrolls when it is long (spec 2.5: more than 4).
 */
export function SlotPicker({
  choices,
  selectedId,
  onSelect,
  labelledBy,
  scrollAfter = 4,
}: {
  choices: SlotChoice[];
  selectedId: string | null;
  onSelect: (slot: AppointmentSlot) => void;
  labelledBy: string;
  scrollAfter?: number;
}) {
  const name = useId();
  const scrolls = choices.length > scrollAfter;
  return (
    <Box
      role="radiogroup"
      aria-labelledby={labelledBy}
      sx={{ maxHeight: scrolls ? 292 : 'none', overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 2 }}
    >
      {choices.map(({ slot, label, detail, current = false }) => {
        const checked = slot.id === selectedId && !current;
        return (
          <Box
            component="label"
            key={slot.id}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1.5,
              px: 2,
              py: 1.25,
              cursor: current ? 'default' : 'pointer',
              borderBottom: 1,
              borderColor: 'divider',
              bgcolor: checked ? '#e8f1f8' : 'transparent',
              '&:last-of-type': { borderBottom: 0 },
              '&:hover': { bgcolor: checked ? '#e8f1f8' : current ? 'transparent' : '#f5f8fb' },
              '&:focus-within': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
            }}
          >
            <Box
              component="input"
              type="radio"
              name={name}
              value={slot.id}
              checked={checked}
              disabled={current}
              aria-current={current ? 'time' : undefined}
              onChange={() => onSelect(slot)}
              sx={{ width: 20, height: 20, m: 0, flexShrink: 0, accentColor: '#1f4e79' }}
            />
            <Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
              <Box component="span" sx={{ fontWeight: 600 }}>
                {label}
              </Box>
              {detail && (
                <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.9rem' }}>
                  {detail}
                </Box>
              )}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
