import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMemo, useState, type KeyboardEvent } from 'react';
import type { FieldValues, Control } from 'react-hook-form';
import type { ContactInput, ContactTypeRef, SearchResult } from '@scheduler/contracts/people';
import { filledFields } from '@scheduler/domain/people/person-display';
import { useScheduler } from '../../shared/scheduler-context.tsx';
import { isFailure } from '../../shared/api-client.ts';
import { FailureNotice } from '../../shared/FailureNotice.tsx';
import { useStepForm } from '../../shared/form/use-step-form.ts';
import { useAddContact } from './api.ts';
import { contactsTexts } from './contacts-texts.ts';
import { useSectionSave } from './panel-registry.ts';
import { usePeopleSettings } from './people-settings.ts';
import { PersonFields } from './PersonFields.tsx';
import { personDefaults, personFormResolverSchema } from './person-form.ts';
import { PersonSearch } from './PersonSearch.tsx';
import { checkedValues } from './submit-form.ts';

/**
 * A contact being added (spec 2.7, 4.6): its type is chosen, then a directory contact is
 * searched for, or a new one typed in. Picking saves it; a new one is saved with Save or Next.
 */
export function ContactDraft({ type, onDone }: { type: ContactTypeRef; onDone: () => void }) {
  const { scope, office } = useScheduler();
  const people = usePeopleSettings();
  const fields = people.fields.contact;
  const add = useAddContact(scope);
  const [adding, setAdding] = useState(false);
  const schema = useMemo(
    () => personFormResolverSchema('contact', fields, people.phoneCountry),
    [fields, people.phoneCountry],
  );
  const form = useStepForm(schema, { ...personDefaults(null, fields), type });

  const send = async (contact: ContactInput): Promise<boolean> => {
    try {
      await add.mutateAsync(contact);
      onDone();
      return true;
    } catch {
      return false;
    }
  };
  const saveNew = async (): Promise<boolean> => {
    const values = await checkedValues(form);
    if (values === null) return false;
    return send({ ...(filledFields(values as Record<string, unknown>) as ContactInput), type });
  };
  const pick = (result: SearchResult) => {
    const { display: _display, add_new: _addNew, ...contact } = result;
    void send({ ...(filledFields(contact) as ContactInput), type });
  };
  useSectionSave('contacts', async () => (adding ? saveNew() : true));

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      void saveNew();
    }
  };

  return (
    <Box>
      {adding ? (
        <form onKeyDown={onKeyDown} onSubmit={(event) => event.preventDefault()} noValidate aria-label={type.name}>
          <PersonFields
            party="contact"
            fields={fields}
            control={form.control as unknown as Control<FieldValues>}
            ownDetails={false}
          />
          <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
            <Button variant="contained" disabled={add.isPending} onClick={() => void saveNew()}>
              {contactsTexts.save}
            </Button>
            <Button variant="outlined" color="error" onClick={onDone}>
              {contactsTexts.deleteContact}
            </Button>
          </Stack>
        </form>
      ) : (
        <Stack spacing={2}>
          <PersonSearch
            kind={{ contactType: type.id }}
            label={contactsTexts.searchContact}
            addNewLabel={contactsTexts.addNewContact}
            onPick={pick}
            onAddNew={() => setAdding(true)}
          />
          <Box>
            <Button variant="outlined" color="error" onClick={onDone}>
              {contactsTexts.deleteContact}
            </Button>
          </Box>
        </Stack>
      )}
      {isFailure(add.error) && <FailureNotice phone={office.office_phone} sx={{ mt: 2 }} />}
    </Box>
  );
}
