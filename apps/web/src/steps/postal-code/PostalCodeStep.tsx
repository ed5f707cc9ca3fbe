import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { StepFrame } from '../../app/StepFrame.tsx';
import { useScheduler } from '../../app/scheduler-context.tsx';
import { addDays } from '@scheduler/domain/availability/zoned-calendar';
import { firstBookableDate, INITIAL_WINDOW_DAYS, schedulingApi } from '../../shared/scheduling-api.ts';
import { readStorage, storageKeys, writeStorage } from '../../shared/storage-keys.ts';
import { texts } from '../../shared/texts.ts';
import { SETTING } from '@scheduler/contracts/setting-keys';
import { Notice } from '../../shared/Notice.tsx';

/** Spec 2.4: the property's postal code, which decides which inspectors can come. */
export default function PostalCodeStep() {
  const { companyKey, credentials, order, office, settings, goTo } = useScheduler();
  const queryClient = useQueryClient();
  const location = useLocation();
  const storageKey = storageKeys.postalCode(companyKey, credentials.token);
  // "Change postal code" on the calendar arrives here with a cleared field.
  const cleared = (location.state as { clearPostalCode?: boolean } | null)?.clearPostalCode === true;
  const [postalCode, setPostalCode] = useState(() => (cleared ? '' : order.postal_code || readStorage(globalThis.localStorage, storageKey) || ''));
  const [saving, setSaving] = useState(false);
  const [unavailableFor, setUnavailableFor] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const trimmed = postalCode.trim();

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!trimmed || saving) return;
    setSaving(true);
    setFailed(false);
    try {
      const api = schedulingApi(companyKey, credentials);
      await api.setPostalCode(trimmed);
      writeStorage(globalThis.localStorage, storageKey, trimmed);
      await queryClient.invalidateQueries({ queryKey: ['order'] });
      const from = firstBookableDate(office.time_zone, settings.isOn(SETTING.ALLOW_TODAY));
      const slots = await api.availability({ from, to: addDays(from, INITIAL_WINDOW_DAYS - 1), limit: 1, postalCode: trimmed });
      if (slots.length === 0) setUnavailableFor(trimmed);
      else goTo('calendar');
    } catch {
      setFailed(true);
    } finally {
      setSaving(false);
    }
  };

  return (
    <StepFrame step="postal-code" nextDisabled={!trimmed || saving} onNext={() => void save()}>
      <form onSubmit={(event) => void save(event)} noValidate>
        <TextField
          label={texts.postalCode.label}
          value={postalCode}
          onChange={(event) => {
            setPostalCode(event.target.value);
            setUnavailableFor(null);
          }}
          slotProps={{ htmlInput: { maxLength: 10, autoComplete: 'postal-code', inputMode: 'text' } }}
          required
          autoFocus
          sx={{ width: { xs: '100%', sm: 280 } }}
        />
      </form>
      {unavailableFor && (
        <Notice severity="warning" sx={{ mt: 3 }}>
          {texts.postalCode.noAvailability(unavailableFor, office.office_phone)}
        </Notice>
      )}
      {failed && (
        <Notice severity="error" sx={{ mt: 3 }}>
          {texts.somethingWentWrong(office.office_phone)}
        </Notice>
      )}
    </StepFrame>
  );
}
