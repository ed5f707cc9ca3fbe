import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import InputLabel from '@mui/material/InputLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { configuredContactTypes, offeredContactTypes } from '@scheduler/domain/people/contacts-step';
import { useScheduler } from '../../shared/scheduler-context.tsx';
import { isFailure } from '../../shared/api-client.ts';
import { FailureNotice } from '../../shared/FailureNotice.tsx';
import { useRemoveContact } from './api.ts';
import { ContactDraft } from './ContactDraft.tsx';
import { contactsTexts } from './contacts-texts.ts';
import { usePeopleSettings } from './people-settings.ts';
import { PersonDisplay } from './PersonDisplay.tsx';

/** The additional contacts (spec 2.7, 4.6): the saved ones with "Delete contact", and one being added. */
export function ContactsArea() {
  const { scope, order, office } = useScheduler();
  const people = usePeopleSettings();
  const headingId = useId();
  const selectId = useId();
  const remove = useRemoveContact(scope);
  const [choosing, setChoosing] = useState(false);
  const [typeId, setTypeId] = useState('');
  const offered = offeredContactTypes(
    configuredContactTypes(office.contact_types, people.contactTypeChoice),
    order.contacts,
  );
  const chosen = offered.find((type) => String(type.id) === typeId);
  const done = () => {
    setChoosing(false);
    setTypeId('');
  };

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography variant="h2" id={headingId} sx={{ mb: 2 }}>
        {contactsTexts.contactsTitle}
      </Typography>
      <Stack spacing={3}>
        {order.contacts.map((contact) => (
          <Stack
            key={contact.id ?? contact.first}
            direction="row"
            sx={{ justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}
          >
            <Box>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {contact.type?.name}
              </Typography>
              <PersonDisplay person={contact} fields={people.fields.contact} />
            </Box>
            <Box>
              <Button
                variant="outlined"
                color="error"
                disabled={remove.isPending}
                onClick={() => contact.id != null && remove.mutate({ id: contact.id })}
              >
                {contactsTexts.deleteContact}
              </Button>
            </Box>
          </Stack>
        ))}
        {choosing ? (
          <Stack spacing={2}>
            <Box>
              <InputLabel htmlFor={selectId} sx={{ color: 'text.primary', mb: 0.5 }}>
                {contactsTexts.contactType}
              </InputLabel>
              <NativeSelect
                id={selectId}
                value={typeId}
                onChange={(event) => setTypeId(event.target.value)}
                input={<OutlinedInput />}
                sx={{ minWidth: 240 }}
              >
                <option value="" />
                {offered.map((type) => (
                  <option key={type.id} value={String(type.id)}>
                    {type.name}
                  </option>
                ))}
              </NativeSelect>
            </Box>
            {chosen ? (
              <ContactDraft key={chosen.id} type={chosen} onDone={done} />
            ) : (
              <Box>
                <Button variant="outlined" color="error" onClick={done}>
                  {contactsTexts.deleteContact}
                </Button>
              </Box>
            )}
          </Stack>
        ) : (
          offered.length > 0 && (
            <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography>{contactsTexts.moreContacts}</Typography>
              <Button variant="outlined" onClick={() => setChoosing(true)}>
                {contactsTexts.addContact}
              </Button>
            </Stack>
          )
        )}
      </Stack>
      {isFailure(remove.error) && <FailureNotice phone={office.office_phone} sx={{ mt: 2 }} />}
    </Box>
  );
}
