import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';

export interface SlotChoice {
  slot: AppointmentSlot;
  label: string;
  detail?: string;
}

/** A list of appointment slots to choose one from; scrolls when it is long (spec 2.5: more than 4). */
export function SlotPicker({ choices, selectedId, onSelect, labelledBy, scrollAfter = 4 }: { choices: SlotChoice[]; selectedId: string | null; onSelect: (slot: AppointmentSlot) => void; labelledBy: string; scrollAfter?: number }) {
  return (
    <Box sx={{ maxHeight: choices.length > scrollAfter ? 292 : 'none', overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 2, px: 1.5, py: 0.5 }} tabIndex={choices.length > scrollAfter ? 0 : undefined} aria-labelledby={labelledBy} role="region">
      <RadioGroup aria-labelledby={labelledBy} value={selectedId ?? ''} onChange={(event) => onSelect(choices.find((c) => c.slot.id === event.target.value)!.slot)}>
        {choices.map(({ slot, label, detail }) => (
          <FormControlLabel
            key={slot.id}
            value={slot.id}
            control={<Radio />}
            sx={{ py: 0.5, m: 0, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
            label={
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
            }
          />
        ))}
      </RadioGroup>
    </Box>
  );
}
