import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { readStorage, storageKeys, writeStorage } from '../../shared/storage-keys.ts';
import { propertyTexts } from './property-texts.ts';

const MAX_NOTE = 2000;

/** Spec 2.8: the optional special-instructions note, kept in this browser's local storage as it is typed. */
export function SpecialNote({ token }: { token: string }) {
  const key = storageKeys.specialNote(token);
  const [note, setNote] = useState(() => readStorage('localStorage', key) ?? '');
  return (
    <TextField
      label={propertyTexts.specialNote}
      value={note}
      onChange={(event) => {
        setNote(event.target.value);
        writeStorage('localStorage', key, event.target.value);
      }}
      multiline
      minRows={3}
      fullWidth
      slotProps={{ htmlInput: { maxLength: MAX_NOTE } }}
    />
  );
}
