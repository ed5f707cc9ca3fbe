import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useId } from 'react';
import type { OfficeResponse } from '@scheduler/contracts/office';
import { formatAppointmentDateTime, joinNames, wallTimeIn } from '@scheduler/domain/scheduling-text';
import { zoneSuffix } from '@scheduler/domain/time-zone-text';
import { describeSlot } from '../../shared/appointments/slot-labels.ts';
import { SlotChoiceList } from '../../shared/appointments/SlotChoiceList.tsx';
import { Notice } from '../../shared/Notice.tsx';
import type { HeldTimeFit } from './held-time-fit.ts';
import { alternativeSlots } from './alternatives.ts';
import { packagesTexts } from './packages-texts.ts';

const t = packagesTexts.heldTime;

/**
 * What a cart change did to the held time, said on the packages step itself (issue 20 item 1): a
 * new team named, or the nearest times that fit with a way to the calendar. It stays until the
 * next cart change, so that closing any dialog still leaves the visitor a way on.
 */
export function HeldTimeNotice({
  fit,
  datetime,
  office,
  showNames,
  busy,
  onChoose,
  onPickAnother,
}: {
  fit: HeldTimeFit;
  /** The held time's start, an ISO instant. */
  datetime: string | null;
  office: Pick<OfficeResponse, 'users' | 'time_zone'>;
  showNames: boolean;
  busy: boolean;
  onChoose: (slot: Parameters<typeof describeSlot>[0]) => void;
  onPickAnother: () => void;
}) {
  const listId = useId();
  const when = datetime
    ? `${formatAppointmentDateTime(wallTimeIn(datetime, office.time_zone))}${zoneSuffix(office.time_zone, Date.parse(datetime))}`
    : '';
  if (fit.kind === 'team') {
    const added = fit.after.filter((id) => !fit.before.includes(id));
    const names = joinNames(
      added.map((id) => office.users.find((user) => user.id === id)?.display ?? '').filter(Boolean),
    );
    return (
      <Notice severity="info">
        {showNames && names ? t.teamChanged(names, when) : t.teamGrew(fit.after.length, when)}
      </Notice>
    );
  }
  if (fit.kind === 'moved') {
    const slot = describeSlot(fit.slot, { long: true, showNames, users: office.users });
    return <Notice severity="info">{t.moved([slot.label, slot.detail].filter(Boolean).join(' '))}</Notice>;
  }
  const choices = alternativeSlots(fit.appointments, showNames).map((slot) =>
    describeSlot(slot, { long: true, showNames, users: office.users }),
  );
  return (
    <Notice
      severity="warning"
      action={
        <Button variant="outlined" onClick={onPickAnother} disabled={busy}>
          {t.pickAnother}
        </Button>
      }
    >
      <Box component="strong" sx={{ display: 'block', mb: 0.5 }}>
        {t.doesNotFitTitle}
      </Box>
      {choices.length > 0 ? t.doesNotFit(when) : t.noneNearby(when)}
      {choices.length > 0 && (
        <Box sx={{ mt: 1.5, bgcolor: 'background.paper', color: 'text.primary', borderRadius: 2 }}>
          <Box
            id={listId}
            component="span"
            sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
          >
            {t.nearestTimes}
          </Box>
          <SlotChoiceList
            choices={choices}
            onChoose={(slot) => !busy && onChoose(slot)}
            labelledBy={listId}
            scrollAfter={3}
          />
        </Box>
      )}
    </Notice>
  );
}
