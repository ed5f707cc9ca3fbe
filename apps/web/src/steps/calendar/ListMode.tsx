import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import { ContactText } from '../../shared/ContactText.tsx';
import { texts } from '../../shared/texts.ts';
import type { Availability } from './api.ts';
import { afterShowMore, listAtEnd, needsAnotherWindow, type ListPaging } from './availability.ts';
import { SlotPicker, type SlotChoice } from '../../shared/appointments/SlotPicker.tsx';
import { scheduleTexts } from '../../shared/appointment-texts.ts';

export interface ListModeProps {
  availability: Availability;
  pageSize: number;
  describe: (slot: AppointmentSlot) => SlotChoice;
  selectedId: string | null;
  onSelect: (slot: AppointmentSlot) => void;
  phone: string;
}

/** List mode: appointments in order, with Show More (spec 2.5, 4.5). */
export default function ListMode({ availability, pageSize, describe, selectedId, onSelect, phone }: ListModeProps) {
  const ordered = useMemo(
    () => [...availability.byDate.keys()].sort().flatMap((date) => availability.byDate.get(date) ?? []),
    [availability.byDate],
  );
  const [paging, setPaging] = useState<ListPaging>({ visible: pageSize, checks: 0, exhausted: false });

  const showMore = async () => {
    let available = ordered.length;
    let checks = paging.checks;
    // Fetch four-week windows until there is a page to show, for at most six checks.
    while (needsAnotherWindow({ ...paging, checks }, available, pageSize)) {
      checks++;
      const fetched = await availability.fetchMore();
      if (fetched === null) return;
      available += fetched;
    }
    setPaging(afterShowMore(paging, available, pageSize, checks));
  };

  const shown = ordered.slice(0, paging.visible);
  const atEnd = listAtEnd(paging, ordered.length);
  return (
    <Box>
      {shown.length > 0 && (
        <Typography id="list-label" sx={{ position: 'absolute', left: -10000 }}>
          {texts.stepTitles.calendar}
        </Typography>
      )}
      {shown.length > 0 && (
        <SlotPicker
          choices={shown.map(describe)}
          selectedId={selectedId}
          onSelect={onSelect}
          labelledBy="list-label"
          scrollAfter={Number.POSITIVE_INFINITY}
        />
      )}
      {availability.loadingMore && (
        <Typography role="status" sx={{ mt: 2 }}>
          {scheduleTexts.loadingMore}
        </Typography>
      )}
      {atEnd || shown.length === 0 ? (
        <Typography sx={{ mt: 2 }}>
          <ContactText text={scheduleTexts.listEnd(shown.length > 0, phone)} phone={phone} />
        </Typography>
      ) : (
        <Button variant="outlined" sx={{ mt: 2 }} onClick={() => void showMore()} disabled={availability.loadingMore}>
          {scheduleTexts.showMore}
        </Button>
      )}
    </Box>
  );
}
