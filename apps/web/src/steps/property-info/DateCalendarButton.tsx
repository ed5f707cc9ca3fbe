import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import SvgIcon from '@mui/material/SvgIcon';
import { Suspense, useRef, useState } from 'react';
import { lazyChunk } from '../../shared/chunk-load.ts';
import { propertyTexts } from './property-texts.ts';

// MUI X's calendar and its date library load when a visitor first opens a calendar, never with the step.
const DateCalendarPopover = lazyChunk(() => import('./DateCalendarPopover.tsx'));

/**
 * The calendar button at the end of a Date or ClosingDate answer (spec 3.3, issue 42): the answer
 * stays typed in the company's DATE_FORMAT, and a day picked on the calendar is written there in
 * that format. The button names its question for a screen reader; the calendar is a dialog that
 * returns focus to it.
 */
export function DateCalendarButton({
  question,
  value,
  dateFormat,
  onPick,
}: {
  question: string;
  value: string;
  dateFormat: string;
  onPick: (text: string) => void;
}) {
  const anchor = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  return (
    <InputAdornment position="end">
      <IconButton
        ref={anchor}
        edge="end"
        aria-label={propertyTexts.chooseDate(question)}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <SvgIcon fontSize="small" aria-hidden>
          <path d="M19 4h-1V2h-2v2H8V2H6v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2zm0 16H5V10h14v10zm0-12H5V6h14v2z" />
        </SvgIcon>
      </IconButton>
      {open && (
        <Suspense fallback={null}>
          <DateCalendarPopover
            anchor={anchor.current}
            question={question}
            value={value}
            dateFormat={dateFormat}
            onPick={(text) => {
              onPick(text);
              setOpen(false);
            }}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </InputAdornment>
  );
}
